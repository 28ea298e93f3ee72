// The Train view's estimate (web/src/train/training-estimate.svelte.ts) with a fake timing
// worker: it waits for the form to hold still, times each run once (the steps and the seed
// need no new timing), drops a timing the form has moved on from, and says why when the
// worker refuses the run or dies; its worker lives only while the Train view is open.
import { describe, expect, it } from 'vitest';
import type { Remote } from 'comlink';
import { TrainingEstimate, sameRun } from '../../web/src/train/training-estimate.svelte.ts';
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

function timing(stepsPerSec: number): TrainTiming {
  return { paramCount: 88_000, vocabSize: 40, timedSteps: 80, timedMs: 500, stepsPerSec, tokensPerSec: stepsPerSec * 350 };
}

interface Call {
  request: TrainTimingRequest;
  answer(t: TrainTiming): void;
  refuse(message: string): void;
  crash(message: string): void;
}

function fakeWorker() {
  const calls: Call[] = [];
  const workers = { spawned: 0, closed: 0 };
  const spawn: SpawnEngine = (onCrash) => {
    workers.spawned++;
    const api = {
      timeTraining: (request: TrainTimingRequest) =>
        new Promise<TrainTiming>((answer, reject) => {
          calls.push({ request, answer, refuse: (m) => reject(new Error(m)), crash: onCrash });
        }),
    } as unknown as Remote<EngineWorkerApi>;
    return { api, close: () => workers.closed++ };
  };
  return { spawn, calls, workers };
}

describe('TrainingEstimate', () => {
  it('times the run once the form holds still, and scales to any number of steps', async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate(spawn, SETTLE);
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
    const estimate = new TrainingEstimate(spawn, SETTLE);
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

  it('drops a timing the form has moved on from', async () => {
    const { spawn, calls } = fakeWorker();
    const estimate = new TrainingEstimate(spawn, SETTLE);
    estimate.update(mover);
    await wait(SETTLE * 3);
    const planner = { ...mover, source: { kind: 'recipe', recipeId: 'puzzle8/planner' } } as const;
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
    const estimate = new TrainingEstimate(spawn, SETTLE);
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
    const estimate = new TrainingEstimate(spawn, SETTLE);
    estimate.update(mover);
    await wait(SETTLE * 3);
    calls[0].answer(timing(250));
    await wait(0);
    estimate.release();
    expect(workers).toEqual({ spawned: 1, closed: 1 });
    expect(estimate.status).toBe('ready');
    estimate.update({ ...mover, seed: 9 });
    await wait(SETTLE * 3);
    expect([estimate.status, estimate.seconds(500), calls.length, workers.spawned]).toEqual(['ready', 2, 1, 1]);
  });
});
