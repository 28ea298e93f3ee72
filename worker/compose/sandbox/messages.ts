// The sandbox's data: a job (code, the function to call, its inputs), its result, and the
// messages between a runner and the worker that holds QuickJS. The same types serve the Node
// worker thread (node.worker.ts) and the browser's Web Worker (sandbox.worker.ts); everything
// here is plain data, so it crosses postMessage unchanged (NaN and Infinity included).

/**
 * Most numbers in one input a person chooses (the Compose view's signals, worker/compose/run.ts):
 * plenty to plot, and well inside the sandbox's memory limit. The Judge's own inputs are 64.
 */
export const MAX_INPUT = 4096;

/** What generated code takes and gives back: one number or an array of numbers. */
export type SandboxValue = number | number[];

export interface SandboxJob {
  /** A script of function declarations, e.g. the Judge's `function composed(x){...}\n...`. */
  code: string;
  /** The function to call once the script has run, e.g. 'composed'. */
  entry: string;
  /** Its arguments, passed in as JSON: finite numbers or arrays of finite numbers. */
  args: readonly (number | readonly number[])[];
}

/**
 * Which limit or rule stopped a job: the time limit (the interrupt deadline or the runner's
 * wall clock), memory (the heap or the stack), an exception, or a return value that is not
 * a number or an array of numbers.
 */
export type SandboxCheck = 'time' | 'memory' | 'threw' | 'returned';

/** `ms`: the job's time inside the sandbox, from a fresh runtime to the decoded result. */
export type SandboxResult =
  | { ok: true; value: SandboxValue; ms: number }
  | { ok: false; check: SandboxCheck; message: string; ms: number };

/** The limits QuickJS enforces itself (the wall clock is the runner's: runner.ts). */
export interface QuickJSLimits {
  /** The runtime's heap (QuickJS's own allocator), in bytes. */
  memoryBytes: number;
  /** QuickJS's stack, in bytes; recursion deeper than this throws a stack overflow. */
  stackBytes: number;
  /** The interrupt deadline, in ms from the runtime's creation. */
  deadlineMs: number;
}

// ---- runner <-> worker

/** Runner -> worker: run one job. Sent only after the worker said 'ready'. */
export interface SandboxRequest {
  id: number;
  job: SandboxJob;
  limits: QuickJSLimits;
}

/**
 * Worker -> runner. 'ready' once QuickJS is loaded; 'failed' if it could not be; per request
 * a 'result', or an 'error' when the sandbox itself (not the code it ran) failed.
 */
export type SandboxReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; result: SandboxResult }
  | { type: 'error'; id: number; message: string };
