// The browser worker's training job, run in Node on the same wasm: a run trains to the end
// and evaluates itself; pausing, resuming and continuing from a checkpoint all give the
// weights of an uninterrupted run, bit for bit; cancel stops it with a checkpoint at the step
// it stopped, to resume from; a run that diverges stops with what to try, and no checkpoint
// or model after its last good step.
import { describe, expect, it } from 'vitest';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { trainOrganelle } from '../../worker/browser/train.ts';
import { TrainingSession } from '../../worker/browser/training-session.ts';
import type { TrainCallbacks, TrainCheckpoint, TrainProgress, TrainRequest } from '../../worker/browser/messages.ts';
import { decodeModelFile, encodeModelFile } from '../../worker/model/model-file.ts';
import { float32Hash, DETERMINISM_CORPUS } from '../../worker/recipes/determinism.ts';

const docs = DETERMINISM_CORPUS.split('\n\n');
const request: TrainRequest = {
  name: 'toy',
  source: {
    kind: 'corpus',
    corpusId: 'toy.txt',
    corpusText: docs.filter((_, i) => i % 6 !== 5).join('\n\n'),
    validationText: docs.filter((_, i) => i % 6 === 5).join('\n\n'),
  },
  architecture: { embd: 32, heads: 4, layers: 2, mlp: 128, block: 64 },
  steps: 80,
  seed: 7,
  sliceMs: 1,
  checkpointMs: 0,
};

function recorder(onProgress?: (p: TrainProgress, session: () => TrainingSession) => void) {
  const progress: TrainProgress[] = [];
  const checkpoints: TrainCheckpoint[] = [];
  let session: TrainingSession | undefined;
  const callbacks: TrainCallbacks = {
    started: () => {},
    progress: (p) => {
      progress.push(p);
      onProgress?.(p, () => session!);
    },
    checkpoint: (c) => checkpoints.push(c),
    paused: () => {},
  };
  return { progress, checkpoints, callbacks, onSession: (s: TrainingSession) => (session = s) };
}

const paramsHash = (bytes: Uint8Array) => float32Hash(decodeModelFile(bytes).params);

describe('trainOrganelle', () => {
  it('trains to the last step, checkpoints on the way and reports its losses', async () => {
    const r = recorder();
    const result = await trainOrganelle(await nodeWasmModule(), request, r.callbacks, { onSession: r.onSession });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(result.step).toBe(80);
    expect(r.progress.at(-1)?.step).toBe(80);
    expect(r.checkpoints.length).toBeGreaterThan(0);
    expect(decodeModelFile(r.checkpoints[0].bytes).optimizer).toBeDefined();
    const model = decodeModelFile(result.model);
    expect(model.optimizer).toBeUndefined();
    expect(model.evaluation).toEqual(result.evaluation);
    expect(Object.keys(result.evaluation).sort()).toEqual([
      'finalLoss', 'trainAnswerPrompts', 'trainAnswerRate', 'trainLoss', 'validationAnswerPrompts', 'validationAnswerRate',
      'validationDocs', 'validationLoss',
    ]);
    // every distinct prompt asked once (the toy corpus repeats none)
    expect(result.evaluation.trainAnswerPrompts).toBe(docs.length - Math.floor(docs.length / 6));
    expect(result.evaluation.validationAnswerPrompts).toBe(Math.floor(docs.length / 6));
    expect(r.progress.at(-1)!.loss).toBeLessThan(r.progress[0].loss);
    // the file keeps six documents to show what to ask it, the held-out ones first
    expect(model.examples?.map((e) => e.heldOut)).toEqual([true, true, true, false, false, false]);
    const source = request.source as Extract<TrainRequest['source'], { kind: 'corpus' }>;
    for (const e of model.examples!) {
      expect((e.heldOut ? source.validationText! : source.corpusText).includes(`${e.prompt}\n${e.response}`)).toBe(true);
    }
  });

  it('gives the same weights when paused and resumed, and when continued from a checkpoint', async () => {
    const module = await nodeWasmModule();
    const straight = await trainOrganelle(module, request, recorder().callbacks);

    let paused = false;
    const r = recorder((p, session) => {
      if (!paused && p.step >= 30) {
        paused = true;
        session().pause();
        setTimeout(() => session().resume(), 20);
      }
    });
    const interrupted = await trainOrganelle(module, request, r.callbacks, { onSession: r.onSession });
    expect(paused).toBe(true);

    const middle = r.checkpoints.find((c) => c.step >= 40)!;
    const resumed = await trainOrganelle(module, { ...request, checkpoint: middle.bytes }, recorder().callbacks);

    if (straight.status !== 'done' || interrupted.status !== 'done' || resumed.status !== 'done') {
      throw new Error('a run did not finish');
    }
    expect(paramsHash(interrupted.model)).toBe(paramsHash(straight.model));
    expect(paramsHash(resumed.model)).toBe(paramsHash(straight.model));
    expect(resumed.evaluation.trainLoss).toBe(straight.evaluation.trainLoss);
  });

  it('stops when cancelled', async () => {
    const r = recorder((p, session) => {
      if (p.step >= 10) session().cancel();
    });
    const result = await trainOrganelle(await nodeWasmModule(), request, r.callbacks, { onSession: r.onSession });
    expect(result.status).toBe('cancelled');
    expect(result.step).toBeLessThan(80);
  });

  it('keeps a cancelled run at the step it stopped, and resuming from there gives the uninterrupted weights', async () => {
    const module = await nodeWasmModule();
    const quietRequest = { ...request, checkpointMs: 1e9 }; // no checkpoint on the way
    const r = recorder((p, session) => {
      if (p.step >= 10) session().cancel();
    });
    const cancelled = await trainOrganelle(module, quietRequest, r.callbacks, { onSession: r.onSession });
    if (cancelled.status !== 'cancelled') throw new Error('not cancelled');
    expect(r.checkpoints).toEqual([]);
    expect(cancelled.checkpoint?.step).toBe(cancelled.step);
    const kept = decodeModelFile(cancelled.checkpoint!.bytes);
    expect(kept.recipe.stepsDone).toBe(cancelled.step);
    expect(kept.optimizer).toBeDefined();

    const resumed = await trainOrganelle(module, { ...quietRequest, checkpoint: cancelled.checkpoint!.bytes }, recorder().callbacks);
    const straight = await trainOrganelle(module, quietRequest, recorder().callbacks);
    if (resumed.status !== 'done' || straight.status !== 'done') throw new Error('a run did not finish');
    expect(paramsHash(resumed.model)).toBe(paramsHash(straight.model));
  });

  it('stops a run that diverges, with what to try, and hands out nothing after its last good step', async () => {
    const module = await nodeWasmModule();
    const r = recorder();
    await trainOrganelle(module, { ...request, steps: 20 }, r.callbacks);
    // the run's checkpoint at step 20 of 80, its recipe's learning rate set far past the limits
    const good = decodeModelFile(r.checkpoints.at(-1)!.bytes);
    const hot = encodeModelFile({ ...good, recipe: { ...good.recipe, config: { ...good.recipe.config, steps: 80, learningRate: 1e6 } } });

    const after = recorder();
    const result = await trainOrganelle(module, { ...request, checkpoint: hot }, after.callbacks);
    if (result.status !== 'diverged') throw new Error(`expected the run to diverge, it ended ${result.status}`);
    expect(result.step).toBeGreaterThan(20);
    expect(result.step).toBeLessThan(40);
    expect(result.message).toMatch(
      /^Training diverged at step \d+: (the gradient norm is \S+ \(loss \S+\)|the loss is NaN)\. Try a lower learning rate: this run's is 1000000, the default 0\.001\.$/,
    );
    // every checkpoint it handed out came before the step that diverged (and decodes: its weights are finite)
    for (const c of after.checkpoints) {
      expect(c.step).toBeLessThan(result.step);
      expect(decodeModelFile(c.bytes).recipe.stepsDone).toBe(c.step);
    }
    // and no progress it reported had a loss that is not a number
    expect(after.progress.every((p) => p.curve.losses.every(Number.isFinite))).toBe(true);
  });

  it('names the problem when a recipe is unknown or a checkpoint cannot resume', async () => {
    const module = await nodeWasmModule();
    await expect(
      trainOrganelle(module, { ...request, source: { kind: 'recipe', recipeId: 'nope/none' } }, recorder().callbacks),
    ).rejects.toThrow(/no organelle recipe "nope\/none"/);
    const done = await trainOrganelle(module, { ...request, steps: 5 }, recorder().callbacks);
    if (done.status !== 'done') throw new Error('not done');
    await expect(trainOrganelle(module, { ...request, checkpoint: done.model }, recorder().callbacks)).rejects.toThrow(
      /no optimizer state/,
    );
  });
});
