// Node-only: compiles build/organelle.wasm (made by `npm run asbuild`) from disk, once.
// The CLI, the tests and the benchmarks load the engine through here; the browser uses
// worker/wasm/browser.ts instead.
import { readFile } from 'node:fs/promises';

let compiled: Promise<WebAssembly.Module> | undefined;

export function nodeWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const url = new URL('../../build/organelle.wasm', import.meta.url);
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
