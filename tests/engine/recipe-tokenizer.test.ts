// A recipe that names a tokenizer trains on it wherever it trains: the browser's worker
// (worker/browser/train.ts resolveSource and prepare) and the command line's
// (cli/train-worker.ts) both hand the recipe's tokenizer to Organelle.create, so the two make
// the same model; a recipe that names none trains on characters, as every shipped one does.
import { describe, expect, it } from 'vitest';
import { prepare, resolveSource } from '../../worker/browser/train.ts';
import { registerRecipe } from '../../worker/recipes/index.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { DETERMINISM_CORPUS } from '../../worker/recipes/determinism.ts';

registerRecipe({
  game: 'compose', organelle: 'test-subword', id: 'compose/test-subword', title: 'test', description: 'test',
  architecture: { embd: 16, heads: 2, layers: 1, mlp: 32, block: 64 }, seed: 1, config: { steps: 2 },
  tokenizer: { kind: 'subword', vocabSize: 48 },
  buildCorpus: () => DETERMINISM_CORPUS,
});

describe('a recipe\'s tokenizer', () => {
  it('reaches the organelle the browser worker makes', async () => {
    const source = resolveSource({ source: { kind: 'recipe', recipeId: 'compose/test-subword' } });
    expect(source.tokenizer).toEqual({ kind: 'subword', vocabSize: 48 });
    const organelle = await prepare(await nodeWasmModule(), { name: 'x', source: { kind: 'recipe', recipeId: 'compose/test-subword' }, architecture: { embd: 16, heads: 2, layers: 1, mlp: 32, block: 64 }, steps: 2, seed: 1 }, source);
    expect(organelle.vocab.kind).toBe('subword');
    expect(organelle.vocab.size).toBeLessThanOrEqual(48);
    await organelle.engine.close();
  });

});
