// What generated code may use: the globals, Math and Number members and array methods the
// `resolved` check allows (none of them writes or builds a string), and the host globals it
// names when code reaches for one. `kinds` reads the same lists for the kinds they give.
import type { Kind } from './kinds.ts';

/** The only globals a name may resolve to. Math, Number and Array only as Math.f, Number.isFinite, new Array(n). */
export const ALLOWED_GLOBALS = new Set(['Math', 'Number', 'Array', 'Infinity', 'NaN', 'undefined']);
export const NAMESPACES = new Set(['Math', 'Number', 'Array']);

export const MATH_FUNCTIONS = new Set([
  'abs', 'sign', 'floor', 'ceil', 'round', 'trunc', 'fround', 'min', 'max', 'sqrt', 'cbrt', 'hypot',
  'pow', 'exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos',
  'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh',
]);
export const MATH_CONSTANTS = new Set(['PI', 'E', 'LN2', 'LN10', 'LOG2E', 'LOG10E', 'SQRT2', 'SQRT1_2']);
export const NUMBER_CONSTANTS = new Set([
  'EPSILON', 'MAX_VALUE', 'MIN_VALUE', 'MAX_SAFE_INTEGER', 'MIN_SAFE_INTEGER', 'POSITIVE_INFINITY', 'NEGATIVE_INFINITY',
]);

/** Array methods a local expression may call, with the kind each returns (for `kinds`). */
export const ARRAY_METHODS = new Map<string, Kind>([
  ['push', 'number'], ['pop', 'number'], ['slice', 'array'], ['fill', 'array'], ['sort', 'array'],
  ['map', 'array'], ['reduce', 'number'], ['concat', 'array'], ['indexOf', 'number'],
  ['every', 'boolean'], ['some', 'boolean'], ['filter', 'array'], ['forEach', 'unknown'],
]);

/** Member names that reach functions' constructors or prototypes. */
export const FORBIDDEN_MEMBERS = new Set(['constructor', 'prototype', '__proto__']);

/** Globals a browser, a worker or Node offers; named as such when code touches one. */
export const HOST_GLOBALS = new Set([
  'globalThis', 'window', 'self', 'top', 'parent', 'frames', 'document', 'navigator', 'location',
  'fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'indexedDB', 'localStorage', 'sessionStorage',
  'caches', 'crypto', 'importScripts', 'postMessage', 'close', 'Worker', 'SharedWorker', 'eval',
  'Function', 'Object', 'Reflect', 'Proxy', 'Symbol', 'String', 'JSON', 'Promise', 'Date', 'RegExp',
  'Error', 'Boolean', 'BigInt', 'WeakRef', 'Atomics', 'SharedArrayBuffer', 'ArrayBuffer',
  'WebAssembly', 'Float64Array', 'Float32Array', 'Int32Array', 'Uint8Array', 'Map', 'Set',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'setTimeout', 'setInterval', 'queueMicrotask',
  'console', 'process', 'require', 'module', 'exports', 'global', 'Buffer', 'arguments', 'Deno', 'Bun',
]);
