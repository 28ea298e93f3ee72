// Node-only: the threads build (build/organelle-threads.wasm, `npm run asbuild`) and the helper
// threads that share an engine's products with it (assembly/threads.ts; docs/threads.md).
// An engine made over `sharedMemory()` is handed to `startHelpers`, which starts count - 1
// worker threads, each the same module over the same memory with scratch of its own, and
// tells the engine to use them; `stop` ends them, and the engine works on alone.
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { Engine } from '../engine.ts';

let compiled: Promise<WebAssembly.Module> | undefined;

export function nodeThreadsWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const url = new URL('../../build/organelle-threads.wasm', import.meta.url);
    let bytes: Uint8Array;
    try {
      bytes = await readFile(url);
    } catch {
      throw new Error(`cannot read ${url.pathname}: run "npm run asbuild" first`);
    }
    return WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
  })();
  return compiled;
}

/** The memory a threads-build engine imports: shared, as large as the build allows. */
export function sharedMemory(): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: 64, maximum: 16384, shared: true });
}

const HELPER = `
const { parentPort, workerData: d } = require('node:worker_threads');
const ex = new WebAssembly.Instance(d.module, { env: { memory: d.memory, abort(m, f, l, c) { throw new Error('organelle wasm aborted at ' + l + ':' + c); } } }).exports;
ex.scratch_use(d.scratch);
parentPort.postMessage('ready');
ex.worker_loop(d.tid, d.count);
`;

export interface Helpers {
  count: number;
  stop(): Promise<void>;
}

/** Starts count - 1 helper threads for `engine` (made by the threads build over `memory`). */
export async function startHelpers(engine: Engine, memory: WebAssembly.Memory, count: number): Promise<Helpers> {
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new Error(`threads must be 1..64, got ${count}`);
  const w = engine.wasm;
  const workers: Worker[] = [];
  for (let tid = 1; tid < count; tid++) {
    const scratch = w.arena_alloc(w.scratch_bytes());
    if (scratch === 0) throw new Error('not enough memory for another thread');
    const worker = new Worker(HELPER, { eval: true, workerData: { module: engine.module, memory, tid, count, scratch } });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    workers.push(worker);
  }
  w.threads_use(count);
  return {
    count,
    async stop() {
      w.threads_use(1);
      w.threads_stop();
      await Promise.all(workers.map((x) => x.terminate()));
    },
  };
}
