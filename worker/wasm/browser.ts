// Browser: the .wasm is a hashed asset that the service worker precaches, fetched and
// compiled while it streams in.
import wasmUrl from '../../build/organelle.wasm?url';

let compiled: Promise<WebAssembly.Module> | undefined;

export function browserWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compileStreaming(fetch(wasmUrl));
  return compiled;
}
