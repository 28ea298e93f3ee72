// Node-only: compiles the builds in build/ (made by `npm run asbuild`) from disk, once each.
// The CLI, the tests and the benchmarks load the engine through here; the browser uses
// worker/wasm/browser.ts instead.
import { readFile } from 'node:fs/promises';

const compiled = new Map<string, Promise<WebAssembly.Module>>();

/** build/`file`, compiled once; a missing build is named with the command that makes it. */
export function nodeBuild(file: 'organelle.wasm' | 'organelle-threads.wasm'): Promise<WebAssembly.Module> {
  let module = compiled.get(file);
  if (!module) {
    module = (async () => {
      const url = new URL(`../../build/${file}`, import.meta.url);
      let bytes: Uint8Array;
      try {
        bytes = await readFile(url);
      } catch {
        throw new Error(`cannot read ${url.pathname}: run "npm run asbuild" first`);
      }
      return WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
    })();
    compiled.set(file, module);
  }
  return module;
}

/** The release build, which every engine runs on one thread. */
export function nodeWasmModule(): Promise<WebAssembly.Module> {
  return nodeBuild('organelle.wasm');
}
