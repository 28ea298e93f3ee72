// Shared fixtures for the web state tests: a small valid model file, and a fake engine
// worker whose training runs the test finishes by hand.
import type { Remote } from 'comlink';
import { encodeModelFile, type OrganelleModel } from '../../worker/model/model-file.ts';
import { parameterCount, type ModelShape } from '../../worker/model/shape.ts';
import { makeTrainConfig } from '../../worker/model/recipe.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { TrainCallbacks, TrainRequest, TrainResult } from '../../worker/browser/messages.ts';
import type { EngineConnection, SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { Clock } from '../../web/src/replay/playback.svelte.ts';

/** A tiny but valid model; `seed` changes its weights (and so its fingerprint). */
export function tinyModel(seed = 1, extra: Partial<OrganelleModel> = {}): OrganelleModel {
  const shape: ModelShape = { vocabSize: 4, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 };
  const params = new Float32Array(parameterCount(shape));
  for (let i = 0; i < params.length; i++) params[i] = Math.sin(i * 0.37 + seed);
  return {
    shape,
    vocabChars: '\nab',
    recipe: { corpusId: 'puzzle8/mover', corpusVersion: '0badf00d', seed, config: makeTrainConfig({ steps: 10 }), stepsDone: 10 },
    params,
    name: `tiny-${seed}`,
    createdAt: '2025-01-02T03:04:05.000Z',
    evaluation: { trainLoss: 0.5 },
    ...extra,
  };
}

export function tinyFile(seed = 1, extra: Partial<OrganelleModel> = {}): Uint8Array {
  return encodeModelFile(tinyModel(seed, extra));
}

export function picked(name: string, bytes: Uint8Array) {
  return { name, arrayBuffer: async () => bytes.slice().buffer as ArrayBuffer };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A library still being read: `loaded()` resolves only when the test calls `read()`, which
 * first puts `models` into `list` (the library's model list, empty until then).
 */
export function unreadLibrary<M>(list: M[], models: M[]): { loaded: () => Promise<void>; read: () => void } {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    loaded: () => done,
    read: () => {
      list.push(...models);
      finish();
    },
  };
}

export interface FakeRun {
  request: TrainRequest;
  callbacks: TrainCallbacks;
  finish(result: TrainResult): void;
  fail(message: string): void;
  paused: boolean;
  closed: boolean;
  /** Every share of the cores the pool asked for after the run started. */
  threads: number[];
}

/** Engine workers that do nothing until the test drives their callbacks. */
export class FakeEngines {
  readonly runs: FakeRun[] = [];

  get open(): FakeRun[] {
    return this.runs.filter((r) => !r.closed);
  }

  spawn: SpawnEngine = () => {
    let run: FakeRun | undefined;
    const api = {
      train: (request: TrainRequest, callbacks: TrainCallbacks) =>
        new Promise<TrainResult>((resolve, reject) => {
          run = {
            request,
            callbacks,
            finish: resolve,
            fail: (m) => reject(new Error(m)),
            paused: false,
            closed: false,
            threads: [],
          };
          this.runs.push(run);
        }),
      pause: async () => void (run && (run.paused = true)),
      resume: async () => void (run && (run.paused = false)),
      cancel: async () => run?.finish({ status: 'cancelled', step: 0 }),
      setThreads: async (count: number) => (run?.threads.push(count), count),
      listRecipes: async () => [],
    };
    const connection: EngineConnection = {
      api: api as unknown as Remote<EngineWorkerApi>,
      close: () => void (run && (run.closed = true)),
    };
    return connection;
  };
}

/** Timers the test fires by hand. */
export class FakeClock implements Clock {
  pending: { fn: () => void; ms: number }[] = [];
  set(fn: () => void, ms: number) {
    const t = { fn, ms };
    this.pending.push(t);
    return t;
  }
  clear(handle: unknown) {
    this.pending = this.pending.filter((t) => t !== handle);
  }
  /** Fires the oldest pending timer; returns its delay. */
  fire() {
    const t = this.pending.shift();
    if (!t) throw new Error('no timer pending');
    t.fn();
    return t.ms;
  }
  /** Fires every timer pending now. */
  runAll() {
    const due = this.pending;
    this.pending = [];
    for (const t of due) t.fn();
  }
}
