// Bad inputs fail with errors that say what is wrong: characters outside the vocabulary,
// shapes the kernels cannot run, and model files that are truncated, corrupted, not model
// files or from a newer format. Good files round-trip: a saved model generates exactly as
// the original, and a run saved with its optimizer state resumes bit-identically.
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../worker/engine.ts';
import { Organelle, type NewOrganelleOptions } from '../../worker/organelle.ts';
import { VocabError } from '../../worker/model/vocab.ts';
import { decodeModelFile, ModelFileError, type ModelFileCheck } from '../../worker/model/model-file.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { assertIdentical } from '../helpers/wasm.ts';

const CORPUS = [
  'm=14,x,12,12|b=7|valid=up,left,right\nleft',
  'm=3,o|b=2|valid=down\ndown',
  'k=9|valid=a,b\nb',
  'p=1,2,3|q=6|valid=none\nstop',
  'a=0\nyes',
].join('\n\n');

function options(seed: number, steps = 60): NewOrganelleOptions {
  return {
    name: 'errors',
    corpusId: 'test/errors',
    corpusText: CORPUS,
    architecture: { embd: 16, heads: 4, layers: 2, mlp: 32, block: 48 },
    seed,
    config: { steps, warmupSteps: 5, learningRate: 3e-3, batchDocs: 4, weightDecay: 0.01, labelSmoothing: 0.1 },
  };
}

let module: WebAssembly.Module;
beforeAll(async () => {
  module = await nodeWasmModule();
});

// ---------------------------------------------------------------------------------------

describe('prompts outside the vocabulary', () => {
  it('Organelle.complete throws a VocabError naming the character and its index', async () => {
    const organelle = await Organelle.create(module, options(1));
    let error: unknown;
    try {
      organelle.complete('m=14,Z');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(VocabError);
    const ve = error as VocabError;
    expect(ve.char).toBe('Z');
    expect(ve.index).toBe(5);
    expect(ve.message).toBe("prompt character 'Z' (U+005A) at index 5 is not in this model's vocabulary");
    expect(() => organelle.complete('a=\t')).toThrow(/U\+0009 at index 2/);
  });
});

describe('invalid shapes', () => {
  const base = { vocabSize: 10, embd: 16, heads: 2, layers: 1, mlp: 16, block: 16 };
  const cases: [string, object, RegExp][] = [
    ['head size not a multiple of 4', { embd: 12, heads: 2 }, /head size 6 must be a multiple of 4/],
    ['embd not divisible by heads', { embd: 16, heads: 3 }, /embd 16 is not divisible by heads 3/],
    ['mlp not a multiple of 4', { mlp: 18 }, /mlp 18 must be a multiple of 4/],
    ['zero layers', { layers: 0 }, /layers must be a positive integer, got 0/],
    ['block too long', { block: 2048 }, /block 2048 exceeds 1024/],
    ['vocabulary of one', { vocabSize: 1 }, /vocabSize must be at least 2/],
  ];
  for (const [name, change, message] of cases) {
    it(`Engine.create refuses ${name}`, async () => {
      await expect(Engine.create(module, { ...base, ...change })).rejects.toThrow(message);
    });
  }
  it('Engine.create refuses bad batch and vote counts', async () => {
    await expect(Engine.create(module, base, { batchDocs: 0 })).rejects.toThrow(/batchDocs must be 1\.\.64, got 0/);
    await expect(Engine.create(module, base, { voteSlots: 33 })).rejects.toThrow(/voteSlots must be 1\.\.32, got 33/);
  });
});

// ---------------------------------------------------------------------------------------

describe('model files', () => {
  let trained: Organelle;
  let bytes: Uint8Array;
  beforeAll(async () => {
    trained = await Organelle.create(module, options(7));
    for (let s = 0; s < 20; s++) trained.trainStep();
    bytes = trained.toFile();
  });

  it('round-trip through toFile / fromFile with identical weights and generations', async () => {
    const loaded = await Organelle.fromFile(module, bytes);
    assertIdentical('loaded params', loaded.engine.getParams(), trained.engine.getParams());
    expect(loaded.vocab.chars).toBe(trained.vocab.chars);
    expect(loaded.shape).toEqual(trained.shape);
    for (const prompt of ['m=3,o|b=2|valid=down', 'a=0', 'k=9|valid=a,b', 'q=1']) {
      expect(loaded.complete(prompt), `greedy ${prompt}`).toEqual(trained.complete(prompt));
      trained.engine.seedSampling(11);
      loaded.engine.seedSampling(11);
      const temperatures = [0.5, 1, 1.5];
      expect(loaded.complete(prompt, { votes: 3, temperatures }), `sampled ${prompt}`).toEqual(
        trained.complete(prompt, { votes: 3, temperatures }),
      );
    }
  });

  /** fromFile must reject with a ModelFileError for `check` whose message matches. */
  async function expectRefused(file: Uint8Array, check: ModelFileCheck, message: RegExp) {
    let error: unknown;
    try {
      await Organelle.fromFile(module, file);
    } catch (e) {
      error = e;
    }
    expect(error, `expected the ${check} check to refuse the file`).toBeInstanceOf(ModelFileError);
    expect((error as ModelFileError).check).toBe(check);
    expect((error as Error).message).toMatch(message);
  }

  it('refuses a truncated file', async () => {
    await expectRefused(bytes.slice(0, bytes.length - 9), 'truncated', /truncated: expected [\d,]+ bytes, got [\d,]+/);
    await expectRefused(bytes.slice(0, 12), 'truncated', /truncated: expected at least 16 bytes, got 12/);
  });

  it('refuses a corrupted file', async () => {
    const bad = bytes.slice();
    bad[bad.length - 100] ^= 0x10; // one bit of the weights
    await expectRefused(bad, 'checksum', /corrupted: checksum mismatch/);
  });

  it('refuses a file with the wrong magic', async () => {
    const bad = bytes.slice();
    bad.set(new TextEncoder().encode('GGUF'), 0);
    await expectRefused(bad, 'magic', /wrong magic bytes \(expected "ORGANELL"\)/);
    await expectRefused(new TextEncoder().encode('{"shape":1}'), 'magic', /Not an \.organelle model file/);
  });

  it('refuses a file from a newer format version', async () => {
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(8, 3, true);
    await expectRefused(bad, 'version', /format version 3 is newer than this app supports \(2\)/);
  });

  it('refuses to resume against a different corpus', async () => {
    await expect(Organelle.fromFile(module, trained.toFile(true), CORPUS + '\n\nz=1\nno')).rejects.toThrow(
      /corpus version [0-9a-f]{8} differs from the model's recipe/,
    );
  });
});

// ---------------------------------------------------------------------------------------

describe('resuming training', () => {
  it('30 steps, save with optimizer state, load, 30 more == 60 straight, bit for bit', async () => {
    const straight = await Organelle.create(module, options(99));
    const straightLosses: number[] = [];
    for (let s = 0; s < 60; s++) straightLosses.push(straight.trainStep());

    const first = await Organelle.create(module, options(99));
    for (let s = 0; s < 30; s++) first.trainStep();
    const file = first.toFile(true);

    for (const how of ['fromFile', 'fromModel'] as const) {
      const resumed = how === 'fromFile'
        ? await Organelle.fromFile(module, file, CORPUS)
        : await Organelle.fromModel(module, decodeModelFile(file), CORPUS);
      expect(resumed.stepsDone, how).toBe(30);
      const losses: number[] = [];
      for (let s = 0; s < 30; s++) losses.push(resumed.trainStep());
      expect(resumed.stepsDone).toBe(60);
      expect(losses, `${how}: losses of steps 31..60`).toEqual(straightLosses.slice(30));
      assertIdentical(`${how}: params after 60 steps`, resumed.engine.getParams(), straight.engine.getParams());
      const a = resumed.engine.getOptimizerState();
      const b = straight.engine.getOptimizerState();
      assertIdentical(`${how}: adam m`, a.m, b.m);
      assertIdentical(`${how}: adam v`, a.v, b.v);
      expect(a.rngState).toEqual(b.rngState);
      expect(resumed.toModel().recipe).toEqual(straight.toModel().recipe);
    }
  });
});
