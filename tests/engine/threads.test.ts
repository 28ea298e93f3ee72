// One model on several threads (issue 34; docs/threads.md): the threads build, with 1, 2 and 3
// threads sharing the products and AdamW, trains exactly the weights the release build trains
// on one, every loss the same double, at the benchmark's 64K and 460K shapes.
import { afterEach, describe, expect, it } from 'vitest';
import { benchOrganelle } from '../../worker/bench/bench.ts';
import { moverBenchCorpus } from '../../worker/bench/mover-corpus.ts';
import { float32Hash } from '../../worker/recipes/determinism.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { nodeThreadsWasmModule, sharedMemory, startHelpers, type Helpers } from '../../worker/wasm/node-threads.ts';
import { Organelle } from '../../worker/organelle.ts';
import { SHAPE_PRESETS } from '../../worker/model/shape.ts';

const CORPUS = moverBenchCorpus(500, 7);

function train(o: Organelle, steps: number): { params: string; losses: string } {
  const losses: number[] = [];
  for (let i = 0; i < steps; i++) losses.push(o.trainStep());
  return { params: float32Hash(o.engine.getParams()), losses: float32Hash(losses) };
}

let helpers: Helpers | undefined;
afterEach(async () => {
  await helpers?.stop();
  helpers = undefined;
});

describe('several threads on one model', () => {
  for (const [shape, steps] of [['64k', 300], ['460k', 60]] as const) {
    it(`${shape}: 1, 2 and 3 threads train the release build's weights bit for bit`, async () => {
      const reference = train(await benchOrganelle(await nodeWasmModule(), shape, CORPUS), steps);
      for (const count of [1, 2, 3]) {
        const memory = sharedMemory();
        const o = await Organelle.create(await nodeThreadsWasmModule(), {
          name: shape, corpusId: 'bench/mover', corpusText: CORPUS, architecture: SHAPE_PRESETS[shape], seed: 1,
          config: { steps: 1_000_000, responseOnlyLoss: false }, engine: { memory },
        });
        helpers = await startHelpers(o.engine, memory, count);
        expect(o.engine.wasm.threads_in_use()).toBe(count);
        expect(train(o, steps), `${count} thread(s)`).toEqual(reference);
        await helpers.stop();
        helpers = undefined;
      }
    }, 120_000);
  }

  it('names a thread count out of range', async () => {
    const memory = sharedMemory();
    const o = await Organelle.create(await nodeThreadsWasmModule(), {
      name: '64k', corpusId: 'bench/mover', corpusText: CORPUS, architecture: SHAPE_PRESETS['64k'], seed: 1, engine: { memory },
    });
    await expect(startHelpers(o.engine, memory, 0)).rejects.toThrow('threads must be 1..64, got 0');
  });
});
