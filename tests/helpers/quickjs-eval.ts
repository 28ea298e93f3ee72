// Runs JavaScript inside QuickJS (quickjs-emscripten-core with the release-sync wasm variant),
// never in Node's own realm: each call gets a fresh runtime with a memory limit and a deadline,
// and every handle is disposed before it returns.
import {
  newQuickJSWASMModuleFromVariant,
  shouldInterruptAfterDeadline,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import variant from '@jitl/quickjs-wasmfile-release-sync';

export type QuickJSResult = { ok: true; value: unknown } | { ok: false; error: string };

let loading: Promise<QuickJSWASMModule> | undefined;

/** The QuickJS wasm module, instantiated once per test file. */
export function quickJSModule(): Promise<QuickJSWASMModule> {
  loading ??= newQuickJSWASMModuleFromVariant(variant);
  return loading;
}

/**
 * Evaluates `code` (a script whose completion value is a JSON string, e.g. ending in
 * `JSON.stringify(...)`) and returns the parsed value, or the error QuickJS raised.
 */
export function evalJSON(
  module: QuickJSWASMModule,
  code: string,
  { timeoutMs = 2000, memoryBytes = 16 << 20 } = {},
): QuickJSResult {
  const runtime = module.newRuntime();
  try {
    runtime.setMemoryLimit(memoryBytes);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeoutMs));
    const context = runtime.newContext();
    try {
      const result = context.evalCode(code, 'body.js');
      if (result.error) {
        const error = context.dump(result.error);
        result.error.dispose();
        return { ok: false, error: typeof error === 'object' ? JSON.stringify(error) : String(error) };
      }
      const text = context.dump(result.value);
      result.value.dispose();
      if (typeof text !== 'string') return { ok: false, error: `expected a JSON string, got ${String(text)}` };
      return { ok: true, value: JSON.parse(text) };
    } finally {
      context.dispose();
    }
  } finally {
    runtime.dispose();
  }
}
