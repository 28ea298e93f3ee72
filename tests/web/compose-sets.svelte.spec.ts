// Compose sets (web/src/train/compose-sets.svelte.ts): the two Planners, Wiring and Code that
// "Train all four" started, run by a training pool on fake engine workers. The set is measured
// once, in a worker of its own, when its last run is done and saved (the pool says when each run
// ends), under the shipped thresholds, with the four models' files; not before, not twice; a
// run that stopped, a dismissed one, or a build without settings leaves it unmeasured, saying why.
// Also the pool's side: each job's worker asks for the recipe's corpus built once elsewhere.
import { describe, expect, it, vi } from 'vitest';
import type { Remote } from 'comlink';
import { TrainingPool } from '../../web/src/train/training-pool.svelte.ts';
import { MemoryJobStore, type JobSpec } from '../../web/src/train/job-store.ts';
import { ComposeSetMeasures, composeSets, setModels } from '../../web/src/train/compose-sets.svelte.ts';
import type { SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { ComposeSettings } from '../../worker/compose/settings.ts';
import type { ComposeMeasure, ComposeThresholds } from '../../worker/pipeline/compose-eval.ts';
import { FakeEngines, flush, tinyFile } from './helpers.ts';

const SETTINGS: ComposeSettings = {
  rule: 'mean', agreement: false, planner: 0.6, wiring: 0.7, code: 0.8, single: 0.5,
  models: { planner: 'p', planner2: 'q', wiring: 'w', code: 'c', single: 's' },
  validation: { intents: 400, passed: 300, refused: 90, wrong_code: 3 },
};
const TRAINED: ComposeMeasure = { intents: 50, passed: 31, refused: 17, wrong_code: 2 };
const BUILT_IN: ComposeMeasure = { intents: 50, passed: 44, refused: 11, wrong_code: 0 };

const composeSpec = (organelle: string, set?: string): JobSpec => ({
  name: `compose/${organelle}`,
  source: { kind: 'recipe', recipeId: `compose/${organelle}` },
  architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 320, alibi: true },
  steps: 100,
  seed: 31,
  game: 'compose',
  organelle,
  ...(set ? { set } : {}),
});

function setup(settings: ComposeSettings | null = SETTINGS) {
  const engines = new FakeEngines();
  const measured: { models: Record<string, Uint8Array>; thresholds: ComposeThresholds }[] = [];
  let closed = 0;
  const measureSpawn: SpawnEngine = () => ({
    api: {
      measureComposeSet: async (models: Record<string, Uint8Array>, thresholds: ComposeThresholds) => {
        measured.push({ models, thresholds });
        return { trained: TRAINED, builtIn: BUILT_IN };
      },
    } as unknown as Remote<EngineWorkerApi>,
    close: () => void closed++,
  });
  const files = { file: vi.fn(async (id: string) => ({ bytes: new TextEncoder().encode(id) })) };
  const measures = new ComposeSetMeasures({ spawn: measureSpawn, files, settings });
  let n = 0;
  const corpus = vi.fn(async (recipeId: string) => `${recipeId} corpus`);
  const pool = new TrainingPool({
    capacity: 2,
    spawn: engines.spawn,
    store: new MemoryJobStore(),
    saveModel: async (_bytes, spec) => `model:${spec.organelle}`,
    lock: async () => () => {},
    newId: () => `job-${++n}`,
    recipeCorpus: corpus,
    onFinished: (_, jobs) => void measures.update(jobs),
  });
  const done = () => ({ status: 'done' as const, model: tinyFile(), evaluation: { trainLoss: 1 }, paramCount: 1, step: 100, elapsedMs: 10 });
  return { engines, pool, measures, measured, files, corpus, done, closed: () => closed };
}

describe('composeSets and setModels', () => {
  it('groups the compose runs of a set by role, and leaves out runs of no set', async () => {
    const { pool } = setup();
    await pool.add([
      composeSpec('planner', 's1'), composeSpec('planner2', 's1'), composeSpec('wiring', 's1'), composeSpec('code'), composeSpec('code', 's1'),
      composeSpec('single', 's1'),
    ]);
    const sets = composeSets(pool.jobs);
    expect(sets.map((s) => s.id)).toEqual(['s1']);
    expect(Object.keys(sets[0].jobs)).toEqual(['planner', 'planner2', 'wiring', 'code']); // the baseline is no part of a set
    expect(sets[0].jobs.code).toBe(pool.jobs[4]);
    expect(setModels(sets[0])).toBeNull(); // nothing trained yet
    pool.dispose();
  });
});

describe('ComposeSetMeasures', () => {
  it('measures a set once, when its last run is done and saved, with the shipped thresholds', async () => {
    const { engines, pool, measures, measured, files, done, closed } = setup();
    // in the order "Train all four" adds them (the recipes' order)
    await pool.add(['planner', 'wiring', 'code', 'planner2'].map((o) => composeSpec(o, 's1')));
    await flush();
    const [set] = composeSets(pool.jobs);
    expect(measures.state(set)).toEqual({ status: 'training' });

    engines.runs[0].finish(done()); // the Planner
    await flush();
    expect(measures.state(set)).toEqual({ status: 'training' });
    engines.runs[1].finish(done()); // the Wiring
    await flush();
    expect(engines.runs.map((r) => r.request.name)).toEqual(['compose/planner', 'compose/wiring', 'compose/code', 'compose/planner2']);
    engines.runs[2].finish(done());
    await flush();
    expect(measured).toEqual([]);
    engines.runs[3].finish(done()); // the last of the four, the second Planner
    await flush();
    await flush();
    expect(measured).toHaveLength(1);
    // the two Planners share the Planner's threshold
    expect(measured[0].thresholds).toEqual({ rule: 'mean', agreement: false, planner: 0.6, wiring: 0.7, code: 0.8 });
    expect(Object.fromEntries(Object.entries(measured[0].models).map(([role, bytes]) => [role, new TextDecoder().decode(bytes)]))).toEqual({
      planner: 'model:planner', planner2: 'model:planner2', wiring: 'model:wiring', code: 'model:code',
    });
    expect(files.file).toHaveBeenCalledTimes(4);
    expect(measures.state(set)).toEqual({ status: 'measured', trained: TRAINED, builtIn: BUILT_IN });
    expect(setModels(set)).toEqual({ planner: 'model:planner', planner2: 'model:planner2', wiring: 'model:wiring', code: 'model:code' });
    expect(closed()).toBe(1);
    // asked again (another run of the pool ended), it is not measured twice
    await measures.update(pool.jobs);
    expect(measured).toHaveLength(1);
  });

  it('says why a set is not measured: a run cancelled, or dismissed', async () => {
    const { engines, pool, measures, measured, done } = setup();
    await pool.add(['planner', 'planner2', 'wiring', 'code'].map((o) => composeSpec(o, 's1')));
    await flush();
    engines.runs[0].finish({ status: 'cancelled', step: 3 });
    await flush();
    const [set] = composeSets(pool.jobs);
    expect(measures.state(set)).toEqual({ status: 'unmeasured', why: 'not every run of the set was trained to its end' });
    engines.runs[1].finish(done());
    await flush();
    await pool.dismiss(pool.jobs[1]);
    const [rest] = composeSets(pool.jobs);
    expect(measures.state(rest)).toMatchObject({ status: 'unmeasured', why: expect.stringContaining('no longer here') });
    expect(measured).toEqual([]);
    pool.dispose();
  });

  it('leaves a set unmeasured, saying so, in a build without compose settings', async () => {
    const { engines, pool, measures, measured, done } = setup(null);
    await pool.add(['planner', 'planner2', 'wiring', 'code'].map((o) => composeSpec(o, 's1')));
    for (let i = 0; i < 4; i++) {
      await flush();
      engines.runs[i].finish(done());
    }
    await flush();
    await flush();
    expect(measures.state(composeSets(pool.jobs)[0])).toEqual({ status: 'unmeasured', why: 'this build ships no confidence settings for the compose pipeline' });
    expect(measured).toEqual([]);
  });
});

describe("a run's worker and the corpus built once for several runs", () => {
  it('asks the page for the recipe corpus, and the job says while it waits', async () => {
    const { engines, pool, corpus } = setup();
    await pool.add([composeSpec('code', 's1')]);
    await flush();
    const run = engines.runs[0];
    let release: (text: string) => void = () => {};
    corpus.mockImplementationOnce((recipeId) => new Promise((resolve) => (release = (t) => resolve(`${recipeId}: ${t}`))));
    const asked = run.callbacks.corpus!('compose/code');
    expect(pool.jobs[0].awaitingCorpus).toBe(true);
    expect(pool.jobs[0].status).toBe('starting');
    release('built');
    expect(await asked).toBe('compose/code: built');
    expect(pool.jobs[0].awaitingCorpus).toBe(false);
    expect(corpus).toHaveBeenCalledWith('compose/code');
    pool.dispose();
  });

  it('hears from the pool of every run that ends', async () => {
    const engines = new FakeEngines();
    const ended: string[] = [];
    const pool = new TrainingPool({
      capacity: 1, spawn: engines.spawn, store: new MemoryJobStore(), saveModel: async () => 'm', lock: async () => () => {},
      onFinished: (job, jobs) => ended.push(`${job.spec.name} ${job.status} of ${jobs.length}`),
    });
    await pool.add([composeSpec('planner'), composeSpec('wiring')]);
    await flush();
    engines.runs[0].finish({ status: 'cancelled', step: 0 });
    await flush();
    expect(ended).toEqual(['compose/planner cancelled of 2']);
    pool.dispose();
  });
});
