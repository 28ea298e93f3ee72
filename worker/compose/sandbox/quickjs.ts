// Runs one job inside QuickJS (quickjs-emscripten, its own WebAssembly interpreter), never in
// the host's JavaScript realm. Each job gets a fresh runtime with a heap limit, a stack limit
// and an interrupt deadline. Nothing of the host is exposed to the guest: the inputs go in as
// JSON text, the guest's result comes out as JSON text written by a small encoder that runs
// inside QuickJS, and the host checks it is a number or an array of numbers.
//
// Before the guest's code runs, its realm is hardened: converting any object (an array, a
// function) to a primitive throws, so `[]+[]` or `![]+[]` cannot make a string out of nothing.
// With the Judge's static checks refusing every literal string, no guest can name a property
// it was not allowed to write out, such as `constructor`.
//
// After an out-of-memory error, or a host stack overflow inside the interpreter, the runtime is
// dropped, not disposed (quickjs-emscripten 0.32 can abort disposing a context after an
// out-of-memory error; a host overflow leaves the wasm stack pointer unwound), and the module
// is marked spent: `isSpent(module)` tells the caller to load a fresh one (host.ts does), which
// releases everything the dropped runtime held.
import {
  newQuickJSWASMModuleFromVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { DEFAULT_LIMITS, formatBytes } from './runner.ts';
import type { QuickJSLimits, SandboxJob, SandboxResult, SandboxValue } from './messages.ts';

/** A fresh QuickJS WebAssembly module (Node reads the .wasm from disk, a browser fetches it). */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(variant);
}

const spent = new WeakSet<QuickJSWASMModule>();

/** True once a job dropped a runtime inside `module`: load a fresh module for the next job. */
export function isSpent(module: QuickJSWASMModule): boolean {
  return spent.has(module);
}

// ---- the guest's side

// Evaluated first in every runtime; its completion value is the encoder the host calls on the
// entry's result. It keeps its own references to the builtins it uses, made before any guest
// code runs. Non-finite numbers and -0 travel as the strings 'NaN', 'Infinity', '-Infinity',
// '-0' (JSON has no such numbers); a value of the wrong type comes back as a description.
const PRELUDE = `(function () {
  'use strict';
  var isArray = Array.isArray, isFinite = Number.isFinite, stringify = JSON.stringify;
  Object.defineProperty(Object.prototype, Symbol.toPrimitive, { value: function () {
    throw new TypeError('an array or a function used as a number or a string');
  } });
  function tag(v) {
    if (isFinite(v)) return v === 0 && 1 / v < 0 ? '-0' : v;
    return v !== v ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
  }
  function what(v) {
    if (v === null) return 'null';
    if (v === undefined) return 'undefined';
    if (isArray(v)) return 'an array';
    return typeof v === 'object' ? 'an object' : 'a ' + typeof v;
  }
  return function (v) {
    if (typeof v === 'number') return stringify({ number: tag(v) });
    if (!isArray(v)) return stringify({ bad: what(v) });
    var n = v.length, out = [];
    for (var i = 0; i < n; i++) {
      if (typeof v[i] !== 'number') return stringify({ bad: 'an array holding ' + what(v[i]) + ' at index ' + i });
      out.push(tag(v[i]));
    }
    return stringify({ array: out });
  };
})()`;

// ---- the host's side

type Failure = Extract<SandboxResult, { ok: false }>;

/** A failed step: what stopped the job, and whether the runtime must be dropped. */
class Stop {
  constructor(
    readonly check: Failure['check'],
    readonly message: string,
    readonly drop = false,
  ) {}
}

/**
 * Runs `job` in a fresh runtime of `module`: the script `job.code`, then `job.entry(...job.args)`.
 * Synchronous; the deadline stops bytecode, the heap and stack limits stop allocation and
 * recursion, but a single long builtin call runs until it ends or runs out of memory (the
 * runner's wall clock is the backstop for that).
 */
export function runInQuickJS(
  module: QuickJSWASMModule,
  job: SandboxJob,
  limits: QuickJSLimits = DEFAULT_LIMITS,
): SandboxResult {
  const input = inputsAsJSON(job.args);
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const runtime = module.newRuntime();
  let context: QuickJSContext | undefined;
  const handles: QuickJSHandle[] = [];
  let drop = false;
  try {
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limits.deadlineMs));
    context = runtime.newContext();
    const value = execute(context, job, input, limits, handles);
    return { ok: true, value, ms: elapsed() };
  } catch (error) {
    if (error instanceof Stop) {
      drop = error.drop;
      return { ok: false, check: error.check, message: error.message, ms: elapsed() };
    }
    drop = true;
    // V8's stack ran out inside the interpreter before QuickJS's own stack check fired
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return {
        ok: false,
        check: 'memory',
        message: `stack overflow: the host's stack ran out before the ${formatBytes(limits.stackBytes)} stack limit`,
        ms: elapsed(),
      };
    }
    throw error;
  } finally {
    if (drop) spent.add(module);
    else {
      for (const handle of handles) if (handle.alive) handle.dispose();
      context?.dispose();
      runtime.dispose();
    }
  }
}

/** The prelude, the inputs, the script, the call and the encoding, each a step that may stop. */
function execute(
  context: QuickJSContext,
  job: SandboxJob,
  input: string,
  limits: QuickJSLimits,
  handles: QuickJSHandle[],
): SandboxValue {
  const own = (handle: QuickJSHandle) => (handles.push(handle), handle);
  const step = (result: ReturnType<QuickJSContext['evalCode']>): QuickJSHandle => {
    if (result.error) throw stopFor(context, own(result.error), limits);
    return own(result.value);
  };
  const encode = step(context.evalCode(PRELUDE, 'prelude.js'));
  const args = step(context.evalCode(`(${input})`, 'inputs.js'));
  const argList = job.args.map((_, i) => own(context.getProp(args, i)));
  step(context.evalCode(job.code, 'code.js'));
  const entry = own(context.getProp(context.global, job.entry));
  const type = context.typeof(entry);
  if (type === 'undefined') throw new Stop('threw', `threw ReferenceError: ${job.entry} is not defined`);
  if (type !== 'function') throw new Stop('threw', `threw TypeError: ${job.entry} is not a function`);
  const result = step(context.callFunction(entry, context.undefined, ...argList));
  const encoded = step(context.callFunction(encode, context.undefined, result));
  return decode(context.getString(encoded));
}

/** The inputs as a JSON array literal; JSON cannot carry NaN or Infinity, so they are refused. */
function inputsAsJSON(args: SandboxJob['args']): string {
  args.forEach((arg, i) => {
    const ok = typeof arg === 'number' ? Number.isFinite(arg) : Array.isArray(arg) && arg.every((v) => typeof v === 'number' && Number.isFinite(v));
    if (!ok) throw new TypeError(`sandbox: argument ${i + 1} must be a finite number or an array of finite numbers`);
  });
  return JSON.stringify(args);
}

/** What an exception inside QuickJS means: a limit (time, memory, stack) or the guest's own throw. */
function stopFor(context: QuickJSContext, error: QuickJSHandle, limits: QuickJSLimits): Stop {
  const { name, message } = readError(context, error);
  if (name === 'InternalError' && message === 'interrupted') {
    return new Stop('time', `stopped after ${limits.deadlineMs} ms: the time limit`);
  }
  if (name === 'InternalError' && message === 'out of memory') {
    return new Stop('memory', `out of memory: over the ${formatBytes(limits.memoryBytes)} limit`, true);
  }
  if (name === 'InternalError' && message === 'stack overflow') {
    return new Stop('memory', `stack overflow: deeper than the ${formatBytes(limits.stackBytes)} stack limit`);
  }
  if (name === undefined) return new Stop('threw', `threw ${message}`);
  return new Stop('threw', `threw ${name}: ${message}`);
}

/** An Error's name and message, read as plain strings; for anything else, a description. */
function readError(context: QuickJSContext, error: QuickJSHandle): { name?: string; message: string } {
  const type = context.typeof(error);
  if (type === 'number' || type === 'boolean') return { message: `the ${type} ${String(context.dump(error))}` };
  if (type !== 'object') return { message: `a ${type}` };
  const text = (key: string): string | undefined => {
    try {
      const prop = context.getProp(error, key);
      try {
        return context.typeof(prop) === 'string' ? context.getString(prop) : undefined;
      } finally {
        prop.dispose();
      }
    } catch {
      return undefined; // a getter that threw (or was interrupted)
    }
  };
  const name = text('name');
  const message = text('message');
  if (name === undefined || message === undefined) return { message: 'a value that is not an Error' };
  return { name, message };
}

/** The encoder's JSON, checked again on this side: it came out of the guest's realm. */
function decode(text: string): SandboxValue {
  const fromTag = (v: unknown): number => {
    if (typeof v === 'number') return v;
    if (v === 'NaN') return NaN;
    if (v === 'Infinity') return Infinity;
    if (v === '-Infinity') return -Infinity;
    if (v === '-0') return -0;
    throw new Stop('returned', 'returned a value the sandbox could not read');
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Stop('returned', 'returned a value the sandbox could not read');
  }
  const got = (parsed ?? {}) as { number?: unknown; array?: unknown; bad?: unknown };
  if (typeof got.bad === 'string') throw new Stop('returned', `returned ${got.bad}, not a number or an array of numbers`);
  if ('number' in got) return fromTag(got.number);
  if (Array.isArray(got.array)) return got.array.map(fromTag);
  throw new Stop('returned', 'returned a value the sandbox could not read');
}
