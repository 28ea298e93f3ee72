// Determinism in Node: the fixed recipe (worker/recipes/determinism.ts) run twice, each time
// in a fresh engine, gives bit-identical weights, losses and samples; another seed does not.
// tests/e2e/determinism.spec.ts compares the same recipe across Node and Chromium.
import { describe, expect, it } from 'vitest';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { DETERMINISM_SEED, DETERMINISM_STEPS, runDeterminismRecipe } from '../../worker/recipes/determinism.ts';

describe('determinism recipe', () => {
  it('gives identical weights, losses and sample in two fresh engines', async () => {
    const module = await nodeWasmModule();
    const a = await runDeterminismRecipe(module);
    const b = await runDeterminismRecipe(module);
    expect(a.losses).toHaveLength(DETERMINISM_STEPS);
    expect(a.losses.every(Number.isFinite)).toBe(true);
    expect(a.losses.at(-1)!).toBeLessThan(a.losses[0]); // it did learn something
    expect(a.paramsHash).toMatch(/^[0-9a-f]{8}$/);
    expect(a.sample.split('\n')).toHaveLength(3);
    expect(b.paramsHash).toBe(a.paramsHash);
    expect(b.probsHash).toBe(a.probsHash);
    expect(b.sample).toBe(a.sample);
    // Object.is per loss: bit-level equality, not closeness
    expect(b.losses.map((x, i) => Object.is(x, a.losses[i]))).toEqual(a.losses.map(() => true));
  });

  it('gives different weights for a different seed', async () => {
    const module = await nodeWasmModule();
    const a = await runDeterminismRecipe(module);
    const c = await runDeterminismRecipe(module, { seed: DETERMINISM_SEED + 1 });
    expect(c.paramsHash).not.toBe(a.paramsHash);
    expect(c.losses).not.toEqual(a.losses);
  });
});
