// Tests of the plain TypeScript reference model: every gradient against central finite
// differences in float64, document isolation and causality of attention, the uniform-logit
// loss, the three matmuls against a naive triple loop, AdamW and the learning-rate schedule.
import { describe, expect, it } from 'vitest';
import { decayStart, parameterCount, parameterLayout } from '../../worker/model/shape.ts';
import type { ModelShape } from '../../worker/model/shape.ts';
import type { PackedBatch, TrainConfig } from '../../worker/model/types.ts';
import {
  learningRateAt,
  referenceAdamW,
  referenceForward,
  referenceForwardBackward,
  referenceMatmul,
  referenceMatmulABT,
  referenceMatmulATB,
} from '../../worker/reference/gpt.ts';
import { mulberry32 } from '../helpers/random.ts';

const SHAPE: ModelShape = { vocabSize: 7, embd: 8, heads: 2, layers: 2, mlp: 16, block: 8 };
const SMOOTHING = 0.1;

function randomParams(shape: ModelShape, seed: number, scale: number): Float64Array {
  const rand = mulberry32(seed);
  const p = new Float64Array(parameterCount(shape));
  for (let i = 0; i < p.length; i++) p[i] = (rand() * 2 - 1) * scale;
  return p;
}

/** 3 documents of lengths 3, 5, 2 (N = 10), random tokens and targets, a partial mask. */
function makeBatch(seed: number): PackedBatch {
  const rand = mulberry32(seed);
  const N = 10;
  const tokens = new Int32Array(N);
  const targets = new Int32Array(N);
  for (let n = 0; n < N; n++) {
    tokens[n] = Math.floor(rand() * SHAPE.vocabSize);
    targets[n] = Math.floor(rand() * SHAPE.vocabSize);
  }
  const mask = Uint8Array.from([0, 1, 1, 0, 0, 1, 1, 1, 1, 0]);
  return { tokens, targets, mask, docStarts: Int32Array.from([0, 3, 8, 10]) };
}

/** Name of the parameterLayout tensor holding flat index i, with its (row, col). */
function tensorAt(shape: ModelShape, i: number): string {
  for (const s of parameterLayout(shape)) {
    if (i >= s.offset && i < s.offset + s.rows * s.cols) {
      const k = i - s.offset;
      return `${s.name}[${Math.floor(k / s.cols)}, ${k % s.cols}]`;
    }
  }
  return `index ${i} outside the layout`;
}

// ---------------------------------------------------------------------------------------------

describe('referenceForwardBackward', () => {
  it('matches central finite differences for every parameter (float64)', () => {
    const params = randomParams(SHAPE, 1234, 0.5);
    const batch = makeBatch(99);
    const { loss, grads } = referenceForwardBackward(SHAPE, params, batch, SMOOTHING);
    expect(grads).toBeInstanceOf(Float64Array);
    expect(grads.length).toBe(params.length);
    expect(loss).toBeCloseTo(referenceForward(SHAPE, params, batch, SMOOTHING).loss, 14);

    // Central differences with h = 1e-5 have truncation error ~h^2 |d3 loss| (~1e-10 here) and
    // rounding error ~ulp(loss) / h (~1e-10 measured), so an absolute floor of 5e-10 sits on
    // top of the 1e-6 relative tolerance: gradients above ~5e-4 are held to 1e-6 relative,
    // tiny ones (such as the unused wpe rows, exactly 0) to 5e-10 absolute.
    const h = 1e-5;
    const relTol = 1e-6;
    const absFloor = 5e-10;
    let worst = 0; // largest |g - fd| / (relTol |g| + absFloor); must stay <= 1
    let worstAt = -1;
    let worstFd = 0;
    let checked = 0;
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      params[i] = p + h;
      const up = referenceForward(SHAPE, params, batch, SMOOTHING).loss;
      params[i] = p - h;
      const down = referenceForward(SHAPE, params, batch, SMOOTHING).loss;
      params[i] = p;
      const fd = (up - down) / (2 * h);
      const g = grads[i];
      if (Math.abs(g) > 1e-7) checked++;
      const ratio = Math.abs(g - fd) / (relTol * Math.abs(g) + absFloor);
      if (ratio > worst) [worst, worstAt, worstFd] = [ratio, i, fd];
    }
    const where =
      worstAt < 0
        ? 'none'
        : `${tensorAt(SHAPE, worstAt)} (flat ${worstAt}): analytic ${grads[worstAt]}, finite difference ${worstFd}`;
    expect(checked, 'most gradients should be non-negligible').toBeGreaterThan(params.length * 0.8);
    expect(worst, `worst error (in tolerances) at ${where}`).toBeLessThanOrEqual(1);
  });

  it('gives the same loss and gradients in float32, to float32 precision', () => {
    const p64 = randomParams(SHAPE, 7, 0.5);
    const batch = makeBatch(8);
    const r64 = referenceForwardBackward(SHAPE, p64, batch, SMOOTHING);
    const r32 = referenceForwardBackward(SHAPE, Float32Array.from(p64), batch, SMOOTHING);
    expect(r32.grads).toBeInstanceOf(Float32Array);
    expect(Math.abs(r32.loss - r64.loss)).toBeLessThan(1e-5);
    let maxDiff = 0;
    let maxGrad = 0;
    for (let i = 0; i < p64.length; i++) {
      maxDiff = Math.max(maxDiff, Math.abs(r32.grads[i] - r64.grads[i]));
      maxGrad = Math.max(maxGrad, Math.abs(r64.grads[i]));
    }
    expect(maxDiff).toBeLessThan(1e-5 * maxGrad);
  });

  it('returns zero loss and zero gradients when no position is counted', () => {
    const params = randomParams(SHAPE, 3, 0.5);
    const batch = { ...makeBatch(4), mask: new Uint8Array(10) };
    const { loss, grads } = referenceForwardBackward(SHAPE, params, batch, SMOOTHING);
    expect(loss).toBe(0);
    expect(grads.every((g) => g === 0)).toBe(true);
  });
});

describe('referenceForward', () => {
  it('keeps attention inside each document and causal', () => {
    const params = randomParams(SHAPE, 42, 0.5);
    const batch = makeBatch(5);
    const V = SHAPE.vocabSize;
    const base = referenceForward(SHAPE, params, batch, SMOOTHING).logits;

    // change a token of document 0 (positions 0..2): documents 1 and 2 (3..9) must not move
    const t0 = batch.tokens.slice();
    t0[1] = (t0[1] + 1) % V;
    const changed0 = referenceForward(SHAPE, params, { ...batch, tokens: t0 }, SMOOTHING).logits;
    for (let i = 3 * V; i < 10 * V; i++) expect(changed0[i], `logit ${i}`).toBe(base[i]);
    expect(changed0.slice(V, 3 * V)).not.toEqual(base.slice(V, 3 * V));

    // change the last token of document 1 (position 7): positions 3..6 must not move
    const t1 = batch.tokens.slice();
    t1[7] = (t1[7] + 1) % V;
    const changed1 = referenceForward(SHAPE, params, { ...batch, tokens: t1 }, SMOOTHING).logits;
    for (let i = 0; i < 7 * V; i++) expect(changed1[i], `logit ${i}`).toBe(base[i]);
    expect(changed1.slice(7 * V, 8 * V)).not.toEqual(base.slice(7 * V, 8 * V));
  });

  it('gives loss log(V) for a uniform-logit model, with or without smoothing', () => {
    const params = new Float64Array(parameterCount(SHAPE));
    const rand = mulberry32(11);
    for (let i = 0; i < SHAPE.vocabSize * SHAPE.embd; i++) params[i] = (rand() * 2 - 1) * 1e-3; // tiny wte
    const batch = makeBatch(12);
    for (const eps of [0, SMOOTHING, 1]) {
      const { loss, logits } = referenceForward(SHAPE, params, batch, eps);
      expect(logits.every((z) => z === 0)).toBe(true);
      expect(loss).toBeCloseTo(Math.log(SHAPE.vocabSize), 12);
    }
  });

  it('rejects documents longer than the block and wrong parameter counts', () => {
    const params = randomParams(SHAPE, 1, 0.5);
    const N = SHAPE.block + 1;
    const long: PackedBatch = {
      tokens: new Int32Array(N),
      targets: new Int32Array(N),
      mask: new Uint8Array(N).fill(1),
      docStarts: Int32Array.from([0, N]),
    };
    expect(() => referenceForward(SHAPE, params, long, 0)).toThrow(/block/);
    expect(() => referenceForward(SHAPE, params.subarray(1), makeBatch(1), 0)).toThrow(/params/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('reference matmuls', () => {
  const sizes: [number, number, number][] = [
    [5, 7, 3],
    [1, 1, 1],
    [13, 9, 17],
    [4, 8, 12],
    [3, 6, 5],
  ];

  /** Naive C (M, N) = sum_k A[i, k] B[k, j], with element accessors for the transposed forms. */
  type At = (row: number, col: number) => number;
  function naive(M: number, K: number, N: number, a: At, b: At): Float64Array {
    const c = new Float64Array(M * N);
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < N; j++) {
        let s = 0;
        for (let k = 0; k < K; k++) s += a(i, k) * b(k, j);
        c[i * N + j] = s;
      }
    }
    return c;
  }

  function randomF32(n: number, rand: () => number): Float32Array {
    const x = new Float32Array(n);
    for (let i = 0; i < n; i++) x[i] = rand() * 2 - 1;
    return x;
  }

  function expectClose(got: Float32Array, want: Float64Array, label: string) {
    for (let i = 0; i < want.length; i++) {
      expect(Math.abs(got[i] - want[i]), `${label} at ${i}: reference ${want[i]}, got ${got[i]}`).toBeLessThan(1e-5);
    }
  }

  for (const [M, K, N] of sizes) {
    it(`agree with a naive triple loop at ${M}x${K}x${N}`, () => {
      const rand = mulberry32(M * 1000 + K * 100 + N);
      // stale values in c must be overwritten
      const c = new Float32Array(M * N).fill(123);

      const a = randomF32(M * K, rand); // (M, K)
      const b = randomF32(K * N, rand); // (K, N)
      referenceMatmul(c, a, b, M, K, N);
      expectClose(c, naive(M, K, N, (i, k) => a[i * K + k], (k, j) => b[k * N + j]), 'A @ B');

      const at = randomF32(K * M, rand); // (K, M)
      c.fill(123);
      referenceMatmulATB(c, at, b, M, K, N);
      expectClose(c, naive(M, K, N, (i, k) => at[k * M + i], (k, j) => b[k * N + j]), 'A^T @ B');

      const bt = randomF32(N * K, rand); // (N, K)
      c.fill(123);
      referenceMatmulABT(c, a, bt, M, K, N);
      expectClose(c, naive(M, K, N, (i, k) => a[i * K + k], (k, j) => bt[j * K + k]), 'A @ B^T');
    });
  }
});

// ---------------------------------------------------------------------------------------------

const CFG: TrainConfig = {
  steps: 100,
  batchDocs: 8,
  learningRate: 1e-3,
  warmupSteps: 10,
  beta1: 0.85,
  beta2: 0.99,
  eps: 1e-8,
  weightDecay: 0.01,
  gradClip: 1,
  labelSmoothing: 0.1,
  responseOnlyLoss: false,
};

describe('learningRateAt', () => {
  it('warms up linearly, peaks, and decays by cosine to zero', () => {
    const lr = CFG.learningRate;
    expect(learningRateAt(0, CFG)).toBeCloseTo(lr / 10, 15);
    expect(learningRateAt(4, CFG)).toBeCloseTo(lr / 2, 15);
    expect(learningRateAt(9, CFG)).toBeCloseTo(lr, 15); // last warmup step reaches the peak
    expect(learningRateAt(10, CFG)).toBeCloseTo(lr, 15); // cosine starts at the peak
    expect(learningRateAt(55, CFG)).toBeCloseTo(lr / 2, 15); // halfway through the cosine
    expect(learningRateAt(99, CFG)).toBeCloseTo(lr * 0.5 * (1 + Math.cos((Math.PI * 89) / 90)), 15);
    expect(learningRateAt(100, CFG)).toBeCloseTo(0, 15);
    expect(learningRateAt(150, CFG)).toBeCloseTo(0, 15); // held at 0 past the end
  });

  it('handles no warmup and warmup covering every step', () => {
    expect(learningRateAt(0, { ...CFG, warmupSteps: 0 })).toBe(CFG.learningRate);
    const all = { ...CFG, warmupSteps: 100 };
    expect(learningRateAt(99, all)).toBeCloseTo(CFG.learningRate, 15);
    expect(learningRateAt(100, all)).toBe(CFG.learningRate); // max(1, steps - warmup) avoids 0/0
  });
});

describe('referenceAdamW', () => {
  it('clips by global norm, bias-corrects, and decays only from decayStart', () => {
    const params = Float64Array.from([1, -2, 3, 0.5]);
    const grads = Float64Array.from([3, 0, -4, 0]); // norm 5, clipped to 1 -> [0.6, 0, -0.8, 0]
    const m = new Float64Array(4);
    const v = new Float64Array(4);
    const lr = 0.1;
    const norm = referenceAdamW(params, grads, m, v, 0, lr, CFG, 2);
    expect(norm).toBeCloseTo(5, 15);
    expect(Array.from(grads)).toEqual([3, 0, -4, 0]); // grads are not modified

    // first step: mhat = g, vhat = g^2, so the Adam direction is g / (|g| + eps) ~ sign(g)
    const g = [0.6, 0, -0.8, 0];
    const start = [1, -2, 3, 0.5];
    for (let i = 0; i < 4; i++) {
      expect(m[i]).toBeCloseTo((1 - CFG.beta1) * g[i], 15);
      expect(v[i]).toBeCloseTo((1 - CFG.beta2) * g[i] * g[i], 15);
      const adam = g[i] / (Math.abs(g[i]) + CFG.eps);
      const decay = i >= 2 ? CFG.weightDecay * start[i] : 0;
      expect(params[i], `param ${i}`).toBeCloseTo(start[i] - lr * (adam + decay), 12);
    }

    // second step, no clipping, checks t = step + 1 in the bias correction
    const m0 = Float64Array.from(m);
    const v0 = Float64Array.from(v);
    const p0 = Float64Array.from(params);
    const g2 = Float64Array.from([0.1, 0.2, 0, -0.3]);
    referenceAdamW(params, g2, m, v, 1, lr, { ...CFG, gradClip: 0 }, 2);
    for (let i = 0; i < 4; i++) {
      const mi = CFG.beta1 * m0[i] + (1 - CFG.beta1) * g2[i];
      const vi = CFG.beta2 * v0[i] + (1 - CFG.beta2) * g2[i] * g2[i];
      const mhat = mi / (1 - CFG.beta1 ** 2);
      const vhat = vi / (1 - CFG.beta2 ** 2);
      const decay = i >= 2 ? CFG.weightDecay * p0[i] : 0;
      expect(params[i], `param ${i}`).toBeCloseTo(p0[i] - lr * (mhat / (Math.sqrt(vhat) + CFG.eps) + decay), 12);
    }
  });

  it('uses decayStart from the shape to spare wte and wpe', () => {
    const P = parameterCount(SHAPE);
    const params = new Float64Array(P).fill(1);
    const ds = decayStart(SHAPE);
    referenceAdamW(params, new Float64Array(P), new Float64Array(P), new Float64Array(P), 0, 0.5, CFG, ds);
    expect(params[ds - 1]).toBe(1);
    expect(params[ds]).toBeCloseTo(1 - 0.5 * CFG.weightDecay, 15);
  });
});
