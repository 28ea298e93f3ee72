// The whole wasm model against the plain TypeScript reference (worker/reference/gpt.ts) run
// in float64 on the same parameters: loss, logits and every gradient tensor of a packed
// batch (tiny shape and the 64k preset, label smoothing 0 / 0.1, response-only and full
// masks), then AdamW steps (weight decay from decayStart only, clipping active), the
// one-call training step and the learning-rate schedule.
//
// Gradients are compared per tensor as max |wasm - ref| / max |ref| <= 1e-4: a float32
// engine cannot match small entries of a float64 one element by element.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine.ts';
import { encodeDocuments, packBatch, parseCorpus } from '../../worker/corpus/documents.ts';
import { Vocab } from '../../worker/model/vocab.ts';
import { decayStart, parameterLayout, SHAPE_PRESETS, type ModelShape } from '../../worker/model/shape.ts';
import type { PackedBatch, TrainConfig } from '../../worker/model/types.ts';
import { makeTrainConfig } from '../../worker/model/recipe.ts';
import {
  learningRateAt,
  referenceAdamW,
  referenceForward,
  referenceForwardBackward,
} from '../../worker/reference/gpt.ts';
import { assertClose, mulberry32, newEngine, randomNormalF32, report, tensorRelError } from '../helpers/wasm.ts';

const TINY: ModelShape = { vocabSize: 7, embd: 8, heads: 2, layers: 2, mlp: 16, block: 8 };
const P64K: ModelShape = { ...SHAPE_PRESETS['64k'], vocabSize: 35 };

const GRAD_TOL = 1e-4; // per tensor, max |diff| / max |ref|
const LOSS_TOL = 1e-5; // relative

/**
 * Documents of the given lengths: BOS first, random characters, targets the next token
 * (BOS after the last). With `promptLens`, only positions from the prompt's end count.
 */
function makeBatch(V: number, lens: number[], rand: () => number, promptLens?: number[]): PackedBatch {
  const N = lens.reduce((a, b) => a + b, 0);
  const tokens = new Int32Array(N);
  const targets = new Int32Array(N);
  const mask = new Uint8Array(N);
  const docStarts = new Int32Array(lens.length + 1);
  const bos = V - 1;
  let at = 0;
  lens.forEach((T, d) => {
    const seq = [bos];
    for (let j = 0; j < T - 1; j++) seq.push(Math.floor(rand() * (V - 1)));
    seq.push(bos);
    for (let j = 0; j < T; j++) {
      tokens[at + j] = seq[j];
      targets[at + j] = seq[j + 1];
      mask[at + j] = promptLens && j < promptLens[d] ? 0 : 1;
    }
    at += T;
    docStarts[d + 1] = at;
  });
  return { tokens, targets, mask, docStarts };
}

/** Per-tensor relative gradient errors, throwing on the first tensor over the tolerance. */
function compareGrads(what: string, shape: ModelShape, got: Float32Array, want: Float64Array): number {
  let worst = 0;
  const parts: string[] = [];
  for (const t of parameterLayout(shape)) {
    const n = t.rows * t.cols;
    const g = got.subarray(t.offset, t.offset + n);
    const r = want.subarray(t.offset, t.offset + n);
    const err = tensorRelError(g, r);
    parts.push(`${t.name} ${err.toExponential(1)}`);
    if (!(err <= GRAD_TOL)) {
      let at = 0;
      for (let i = 0; i < n; i++) if (Math.abs(g[i] - r[i]) > Math.abs(g[at] - r[at])) at = i;
      throw new Error(
        `${what}: gradient of ${t.name} has max |diff| / max |ref| = ${err.toExponential(3)} > ${GRAD_TOL}; ` +
          `worst at (${Math.floor(at / t.cols)}, ${at % t.cols}): wasm ${g[at]}, reference ${r[at]}`,
      );
    }
    worst = Math.max(worst, err);
  }
  report(`${what}: worst per-tensor gradient error ${worst.toExponential(2)} [${parts.join(', ')}]`);
  return worst;
}

function expectLoss(what: string, got: number, want: number): void {
  const rel = Math.abs(got - want) / Math.abs(want);
  if (!(rel <= LOSS_TOL)) throw new Error(`${what}: loss ${got}, reference ${want} (relative error ${rel.toExponential(3)})`);
  report(`${what}: loss ${want.toFixed(6)} relative error ${rel.toExponential(2)}`);
}

/** Runs one batch through both models and checks loss, logits and gradients. */
function checkAgainstReference(what: string, engine: Engine, batch: PackedBatch, smoothing: number): void {
  const shape = engine.shape;
  const p64 = Float64Array.from(engine.getParams());
  const ref = referenceForwardBackward(shape, p64, batch, smoothing);

  const lossNoGrad = engine.forwardBackward(batch, smoothing, false);
  expectLoss(`${what} (forward only)`, lossNoGrad, ref.loss);

  const loss = engine.forwardBackward(batch, smoothing, true);
  expectLoss(what, loss, ref.loss);
  compareGrads(what, shape, engine.getGrads(), ref.grads);
}

// ---------------------------------------------------------------------------------------

describe('forward and backward vs the TypeScript reference', () => {
  let tiny: Engine;
  let big: Engine;
  beforeAll(async () => {
    tiny = await newEngine(TINY, { batchDocs: 5 });
    big = await newEngine(P64K);
  });

  for (const smoothing of [0, 0.1]) {
    for (const responseOnly of [true, false]) {
      const masks = responseOnly ? 'response-only mask' : 'full mask';

      it(`tiny shape, engine init, smoothing ${smoothing}, ${masks}`, () => {
        tiny.initWeights(3);
        const rand = mulberry32(17 + smoothing * 10);
        const lens = [3, 1, 8, 5, 4];
        const batch = makeBatch(TINY.vocabSize, lens, rand, responseOnly ? [1, 0, 4, 2, 3] : undefined);
        checkAgainstReference(`tiny ${masks} eps=${smoothing}`, tiny, batch, smoothing);
      });

      it(`tiny shape, large random weights (sharp softmaxes), smoothing ${smoothing}, ${masks}`, () => {
        const rand = mulberry32(99 + smoothing * 10);
        tiny.setParams(randomNormalF32(tiny.paramCount, rand, 0.5));
        const batch = makeBatch(TINY.vocabSize, [8, 2, 7, 1, 6], rand, responseOnly ? [3, 1, 2, 0, 5] : undefined);
        checkAgainstReference(`tiny sharp ${masks} eps=${smoothing}`, tiny, batch, smoothing);
      });

      it(`64k preset (V=35), 8 packed documents of ~40 positions, smoothing ${smoothing}, ${masks}`, () => {
        big.initWeights(1234);
        const rand = mulberry32(7 + smoothing * 10);
        const lens = [37, 41, 40, 43, 38, 42, 39, 44];
        const prompts = lens.map((T) => Math.floor(T * 0.6));
        const batch = makeBatch(P64K.vocabSize, lens, rand, responseOnly ? prompts : undefined);
        checkAgainstReference(`64k ${masks} eps=${smoothing}`, big, batch, smoothing);
      });
    }
  }

  it('64k preset with a full-block document, a one-position document and ragged tails', () => {
    big.initWeights(55);
    const rand = mulberry32(56);
    const lens = [128, 1, 5, 64, 3, 99, 2, 7];
    const batch = makeBatch(P64K.vocabSize, lens, rand, [40, 0, 2, 30, 1, 50, 1, 3]);
    checkAgainstReference('64k long documents eps=0.1', big, batch, 0.1);
  });

  // ALiBi (shape.alibi): the same checks with each head's distance bias on, through every path
  // of the attention kernel (whole 4-row panels, partial ones, one-position documents)
  describe('with ALiBi', () => {
    let tinyAlibi: Engine;
    let bigAlibi: Engine;
    beforeAll(async () => {
      tinyAlibi = await newEngine({ ...TINY, alibi: true }, { batchDocs: 5 });
      bigAlibi = await newEngine({ ...P64K, alibi: true });
    });

    it('tiny shape, sharp softmaxes, response-only and full masks', () => {
      for (const responseOnly of [true, false]) {
        const rand = mulberry32(123);
        tinyAlibi.setParams(randomNormalF32(tinyAlibi.paramCount, rand, 0.5));
        const batch = makeBatch(TINY.vocabSize, [8, 2, 7, 1, 6], rand, responseOnly ? [3, 1, 2, 0, 5] : undefined);
        checkAgainstReference(`tiny alibi ${responseOnly ? 'response-only' : 'full'}`, tinyAlibi, batch, 0.1);
      }
    });

    it('64k preset, long and ragged documents', () => {
      bigAlibi.initWeights(77);
      const rand = mulberry32(78);
      const batch = makeBatch(P64K.vocabSize, [128, 1, 5, 64, 3, 99, 2, 7], rand, [40, 0, 2, 30, 1, 50, 1, 3]);
      checkAgainstReference('64k alibi eps=0.1', bigAlibi, batch, 0.1);
    });

    it('changes the loss: the bias is really applied', () => {
      const params = randomNormalF32(tiny.paramCount, mulberry32(5), 0.5);
      const batch = makeBatch(TINY.vocabSize, [8, 6], mulberry32(6));
      tiny.setParams(params);
      tinyAlibi.setParams(params);
      expect(tinyAlibi.forwardBackward(batch, 0, false)).not.toBe(tiny.forwardBackward(batch, 0, false));
    });
  });

  it('leaves no stale gradient behind: a second batch gives that batch\'s gradient alone', () => {
    tiny.initWeights(8);
    const rand = mulberry32(4);
    const first = makeBatch(TINY.vocabSize, [8, 8, 8, 8, 8], rand);
    const second = makeBatch(TINY.vocabSize, [2, 3], rand);
    tiny.forwardBackward(first, 0.1, true);
    checkAgainstReference('second batch', tiny, second, 0.1);
  });

  // The fused loss overwrites logits with their gradient; a forward-only call keeps a copy.
  it('lastLogits gives the logits of a forward-only pass', () => {
    tiny.initWeights(3);
    const batch = makeBatch(TINY.vocabSize, [3, 5], mulberry32(2));
    const full = referenceForward(TINY, Float64Array.from(tiny.getParams()), batch, 0).logits;
    tiny.forwardBackward(batch, 0, false);
    const { rows, logits } = tiny.lastLogits();
    expect(rows.length).toBeGreaterThan(0);
    const V = TINY.vocabSize;
    const want = new Float64Array(rows.length * V);
    rows.forEach((n, r) => want.set(full.subarray(n * V, (n + 1) * V), r * V));
    assertClose('lastLogits vs reference logits', logits, want, 1e-4, 1e-5);
  });

  it('returns NaN when no position is counted', () => {
    const batch = makeBatch(TINY.vocabSize, [3, 2], mulberry32(1));
    batch.mask.fill(0);
    expect(tiny.forwardBackward(batch, 0, true)).toBeNaN();
  });
});

// ---------------------------------------------------------------------------------------

describe('AdamW step vs referenceAdamW', () => {
  const cfg: TrainConfig = makeTrainConfig({
    steps: 12,
    warmupSteps: 3,
    learningRate: 1e-2,
    weightDecay: 0.1,
    gradClip: 0.05, // the gradient norm of these batches is ~1: clipping is active
    labelSmoothing: 0.1,
    batchDocs: 8,
  });

  it('matches over 5 steps through warmup and cosine, with decay and clipping', async () => {
    const engine = await newEngine(P64K);
    engine.initWeights(21);
    engine.configure(cfg);
    const start = engine.decayStart;
    expect(start).toBe(decayStart(P64K));
    const params = Float64Array.from(engine.getParams());
    const m = new Float64Array(params.length);
    const v = new Float64Array(params.length);
    const rand = mulberry32(33);
    for (let step = 0; step < 5; step++) {
      const batch = makeBatch(P64K.vocabSize, [30, 41, 25, 12, 38, 40, 33, 20], rand, [10, 20, 5, 4, 19, 21, 10, 8]);
      engine.forwardBackward(batch, cfg.labelSmoothing, true);
      const grads = Float64Array.from(engine.getGrads());
      const lr = learningRateAt(step, cfg);
      const norm = referenceAdamW(params, grads, m, v, step, lr, cfg, start);
      expect(norm, 'these batches must trigger clipping').toBeGreaterThan(cfg.gradClip * 5);

      engine.wasm.optimizer_step();
      expect(engine.stepsDone).toBe(step + 1);
      assertClose(`step ${step} gradient norm`, [engine.lastGradNorm], [norm], 1e-5, 0);
      assertClose(`step ${step} learning rate`, [engine.wasm.train_last_lr()], [lr], 1e-5, 1e-9);
      const st = assertClose(`step ${step} params`, engine.getParams(), params, 1e-5, 1e-5 * lr);
      const opt = engine.getOptimizerState();
      const sm = assertClose(`step ${step} adam m`, opt.m, m, 1e-5, 1e-10);
      const sv = assertClose(`step ${step} adam v`, opt.v, v, 1e-5, 1e-14);
      report(`adamw step ${step} (lr ${lr.toExponential(3)}, norm ${norm.toFixed(3)}): params max |diff| ` +
        `${st.maxAbs.toExponential(2)}, m ${sm.maxAbs.toExponential(2)}, v ${sv.maxAbs.toExponential(2)}`);
    }
  });

  it('decays only from decayStart (wte and wpe are never decayed)', async () => {
    const engine = await newEngine(TINY, { batchDocs: 2 });
    engine.initWeights(5);
    const wd = 0.5;
    const lr = 0.01;
    engine.configure(makeTrainConfig({ steps: 1000, warmupSteps: 0, learningRate: lr, weightDecay: wd, batchDocs: 2 }));
    const before = engine.getParams();
    // zero gradients: Adam's update is 0, only the decay moves a weight
    new Float32Array(engine.wasm.memory.buffer, engine.wasm.grads_ptr(), engine.paramCount).fill(0);
    engine.wasm.optimizer_step();
    const after = engine.getParams();
    const start = decayStart(TINY);
    for (let i = 0; i < before.length; i++) {
      const want = i < start ? before[i] : before[i] * (1 - lr * wd);
      const tol = i < start ? 0 : 1e-6 * Math.abs(want);
      if (!(Math.abs(after[i] - want) <= tol)) {
        throw new Error(`param ${i} (decayStart ${start}): ${before[i]} -> ${after[i]}, expected ${want}`);
      }
    }
  });

  it('the one-call training step equals forwardBackward + referenceAdamW on the same batch', async () => {
    // a one-document corpus makes the sampled batch predictable: batchDocs copies of it
    const text = 'm=14,x,12,12|b=7|valid=up,left,right\nleft';
    const vocab = Vocab.fromCorpus(text);
    const shape: ModelShape = { ...SHAPE_PRESETS['30k'], block: 64, vocabSize: vocab.size };
    const config = makeTrainConfig({ steps: 50, warmupSteps: 2, learningRate: 3e-3, gradClip: 0.1, batchDocs: 4 });
    const engine = await newEngine(shape, { batchDocs: 4 });
    engine.initWeights(77);
    const corpus = encodeDocuments(parseCorpus(text), vocab, shape.block);
    engine.loadCorpus(corpus);
    engine.configure(config);
    const batch = packBatch(corpus, [0, 0, 0, 0], config.responseOnlyLoss);

    const params = Float64Array.from(engine.getParams());
    const m = new Float64Array(params.length);
    const v = new Float64Array(params.length);
    for (let step = 0; step < 3; step++) {
      const ref = referenceForwardBackward(shape, Float64Array.from(engine.getParams()), batch, config.labelSmoothing);
      const loss = engine.trainStep();
      expect(engine.lastStepTokens).toBe(batch.tokens.length);
      expectLoss(`train step ${step}`, loss, ref.loss);
      const grads = engine.getGrads();
      compareGrads(`train step ${step}`, shape, grads, ref.grads);
      const lr = learningRateAt(step, config);
      referenceAdamW(params, Float64Array.from(grads), m, v, step, lr, config, decayStart(shape));
      assertClose(`train step ${step} params`, engine.getParams(), params, 1e-5, 1e-5 * lr);
    }
  });
});

// ---------------------------------------------------------------------------------------

describe('learning-rate schedule', () => {
  const configs: Partial<TrainConfig>[] = [
    { steps: 25_000, warmupSteps: 100, learningRate: 1e-3 },
    { steps: 10, warmupSteps: 0, learningRate: 3e-3 },
    { steps: 5, warmupSteps: 5, learningRate: 1e-2 },
    { steps: 3, warmupSteps: 10, learningRate: 1e-2 },
    { steps: 1, warmupSteps: 0, learningRate: 5e-4 },
  ];
  for (const c of configs) {
    it(`steps ${c.steps}, warmup ${c.warmupSteps}`, async () => {
      const engine = await newEngine(TINY, { batchDocs: 8 });
      const cfg = makeTrainConfig(c);
      engine.configure(cfg);
      const W = cfg.warmupSteps;
      const S = cfg.steps;
      const steps = [0, 1, W - 2, W - 1, W, W + 1, Math.floor((W + S) / 2), S - 2, S - 1, S, S + 1, S + 50]
        .filter((s) => s >= 0);
      for (const step of steps) {
        const want = learningRateAt(step, cfg);
        // float32 cos near pi: 1 + cos has an absolute error of ~1e-7, hence the absolute floor
        assertClose(`learningRateAt(${step})`, [engine.learningRateAt(step)], [want], 1e-5, 1e-7 * cfg.learningRate);
      }
    });
  }
});
