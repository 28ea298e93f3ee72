// The browser worker's training job, run in Node on the same wasm: a run trains to the end
// and evaluates itself; pausing, resuming and continuing from a checkpoint all give the
// weights of an uninterrupted run, bit for bit; cancel stops it.
import { describe, expect, it } from 'vitest';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { trainOrganelle } from '../../worker/browser/train.ts';
import { TrainingSession } from '../../worker/browser/training-session.ts';
import type { TrainCallbacks, TrainCheckpoint, TrainProgress, TrainRequest } from '../../worker/browser/messages.ts';
import { decodeModelFile } from '../../worker/model/model-file.ts';
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
