// A sandbox runner: jobs go, one at a time, to a worker that runs them inside QuickJS
// (quickjs.ts), and a wall clock the worker cannot ignore ends any job that outlives it.
// QuickJS's interrupt deadline stops code that keeps running bytecode, but not one long call
// into a builtin: `let a=[];while(true)a.push(new Array(1e5).fill(1))` ran 5-7 s here before
// QuickJS raised out of memory, its 500 ms deadline notwithstanding. So the runner ends the
// worker after `wallMs` and starts a fresh one for the next job.
//
// The logic here is the same for both hosts; node.ts (worker_threads) and browser.ts (a Web
// Worker) only say how to start a worker and talk to it.
import type { QuickJSLimits, SandboxJob, SandboxReply, SandboxRequest, SandboxResult } from './messages.ts';

export interface SandboxRunner {
  /** Runs a job after those already queued. Rejects only if the sandbox itself fails. */
  run(job: SandboxJob): Promise<SandboxResult>;
  /** Ends the worker (so Node can exit); queued and later jobs reject. */
  close(): void;
}

export interface SandboxLimits extends QuickJSLimits {
  /** The wall-clock backstop, in ms from the job's posting: past it the worker is ended. */
  wallMs: number;
}

/**
 * Measured on this project's build machine (Node 20, 2 cores; Chromium's Web Worker for the
 * stack), with quickjs-emscripten 0.31:
 * - memoryBytes 16 MB: a judged composition of 64 samples needs well under 1 MB; 16 MB still
 *   holds an array of about a million numbers.
 * - stackBytes 128 KB: about 680 frames of a one-line recursion. The interpreter's recursion
 *   also uses the host's own stack, and that one can run out first: in Chromium's worker it did
 *   above 160 KB (QuickJS's check fired at 160, V8's at 192), on Node's main thread above
 *   384 KB. 128 KB leaves QuickJS the first word in both. (When the host's stack does run out
 *   first, runInQuickJS still reports a stack overflow, and the module is replaced.)
 * - deadlineMs 500: a judged run takes 1.5-2.5 ms inside the sandbox; the rest is margin.
 * - wallMs 1500: the deadline, plus 1 s for a builtin call that began before it: sorting
 *   500,000 numbers is one uninterruptible 0.4 s call, and composed functions on 64 samples do
 *   nothing near that. Left alone, the allocation bomb ran 5-7 s before QuickJS raised out of
 *   memory; the wall clock ends it at 1.5 s.
 */
export const DEFAULT_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  memoryBytes: 16 << 20,
  stackBytes: 128 << 10,
  deadlineMs: 500,
  wallMs: 1500,
});

/** The defaults with `overrides` applied; unknown keys, non-integers and a wall clock no longer than the deadline are refused. */
export function sandboxLimits(overrides: Partial<SandboxLimits> = {}): SandboxLimits {
  const limits: SandboxLimits = { ...DEFAULT_LIMITS };
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in DEFAULT_LIMITS)) throw new RangeError(`sandbox limits: unknown limit '${key}'`);
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`sandbox limits: ${key} must be a positive integer, got ${value}`);
    limits[key as keyof SandboxLimits] = value;
  }
  if (limits.wallMs <= limits.deadlineMs) {
    throw new RangeError(`sandbox limits: wallMs (${limits.wallMs}) must exceed deadlineMs (${limits.deadlineMs})`);
  }
  return limits;
}

/** '16 MB', '256 KB', '100 bytes': for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MB`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${bytes / (1 << 10)} KB`;
  return `${bytes} bytes`;
}

// ---- the runner over a worker

/** What a host's worker reports to the runner. */
export interface SandboxWorkerEvents {
  reply(reply: SandboxReply): void;
  /** The worker died or could not start (not a job's failure: the sandbox's own). */
  crashed(error: Error): void;
}

export interface SandboxWorker {
  post(request: SandboxRequest): void;
  terminate(): void;
}

/** Starts one worker running host.ts's serveSandbox, wired to `events`. */
export type StartSandboxWorker = (events: SandboxWorkerEvents) => SandboxWorker;

interface Pending {
  id: number;
  resolve(result: SandboxResult): void;
  reject(error: Error): void;
}

/** One started worker: `ready` settles when QuickJS has loaded in it (or could not). */
interface Booted {
  worker: SandboxWorker;
  ready: Promise<void>;
  pending: Pending | null;
  /** Rejects `ready` (if still waiting) and any pending job. */
  fail(error: Error): void;
}

export function workerRunner(start: StartSandboxWorker, limits: SandboxLimits): SandboxRunner {
  return new WorkerRunner(start, limits);
}

class WorkerRunner implements SandboxRunner {
  readonly #start: StartSandboxWorker;
  readonly #limits: SandboxLimits;
  // the live worker, started with the first job and again after the wall clock ends one
  #current: Booted | null = null;
  // the queue: each job starts when the one before it has settled
  #tail: Promise<unknown> = Promise.resolve();
  #nextId = 1;
  #closed = false;

  constructor(start: StartSandboxWorker, limits: SandboxLimits) {
    this.#start = start;
    this.#limits = limits;
  }

  run(job: SandboxJob): Promise<SandboxResult> {
    const result = this.#tail.then(() => this.#runNow(job));
    this.#tail = result.catch(() => undefined);
    return result;
  }

  close(): void {
    this.#closed = true;
    if (this.#current) this.#discard(this.#current, new Error('the sandbox was closed'));
  }

  async #runNow(job: SandboxJob): Promise<SandboxResult> {
    if (this.#closed) throw new Error('the sandbox is closed');
    const booted = (this.#current ??= this.#spawn());
    await booted.ready;
    const { memoryBytes, stackBytes, deadlineMs, wallMs } = this.#limits;
    const id = this.#nextId++;
    return new Promise<SandboxResult>((resolve, reject) => {
      const posted = performance.now();
      const timer = setTimeout(() => {
        booted.pending = null;
        this.#discard(booted, null);
        // the next job's worker boots now, while the caller reads this result
        if (!this.#closed) this.#respawn();
        resolve({
          ok: false,
          check: 'time',
          message: `stopped by the wall-clock limit of ${wallMs} ms (the worker running it was ended)`,
          ms: performance.now() - posted,
        });
      }, wallMs);
      const settle = <T>(done: (value: T) => void) => (value: T) => {
        clearTimeout(timer);
        booted.pending = null;
        done(value);
      };
      booted.pending = { id, resolve: settle(resolve), reject: settle(reject) };
      try {
        booted.worker.post({ id, job, limits: { memoryBytes, stackBytes, deadlineMs } });
      } catch (error) {
        booted.pending.reject(error as Error);
      }
    });
  }

  #spawn(): Booted {
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    // a worker started ahead of any job may fail with nobody waiting: not an unhandled rejection
    ready.catch(() => undefined);
    const booted: Booted = {
      worker: null as unknown as SandboxWorker,
      ready,
      pending: null,
      fail: (error) => {
        failReady(error);
        booted.pending?.reject(error);
      },
    };
    booted.worker = this.#start({
      reply: (reply) => {
        if (this.#current !== booted) return; // from a worker already ended
        const pending = booted.pending;
        switch (reply.type) {
          case 'ready':
            markReady();
            break;
          case 'failed':
            this.#discard(booted, new Error(`the sandbox could not load QuickJS: ${reply.message}`));
            break;
          case 'result':
            if (pending?.id === reply.id) pending.resolve(reply.result);
            break;
          case 'error':
            if (pending?.id === reply.id) pending.reject(new Error(`the sandbox failed: ${reply.message}`));
            break;
        }
      },
      crashed: (error) => {
        if (this.#current === booted) this.#discard(booted, error);
      },
    });
    return booted;
  }

  #respawn(): void {
    try {
      this.#current = this.#spawn();
    } catch {
      this.#current = null; // the next job tries again and reports why
    }
  }

  /** Ends a worker; `error` (if any) goes to whoever waits on it. */
  #discard(booted: Booted, error: Error | null): void {
    if (this.#current === booted) this.#current = null;
    booted.worker.terminate();
    if (error) booted.fail(error);
  }
}
