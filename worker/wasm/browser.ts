// Browser: the .wasm builds are hashed assets that the service worker precaches, fetched and
// compiled while they stream in: the release build for every engine, the threads build
// (shared memory) for one trained by several threads (worker/wasm/browser-threads.ts).
import wasmUrl from '../../build/organelle.wasm?url';
import threadsWasmUrl from '../../build/organelle-threads.wasm?url';
import { browserThreadPlatform } from './browser-threads.ts';
import type { ThreadPlatform } from './helper-threads.ts';

let compiled: Promise<WebAssembly.Module> | undefined;
let compiledThreads: Promise<WebAssembly.Module> | undefined;

export function browserWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compileStreaming(fetch(wasmUrl));
  return compiled;
}

export const siteThreadPlatform: ThreadPlatform = browserThreadPlatform(() => {
  compiledThreads ??= WebAssembly.compileStreaming(fetch(threadsWasmUrl));
  return compiledThreads;
});
