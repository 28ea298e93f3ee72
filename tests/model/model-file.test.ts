// The .organelle format: bit-exact round trips and one refusal per failed check.
import { describe, expect, it } from 'vitest';
import {
  decodeModelFile,
  encodeModelFile,
  fnv1a32,
  ModelFileError,
  modelFingerprint,
  type ModelFileCheck,
  type OrganelleModel,
} from '../../worker/model/model-file.ts';
import { parameterCount, SHAPE_PRESETS, type ModelShape } from '../../worker/model/shape.ts';
import type { TrainingRecipe } from '../../worker/model/types.ts';
import { DEFAULT_TRAIN_CONFIG } from '../../worker/model/recipe.ts';
import { SubwordVocab } from '../../worker/model/subword.ts';
import { Vocab } from '../../worker/model/vocab.ts';
import { modelTokenizer } from '../../worker/model/model-file.ts';

const SHAPE: ModelShape = { vocabSize: 5, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 };
const VOCAB = '\nabc';

const RECIPE: TrainingRecipe = {
  corpusId: 'test/tiny',
  corpusVersion: '0badf00d',
  seed: 42,
  stepsDone: 7,
  config: {
    steps: 100,
    batchDocs: 8,
    learningRate: 3e-3,
    warmupSteps: 10,
    beta1: 0.9,
    beta2: 0.999,
    eps: 1e-8,
    weightDecay: 0.01,
    gradClip: 1,
    labelSmoothing: 0,
    responseOnlyLoss: true,
  },
};

/**
 * Deterministic finite floats covering awkward bit patterns: -0, subnormals, the largest
 * finite magnitudes. (Infinities and NaNs are refused: the 'weights' check.)
 */
function floats(n: number, seed: number): Float32Array {
  const out = new Float32Array(n);
  const bits = new Uint32Array(out.buffer);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    // an all-ones exponent is an infinity or a NaN: take the next exponent down
    bits[i] = (s & 0x7f800000) === 0x7f800000 ? s ^ 0x00800000 : s;
  }
  bits[0] = 0x80000000; // -0
  bits[1] = 0x00000001; // smallest subnormal
  bits[2] = 0x7f7fffff; // largest finite
  bits[3] = 0xff7fffff; // most negative finite
  return out;
}

function model(shape = SHAPE, vocab = VOCAB, withOptimizer = false): OrganelleModel {
  const n = parameterCount(shape);
  const m: OrganelleModel = { shape, vocabChars: vocab, recipe: RECIPE, params: floats(n, 1) };
  if (withOptimizer) {
    m.optimizer = { step: 7, m: floats(n, 2), v: floats(n, 3), rngState: [1, 0xffffffff, 123456789, 0] };
  }
  return m;
}

function bitsOf(a: Float32Array): number[] {
  return Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));
}

function checkOf(fn: () => unknown): { check: ModelFileCheck; message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ModelFileError);
    return { check: (e as ModelFileError).check, message: (e as ModelFileError).message };
  }
  throw new Error('expected decodeModelFile to throw');
}

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);

/** Rewrites the header JSON of a valid file, keeping its body, with a fresh valid checksum. */
function withHeader(file: Uint8Array, edit: (header: string) => string): Uint8Array {
  const headerLen = u32(file, 12);
  const oldStart = (16 + headerLen + 3) & ~3;
  const header = new TextEncoder().encode(edit(new TextDecoder().decode(file.subarray(16, 16 + headerLen))));
  return assemble(header, file.subarray(oldStart, file.length - 4), u32(file, 8));
}

function assemble(header: Uint8Array, body: Uint8Array, version = 1): Uint8Array {
  const start = (16 + header.length + 3) & ~3;
  const out = new Uint8Array(start + body.length + 4);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode('ORGANELL'));
  view.setUint32(8, version, true);
  view.setUint32(12, header.length, true);
  out.set(header, 16);
  out.set(body, start);
  view.setUint32(out.length - 4, fnv1a32(out.subarray(0, out.length - 4)), true);
  return out;
}

describe('round trip', () => {
  it('keeps weights bit-exact and omits the optimizer when there is none', () => {
    const m = model();
    m.name = 'tiny mover';
    const back = decodeModelFile(encodeModelFile(m));
    expect(back.shape).toEqual(SHAPE);
    expect(back.vocabChars).toBe(VOCAB);
    expect(back.recipe).toEqual(RECIPE);
    expect(back.name).toBe('tiny mover');
    expect(bitsOf(back.params)).toEqual(bitsOf(m.params));
    expect('optimizer' in back).toBe(false);
    expect('createdAt' in back).toBe(false);
  });

  it('keeps optimizer state, metadata and evaluation, on a preset shape', () => {
    const vocab = '\n !#$%&()*+,-./0123456789';
    const shape = { ...SHAPE_PRESETS['30k'], vocabSize: vocab.length + 1 };
    const m = model(shape, vocab, true);
    m.createdAt = '2025-01-02T03:04:05.000Z';
    m.evaluation = { solveRate: 0.875, meanMoves: 21.5 };
    const file = encodeModelFile(m);
    expect(file.length % 4).toBe(0);
    const back = decodeModelFile(file);
    expect(bitsOf(back.params)).toEqual(bitsOf(m.params));
    expect(back.optimizer?.step).toBe(7);
    expect(back.optimizer?.rngState).toEqual([1, 0xffffffff, 123456789, 0]);
    expect(bitsOf(back.optimizer!.m)).toEqual(bitsOf(m.optimizer!.m));
    expect(bitsOf(back.optimizer!.v)).toEqual(bitsOf(m.optimizer!.v));
    expect(back.createdAt).toBe(m.createdAt);
    expect(back.evaluation).toEqual(m.evaluation);
  });

  it('keeps example documents, and refuses examples that are not documents', () => {
    const m = model();
    m.examples = [{ prompt: 'ab', response: 'c', heldOut: true }, { prompt: 'b', response: 'ca', heldOut: false }];
    const file = encodeModelFile(m);
    expect(decodeModelFile(file).examples).toEqual(m.examples);
    expect('examples' in decodeModelFile(encodeModelFile(model()))).toBe(false);
    const bad = withHeader(file, (h) => h.replace('"heldOut":false', '"heldOut":"no"'));
    expect(checkOf(() => decodeModelFile(bad))).toEqual({
      check: 'header',
      message: 'Model file header is unreadable: examples[1] is not a { prompt, response, heldOut } document',
    });
    const notList = withHeader(file, (h) => h.replace(/"examples":\[.*\]/, '"examples":{}'));
    expect(checkOf(() => decodeModelFile(notList)).message).toBe('Model file header is unreadable: examples is not a list');
  });

  it('decodes into copies, even from an unaligned view', () => {
    const file = encodeModelFile(model(SHAPE, VOCAB, true));
    const big = new Uint8Array(file.length + 3);
    big.set(file, 1);
    const view = big.subarray(1, 1 + file.length);
    const back = decodeModelFile(view);
    expect(back.params.buffer).not.toBe(big.buffer);
    expect(back.optimizer!.m.buffer).not.toBe(big.buffer);
    const before = bitsOf(back.params);
    big.fill(0);
    expect(bitsOf(back.params)).toEqual(before);
  });

  it('refuses to encode an inconsistent model', () => {
    expect(() => encodeModelFile({ ...model(), params: new Float32Array(3) })).toThrow(/3 params/);
    expect(() => encodeModelFile({ ...model(), vocabChars: '\nab' })).toThrow(/vocabulary has 3 characters/);
    expect(() => encodeModelFile({ ...model(), evaluation: { x: NaN } })).toThrow(/evaluation\.x/);
  });

  it('refuses to encode weights or optimizer state that are not finite numbers (weights)', () => {
    const nan = model();
    nan.params = nan.params.slice();
    nan.params[5] = NaN;
    expect(checkOf(() => encodeModelFile(nan))).toEqual({
      check: 'weights',
      message: expect.stringMatching(/^Model has weights that are not finite numbers: parameter 5 of [\d,]+ is NaN \(a training run that diverged/),
    });
    const inf = model(SHAPE, VOCAB, true);
    inf.optimizer = { ...inf.optimizer!, v: inf.optimizer!.v.slice() };
    inf.optimizer.v[0] = Infinity;
    expect(checkOf(() => encodeModelFile(inf)).message).toMatch(/optimizer's second moment 0 of [\d,]+ is Infinity/);
  });
});

describe('decode checks', () => {
  const file = encodeModelFile(model(SHAPE, VOCAB, true));

  it('truncated: at every stage of the file', () => {
    const dataStart = (16 + u32(file, 12) + 3) & ~3;
    for (const len of [0, 3, 8, 15, 16, 40, dataStart, dataStart + 10, file.length - 4, file.length - 1]) {
      expect(checkOf(() => decodeModelFile(file.subarray(0, len))).check, `length ${len}`).toBe('truncated');
    }
    const grouped = file.length.toLocaleString('en-US');
    expect(checkOf(() => decodeModelFile(file.subarray(0, 1000))).message).toBe(
      `Model file is truncated: expected ${grouped} bytes, got 1,000`,
    );
  });

  it('magic: other files are not models', () => {
    const bad = file.slice();
    bad[0] = 'X'.charCodeAt(0);
    const r = checkOf(() => decodeModelFile(bad));
    expect(r).toEqual({
      check: 'magic',
      message: 'Not an .organelle model file: wrong magic bytes (expected "ORGANELL")',
    });
    expect(checkOf(() => decodeModelFile(new TextEncoder().encode('{"hi": 1}'))).check).toBe('magic');
    expect(checkOf(() => decodeModelFile(new Uint8Array([0x89, 0x50]))).check).toBe('magic');
  });

  it('version: newer and unknown formats', () => {
    const v3 = file.slice();
    new DataView(v3.buffer).setUint32(8, 3, true);
    expect(checkOf(() => decodeModelFile(v3))).toEqual({
      check: 'version',
      message: 'Model file format version 3 is newer than this app supports (2)',
    });
    const v0 = file.slice();
    new DataView(v0.buffer).setUint32(8, 0, true);
    expect(checkOf(() => decodeModelFile(v0)).check).toBe('version');
  });

  it('header: unreadable JSON or missing fields, even with a valid checksum', () => {
    const garbage = assemble(new TextEncoder().encode('{"shape": [oops'), new Uint8Array(64));
    expect(checkOf(() => decodeModelFile(garbage))).toEqual({
      check: 'header',
      message: 'Model file header is unreadable: it is not valid JSON',
    });
    const notUtf8 = assemble(new Uint8Array([0x7b, 0xff, 0x7d]), new Uint8Array(8));
    expect(checkOf(() => decodeModelFile(notUtf8)).message).toMatch(/not valid UTF-8/);
    const noRecipe = withHeader(file, (h) => h.replace('"recipe"', '"recipé"'));
    expect(checkOf(() => decodeModelFile(noRecipe))).toEqual({
      check: 'header',
      message: 'Model file header is unreadable: recipe is missing',
    });
    const badVocab = withHeader(file, (h) => h.replace('"vocab":"\\nabc"', '"vocab":"\\naba"'));
    expect(checkOf(() => decodeModelFile(badVocab)).message).toMatch(/appears twice/);
  });

  it('shape: architecture the kernels cannot run, or a vocabulary that does not match it', () => {
    const heads = withHeader(file, (h) => h.replace('"heads":2', '"heads":3'));
    expect(checkOf(() => decodeModelFile(heads))).toEqual({
      check: 'shape',
      message: 'Model file has an invalid architecture: shape: embd 8 is not divisible by heads 3',
    });
    const vocab = withHeader(file, (h) => h.replace('"vocab":"\\nabc"', '"vocab":"\\nab"'));
    expect(checkOf(() => decodeModelFile(vocab)).message).toMatch(/vocabulary has 3 characters but vocabSize 5 needs 4/);
  });

  it('size: parameter count or length that does not match the architecture', () => {
    const count = withHeader(file, (h) => h.replace('"paramCount":528', '"paramCount":527'));
    expect(checkOf(() => decodeModelFile(count))).toEqual({
      check: 'size',
      message: 'Model file size mismatch: it declares 527 parameters but its architecture has 528',
    });
    const longer = new Uint8Array(file.length + 4);
    longer.set(file);
    expect(checkOf(() => decodeModelFile(longer)).check).toBe('size');
  });

  it('weights: a NaN or an infinity anywhere in the weights or optimizer state, checksum and all intact', () => {
    const dataStart = (16 + u32(file, 12) + 3) & ~3;
    const n = parameterCount(SHAPE);
    const cases: [number, number, RegExp][] = [
      [dataStart + 4 * 7, NaN, /parameter 7 of [\d,]+ is NaN/],
      [dataStart + 4 * (n - 1), -Infinity, /parameter [\d,]+ of [\d,]+ is -Infinity/],
      [dataStart + 4 * n + 20 + 4 * 3, NaN, /optimizer's first moment 3 of/],
    ];
    for (const [at, value, message] of cases) {
      const bad = file.slice();
      new DataView(bad.buffer).setFloat32(at, value, true);
      new DataView(bad.buffer).setUint32(bad.length - 4, fnv1a32(bad.subarray(0, bad.length - 4)), true);
      const refused = checkOf(() => decodeModelFile(bad));
      expect(refused.check, `byte ${at}`).toBe('weights');
      expect(refused.message).toMatch(message);
    }
  });

  it('checksum: any flipped bit in weights, optimizer state or the checksum', () => {
    const dataStart = (16 + u32(file, 12) + 3) & ~3;
    for (const at of [dataStart, dataStart + 1001, file.length - 100, file.length - 1]) {
      const bad = file.slice();
      bad[at] ^= 0x10;
      expect(checkOf(() => decodeModelFile(bad)), `byte ${at}`).toEqual({
        check: 'checksum',
        message: 'Model file is corrupted: checksum mismatch',
      });
    }
  });
});

describe('modelFingerprint', () => {
  it('identifies architecture, vocabulary and weights only', () => {
    const m = model();
    const f = modelFingerprint(m);
    expect(f).toMatch(/^[0-9a-f]{16}$/);
    expect(modelFingerprint(decodeModelFile(encodeModelFile({ ...m, name: 'renamed' })))).toBe(f);
    const params = m.params.slice();
    new Uint32Array(params.buffer)[100] ^= 1; // the smallest change a float can take
    expect(modelFingerprint({ ...m, params })).not.toBe(f);
    expect(modelFingerprint({ ...m, vocabChars: '\nabd' })).not.toBe(f);
  });
});

describe('decoding from a Node Buffer', () => {
  it('copies exactly the weights when the bytes are a view into a larger pool', async () => {
    const { Buffer } = await import('node:buffer');
    const shape = { vocabSize: 3, embd: 4, heads: 1, layers: 1, mlp: 4, block: 4 };
    const n = parameterCount(shape);
    const params = Float32Array.from({ length: n }, (_, i) => i * 0.5);
    const recipe = {
      corpusId: 'pool', corpusVersion: '00000000', seed: 1, stepsDone: 0,
      config: { ...DEFAULT_TRAIN_CONFIG },
    };
    const file = encodeModelFile({ shape, vocabChars: '\na', recipe, params });
    // Buffer.from(string) and small allocations share an 8 KiB pool: byteOffset != 0
    const pooled = Buffer.from(file);
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const decoded = decodeModelFile(pooled);
    expect(decoded.params.length).toBe(n);
    expect(Array.from(decoded.params)).toEqual(Array.from(params));
  });
});

describe('ALiBi in the model file', () => {
  it('round-trips shape.alibi, writes it only when on, and gives the model its own fingerprint', () => {
    const base = model();
    const withAlibi = { ...base, shape: { ...base.shape, alibi: true } };
    expect(decodeModelFile(encodeModelFile(withAlibi)).shape.alibi).toBe(true);
    const plain = encodeModelFile({ ...base, shape: { ...base.shape, alibi: false } });
    expect(plain).toEqual(encodeModelFile(base));
    expect(decodeModelFile(plain).shape.alibi).toBeUndefined();
    expect(modelFingerprint(withAlibi)).not.toBe(modelFingerprint(base));
  });
});

// ---- subword vocabularies (issue 52, item 2)

const SUBWORD_CORPUS = [
  'the mean of the signal|blocked=\nmean',
  'the rolling mean of the data|blocked=\nrolling_mean(4)',
  'the median of the signal|blocked=median(low_conf)\nnone',
].join('\n\n');
const SUBWORD_PIECES = SUBWORD_CORPUS.split(/\n+/);

function subwordModel(vocabSize = 50): OrganelleModel {
  const v = SubwordVocab.train(SUBWORD_CORPUS, SUBWORD_PIECES, { vocabSize, protected: ['rolling_mean'] });
  const shape = { ...SHAPE, vocabSize: v.size };
  return { shape, vocabChars: v.chars, tokenizer: v.spec, recipe: RECIPE, params: floats(parameterCount(shape), 5) };
}

describe('a subword vocabulary in the model file', () => {
  it('round-trips as format version 2, its embedding and head sized by the vocabulary', () => {
    const m = subwordModel();
    expect(m.tokenizer!.merges.length).toBeGreaterThan(5);
    expect(m.shape.vocabSize).toBe(50);
    const file = encodeModelFile(m);
    expect(u32(file, 8)).toBe(2);
    const back = decodeModelFile(file);
    expect(back.tokenizer).toEqual(m.tokenizer);
    expect(back.vocabChars).toBe(m.vocabChars);
    expect(back.shape.vocabSize).toBe(m.vocabChars.length + 1 + 1 + m.tokenizer!.merges.length);
    expect(bitsOf(back.params)).toEqual(bitsOf(m.params));
    const t = modelTokenizer(back);
    expect(t.kind).toBe('subword');
    expect(t.decode(t.encode('the rolling mean'))).toBe('the rolling mean');
    expect(encodeModelFile(back)).toEqual(file);
  });

  it('writes a char model as version 1 without a tokenizer field, as before', () => {
    const file = encodeModelFile(model());
    expect(u32(file, 8)).toBe(1);
    expect(new TextDecoder().decode(file.subarray(16, 16 + u32(file, 12)))).not.toContain('tokenizer');
    expect(decodeModelFile(file).tokenizer).toBeUndefined();
    expect(modelTokenizer(decodeModelFile(file))).toBeInstanceOf(Vocab);
  });

  it('still reads a shipped (version 1) model as a char model, with the fingerprint its reports name', async () => {
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(new URL('../../public/models/tictactoe/planner.organelle', import.meta.url));
    expect(u32(bytes, 8)).toBe(1);
    const m = decodeModelFile(bytes);
    expect(m.tokenizer).toBeUndefined();
    const t = modelTokenizer(m);
    expect(t.kind).toBe('char');
    expect(t.size).toBe(m.shape.vocabSize);
    const report = JSON.parse(await readFile(new URL('../../docs/results/tictactoe-random-first.json', import.meta.url), 'utf8'));
    expect(modelFingerprint(m)).toBe(report.model_fingerprints.planner);
  });

  it('tokenizer: tampered units, merges or sizes are refused, checksum and all intact', () => {
    const file = encodeModelFile(subwordModel());
    const tampered = withHeader(file, (h) => h.replace('"units":["rolling_mean","', '"units":["rolling_mean","X'));
    expect(checkOf(() => decodeModelFile(tampered))).toMatchObject({
      check: 'tokenizer',
      message: expect.stringMatching(/^Model file has an inconsistent subword vocabulary: unit \d+ is "X.*" but its merge gives /),
    });
    const header = JSON.parse(new TextDecoder().decode(file.subarray(16, 16 + u32(file, 12))));
    const dropLast = (h: string) => {
      const j = JSON.parse(h);
      j.tokenizer.merges.pop();
      j.tokenizer.units.pop();
      return JSON.stringify(j);
    };
    expect(checkOf(() => decodeModelFile(withHeader(file, dropLast)))).toEqual({
      check: 'tokenizer',
      message: `Model file's subword vocabulary does not match its architecture: it has ${header.shape.vocabSize - 2} units but vocabSize ${header.shape.vocabSize} needs ${header.shape.vocabSize - 1}`,
    });
    const selfMerge = (h: string) => {
      const j = JSON.parse(h);
      j.tokenizer.merges[2] = [0, 1]; // '\n' joined to something
      return JSON.stringify(j);
    };
    expect(checkOf(() => decodeModelFile(withHeader(file, selfMerge))).check).toBe('tokenizer');
    // structure: the header check
    const noMerges = withHeader(file, (h) => h.replace('"merges":', '"merged":'));
    expect(checkOf(() => decodeModelFile(noMerges))).toEqual({
      check: 'header',
      message: 'Model file header is unreadable: tokenizer.merges is not a list of [number, number] pairs',
    });
    const dropout = (p: unknown) => (h: string) => {
      const j = JSON.parse(h);
      j.tokenizer.mergeDropout = p;
      return JSON.stringify(j);
    };
    expect(decodeModelFile(withHeader(file, dropout(0.1))).tokenizer!.mergeDropout).toBe(0.1);
    expect(checkOf(() => decodeModelFile(withHeader(file, dropout(1.5))))).toEqual({
      check: 'header',
      message: 'Model file header is unreadable: tokenizer.mergeDropout 1.5 is not a probability in (0, 1)',
    });
    const noTokenizer = withHeader(file, (h) => h.replace('"tokenizer":', '"tokenise":'));
    expect(checkOf(() => decodeModelFile(noTokenizer)).message).toBe(
      'Model file header is unreadable: tokenizer is missing (a version 2 file carries it)',
    );
    const asV1 = file.slice();
    new DataView(asV1.buffer).setUint32(8, 1, true);
    expect(checkOf(() => decodeModelFile(asV1))).toEqual({
      check: 'header',
      message: 'Model file header is unreadable: a version 1 file has no tokenizer field (version 2 carries it)',
    });
    // a flipped unit without a fresh checksum: the vocabulary check comes first, naming what is wrong
    const flipped = file.slice();
    const at = new TextDecoder().decode(file.subarray(0, 16 + u32(file, 12))).indexOf('"units":["rolling_mean","') + 25;
    flipped[at] ^= 1;
    expect(checkOf(() => decodeModelFile(flipped)).check).toBe('tokenizer');
  });

  it('refuses to encode a model whose vocabulary does not match its shape', () => {
    const m = subwordModel();
    expect(() => encodeModelFile({ ...m, shape: { ...m.shape, vocabSize: m.shape.vocabSize + 1 } })).toThrow(
      /encodeModelFile: vocabulary has \d+ units but shape.vocabSize/,
    );
  });

  it('fingerprint: covers the subword vocabulary, and a char model keeps the one it always had', () => {
    const m = subwordModel();
    const f = modelFingerprint(m);
    const t = m.tokenizer!;
    // the same shape and weights, another vocabulary: the last two merges swapped
    const k = t.merges.length - 1;
    const merges = [...t.merges.slice(0, k - 1), t.merges[k], t.merges[k - 1]];
    const units = [...t.units.slice(0, -2), t.units[k + 1], t.units[k]];
    expect(modelFingerprint({ ...m, tokenizer: { ...t, merges, units } })).not.toBe(f);
    expect(modelFingerprint({ ...m, tokenizer: { ...t, protected: [] } })).not.toBe(f);
    expect(modelFingerprint(decodeModelFile(encodeModelFile(m)))).toBe(f);
    // without a tokenizer the formula is the one before issue 52
    const c = model();
    const { vocabSize, embd, heads, layers, mlp, block } = c.shape;
    const head = new TextEncoder().encode(JSON.stringify([vocabSize, embd, heads, layers, mlp, block, c.vocabChars]));
    const bytes = new Uint8Array(c.params.buffer);
    const old = fnv1a32(bytes, fnv1a32(head)).toString(16).padStart(8, '0') + fnv1a32(bytes, fnv1a32(head, 0x9e3779b9)).toString(16).padStart(8, '0');
    expect(modelFingerprint(c)).toBe(old);
  });
});
