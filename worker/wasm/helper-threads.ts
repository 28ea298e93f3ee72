// Several threads on one model (issue 34; docs/threads.md): what an engine needs from the
// platform to train on more than one thread. The threads build (build/organelle-threads.wasm)
// imports a shared memory; each helper thread instantiates the same module over that memory,
// takes scratch of its own and spins in worker_loop, taking its share of every product the
// engine's thread posts. Node's helpers are worker_threads (worker/wasm/node-threads.ts), the
// browser's are Web Workers started from the engine's worker (worker/wasm/browser-threads.ts).
// Only output rows are split between threads, never a sum, so the bits are the same for any
// count and the same as the release build's on one thread.

/** What one helper thread is given. */
export interface HelperInit {
  module: WebAssembly.Module; // the threads build
  memory: WebAssembly.Memory; // the engine's, shared
  tid: number; // 1 .. count - 1 (the engine's own thread is 0)
  count: number;
  scratch: number; // this thread's scratch in the shared memory
  seen: number; // the board's generation before the helper starts (worker_loop's `seen`)
}

export interface HelperThread {
  /**
   * Resolves once the helper has left worker_loop (after threads_stop) and its thread has
   * ended. A new set of helpers must not start before: one still in the loop would take a
   * share of the next product beside the new thread of its number.
   */
  stopped(): Promise<void>;
  /** Ends the thread at once, wherever it is (a helper that failed to start). */
  terminate(): void;
}

// How long a stopped helper may take to leave its loop before its thread is ended anyway:
// it leaves within microseconds when spinning, and threads_stop wakes one that sleeps.
export const STOP_TIMEOUT_MS = 2000;

export interface ThreadPlatform {
  /** The most threads worth asking for here (the cores), or 1 where memory cannot be shared, with why. */
  available(): { threads: number; reason?: string };
  /** The threads build, compiled once. */
  threadsModule(): Promise<WebAssembly.Module>;
  /** Starts one helper; resolves once it has instantiated the module and is about to spin. */
  spawn(init: HelperInit): Promise<HelperThread>;
}

/** An engine made with these runs the threads build; setThreads changes the count later. */
export interface EngineThreads {
  count: number; // threads sharing the products at first, the engine's own included
  platform: ThreadPlatform;
}

// The threads build's memory: shared memory must declare a maximum (the build's 1 GiB).
const INITIAL_PAGES = 64;
const MAXIMUM_PAGES = 16384;

export function sharedMemory(): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES, shared: true });
}

/** The most threads one model trains on (the board in assembly/threads.ts lists as many). */
export const MAX_THREADS = 64;

/** Checks a requested thread count: a whole number from 1 to MAX_THREADS. */
export function validateThreadCount(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_THREADS) throw new Error(`threads must be a whole number from 1 to ${MAX_THREADS}, got ${count}`);
}

/** The threads one model may train on here: the platform's, or 1 and why (no platform, one core, memory that cannot be shared). */
export function threadsOffered(platform?: ThreadPlatform): { threads: number; reason?: string } {
  if (!platform) return { threads: 1, reason: 'threads are not offered here' };
  const available = platform.available();
  return available.threads > 1 ? available : { threads: 1, reason: available.reason ?? 'this device has one core' };
}

/**
 * A helper's whole life, as plain JavaScript for Node's worker_threads and the browser's Web
 * Workers alike, given `d` (its HelperInit) and `post(message)`: the threads build over the
 * shared memory, its own scratch, 'ready', its share of every job until threads_stop, then
 * 'stopped'. A loop that throws tells thread 0 first, which would otherwise wait for this
 * share forever.
 */
export const HELPER_LIFE = `
const ex = new WebAssembly.Instance(d.module, { env: { memory: d.memory, abort(m, f, l, c) { throw new Error('organelle wasm aborted at ' + l + ':' + c); } } }).exports;
ex.scratch_use(d.scratch);
post('ready');
try {
  ex.worker_loop(d.tid, d.count, d.seen);
} catch (err) {
  ex.threads_fail();
  throw err;
}
post('stopped');
`;

/** A share of the cores asked for (the pool's), as a thread count the platform offers: 1 to `available`. */
export function threadsWithin(asked: number, available: number): number {
  return Math.min(Math.max(1, Math.floor(asked)), Math.max(1, available));
}
