// Browser: the .wasm builds are hashed assets that the service worker precaches, fetched and
// compiled while they stream in: the release build for every engine, the threads build
// (shared memory) for one trained by several threads (worker/wasm/browser-threads.ts).
import wasmUrl from '../../build/organelle.wasm?url';
import threadsWasmUrl from '../../build/organelle-threads.wasm?url';
import { browserThreadPlatform } from './browser-threads.ts';
import type { ThreadPlatform } from './helper-threads.ts';

/**
 * A module compiled from `url` while it streams in. A fetch that fails on the network (fetch's
 * TypeError: a connection lost, as when a page is reloaded while its service worker takes over)
 * is tried once more after `retryMs`; any other failure (a CompileError) is not.
 */
export function streamedModule(url: string, retryMs = 300): Promise<WebAssembly.Module> {
  const attempt = () => WebAssembly.compileStreaming(fetch(url));
  return attempt().catch(async (err: unknown) => {
    if (!(err instanceof TypeError)) throw err;
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    return attempt();
  });
}

/** `url`'s module, compiled once; a failed compile is not kept: the next engine (a run's "Try again") fetches again. */
function keptOnSuccess(url: string): () => Promise<WebAssembly.Module> {
  let module: Promise<WebAssembly.Module> | undefined;
  return () =>
    (module ??= streamedModule(url).catch((err: unknown) => {
      module = undefined;
      throw err;
    }));
}

export const browserWasmModule: () => Promise<WebAssembly.Module> = keptOnSuccess(wasmUrl);

export const siteThreadPlatform: ThreadPlatform = browserThreadPlatform(keptOnSuccess(threadsWasmUrl));
