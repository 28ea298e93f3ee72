// Starts an engine worker (worker/engine.worker.ts) and wraps it with Comlink. The class
// that calls this owns the connection and must close() it: that releases the proxy and
// terminates the worker, freeing its wasm memory.
import * as Comlink from 'comlink';
import type { EngineWorkerApi } from '../../../worker/engine.worker.ts';

export interface EngineConnection {
  api: Comlink.Remote<EngineWorkerApi>;
  close(): void;
}

/** Starts a worker; `onCrash` hears about a worker that failed to load or threw at top level. */
export type SpawnEngine = (onCrash: (message: string) => void) => EngineConnection;

export const spawnEngineWorker: SpawnEngine = (onCrash) => {
  const worker = new Worker(new URL('../../../worker/engine.worker.ts', import.meta.url), {
    type: 'module',
    name: 'organelle-engine',
  });
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    onCrash(e.message || 'the engine worker failed to start');
  });
  const api = Comlink.wrap<EngineWorkerApi>(worker);
  return {
    api,
    close() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
};

/**
 * Runs `task` with a worker of its own, closed afterwards whatever happens. The task wraps
 * each call in `guard`, so the worker dying ends the wait with an Error carrying the crash's
 * message: a dead worker never answers.
 */
export async function withEngine<T>(
  spawn: SpawnEngine,
  task: (api: EngineConnection['api'], guard: <R>(call: Promise<R>) => Promise<R>) => Promise<T>,
): Promise<T> {
  return withEngines(spawn, 1, ([api], guard) => task(api!, guard));
}

/** withEngine with `count` workers at once: any one dying ends every guarded wait. */
export async function withEngines<T>(
  spawn: SpawnEngine,
  count: number,
  task: (apis: EngineConnection['api'][], guard: <R>(call: Promise<R>) => Promise<R>) => Promise<T>,
): Promise<T> {
  let crash: (reason: Error) => void = () => {};
  const crashed = new Promise<never>((_, reject) => (crash = reject));
  crashed.catch(() => {}); // a crash after the last call has no one waiting for it
  const connections: EngineConnection[] = [];
  try {
    for (let i = 0; i < count; i++) connections.push(spawn((message) => crash(new Error(message))));
    return await task(
      connections.map((c) => c.api),
      (call) => Promise.race([call, crashed]),
    );
  } finally {
    for (const connection of connections) connection.close();
  }
}

/**
 * One engine worker kept for a view's lifetime: started on first use, dropped when it crashes
 * (the next use starts a fresh one, with nothing loaded) and ended by close().
 */
export class KeptEngine {
  readonly #spawn: SpawnEngine;
  readonly #onCrash: (message: string) => void;
  #connection: EngineConnection | null = null;

  constructor(spawn: SpawnEngine, onCrash: (message: string) => void) {
    this.#spawn = spawn;
    this.#onCrash = onCrash;
  }

  get api(): EngineConnection['api'] {
    this.#connection ??= this.#spawn((message) => {
      this.close();
      this.#onCrash(message);
    });
    return this.#connection.api;
  }

  /** Whether a worker is running (and so still holds what was loaded into it). */
  get running(): boolean {
    return this.#connection !== null;
  }

  close(): void {
    this.#connection?.close();
    this.#connection = null;
  }
}
