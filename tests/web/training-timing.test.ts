// Timing a run before it starts (worker/browser/train-timing.ts), in Node on the same wasm: it
// trains the very model the run would make (same parameters and vocabulary as the run's own
// start reports), counts the positions of real batches, and reports a rate consistent with
// the steps and time it measured. Never a speed: that is the benchmark's business.
import { describe, expect, it } from 'vitest';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { PreparedTiming, type TrainTimingOptions } from '../../worker/browser/train-timing.ts';
import { trainOrganelle } from '../../worker/browser/train.ts';
import type { TrainRequest, TrainStarted } from '../../worker/browser/messages.ts';
import { DETERMINISM_CORPUS } from '../../worker/recipes/determinism.ts';

const request: TrainRequest = {
  name: 'toy',
  source: { kind: 'corpus', corpusId: 'toy.txt', corpusText: DETERMINISM_CORPUS },
  architecture: { embd: 32, heads: 4, layers: 2, mlp: 128, block: 64 },
  steps: 3,
  seed: 7,
};

const documents = DETERMINISM_CORPUS.split('\n\n');
// positions of one document: BOS, prompt, newline, response, end
const lengths = documents.map((d) => d.length + 2);

async function timeTraining(module: WebAssembly.Module, run: TrainRequest, options?: TrainTimingOptions) {
  return (await PreparedTiming.prepare(module, run)).time(options);
}

describe('PreparedTiming', () => {
  it('times the model the run would train, over real batches', async () => {
    const module = await nodeWasmModule();
    const timing = await timeTraining(module, request, { warmupMs: 20, timedMs: 60 });
    let started: TrainStarted | undefined;
    await trainOrganelle(module, request, {
      started: (e) => (started = e),
      progress: () => {},
      checkpoint: () => {},
      paused: () => {},
    });
    expect(timing.paramCount).toBe(started!.paramCount);
    expect(timing.vocabSize).toBe(started!.vocabSize);
    expect(timing.timedSteps).toBeGreaterThan(0);
    expect(timing.timedMs).toBeGreaterThanOrEqual(60);
    expect(timing.stepsPerSec).toBeCloseTo((timing.timedSteps * 1000) / timing.timedMs, 6);
    // a step is 8 documents of the corpus: its positions lie between 8 of the shortest and 8 of the longest
    const perStep = timing.tokensPerSec / timing.stepsPerSec;
    expect(perStep).toBeGreaterThanOrEqual(8 * Math.min(...lengths) - 1e-6);
    expect(perStep).toBeLessThanOrEqual(8 * Math.max(...lengths) + 1e-6);
  }, 60_000);

  it('warms up first, then times its stretch by the clock it is given', async () => {
    let t = 0;
    const now = () => (t += 1); // every reading is 1 ms after the last
    const timing = await timeTraining(await nodeWasmModule(), request, { warmupMs: 5, timedMs: 10, now });
    // a slice reads the clock to start, after each step until its budget has passed, and
    // once more to measure itself: 10 steps in the timed stretch's 11 ms, after the warm-up
    expect(timing.timedSteps).toBe(10);
    expect(timing.timedMs).toBe(11);
    expect(timing.stepsPerSec).toBeCloseTo(10_000 / 11, 9);
  }, 60_000);

  it('refuses a source it cannot train on, with the reason', async () => {
    await expect(
      timeTraining(await nodeWasmModule(), { ...request, source: { kind: 'recipe', recipeId: 'nonsense/none' } }),
    ).rejects.toThrow(/nonsense\/none/);
  });
});
