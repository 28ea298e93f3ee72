// One model on several threads (issue 34; docs/threads.md): the threads build, with 1, 2 and 3
// threads sharing the products and AdamW, trains exactly the weights the release build trains
// on one, every loss the same double, at the benchmark's 64K (300 steps) and 460K (200 steps) shapes; an engine whose
// helpers are closed, or one resumed from a checkpoint on other threads, goes on with the same bits.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { benchOrganelle } from '../../worker/bench/bench.ts';
import { moverBenchCorpus } from '../../worker/bench/mover-corpus.ts';
import { threadedBenchOrganelle } from '../../worker/bench/threads.ts';
import { float32Hash } from '../../worker/recipes/determinism.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { nodeThreadPlatform } from '../../worker/wasm/node-threads.ts';
import { Organelle } from '../../worker/organelle.ts';
import { TrainingRun } from '../../worker/trainer.ts';
import type { HelperInit, ThreadPlatform } from '../../worker/wasm/helper-threads.ts';

const CORPUS = moverBenchCorpus(500, 7);

function train(o: Organelle, steps: number): { params: string; losses: string } {
  const losses: number[] = [];
  for (let i = 0; i < steps; i++) losses.push(o.trainStep());
  return { params: float32Hash(o.engine.getParams()), losses: float32Hash(losses) };
}

describe('several threads on one model', () => {
  for (const [shape, steps] of [['64k', 300], ['460k', 200]] as const) {
    it(`${shape}: 1, 2 and 3 threads train the release build's weights bit for bit`, async () => {
      const module = await nodeWasmModule();
      const reference = train(await benchOrganelle(module, shape, CORPUS), steps);
      for (const count of [1, 2, 3]) {
        const o = await threadedBenchOrganelle(module, nodeThreadPlatform, shape, CORPUS, count);
        try {
          expect(o.engine.threads).toBe(count);
          expect(train(o, steps), `${count} thread(s)`).toEqual(reference);
        } finally {
          await o.engine.close();
        }
      }
    }, 120_000);
  }

  it('takes the sparse transposed product on thread 0 alone when its C outgrows a thread\'s own, with the same bits', async () => {
    // F x E = 640 x 128 floats, more than the 65,536 of each thread's own C (matmul.ts), so
    // the split by columns into them gives way; the MLP's products run sparse throughout
    const module = await nodeWasmModule();
    const wide = (threads?: number) => Organelle.create(module, {
      name: 'wide', corpusId: 'bench/mover', corpusText: CORPUS, architecture: { embd: 128, heads: 4, layers: 1, mlp: 640, block: 64 }, seed: 1,
      config: { steps: 1_000_000, responseOnlyLoss: false },
      engine: threads ? { threads: { count: threads, platform: nodeThreadPlatform } } : undefined,
    });
    const one = await wide();
    one.engine.wasm.mlp_sparse_mode(1);
    const expected = train(one, 20);
    const two = await wide(2);
    try {
      two.engine.wasm.mlp_sparse_mode(1);
      expect(two.engine.threads).toBe(2);
      expect(train(two, 20)).toEqual(expected);
    } finally {
      await two.engine.close();
    }
  }, 60_000);

  it('trains with its helpers taking part or waiting from one step to the next (Engine.share, the thread governor), with the same bits', async () => {
    const module = await nodeWasmModule();
    const expected = train(await benchOrganelle(module, '64k', CORPUS), 60);
    const o = await threadedBenchOrganelle(module, nodeThreadPlatform, '64k', CORPUS, 2);
    try {
      for (let i = 0; i < 30; i++) {
        o.engine.share(i % 3 !== 1);
        expect(o.engine.threads).toBe(i % 3 !== 1 ? 2 : 1);
        o.trainStep();
      }
      // then a TrainingRun, whose governor starts by comparing one thread against both
      const run = new TrainingRun(o);
      while (o.stepsDone < 60) run.slice(0); // one step a slice
      expect(o.stepsDone).toBe(60);
      expect(train(o, 0).params).toBe(expected.params);
      expect(o.engine.helpers).toBe(1);
    } finally {
      await o.engine.close();
    }
  }, 60_000);

  it('changes its thread count between steps and goes on alone once its helpers are closed, with the same bits, and resumes a checkpoint on other threads', async () => {
    const module = await nodeWasmModule();
    const reference = await benchOrganelle(module, '64k', CORPUS);
    const expected = [train(reference, 40), train(reference, 40), train(reference, 40)];
    const reference2 = await benchOrganelle(module, '64k', CORPUS);
    train(reference2, 40);
    const o = await threadedBenchOrganelle(module, nodeThreadPlatform, '64k', CORPUS, 2);
    expect(train(o, 40)).toEqual(expected[0]);
    await o.engine.setThreads(3);
    expect(o.engine.threads).toBe(3);
    expect(train(o, 20)).toEqual(train(reference2, 20));
    await o.engine.close();
    expect(o.engine.threads).toBe(1);
    expect(train(o, 20)).toEqual(train(reference2, 20));
    const resumed = await Organelle.fromFile(module, o.toFile(true), CORPUS, { threads: { count: 3, platform: nodeThreadPlatform } });
    try {
      expect(resumed.engine.threads).toBe(3);
      expect(train(resumed, 40)).toEqual(expected[2]);
    } finally {
      await resumed.engine.close();
    }
  }, 60_000);

  it('stops with an error naming the helper, not a wait forever, when a helper thread fails', async () => {
    // a helper that instantiates the build over the engine's memory, waits for the first
    // product and fails instead of taking its share, as a worker_loop that threw does
    // (node-threads.ts's helper calls threads_fail then)
    const failing: ThreadPlatform = {
      ...nodeThreadPlatform,
      spawn: (init: HelperInit) =>
        new Promise((resolve) => {
          const worker = new Worker(
            `const { parentPort, workerData: d } = require('node:worker_threads');
             const ex = new WebAssembly.Instance(d.module, { env: { memory: d.memory, abort() {} } }).exports;
             parentPort.postMessage('ready');
             while (ex.threads_generation() === d.seen) {}
             ex.threads_fail();`,
            { eval: true, workerData: init },
          );
          worker.once('message', () => resolve({ stopped: async () => void (await worker.terminate()), terminate: () => void worker.terminate() }));
        }),
    };
    const o = await threadedBenchOrganelle(await nodeWasmModule(), failing, '64k', CORPUS, 2);
    expect(() => o.trainStep()).toThrow('a helper thread of this training stopped with an error, so the run cannot go on');
    await o.engine.close();
  });

  it('an engine made for one thread has no shared memory to give more', async () => {
    const o = await benchOrganelle(await nodeWasmModule(), '64k', CORPUS);
    await expect(o.engine.setThreads(2)).rejects.toThrow('this engine was made for one thread (no shared memory)');
  });

  it('names a thread count out of range, and a helper that fails to start, closing the ones started', async () => {
    const module = await nodeWasmModule();
    await expect(threadedBenchOrganelle(module, nodeThreadPlatform, '64k', CORPUS, 0)).rejects.toThrow(
      'threads must be a whole number from 1 to 64, got 0',
    );
    const terminated: number[] = [];
    const failing: ThreadPlatform = {
      ...nodeThreadPlatform,
      async spawn(init: HelperInit) {
        if (init.tid === 2) throw new Error('helper thread 2 failed to start: no more workers');
        const helper = await nodeThreadPlatform.spawn(init);
        return { ...helper, terminate: () => (terminated.push(init.tid), helper.terminate()) };
      },
    };
    await expect(threadedBenchOrganelle(module, failing, '64k', CORPUS, 3)).rejects.toThrow('helper thread 2 failed to start');
    expect(terminated).toEqual([1]);
  });
});
