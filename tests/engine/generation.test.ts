// KV-cached generation against the reference model run token by token on the growing
// sequence: greedy tokens and their probabilities, votes sharing the prompt's cache (greedy
// votes stay equal to the single greedy answer however the other votes sample), seeded
// sampling that reproduces and follows softmax(z / T), and prompts too long for the block.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine.ts';
import { Organelle } from '../../worker/organelle.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import type { ModelShape } from '../../worker/model/shape.ts';
import { referenceForward } from '../../worker/reference/gpt.ts';
import { makeTrainConfig } from '../../worker/model/recipe.ts';
import { assertClose, mulberry32, newEngine, report } from '../helpers/wasm.ts';

const SHAPE: ModelShape = { vocabSize: 35, embd: 48, heads: 4, layers: 2, mlp: 96, block: 24 };
const BOS = SHAPE.vocabSize - 1;
const NEWLINE = 0;

/** Softmax (float64) of the reference's last-position logits for `seq` as one document. */
function nextTokenProbs(engine: Engine, params: Float64Array, seq: number[]): Float64Array {
  const n = seq.length;
  const batch = {
    tokens: Int32Array.from(seq),
    targets: new Int32Array(n),
    mask: new Uint8Array(n), // nothing counted: logits only
    docStarts: Int32Array.from([0, n]),
  };
  const { logits } = referenceForward(engine.shape, params, batch, 0);
  const V = engine.shape.vocabSize;
  const z = logits.subarray((n - 1) * V, n * V);
  const mx = Math.max(...z);
  const e = z.map((v) => Math.exp(v - mx));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/**
 * Greedy decoding with the reference: the sequence fed back is at most `block` positions
 * (a sequence of block+1 tokens is a full training document), and a stop token ends it.
 */
function referenceGreedy(engine: Engine, prompt: number[], maxNew: number, stop: number[]) {
  const params = Float64Array.from(engine.getParams());
  const tokens: number[] = [];
  const probs: number[] = [];
  let minGap = Infinity;
  while (tokens.length < maxNew && prompt.length + tokens.length <= engine.shape.block) {
    const p = nextTokenProbs(engine, params, [...prompt, ...tokens]);
    let best = 0;
    for (let v = 1; v < p.length; v++) if (p[v] > p[best]) best = v;
    const second = Math.max(...p.filter((_, v) => v !== best));
    minGap = Math.min(minGap, Math.log(p[best]) - Math.log(second));
    if (stop.includes(best)) break;
    tokens.push(best);
    probs.push(p[best]);
  }
  return { tokens, probs, minGap };
}

function randomPrompt(len: number, rand: () => number): Int32Array {
  const p = new Int32Array(len);
  p[0] = BOS;
  for (let i = 1; i < len; i++) p[i] = 1 + Math.floor(rand() * (SHAPE.vocabSize - 2));
  return p;
}

let engine: Engine;
beforeAll(async () => {
  engine = await newEngine(SHAPE, { batchDocs: 1, voteSlots: 8 });
  engine.initWeights(2024);
});

// ---------------------------------------------------------------------------------------

describe('greedy generation vs the reference, token by token', () => {
  const cases = [
    { len: 1, maxNew: 12, stop: [BOS, NEWLINE] },
    { len: 5, maxNew: 12, stop: [BOS, NEWLINE] },
    { len: 9, maxNew: 40, stop: [-1, -1] }, // never stops: runs to the end of the block
    { len: 23, maxNew: 5, stop: [-1, -1] }, // one position of room
  ];
  for (const { len, maxNew, stop } of cases) {
    it(`prompt of ${len} tokens, maxNew ${maxNew}, stop ${stop.join('/')}`, () => {
      const prompt = randomPrompt(len, mulberry32(len));
      const [vote] = engine.generate({ prompt, temperatures: [0], maxNew, stop: [stop[0], stop[1]] });
      const ref = referenceGreedy(engine, Array.from(prompt), maxNew, stop);
      report(`greedy prompt ${len}: ${ref.tokens.length} tokens, smallest log-prob gap to the runner-up ${ref.minGap.toFixed(4)}`);
      expect(ref.minGap, 'the reference choice must not be a near tie').toBeGreaterThan(1e-3);
      expect(Array.from(vote.tokens)).toEqual(ref.tokens);
      assertClose(`greedy prompt ${len} token probabilities`, vote.probs, ref.probs, 1e-4, 1e-7);
    });
  }
});

describe('greedy generation with ALiBi vs the reference (prefill and cached decode both biased)', () => {
  let alibi: Engine;
  beforeAll(async () => {
    alibi = await newEngine({ ...SHAPE, alibi: true }, { batchDocs: 1, voteSlots: 8 });
    alibi.initWeights(2025);
  });
  for (const len of [1, 6, 13]) {
    it(`prompt of ${len} tokens`, () => {
      const prompt = randomPrompt(len, mulberry32(100 + len));
      const [vote] = alibi.generate({ prompt, temperatures: [0], maxNew: 24 - len, stop: [-1, -1] });
      const ref = referenceGreedy(alibi, Array.from(prompt), 24 - len, [-1, -1]);
      expect(ref.minGap, 'the reference choice must not be a near tie').toBeGreaterThan(1e-3);
      expect(Array.from(vote.tokens)).toEqual(ref.tokens);
      assertClose(`alibi greedy prompt ${len} token probabilities`, vote.probs, ref.probs, 1e-4, 1e-7);
    });
  }
});

// ---------------------------------------------------------------------------------------

describe('votes sharing the prompt cache', () => {
  const prompt = randomPrompt(6, mulberry32(6));
  const request = (temperatures: number[]) => ({ prompt, temperatures, maxNew: 16, stop: [BOS, NEWLINE] as [number, number] });

  it('3 greedy votes give three identical answers equal to the single greedy answer', () => {
    const [single] = engine.generate(request([0]));
    expect(single.tokens.length).toBeGreaterThan(0);
    const votes = engine.generate(request([0, 0, 0]));
    for (let s = 0; s < 3; s++) {
      expect(Array.from(votes[s].tokens), `vote ${s}`).toEqual(Array.from(single.tokens));
      expect(Array.from(votes[s].probs), `vote ${s} probabilities`).toEqual(Array.from(single.probs));
    }
  });

  it('greedy votes are unaffected by sampling votes beside them and by earlier generations', () => {
    const [single] = engine.generate(request([0]));
    engine.seedSampling(5);
    // a longer earlier generation fills every cache slot with other keys and values
    engine.generate({ prompt: randomPrompt(12, mulberry32(12)), temperatures: Array(8).fill(1.5), maxNew: 12, stop: [-1, -1] });
    const votes = engine.generate(request([1.5, 0, 0.9, 2, 0, 1, 0, 3]));
    for (const s of [1, 4, 6]) expect(Array.from(votes[s].tokens), `greedy vote ${s}`).toEqual(Array.from(single.tokens));
    const sampled = [0, 2, 3, 5, 7].map((s) => Array.from(votes[s].tokens).join(','));
    expect(sampled.some((t) => t !== Array.from(single.tokens).join(',')), 'hot votes should wander').toBe(true);
  });

  it('sampling with the same seed reproduces, another seed differs', () => {
    const temps = [1, 1, 1];
    engine.seedSampling(42);
    const a = engine.generate(request(temps)).map((v) => Array.from(v.tokens));
    engine.seedSampling(42);
    const b = engine.generate(request(temps)).map((v) => Array.from(v.tokens));
    engine.seedSampling(43);
    const c = engine.generate(request(temps)).map((v) => Array.from(v.tokens));
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('samples the first token from softmax(z / T)', () => {
    const T = 0.7;
    const params = Float64Array.from(engine.getParams());
    const p = nextTokenProbs(engine, params, Array.from(prompt));
    const pt = p.map((v) => v ** (1 / T));
    const zt = pt.reduce((a, b) => a + b, 0);
    const want = pt.map((v) => v / zt);
    const counts = new Float64Array(SHAPE.vocabSize);
    engine.seedSampling(9);
    const rounds = 500;
    for (let r = 0; r < rounds; r++) {
      for (const v of engine.generate({ prompt, temperatures: Array(8).fill(T), maxNew: 1, stop: [-1, -1] })) counts[v.tokens[0]]++;
    }
    const n = rounds * 8;
    for (let v = 0; v < SHAPE.vocabSize; v++) {
      const sd = Math.sqrt((n * want[v] * (1 - want[v])) || 1);
      if (Math.abs(counts[v] - n * want[v]) > 5 * sd) {
        throw new Error(`token ${v}: drawn ${counts[v]} times of ${n}, expected ${(n * want[v]).toFixed(1)} +- ${sd.toFixed(1)}`);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------

describe('generation refuses bad requests', () => {
  it('a prompt that leaves no room in the block', () => {
    const prompt = randomPrompt(SHAPE.block, mulberry32(1));
    expect(() => engine.generate({ prompt, temperatures: [0], maxNew: 4, stop: [BOS, NEWLINE] })).toThrow(
      /prompt of 24 tokens leaves no room in a block of 24/,
    );
  });

  it('more votes than cache slots, and out-of-range prompt tokens', () => {
    const prompt = randomPrompt(4, mulberry32(2));
    expect(() => engine.generate({ prompt, temperatures: Array(9).fill(0), maxNew: 4, stop: [BOS, NEWLINE] })).toThrow(/votes must be 1\.\.8, got 9/);
    prompt[2] = SHAPE.vocabSize;
    expect(() => engine.generate({ prompt, temperatures: [0], maxNew: 4, stop: [BOS, NEWLINE] })).toThrow(/prompt token 35 outside vocabulary of 35/);
  });

  it('Organelle.complete with a prompt longer than the block', async () => {
    const organelle = await Organelle.create(await nodeWasmModule(), {
      name: 'short',
      corpusId: 'test/short',
      corpusText: 'ab\nc\n\nba\ncc',
      architecture: { embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 },
      seed: 3,
      config: { steps: 1 },
    });
    expect(() => organelle.complete('ababab')).toThrow(/prompt of 6 characters does not fit the model's block of 8/);
    // BOS + 5 characters + '\n' leave one position: at most one answer character
    const last = organelle.complete('ababa', { maxNew: 10 });
    expect(last.votes).toHaveLength(1);
    expect(last.text.length).toBeLessThanOrEqual(1);
  });
});

// ---------------------------------------------------------------------------------------

describe('generation follows every change of the weights', () => {
  // Decode steps read a panel copy of the weight matrices (matmul.ts, matmul_panels), made
  // before the first generation after the weights change, and layer 0's q|k|v from a table
  // that the change empties. Each way they change must reach both: the answers then equal
  // those of a fresh engine given the same weights.
  const prompt = randomPrompt(7, mulberry32(7));
  const answers = (e: Engine) => {
    e.seedSampling(11);
    const request = (temperatures: number[]) => ({ prompt, temperatures, maxNew: 10, stop: [-1, -1] as [number, number] });
    // one row per decode step, then three (the ensemble's tile)
    return [...e.generate(request([0])), ...e.generate(request([0.9, 0, 1.3]))].map((v) => [Array.from(v.tokens), Array.from(v.probs)]);
  };
  const fresh = async (params: Float32Array) => {
    const e = await newEngine(SHAPE, { batchDocs: 1, voteSlots: 8 });
    e.setParams(params);
    return answers(e);
  };

  it('after setParams, initWeights and training steps', async () => {
    const e = await newEngine(SHAPE, { batchDocs: 1, voteSlots: 8 });
    e.initWeights(7);
    const before = answers(e);
    expect(before).toEqual(await fresh(e.getParams()));

    const other = e.getParams().map((x, i) => x + 0.05 * Math.sin(i));
    e.setParams(other);
    const afterSet = answers(e);
    expect(afterSet, 'new weights must change the answers').not.toEqual(before);
    expect(afterSet).toEqual(await fresh(other));

    e.initWeights(8);
    expect(answers(e)).toEqual(await fresh(e.getParams()));

    const docs = [[BOS, 3, 4, 5, NEWLINE, 6, 7, BOS]];
    e.loadCorpus({ tokens: Int32Array.from(docs.flat()), offsets: Int32Array.from([0, 8]), promptLens: Int32Array.from([4]) });
    e.configure(makeTrainConfig({ steps: 10, batchDocs: 1, learningRate: 0.05, warmupSteps: 0 }));
    const beforeTraining = answers(e);
    for (let s = 0; s < 3; s++) e.trainStep();
    const afterTraining = answers(e);
    expect(afterTraining, 'training steps must change the answers').not.toEqual(beforeTraining);
    expect(afterTraining).toEqual(await fresh(e.getParams()));
  });
});

// ---------------------------------------------------------------------------------------

describe("layer 0's (token, position) table", () => {
  // Generation keeps layer 0's q|k|v of each (token, position) pair it meets and reads
  // them back later; computing them every time must give the very same bits.
  const run = (e: Engine, useTable: boolean) => {
    expect(e.wasm.infer_use_qkv0_table(Number(useTable)), 'the table is in use when asked for').toBe(Number(useTable));
    e.seedSampling(3);
    const rand = mulberry32(99);
    const prompts = [randomPrompt(9, rand), randomPrompt(5, rand), randomPrompt(9, mulberry32(99)), randomPrompt(14, rand)];
    // the third prompt repeats the first: its pairs are all held by then
    return prompts.flatMap((prompt) =>
      e.generate({ prompt, temperatures: [0, 0.8, 1.4, 0], maxNew: 8, stop: [-1, -1] }).map((v) => [Array.from(v.tokens), Array.from(v.probs)]),
    );
  };

  for (const layers of [2, 1]) {
    it(`gives the same tokens and probabilities as computing layer 0 (${layers} layer${layers > 1 ? 's' : ''})`, async () => {
      const e = await newEngine({ ...SHAPE, layers }, { batchDocs: 1, voteSlots: 8 });
      e.initWeights(31);
      const computed = run(e, false);
      const fromTable = run(e, true);
      const again = run(e, true);
      expect(fromTable).toEqual(computed);
      expect(again).toEqual(computed);
    });
  }

  it('is left out for a shape whose table would pass 16 MB, and generation still works', async () => {
    const big: ModelShape = { vocabSize: 20, embd: 256, heads: 4, layers: 1, mlp: 64, block: 1024 };
    const e = await newEngine(big, { batchDocs: 1, voteSlots: 2 });
    e.initWeights(1);
    expect(e.wasm.infer_use_qkv0_table(1)).toBe(0);
    const [vote] = e.generate({ prompt: Int32Array.from([19, 3, 4]), temperatures: [0], maxNew: 3, stop: [-1, -1] });
    expect(vote.tokens).toHaveLength(3);
  });
});
