// The training pool and its jobs, against fake engine workers: no more workers than the
// capacity (and when jobs added together would all be done), checkpoints written to the job store, a reload continuing from the last
// checkpoint (or staying paused), cancel forgetting a job with no checkpoint and keeping one
// with a checkpoint (to resume, or save as a partly trained model, until dismissed), a run
// that diverged keeping its last good checkpoint, a refused save kept for download, and jobs
// another tab holds left alone.
import { describe, expect, it, vi } from 'vitest';
import { TrainingPool, finishTime } from '../../web/src/train/training-pool.svelte.ts';
import { shareCores } from '../../worker/cores.ts';
import { appendCurve, MAX_POINTS } from '../../web/src/train/training-job.svelte.ts';
import { MemoryJobStore, type JobSpec } from '../../web/src/train/job-store.ts';
import type { TrainProgress } from '../../worker/browser/messages.ts';
import { decodeModelFile } from '../../worker/model/model-file.ts';
import { makeTrainConfig } from '../../worker/model/recipe.ts';
import { FakeEngines, flush, tinyFile, tinyModel } from './helpers.ts';

/** A checkpoint of a 100-step run at `step`: weights, optimizer state, the recipe so far. */
function checkpointFile(step: number): Uint8Array {
  const m = tinyModel(step);
  const n = m.params.length;
  return tinyFile(step, {
    recipe: { ...m.recipe, config: makeTrainConfig({ steps: 100 }), stepsDone: step },
    optimizer: { step, m: new Float32Array(n).fill(0.01), v: new Float32Array(n).fill(0.001), rngState: [1, 2, 3, 4] },
    evaluation: undefined,
  });
}

const spec = (name: string): JobSpec => ({
  name,
  source: { kind: 'corpus', corpusId: `${name}.txt`, corpusText: 'a\nb' },
  architecture: { embd: 32, heads: 4, layers: 2, mlp: 128, block: 64 },
  steps: 100,
  seed: 1,
});

const progress = (step: number, loss: number): TrainProgress => ({
  step,
  steps: 100,
  loss,
  curve: { steps: [step], losses: [loss] },
  tokensPerSec: 1000,
  elapsedMs: step * 10,
});

const started = { paramCount: 30_000, vocabSize: 4, documents: 1, validationDocuments: 0, step: 0, steps: 100, threads: 1 };

function setup(capacity = 2, store = new MemoryJobStore()) {
  const engines = new FakeEngines();
  let n = 0;
  const saveModel = vi.fn(async () => 'model-1');
  const pool = new TrainingPool({
    capacity,
    spawn: engines.spawn,
    store,
    saveModel,
    lock: async () => () => {},
    newId: () => `job-${++n}`,
  });
  return { engines, pool, store, saveModel };
}

describe('shareCores', () => {
  it('gives one run every core, splits them as evenly as whole threads allow, the earlier runs taking the odd ones', () => {
    expect(shareCores(8, 1)).toEqual([8]);
    expect(shareCores(2, 2)).toEqual([1, 1]);
    expect(shareCores(8, 3)).toEqual([3, 3, 2]);
    expect(shareCores(2, 3)).toEqual([1, 1, 1]);
    expect(shareCores(4, 0)).toEqual([]);
  });
});

describe('TrainingPool', () => {
  it('shares the cores among the runs training: a new run starts with its share, a paused or finished one gives its threads to the others', async () => {
    const { engines, pool } = setup(4);
    await pool.add([spec('a'), spec('b')]);
    await flush();
    expect(engines.runs.map((r) => r.request.threads)).toEqual([2, 2]);
    engines.runs[0].callbacks.started({ ...started, threads: 2 });
    engines.runs[1].callbacks.started({ ...started, threads: 2 });
    expect(pool.jobs.map((j) => j.threads)).toEqual([2, 2]);

    pool.pause(pool.jobs[0]);
    await flush();
    expect(engines.runs[1].threads).toEqual([4]);
    expect(pool.jobs[1].threads).toBe(4);
    pool.resume(pool.jobs[0]);
    await flush();
    expect([engines.runs[0].threads, engines.runs[1].threads]).toEqual([[2], [4, 2]]);

    await pool.add([spec('c')]);
    await flush();
    expect(engines.runs[2].request.threads).toBe(1); // 4 cores, 3 runs: 2, 1, 1
    expect(engines.runs[1].threads.at(-1)).toBe(1);

    engines.runs[0].finish({ status: 'cancelled', step: 10 });
    await flush();
    expect(engines.runs[1].threads.at(-1)).toBe(2);
    expect(pool.jobs[0].threads).toBe(1);
  });

  it('runs at most `capacity` jobs at once and starts the next when one ends', async () => {
    const { engines, pool, saveModel } = setup(2);
    expect([pool.freeCores, pool.full]).toEqual([2, false]);
    await pool.add([spec('a'), spec('b'), spec('c')]);
    await flush();
    expect([pool.freeCores, pool.full]).toEqual([0, true]);
    expect(engines.open.map((r) => r.request.name)).toEqual(['a', 'b']);
    expect(pool.jobs.map((j) => j.status)).toEqual(['starting', 'starting', 'queued']);

    engines.runs[0].callbacks.started(started);
    engines.runs[0].callbacks.progress(progress(50, 2));
    expect(pool.jobs[0].status).toBe('running');
    expect(pool.jobs[0].fraction).toBe(0.5);

    engines.runs[0].finish({ status: 'done', model: tinyFile(), evaluation: { trainLoss: 1 }, paramCount: 1, step: 100, elapsedMs: 10 });
    await flush();
    expect(saveModel).toHaveBeenCalledOnce();
    expect(pool.jobs[0].status).toBe('done');
    expect(pool.jobs[0].modelId).toBe('model-1');
    expect(engines.runs[0].closed).toBe(true);
    expect(engines.open.map((r) => r.request.name)).toEqual(['b', 'c']);
  });

  it('tells whatever watches it when a job gives its core back', async () => {
    const { pool } = setup(1);
    const seen: number[] = [];
    const stop = $effect.root(() => {
      $effect(() => {
        seen.push(pool.freeCores);
      });
    });
    await pool.add([spec('a')]);
    await flush();
    expect(seen.at(-1)).toBe(0);
    await pool.cancel(pool.jobs[0]);
    await flush();
    expect(pool.jobs[0].status).toBe('cancelled');
    expect(seen.at(-1)).toBe(1); // the Train form lays 'Train both' out on the free cores
    stop();
  });

  it('writes checkpoints and continues from the last one after a reload', async () => {
    const first = setup(1);
    await first.pool.add([spec('a')]);
    await flush();
    const run = first.engines.runs[0];
    run.callbacks.started(started);
    run.callbacks.progress(progress(10, 3));
    run.callbacks.progress(progress(40, 2));
    const bytes = tinyFile(5);
    await run.callbacks.checkpoint({ step: 40, bytes, elapsedMs: 400 });
    expect(first.store.checkpoints.get('job-1')).toMatchObject({ step: 40, elapsedMs: 400, history: { steps: [10, 40], losses: [3, 2] } });
    expect(first.pool.jobs[0].checkpointStep).toBe(40);
    first.pool.dispose(); // the page goes away

    const second = setup(1, first.store);
    await second.pool.restore();
    await flush();
    const job = second.pool.jobs[0];
    expect(job.resumedFrom).toBe(40);
    expect(job.history.steps).toEqual([10, 40]);
    expect(second.engines.runs[0].request).toMatchObject({ name: 'a', checkpoint: bytes, elapsedMs: 400 });
  });

  it('shows the same figures after a reload: the batch loss, the rate, the parameters and a stopped model\'s loss', async () => {
    const first = setup(1);
    await first.pool.add([spec('a')]);
    await flush();
    const run = first.engines.runs[0];
    run.callbacks.started(started);
    // the slice's mean batch loss (0.139) is not its curve's last, shorter stretch (0.161)
    run.callbacks.progress({ ...progress(40, 0.139), curve: { steps: [30, 40], losses: [0.12, 0.161] } });
    await run.callbacks.checkpoint({ step: 40, bytes: checkpointFile(40), elapsedMs: 400, loss: 0.139, tokensPerSec: 1000 });
    run.finish({ status: 'cancelled', step: 40, trainLoss: 0.125 });
    await flush();
    const before = first.pool.jobs[0];
    const shown = (j: typeof before) => [j.status, j.progress?.loss, j.progress?.tokensPerSec, j.paramCount, j.trainLoss];
    expect(shown(before)).toEqual(['cancelled', 0.139, 1000, 30_000, 0.125]);
    first.pool.dispose();

    const second = setup(1, first.store);
    await second.pool.restore();
    await flush();
    expect(shown(second.pool.jobs[0])).toEqual(shown(before));
    // resumed, it is a run going again: no model loss until it stops
    second.pool.resume(second.pool.jobs[0]);
    expect(second.pool.jobs[0].trainLoss).toBeNull();
    second.pool.dispose();
  });

  it('keeps a paused job paused across a reload until it is resumed', async () => {
    const first = setup(1);
    await first.pool.add([spec('a')]);
    await flush();
    first.engines.runs[0].callbacks.started(started);
    first.pool.pause(first.pool.jobs[0]);
    await flush();
    expect(first.engines.runs[0].paused).toBe(true);
    expect(first.store.records.get('job-1')?.paused).toBe(true);
    first.pool.dispose();

    const second = setup(1, first.store);
    await second.pool.restore();
    await flush();
    expect(second.pool.jobs[0].status).toBe('paused');
    expect(second.pool.jobs[0].resumedFrom).toBe(0); // restored, but no checkpoint had been saved
    expect(second.engines.runs).toHaveLength(0);
    second.pool.resume(second.pool.jobs[0]);
    await flush();
    expect(second.engines.runs).toHaveLength(1);
    expect(second.store.records.get('job-1')?.paused).toBe(false);
  });

  it('forgets a cancelled job and ignores a late checkpoint', async () => {
    const { engines, pool, store } = setup(1);
    await pool.add([spec('a'), spec('b')]);
    await flush();
    await pool.cancel(pool.jobs[1]); // queued: no worker involved
    expect(pool.jobs[1].status).toBe('cancelled');
    await pool.cancel(pool.jobs[0]);
    await flush();
    expect(pool.jobs[0].status).toBe('cancelled');
    await engines.runs[0].callbacks.checkpoint({ step: 5, bytes: tinyFile(), elapsedMs: 1 });
    expect(store.records.size).toBe(0);
    expect(store.checkpoints.size).toBe(0);
    await pool.clearFinished();
    expect(pool.jobs).toEqual([]);
  });

  it("keeps a cancelled run's checkpoint until it is dismissed: to resume from, or to save as a partly trained model", async () => {
    const { engines, pool, store, saveModel } = setup(1);
    await pool.add([spec('a')]);
    await flush();
    const job = pool.jobs[0];
    engines.runs[0].callbacks.started(started);
    engines.runs[0].callbacks.progress(progress(40, 2));
    expect(job.hasCheckpoint).toBe(false); // nothing to lose yet: the view cancels without asking
    await engines.runs[0].callbacks.checkpoint({ step: 40, bytes: checkpointFile(40), elapsedMs: 400 });
    expect(job.hasCheckpoint).toBe(true); // real progress: the view asks first
    // the worker stops at step 45 and hands over a checkpoint there with its result
    const at45 = checkpointFile(45);
    engines.runs[0].finish({ status: 'cancelled', step: 45, checkpoint: { step: 45, bytes: at45, elapsedMs: 450 } });
    await flush();
    expect(job.status).toBe('cancelled');
    expect(job.checkpointStep).toBe(45);
    expect(job.stoppedWithCheckpoint).toBe(true);
    expect(store.records.get('job-1')).toMatchObject({ stopped: 'cancelled' });
    expect(store.checkpoints.get('job-1')?.step).toBe(45);
    // "Clear finished" leaves it: it still has something to act on
    expect(pool.clearable).toEqual([]);
    await pool.clearFinished();
    expect(pool.jobs).toEqual([job]);

    // a reload finds it cancelled, not training
    const again = setup(1, store);
    await again.pool.restore();
    await flush();
    expect(again.pool.jobs[0].status).toBe('cancelled');
    expect(again.pool.jobs[0].checkpointStep).toBe(45);
    expect(again.engines.runs).toHaveLength(0);
    again.pool.dispose();


    // saved to the library: its weights without the optimizer, its recipe saying 45 of 100 steps
    await pool.saveCheckpoint(job);
    expect(saveModel).toHaveBeenCalledOnce();
    const saved = decodeModelFile((saveModel.mock.calls[0] as unknown as [Uint8Array])[0]);
    expect(saved.optimizer).toBeUndefined();
    expect([saved.recipe.stepsDone, saved.recipe.config.steps]).toEqual([45, 100]);
    expect(saved.params).toEqual(decodeModelFile(at45).params);
    expect([job.savedStep, job.modelId]).toEqual([45, 'model-1']);
    await pool.saveCheckpoint(job); // once is enough
    expect(saveModel).toHaveBeenCalledOnce();

    // resumed: it trains on from the step it stopped
    pool.resume(job);
    await flush();
    expect(engines.runs).toHaveLength(2);
    expect(engines.runs[1].request).toMatchObject({ checkpoint: at45, elapsedMs: 450 });
    expect(store.records.get('job-1')?.stopped).toBeUndefined();
    engines.runs[1].finish({ status: 'cancelled', step: 60 });
    await flush();
    expect(job.status).toBe('cancelled');
    await pool.dismiss(job);
    expect(pool.jobs).toEqual([]);
    expect(store.records.size + store.checkpoints.size).toBe(0);
  });

  it('stops a run that diverged, keeping its last good checkpoint, and says what happened', async () => {
    const { engines, pool, store } = setup(2);
    await pool.add([spec('a'), spec('b')]);
    await flush();
    const [a, b] = pool.jobs;
    await engines.runs[0].callbacks.checkpoint({ step: 40, bytes: checkpointFile(40), elapsedMs: 400 });
    const message = "Training diverged at step 57: the loss is NaN. Try a lower learning rate: this run's is 1000000, the default 0.001.";
    engines.runs[0].finish({ status: 'diverged', step: 57, message });
    engines.runs[1].finish({ status: 'diverged', step: 3, message: message.replace('57', '3') });
    await flush();
    expect(a.status).toBe('diverged');
    expect(a.error).toBe(`${message} Its last good checkpoint, at step 40, is kept: save it to the library as a partly trained model, or dismiss the run.`);
    expect(store.records.get('job-1')).toMatchObject({ stopped: 'diverged', message: a.error });
    expect(store.checkpoints.get('job-1')?.step).toBe(40);
    expect(a.stoppedWithCheckpoint).toBe(true);
    pool.retry(a); // a run that diverged would diverge again, bit for bit: no retry
    await flush();
    expect(engines.runs).toHaveLength(2);
    // one that diverged before its first checkpoint keeps nothing
    expect(b.status).toBe('diverged');
    expect(b.error).toMatch(/No checkpoint had been saved before it, so nothing is kept\.$/);
    expect(store.records.has('job-2')).toBe(false);
    expect(pool.clearable).toEqual([b]);
  });

  it('keeps a model the library refused, for another try or a download', async () => {
    const { engines, pool, saveModel, store } = setup(1);
    saveModel.mockRejectedValueOnce(new Error('Not enough storage space'));
    await pool.add([spec('a')]);
    await flush();
    const model = tinyFile();
    engines.runs[0].finish({ status: 'done', model, evaluation: {}, paramCount: 1, step: 100, elapsedMs: 1 });
    await flush();
    const job = pool.jobs[0];
    expect(job.status).toBe('done');
    expect(job.unsaved).toBe(model);
    expect(job.warning).toMatch(/Not enough storage space/);
    expect(store.records.size).toBe(1); // a reload would train it again rather than lose it
    await job.retrySave();
    expect(job.unsaved).toBeNull();
    expect(store.records.size).toBe(0);
  });

  it('reports a failed start and can try again', async () => {
    const { engines, pool } = setup(1);
    await pool.add([spec('a')]);
    await flush();
    engines.runs[0].fail('corpus document 3 is malformed');
    await flush();
    expect(pool.jobs[0].status).toBe('error');
    expect(pool.jobs[0].error).toBe('Corpus document 3 is malformed.'); // the engine's clause, shown as a sentence
    pool.retry(pool.jobs[0]);
    await flush();
    expect(engines.runs).toHaveLength(2);
  });

  it('leaves jobs that another tab is training alone', async () => {
    const store = new MemoryJobStore();
    await store.put({ id: 'x', spec: spec('x'), createdAt: '2025-01-01T00:00:00Z', paused: false });
    const engines = new FakeEngines();
    const pool = new TrainingPool({ capacity: 1, spawn: engines.spawn, store, saveModel: async () => '', lock: async () => null });
    await pool.restore();
    expect(pool.jobs).toEqual([]);
    expect(pool.elsewhere).toBe(1);
    expect(engines.runs).toHaveLength(0);
  });
});

describe('finishTime', () => {
  it('starts jobs in order, each on the first core to come free', () => {
    expect(finishTime([120, 300], 2)).toBe(300); // side by side
    expect(finishTime([120, 300], 1)).toBe(420); // one after the other
    expect(finishTime([100, 50, 60, 70], 2)).toBe(170); // 100 | 50, then 60 on core 2 (110), 70 on core 1
    expect(finishTime([100, 300], 8)).toBe(300);
    expect(finishTime([100, 300], 0)).toBe(400); // no core free: one at a time once one is
  });
});

describe('appendCurve', () => {
  it('appends new points only and thins a long curve, keeping the newest point', () => {
    let h = { steps: [1, 2], losses: [3, 2.5] };
    h = appendCurve(h, { steps: [2, 3, 4], losses: [9, 2, NaN] });
    expect(h).toEqual({ steps: [1, 2, 3], losses: [3, 2.5, 2] });
    const long = { steps: Array.from({ length: MAX_POINTS }, (_, i) => i), losses: Array.from({ length: MAX_POINTS }, () => 1) };
    const thinned = appendCurve(long, { steps: [MAX_POINTS], losses: [0.5] });
    expect(thinned.steps.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(thinned.steps.at(-1)).toBe(MAX_POINTS);
    expect(thinned.losses.at(-1)).toBe(0.5);
    expect(thinned.steps.length).toBe(thinned.losses.length);
  });
});

describe('TrainingPool without storage', () => {
  it('still trains when the job store cannot be read or written', async () => {
    const engines = new FakeEngines();
    const broken = new MemoryJobStore();
    broken.list = async () => Promise.reject(new Error('IndexedDB is unavailable'));
    broken.put = async () => Promise.reject(new Error('IndexedDB is unavailable'));
    const pool = new TrainingPool({ capacity: 1, spawn: engines.spawn, store: broken, saveModel: async () => 'm', lock: async () => () => {} });
    await pool.restore();
    expect(pool.storageError).toBe('IndexedDB is unavailable');
    await pool.add([spec('a')]);
    await flush();
    expect(engines.runs).toHaveLength(1);
  });
});
