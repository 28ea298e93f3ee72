// The final loss `organelle train` prints is a property of the model (worker/model-loss.ts):
// two runs of the same recipe sliced differently, or trained on 1 thread and on 2, end with the
// same weights and so the same figure, though the batch loss of their last slices differs; and
// the figure moves when the weights do.
import { describe, expect, it } from 'vitest';
import { Organelle } from '../../worker/organelle.ts';
import { TrainingRun } from '../../worker/trainer.ts';
import { modelLossOn } from '../../worker/model-loss.ts';
import { float32Hash } from '../../worker/recipes/determinism.ts';
import { moverBenchCorpus } from '../../worker/bench/mover-corpus.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { nodeThreadPlatform } from '../../worker/wasm/node-threads.ts';

const CORPUS = moverBenchCorpus(400, 3);
const SHAPE = { embd: 32, heads: 4, layers: 2, mlp: 128, block: 64 };
const STEPS = 40;

async function organelle(threads: number): Promise<Organelle> {
  return Organelle.create(await nodeWasmModule(), {
    name: 'toy', corpusId: 'toy', corpusText: CORPUS, architecture: SHAPE, seed: 5, config: { steps: STEPS },
    ...(threads > 1 ? { engine: { threads: { count: threads, platform: nodeThreadPlatform } } } : {}),
  });
}

/** Trains to the end in slices of `stepsPerSlice` steps (a clock that runs 1 ms a step), returning the last slice's batch loss. */
function trainInSlices(o: Organelle, stepsPerSlice: number): number {
  let clock = 0;
  const run = new TrainingRun(o, () => clock++);
  while (!run.done) run.slice(stepsPerSlice - 0.5);
  return run.progress.loss;
}

describe('the final loss', () => {
  it('is the same for the same weights, whatever the slices or threads that trained them', async () => {
    const a = await organelle(1);
    const b = await organelle(2);
    try {
      const batchA = trainInSlices(a, 1); // the last slice: the last step alone
      const batchB = trainInSlices(b, 10); // the last ten steps' mean
      expect(float32Hash(a.engine.getParams())).toBe(float32Hash(b.engine.getParams()));
      expect(batchA).not.toBe(batchB); // what the CLI used to print as the final loss
      const lossA = modelLossOn(a, CORPUS);
      const lossB = modelLossOn(b, CORPUS);
      expect(lossA.documents).toBe(256);
      expect(Number.isFinite(lossA.loss)).toBe(true);
      expect(lossB).toEqual(lossA);
      // a property of the weights: one more step changes it, and measuring it changes nothing
      expect(modelLossOn(a, CORPUS)).toEqual(lossA);
      a.recipe.config.steps++;
      a.trainStep();
      expect(modelLossOn(a, CORPUS).loss).not.toBe(lossA.loss);
    } finally {
      await b.engine.close();
    }
  }, 60_000);
});
