// Determinism in Node: the fixed recipe (worker/recipes/determinism.ts) run twice, each time
// in a fresh engine, gives bit-identical weights, losses and samples; another seed does not.
// Its ALiBi variant likewise, with bits of its own (ALiBi changes the arithmetic), while the
// plain recipe keeps the reference it had before ALiBi existed; and its subword variant (units
// learned from the corpus). Each gives its reference on any number of threads.
// tests/e2e/determinism.spec.ts compares the variants across Node and Chromium.
import { describe, expect, it } from 'vitest';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { nodeThreadPlatform } from '../../worker/wasm/node-threads.ts';
import {
  DETERMINISM_ALIBI_REFERENCE,
  DETERMINISM_REFERENCE, DETERMINISM_SEED, DETERMINISM_SUBWORD_REFERENCE, DETERMINISM_STEPS, determinismParts, determinismReference,
  differencesFromReference, float32Hash, runDeterminismRecipe,
} from '../../worker/recipes/determinism.ts';

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

  it('gives the reference bits the Engine check page compares a browser with', async () => {
    const run = await runDeterminismRecipe(await nodeWasmModule());
    expect({ paramsHash: run.paramsHash, lossesHash: float32Hash(run.losses), probsHash: run.probsHash, sample: run.sample }).toEqual(DETERMINISM_REFERENCE);
    expect(differencesFromReference(determinismParts(run))).toEqual([]);
    // one flipped bit anywhere is a difference, named by the part it is in
    const lastLoss = new Float32Array([run.losses.at(-1)!]);
    new Uint32Array(lastLoss.buffer)[0] ^= 1;
    expect(differencesFromReference(determinismParts({ ...run, losses: [...run.losses.slice(0, -1), lastLoss[0]!] }))).toEqual(['lossesHash']);
    expect(differencesFromReference(determinismParts({ ...run, sample: run.sample.toUpperCase(), probsHash: '00000000' }))).toEqual(['probsHash', 'sample']);
  });

  it('gives the reference bits on 1, 2 and 3 threads of the threads build, with ALiBi and without, on characters and on subword units', async () => {
    const module = await nodeWasmModule();
    for (const variant of [{}, { alibi: true }, { subword: true }]) {
      for (const count of [1, 2, 3]) {
        const run = await runDeterminismRecipe(module, variant, { count, platform: nodeThreadPlatform });
        expect(run.threads).toBe(count);
        expect(differencesFromReference(determinismParts(run), determinismReference(variant)), `${count} thread(s), ${JSON.stringify(variant)}`).toEqual([]);
      }
    }
  });

  it('gives the subword variant its own reference: units learned from the corpus, fewer positions, other bits', async () => {
    const module = await nodeWasmModule();
    const subword = await runDeterminismRecipe(module, { subword: true });
    expect(subword.subword).toBe(true);
    expect(differencesFromReference(determinismParts(subword), DETERMINISM_SUBWORD_REFERENCE)).toEqual([]);
    expect(determinismReference({ subword: true })).toBe(DETERMINISM_SUBWORD_REFERENCE);
    const plain = await runDeterminismRecipe(module);
    expect(plain.subword).toBe(false);
    // 27 more units than the 37 characters and BOS: a bigger embedding and output head
    expect(subword.paramCount).toBeGreaterThan(plain.paramCount);
    expect(differencesFromReference(determinismParts(subword))).toEqual(['paramsHash', 'lossesHash', 'probsHash', 'sample']);
  });

  it('gives the ALiBi variant identical bits in two fresh engines, and its own reference', async () => {
    const module = await nodeWasmModule();
    const a = await runDeterminismRecipe(module, { alibi: true });
    const b = await runDeterminismRecipe(module, { alibi: true });
    expect(a.alibi).toBe(true);
    expect(a.losses).toHaveLength(DETERMINISM_STEPS);
    expect(a.losses.at(-1)!).toBeLessThan(a.losses[0]);
    expect(b.losses.map((x, i) => Object.is(x, a.losses[i]))).toEqual(a.losses.map(() => true));
    expect(determinismParts(b)).toEqual(determinismParts(a));
    expect(determinismParts(a)).toEqual(DETERMINISM_ALIBI_REFERENCE);
    expect(determinismReference({ alibi: true })).toBe(DETERMINISM_ALIBI_REFERENCE);
    expect(differencesFromReference(determinismParts(a), DETERMINISM_ALIBI_REFERENCE)).toEqual([]);
  });

  it('computes something else with ALiBi on: the same recipe and seed give other weights, losses and probabilities', async () => {
    const module = await nodeWasmModule();
    const plain = await runDeterminismRecipe(module);
    const alibi = await runDeterminismRecipe(module, { alibi: true });
    expect(plain.alibi).toBe(false);
    expect(alibi.paramCount).toBe(plain.paramCount); // ALiBi adds no parameter
    // the distance penalty changes the very first step's attention, so every step's loss differs
    expect(alibi.losses.filter((x, i) => Object.is(x, plain.losses[i]))).toEqual([]);
    expect(differencesFromReference(determinismParts(alibi))).toEqual(['paramsHash', 'lossesHash', 'probsHash']);
    expect(determinismReference()).toBe(DETERMINISM_REFERENCE);
  });
});
