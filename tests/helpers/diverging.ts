// An organelle set to train at a learning rate past TRAIN_LIMITS, for tests of what happens
// when training diverges (makeTrainConfig refuses such a rate; the engine takes what it is
// given, as from a file's recipe).
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { Organelle } from '../../worker/organelle.ts';
import { DETERMINISM_CORPUS } from '../../worker/recipes/determinism.ts';

export const TOY_ARCHITECTURE = { embd: 32, heads: 4, layers: 2, mlp: 128, block: 64 };

/** A fresh organelle on the toy corpus, then set to train at `learningRate` for `steps`. */
export async function organelleAt(learningRate: number, steps = 200): Promise<Organelle> {
  const o = await Organelle.create(await nodeWasmModule(), {
    name: 'toy', corpusId: 'toy', corpusText: DETERMINISM_CORPUS, architecture: TOY_ARCHITECTURE, seed: 1, config: { steps },
  });
  o.recipe.config = { ...o.recipe.config, learningRate };
  o.engine.configure(o.recipe.config);
  return o;
}
