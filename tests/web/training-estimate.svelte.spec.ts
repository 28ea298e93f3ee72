// The Train view's estimate (web/src/train/training-estimate.svelte.ts) with a fake timing
// worker: it waits for the form to hold still, times each run once and one at a time (the
// steps and the seed need no new timing), the form's run before those 'Train both' would
// start (their idle workers preparing meanwhile, never while a timing runs), shows a timing
// only for its own run, and says why when the worker refuses a run or dies. A timing is taken
// only with no run at work: one a run started or ended under is thrown away, nothing is timed
// while runs are at work, and a run starting changes no figure (issue 50: about 20 min became
// about 40). Recipe runs' timings are kept across visits (timed again once a visit, the faster
// standing), a few corpus runs' while the page is open; the workers live only while the Train
// view is open.
import { describe, expect, it } from 'vitest';
import type { Remote } from 'comlink';
import { REMEMBERED_CORPORA, TrainingEstimate, batchesOf, sameRun } from '../../web/src/train/training-estimate.svelte.ts';
import { MemoryTimingStore } from '../../web/src/train/timing-store.ts';
import type { SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { TrainTiming, TrainTimingRequest } from '../../worker/browser/messages.ts';

const SETTLE = 5;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const mover: TrainTimingRequest = {
  source: { kind: 'recipe', recipeId: 'puzzle8/mover' },
  architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 64 },
  seed: 42,
};

const planner: TrainTimingRequest = { ...mover, source: { kind: 'recipe', recipeId: 'puzzle8/planner' } };

function timing(stepsPerSec: number): TrainTiming {
  return { paramCount: 88_000, vocabSize: 40, timedSteps: 80, timedMs: 500, stepsPerSec, tokensPerSec: stepsPerSec * 350 };
}

interface Call {
  request: TrainTimingRequest; // as the form describes it (the threads asked for apart)
  threads: number | undefined; // the threads it was timed on: its share of the cores
  worker: number; // which of the estimate's workers, in the order they were started
  answer(t: TrainTiming): void;
  refuse(message: string): void;
  crash(message: string): void;
}

/**
 * Timing workers that prepare a run at once (or, with `holdPrepares`, when the test says;
 * `refusePrepare` names a run they cannot prepare) and time it when the test answers. `log` is what each worker was asked, in order.
 */
function fakeWorker({ holdPrepares = false, refusePrepare = '' } = {}) {
  const calls: Call[] = [];
  const log: string[] = [];
  const held: (() => void)[] = [];
  const workers = { spawned: 0, closed: 0 };
  const spawn: SpawnEngine = (onCrash) => {
    const worker = workers.spawned++;
    let prepared: TrainTimingRequest | null = null;
    const name = (r: TrainTimingRequest) => (r.source.kind === 'recipe' ? r.source.recipeId : r.source.corpusId);
    const api = {
      prepareTiming: (request: TrainTimingRequest) =>
        new Promise<void>((resolve, reject) => {
          if (name(request) === refusePrepare) return reject(new Error(`no corpus for ${refusePrepare}`));
          const done = () => {
            log.push(`${worker} prepared ${name(request)}`);
            prepared = request;
            resolve();
          };
          if (holdPrepares) held.push(done);
          else done();
        }),
      timePrepared: () =>
        new Promise<TrainTiming>((answer, reject) => {
          log.push(`${worker} times ${name(prepared!)}`);
          const { threads, ...request } = prepared!;
          calls.push({ request, threads, worker, answer, refuse: (m) => reject(new Error(m)), crash: onCrash });
        }),
    } as unknown as Remote<EngineWorkerApi>;
    return { api, close: () => workers.closed++ };
  };
  return { spawn, calls, workers, log, held };
}

describe('TrainingEstimate', () => {
  it('times the run once the form holds still, and scales to any number of steps', async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE });
    expect(estimate.status).toBe('idle');
    estimate.update({ ...mover, architecture: { ...mover.architecture, block: 128 } });
    estimate.update(mover); // typed on before the first settled
    expect(estimate.status).toBe('timing');
    await wait(SETTLE * 3);
    expect(calls.map((c) => c.request)).toEqual([mover]);
    calls[0].answer(timing(250));
    await wait(0);
    expect(estimate.status).toBe('ready');
    expect(estimate.seconds(36_000)).toBe(144);
    expect(estimate.seconds(500)).toBe(2);
  });

  it('keeps its timing when only the seed or the steps change, and times a new shape or source afresh', async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE });
    estimate.update(mover);
    await wait(SETTLE * 3);
    calls[0].answer(timing(250));
    await wait(0);
    estimate.update({ ...mover, seed: 7 });
    await wait(SETTLE * 3);
    expect(calls).toHaveLength(1);
    expect(estimate.status).toBe('ready');

    estimate.update({ ...mover, architecture: { ...mover.architecture, layers: 3 } });
    expect(estimate.status).toBe('timing');
    expect(estimate.timing).toBeNull(); // the old shape's rate says nothing of the new one
    expect(Number.isNaN(estimate.seconds(100))).toBe(true);
    await wait(SETTLE * 3);
    expect(calls).toHaveLength(2);

    expect(sameRun(mover, { ...mover, source: { kind: 'recipe', recipeId: 'puzzle8/planner' } })).toBe(false);
    const corpus = (text: string, validationText?: string): TrainTimingRequest => ({
      ...mover,
      source: { kind: 'corpus', corpusId: 'a.txt', corpusText: text, ...(validationText ? { validationText } : {}) },
    });
    expect(sameRun(corpus('a\nb'), corpus('a\nb', 'c\nd'))).toBe(true); // held-out documents are never trained on
    expect(sameRun(corpus('a\nb'), corpus('a\nc'))).toBe(false);
    expect(sameRun(corpus('a\nb'), mover)).toBe(false);
  });

  it('shows a timing only for its own run', async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE });
    estimate.update(mover);
    await wait(SETTLE * 3);
    estimate.update(planner);
    calls[0].answer(timing(999)); // the mover's, arriving late
    await wait(SETTLE * 3);
    expect(estimate.status).toBe('timing');
    calls[1].answer(timing(200));
    await wait(0);
    expect(estimate.timing?.stepsPerSec).toBe(200);
    estimate.update(null);
    expect(estimate.status).toBe('idle');
    expect(estimate.timing).toBeNull();
  });

  it("says why when the worker refuses the run or dies, and starts a fresh worker after a crash", async () => {
    const { spawn, calls, workers } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE });
    estimate.update(mover);
    await wait(SETTLE * 3);
    calls[0].refuse('corpus document 3 is malformed');
    await wait(0);
    expect([estimate.status, estimate.error]).toEqual(['failed', 'corpus document 3 is malformed']);

    estimate.update({ ...mover, seed: 1, architecture: { ...mover.architecture, embd: 96, heads: 8 } });
    await wait(SETTLE * 3);
    calls[1].crash('out of memory'); // a dead worker never answers
    await wait(0);
    expect([estimate.status, estimate.error]).toEqual(['failed', 'the timing worker stopped: out of memory']);
    expect(workers).toEqual({ spawned: 1, closed: 1 });

    estimate.update(mover);
    await wait(SETTLE * 3);
    expect(workers.spawned).toBe(2);
    estimate.release(); // the view closed mid-timing
    expect(workers.closed).toBe(2);
    expect(estimate.status).toBe('idle');
    calls[2].answer(timing(250)); // after release: nobody is listening
    await wait(0);
    expect(estimate.timing).toBeNull();
    estimate.update(mover); // the view is back: the abandoned timing starts afresh
    await wait(SETTLE * 3);
    expect([workers.spawned, calls.length]).toEqual([3, 4]);
  });

  it('keeps a finished timing when its worker is released, and shows it again for the same run', async () => {
    const { spawn, calls, workers } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE });
    estimate.update(mover);
    await wait(SETTLE * 3);
    calls[0].answer(timing(250));
    await wait(0);
    estimate.release();
    expect(workers).toEqual({ spawned: 1, closed: 1 });
    expect(estimate.status).toBe('idle'); // nothing is asked of it while the view is closed
    estimate.update({ ...mover, seed: 9 });
    expect([estimate.status, estimate.seconds(500)]).toEqual(['ready', 2]); // at once, not after settling
    await wait(SETTLE * 3);
    expect([calls.length, workers.spawned]).toEqual([1, 1]);
  });

  it('times each run on its share of the cores: alone on all of them, side by side on theirs', async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE, cores: 4 });
    estimate.update({ ...mover, seed: 5 }, [planner, mover]);
    await wait(SETTLE * 3);
    expect(calls.map((c) => c.threads)).toEqual([4]);
    calls[0].answer(timing(250));
    await wait(0);
    expect(calls.slice(1).map((c) => c.threads)).toEqual([2, 2]);
    calls[1].answer(timing(100));
    calls[2].answer(timing(200));
    await wait(0);
    expect(estimate.stateOf(planner).timing?.stepsPerSec).toBe(100);
  });

  it("lays out the runs 'Train both' would start on the device's cores, each on its share", () => {
    const layout = (cores: number, runs: TrainTimingRequest[]) =>
      batchesOf(cores, runs).map((batch) => batch.map((s) => `${s.request === planner ? 'P' : 'M'} ${s.alongside}/${s.threads}`));
    expect(layout(1, [planner, mover])).toEqual([['P 1/1'], ['M 1/1']]); // one after the other
    expect(layout(2, [planner, mover, mover, planner])).toEqual([['P 2/1', 'M 2/1'], ['M 2/1', 'P 2/1']]);
    expect(layout(4, [planner, mover])).toEqual([['P 2/2', 'M 2/2']]);
    expect(layout(3, [planner, mover])).toEqual([['P 2/2', 'M 2/1']]); // the earlier takes the odd core
  });

  it("times the runs 'Train both' would start after the form's own, side by side in workers of their own", async () => {
    const { spawn, calls, log, held } = fakeWorker({ holdPrepares: true });
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE, cores: 2 });
    const recipes = [planner, mover];
    estimate.update({ ...mover, seed: 5 }, recipes); // the form shows the mover at another seed
    expect(recipes.map((r) => estimate.stateOf(r).status)).toEqual(['timing', 'timing']);
    await wait(SETTLE * 3);
    held.shift()!(); // the form's run is ready in worker 0
    await wait(0);
    expect(calls).toHaveLength(0); // worker 1 is still building the next batch's mover: not alone yet
    held.shift()!();
    await wait(0);
    expect(calls.map((c) => c.request)).toEqual([{ ...mover, seed: 5 }]); // the form's run first, alone
    calls[0].answer(timing(250));
    await wait(0);
    expect([estimate.status, estimate.stateOf(mover).status]).toEqual(['ready', 'timing']); // alone is not side by side
    expect(calls).toHaveLength(1); // the planner is not ready yet in worker 0
    held.shift()!();
    await wait(0);
    expect(log).toEqual([
      '0 prepared puzzle8/mover',
      '1 prepared puzzle8/mover', // while worker 0 got ready, so both were ready before the form's run was timed
      '0 times puzzle8/mover',
      '0 prepared puzzle8/planner', // worker 1 keeps its mover: prepared once
      '0 times puzzle8/planner',
      '1 times puzzle8/mover',
    ]);
    calls[1].answer(timing(100));
    calls[2].answer(timing(200));
    await wait(0);
    expect(recipes.map((r) => estimate.stateOf(r).timing?.stepsPerSec)).toEqual([100, 200]);
  });

  it('reports a run the next batch prepared early and could not, once that batch is timed', async () => {
    const { spawn, calls, log } = fakeWorker({ refusePrepare: 'puzzle8/mover' });
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE, cores: 2 });
    estimate.update(planner, [planner, mover]);
    await wait(SETTLE * 3);
    expect(calls.map((c) => c.request)).toEqual([planner]); // its refusal did not hold up the form's run
    calls[0].answer(timing(100));
    await wait(0);
    calls[1].answer(timing(80)); // the planner, in the batch the mover should have joined
    await wait(0);
    expect(estimate.stateOf(mover).error).toBe('no corpus for puzzle8/mover');
    expect(log).toEqual(['0 prepared puzzle8/planner', '0 times puzzle8/planner', '0 prepared puzzle8/planner', '0 times puzzle8/planner']); // the mover refused once, not twice
  });

  it("keeps a late timing for its own run, and says which of the runs could not be timed", async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE });
    estimate.update(mover);
    await wait(SETTLE * 3);
    estimate.update(planner, [planner, mover]); // moved on while the mover is timed
    calls[0].answer(timing(250));
    await wait(SETTLE * 3);
    expect([estimate.status, estimate.stateOf(mover).status]).toEqual(['timing', 'ready']);
    expect(calls).toHaveLength(2); // the planner only: the late mover timing serves 'Train both' too
    calls[1].refuse('no recipe puzzle8/planner');
    await wait(0);
    expect([estimate.status, estimate.error, estimate.stateOf(mover).error]).toEqual(['failed', 'no recipe puzzle8/planner', null]);
  });

  it(`remembers the last ${REMEMBERED_CORPORA} corpus runs' timings (each holds its text), and every recipe run's`, async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE });
    const corpus = (n: number): TrainTimingRequest => ({ ...mover, source: { kind: 'corpus', corpusId: `${n}.txt`, corpusText: `corpus ${n}` } });
    const block = (b: number): TrainTimingRequest => ({ ...mover, architecture: { ...mover.architecture, block: b } });
    const runs = [block(16), ...Array.from({ length: REMEMBERED_CORPORA + 1 }, (_, i) => corpus(i + 1)), block(32)];
    for (const [i, run] of runs.entries()) {
      estimate.update(run);
      await wait(SETTLE * 3);
      calls.at(-1)!.answer(timing(i + 1));
      await wait(0);
    }
    const rate = (r: TrainTimingRequest) => {
      estimate.update(r);
      return estimate.timing?.stepsPerSec ?? null;
    };
    expect([corpus(1), corpus(2), block(16), block(32)].map(rate)).toEqual([null, 3, 1, REMEMBERED_CORPORA + 3]);
  });

  it('abandons a side-by-side timing when one of its workers dies, and closes the other', async () => {
    const { spawn, calls, workers } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE, cores: 2 });
    estimate.update(null, [planner, mover]);
    await wait(SETTLE * 3);
    expect(calls.map((c) => c.worker)).toEqual([0, 1]);
    calls[1].crash('out of memory');
    calls[0].answer(timing(100)); // too late: its partner stopped, so it was not side by side throughout
    await wait(0);
    expect(workers.closed).toBe(2);
    expect([planner, mover].map((r) => estimate.stateOf(r).error)).toEqual(['the timing worker stopped: out of memory', 'the timing worker stopped: out of memory']);
  });

  it('throws away a timing that a training run started under, and times it again only once no run is at work', async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE, cores: 2 });
    estimate.update(mover, [], 0);
    await wait(SETTLE * 3);
    expect(calls).toHaveLength(1);
    estimate.update(mover, [], 1); // a run started while the timing ran
    calls[0].answer(timing(120)); // slowed for part of the time only: says nothing of either case
    await wait(SETTLE * 3);
    expect([estimate.status, estimate.timing, calls.length]).toEqual(['waiting', null, 1]); // not timed beside the run

    estimate.update(mover, [], 0); // the run is done: the device alone is timed
    expect(estimate.status).toBe('timing');
    await wait(SETTLE * 3);
    calls[1].answer(timing(250));
    await wait(0);
    expect(estimate.timing?.stepsPerSec).toBe(250);
  });

  it('throws away a timing that a short run came and went under, though the count is back where it was', async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE });
    estimate.update(planner, [], 0);
    await wait(SETTLE * 3);
    estimate.update(planner, [], 1); // a one-second run starts...
    estimate.update(planner, [], 0); // ...and is done before the timing is
    calls[0].answer(timing(90));
    await wait(SETTLE * 3);
    expect(calls).toHaveLength(2);
    calls[1].answer(timing(300));
    await wait(0);
    expect(estimate.timing?.stepsPerSec).toBe(300);
  });

  it("keeps its figures when runs start, and times nothing new beside them, saying it waits", async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate({ spawn, settleMs: SETTLE, cores: 2 });
    const four = [planner, mover, { ...planner, architecture: { ...planner.architecture, layers: 3 } }, { ...mover, architecture: { ...mover.architecture, layers: 3 } }];
    estimate.update(planner, four, 0);
    await wait(SETTLE * 3);
    calls[0].answer(timing(100)); // the form's run, alone on both cores
    await wait(0);
    calls[1].answer(timing(60)); // the first two, side by side on a core each
    calls[2].answer(timing(70));
    await wait(0);
    calls[3].answer(timing(40));
    calls[4].answer(timing(50));
    await wait(0);
    const rates = () => [estimate.timing, ...four.map((r) => estimate.stateOf(r).timing)].map((t) => t?.stepsPerSec);
    expect(rates()).toEqual([100, 60, 70, 40, 50]);

    // "Train all four" pressed: two start, two wait; one more run of the form's own; all at work
    for (const working of [2, 3, 1]) {
      estimate.update(planner, four, working);
      await wait(SETTLE * 3);
      expect(rates()).toEqual([100, 60, 70, 40, 50]); // the same figures, not the slower ones beside the runs
    }
    expect(calls).toHaveLength(5);

    // a shape never timed: it waits for the runs to finish rather than be timed beside them
    const wider = { ...planner, architecture: { ...planner.architecture, embd: 96, heads: 8 } };
    estimate.update(wider, four, 1);
    await wait(SETTLE * 3);
    expect([estimate.status, calls.length]).toEqual(['waiting', 5]);
    estimate.update(wider, four, 0);
    await wait(SETTLE * 3);
    expect(calls.slice(5).map((c) => [c.request, c.threads])).toEqual([[wider, 2]]); // alone on both cores
  });

  it('keeps recipe runs\' timings across visits, with when they were timed, and shows them at once even with runs at work', async () => {
    const store = new MemoryTimingStore();
    const first = fakeWorker();
    const before = new TrainingEstimate({ spawn: first.spawn, settleMs: SETTLE, cores: 2, store });
    const own = { ...mover, source: { kind: 'corpus', corpusId: 'mine.txt', corpusText: 'a\nb' } } satisfies TrainTimingRequest;
    before.update(own, [planner, mover]);
    await wait(SETTLE * 3);
    first.calls[0].answer(timing(300));
    await wait(0);
    first.calls[1].answer(timing(100));
    first.calls[2].answer(timing(200));
    await wait(0);
    expect(store.timings.size).toBe(2); // the corpus of one's own is not kept
    expect(before.timedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    // the next visit, with a run at work: the recipes' figures at once, the corpus run waiting
    const second = fakeWorker();
    const after = new TrainingEstimate({ spawn: second.spawn, settleMs: SETTLE, cores: 2, store });
    after.update(own, [planner, mover], 1);
    await wait(0);
    expect([planner, mover].map((r) => after.stateOf(r).timing?.stepsPerSec)).toEqual([100, 200]);
    expect(after.stateOf(mover).timedAt).toBe(before.stateOf(mover).timedAt);
    expect(after.status).toBe('waiting');
    expect(second.calls).toHaveLength(0);

    // no run at work: each is timed again once this visit, and the faster timing stands (other
    // work on the machine only ever slows one down), so a figure only ever mends
    after.update(own, [planner, mover], 0);
    await wait(SETTLE * 3);
    expect(second.calls.map((c) => c.request)).toEqual([own]);
    expect(after.stateOf(planner).timing?.stepsPerSec).toBe(100); // shown while timed again
    second.calls[0].answer(timing(300));
    await wait(0);
    second.calls[1].answer(timing(50)); // the planner, slowed by something else on the machine
    second.calls[2].answer(timing(250));
    await wait(0);
    expect([planner, mover].map((r) => after.stateOf(r).timing?.stepsPerSec)).toEqual([100, 250]);
    expect([...store.timings.values()].map((t) => t.timing.stepsPerSec).sort()).toEqual([100, 250]);
    after.update(own, [planner, mover], 1);
    after.update(own, [planner, mover], 0);
    await wait(SETTLE * 3);
    expect(second.calls).toHaveLength(3); // once a visit
  });
});
