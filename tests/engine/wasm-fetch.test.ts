// The browser's wasm fetch (worker/wasm/browser.ts): a network failure is tried once more, a
// compile error is not, and a failed compile is not kept for the next engine.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserWasmModule, streamedModule } from '../../worker/wasm/browser.ts';

const MODULE = {} as WebAssembly.Module;

afterEach(() => vi.unstubAllGlobals());

function stub(outcomes: (() => Promise<WebAssembly.Module>)[]) {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', (url: string) => (fetched.push(String(url)), Promise.resolve(new Response(''))));
  let k = 0;
  vi.stubGlobal('WebAssembly', Object.assign(Object.create(WebAssembly), { compileStreaming: () => outcomes[Math.min(k++, outcomes.length - 1)]() }));
  return fetched;
}

describe('the wasm fetched in the browser', () => {
  it('tries a network failure once more', async () => {
    const fetched = stub([() => Promise.reject(new TypeError('Failed to fetch')), () => Promise.resolve(MODULE)]);
    await expect(streamedModule('/a.wasm', 1)).resolves.toBe(MODULE);
    expect(fetched).toEqual(['/a.wasm', '/a.wasm']);
  });

  it('gives up after the second network failure, and never retries a compile error', async () => {
    const lost = stub([() => Promise.reject(new TypeError('Failed to fetch'))]);
    await expect(streamedModule('/a.wasm', 1)).rejects.toThrow('Failed to fetch');
    expect(lost).toHaveLength(2);
    const bad = stub([() => Promise.reject(new WebAssembly.CompileError('bad magic'))]);
    await expect(streamedModule('/a.wasm', 1)).rejects.toThrow('bad magic');
    expect(bad).toHaveLength(1);
  });

  it('keeps a compiled module, not a failed one', async () => {
    const fetched = stub([() => Promise.reject(new WebAssembly.CompileError('bad magic')), () => Promise.resolve(MODULE)]);
    await expect(browserWasmModule()).rejects.toThrow('bad magic');
    await expect(browserWasmModule()).resolves.toBe(MODULE);
    await expect(browserWasmModule()).resolves.toBe(MODULE);
    expect(fetched).toHaveLength(2);
  });
});
