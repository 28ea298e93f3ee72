// The ReLU-sparse products (assembly/sparse.ts) against gemm, bit for bit: pattern_rows
// lists exactly the nonzero elements, sparse_matmul gives matmul_ab's bits and
// sparse_matmul_tn matmul_atb's, at densities from none to all and at widths that take
// every tile; and training gives the same weights whether the MLP runs sparse or dense.
// Inputs are followed by NaN guards (a kernel reading past them turns its result into
// NaN), outputs by sentinels (a kernel writing past them is caught).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../worker/engine.ts';
import { encodeDocuments, parseCorpus } from '../../worker/corpus/documents.ts';
import { makeTrainConfig } from '../../worker/model/recipe.ts';
import { Vocab } from '../../worker/model/vocab.ts';
import { DETERMINISM_CORPUS } from '../../worker/recipes/determinism.ts';
import { assertGuards, assertSameBits, mulberry32, newEngine, Scratch } from '../helpers/wasm.ts';

const GUARD = 8;
const SENTINEL = 12345.5;

let engine: Engine;
beforeAll(async () => {
  engine = await newEngine({ vocabSize: 8, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 }, { batchDocs: 1, voteSlots: 1 });
});

/** (M, F) ReLU outputs of which about `density` are nonzero (exact +0 elsewhere). */
function reluMatrix(M: number, F: number, density: number, rand: () => number): Float32Array {
  const h = new Float32Array(M * F);
  for (let i = 0; i < h.length; i++) h[i] = Math.max(0, rand() - (1 - density));
  return h;
}

function expectGuards(what: string, s: Scratch, ptr: number, n: number) {
  assertGuards(what, s, ptr, n, GUARD, SENTINEL);
}

/** A pattern of h in the arena, checked against the nonzero elements listed in JS. */
function patternOf(s: Scratch, h: Float32Array, M: number, F: number, ldb: number) {
  const ph = s.putF32(h, GUARD);
  const starts = s.alloc(M + 1);
  const entries = s.alloc(2 * (M * F + 4));
  const aOffs = s.alloc(M * F + 4);
  const n = s.w.pattern_rows(starts, entries, aOffs, ph, M, F, ldb);
  const wantStarts: number[] = [];
  const wantValues: number[] = [];
  const wantFOffs: number[] = [];
  const wantAOffs: number[] = [];
  for (let t = 0; t < M; t++) {
    wantStarts.push(wantAOffs.length);
    for (let f = 0; f < F; f++) {
      if (h[t * F + f] === 0) continue;
      wantValues.push(h[t * F + f]);
      wantFOffs.push(f * ldb);
      wantAOffs.push(4 * (t * F + f));
    }
  }
  wantStarts.push(wantAOffs.length);
  expect(n).toBe(wantAOffs.length);
  expect([...s.i32(starts, M + 1)]).toEqual(wantStarts);
  expect([...s.f32(entries, 2 * n).filter((_, i) => i % 2 === 0)]).toEqual(wantValues);
  expect([...s.i32(entries, 2 * n).filter((_, i) => i % 2 === 1)]).toEqual(wantFOffs);
  expect([...s.i32(aOffs, n)]).toEqual(wantAOffs);
  return { ph, starts, entries, aOffs, n };
}

describe('ReLU-sparse products equal gemm bit for bit', () => {
  // (M, F, N): N takes 24-wide tiles, then 8- and 4-wide ones; F past a multiple of 4
  // takes pattern_rows' element-by-element tail
  const shapes: [number, number, number][] = [
    [1, 4, 4], [7, 12, 24], [13, 20, 48], [9, 10, 28], [5, 8, 96], [6, 7, 36], [37, 192, 48], [3, 33, 12],
  ];
  for (const [M, F, N] of shapes) {
    for (const density of [0, 0.3, 0.5, 1]) {
      it(`${M}x${F}x${N}, ${density * 100}% nonzero`, () => {
        const w = engine.wasm;
        const s = new Scratch(w);
        const rand = mulberry32(M * 7919 + F * 131 + N + density * 1000);
        const h = reluMatrix(M, F, density, rand);
        const ldb = 4 * N;
        const { ph, starts, entries, n } = patternOf(s, h, M, F, ldb);
        if (density === 0) expect(n).toBe(0);
        if (density === 1) expect(n).toBe(M * F);

        // out (M, N) (+)= h @ W (F, N), as the forward's fc2 product
        const wf = Float32Array.from({ length: F * N }, () => rand() * 2 - 1);
        const pw = s.putF32(wf, GUARD);
        for (const acc of [0, 1]) {
          const c0 = acc ? Float32Array.from({ length: M * N }, () => rand() * 2 - 1) : new Float32Array(M * N).fill(777);
          const pc = s.putF32(c0, GUARD, SENTINEL);
          const pr = s.putF32(c0, GUARD, SENTINEL);
          w.sparse_matmul(pc, 4 * N, starts, entries, pw, M, N, acc);
          w.matmul_ab(pr, ph, pw, M, F, N, acc);
          expectGuards('sparse_matmul C', s, pc, M * N);
          assertSameBits(`sparse_matmul vs matmul_ab (acc=${acc})`, s.read(pc, M * N), s.read(pr, M * N));
        }

        // C (F, N) = h^T @ B (M, N), as the fc2 gradient
        const bm = Float32Array.from({ length: M * N }, () => rand() * 2 - 1);
        const pb = s.putF32(bm, GUARD);
        const pc = s.putF32(new Float32Array(F * N).fill(777), GUARD, SENTINEL);
        const pr = s.putF32(new Float32Array(F * N), GUARD, SENTINEL);
        w.sparse_matmul_tn(pc, starts, entries, pb, 4 * N, M, F, N, ldb);
        w.matmul_atb(pr, ph, pb, F, M, N, 0);
        expectGuards('sparse_matmul_tn C', s, pc, F * N);
        assertSameBits('sparse_matmul_tn vs matmul_atb', s.read(pc, F * N), s.read(pr, F * N));
      });
    }
  }

  it('serves dh, zero wherever h is and sometimes where it is not, through the pattern of h', () => {
    const w = engine.wasm;
    const s = new Scratch(w);
    const rand = mulberry32(99);
    const M = 21, F = 24, N = 48;
    const h = reluMatrix(M, F, 0.5, rand);
    const { starts, entries, aOffs, n } = patternOf(s, h, M, F, 4 * N);
    // relu_backward's output: dout where h > 0, else +0; and some dout that are 0 themselves
    const dh = h.map((x) => (x > 0 && rand() > 0.2 ? rand() * 2 - 1 : 0));
    const pdh = s.putF32(dh, GUARD);
    w.pattern_values(entries, aOffs, n, pdh);
    expect([...s.f32(entries, 2 * n).filter((_, i) => i % 2 === 0)]).toEqual([...dh].filter((_, i) => h[i] !== 0));
    const pw = s.putF32(Float32Array.from({ length: F * N }, () => rand() * 2 - 1), GUARD);
    const pc = s.putF32(new Float32Array(M * N), GUARD, SENTINEL);
    const pr = s.putF32(new Float32Array(M * N), GUARD, SENTINEL);
    w.sparse_matmul(pc, 4 * N, starts, entries, pw, M, N, 0);
    w.matmul_ab(pr, pdh, pw, M, F, N, 0);
    assertSameBits('dh @ W', s.read(pc, M * N), s.read(pr, M * N));
    const pb = s.putF32(Float32Array.from({ length: M * N }, () => rand() * 2 - 1), GUARD);
    const pt = s.putF32(new Float32Array(F * N), GUARD, SENTINEL);
    const prt = s.putF32(new Float32Array(F * N), GUARD, SENTINEL);
    w.sparse_matmul_tn(pt, starts, entries, pb, 4 * N, M, F, N, 4 * N);
    w.matmul_atb(prt, pdh, pb, F, M, N, 0);
    assertSameBits('dh^T @ B', s.read(pt, F * N), s.read(prt, F * N));
  });

  it('relu_forward returns how many outputs are nonzero', () => {
    const w = engine.wasm;
    const s = new Scratch(w);
    const x = Float32Array.from([1, -2, 0, -0, 3.5, -1e-30, 1e-30, 2, -5, 7, 0, 0]);
    const px = s.putF32(x);
    const py = s.alloc(x.length);
    expect(w.relu_forward(py, px, x.length)).toBe(5);
    expect([...s.f32(py, x.length)]).toEqual([...x].map((v) => Math.max(v, 0)));
  });
});

describe('training gives the same bits with the MLP sparse, dense, or chosen by density', () => {
  // the determinism recipe's corpus at 30K widths, 8 documents a batch, the MLP in `mode`,
  // trained for `steps` steps
  const vocab = Vocab.fromCorpus(DETERMINISM_CORPUS);
  async function train(mode: number, steps: number, responseOnlyLoss: boolean) {
    const shape = { vocabSize: vocab.size, embd: 32, heads: 4, layers: 2, mlp: 128, block: 64 };
    const e = await newEngine(shape, { batchDocs: 8, voteSlots: 3 });
    e.initWeights(7);
    e.loadCorpus(encodeDocuments(parseCorpus(DETERMINISM_CORPUS), vocab, shape.block));
    e.configure(makeTrainConfig({ steps, warmupSteps: 10, responseOnlyLoss }));
    e.wasm.mlp_sparse_mode(mode);
    const losses: number[] = [];
    const sparseLayers = new Set<number>();
    for (let i = 0; i < steps; i++) {
      losses.push(e.trainStep());
      sparseLayers.add(e.wasm.train_last_sparse_layers());
    }
    return { engine: e, params: new Uint8Array(e.getParams().buffer.slice(0)), losses: Float32Array.from(losses), sparseLayers };
  }

  it('and generation gives the same votes, sparse or dense', async () => {
    const e = (await train(0, 200, true)).engine;
    const prompt = new Int32Array([vocab.bos, ...vocab.encode('m=9,x,6,11|b=7|valid=up,left,right'), vocab.newline]);
    const votes = (mode: number) => {
      e.wasm.mlp_sparse_mode(mode);
      e.seedSampling(11);
      return e.generate({ prompt, temperatures: [0.5, 1, 1.5], maxNew: 12, stop: [-1, -1] });
    };
    const [sparse, dense] = [votes(1), votes(2)];
    expect(sparse.map((v) => [...v.tokens])).toEqual(dense.map((v) => [...v.tokens]));
    sparse.forEach((v, i) => assertSameBits(`vote ${i} probabilities`, Float32Array.from(v.probs), Float32Array.from(dense[i].probs)));
  });

  for (const responseOnlyLoss of [false, true]) {
    it(`with loss on ${responseOnlyLoss ? 'responses only' : 'every position'}`, async () => {
      const steps = 300;
      const [byDensity, sparse, dense] = [await train(0, steps, responseOnlyLoss), await train(1, steps, responseOnlyLoss), await train(2, steps, responseOnlyLoss)];
      expect(sparse.sparseLayers).toEqual(new Set([0b11]));
      expect(dense.sparseLayers).toEqual(new Set([0]));
      // by density, at least one layer ran sparse in some step (else it only repeats dense)
      expect([...byDensity.sparseLayers].some((bits) => bits !== 0)).toBe(true);
      for (const [name, run] of [['by density', byDensity], ['sparse', sparse]] as const) {
        assertSameBits(`losses, ${name} vs dense`, run.losses, dense.losses);
        expect(Buffer.from(run.params).equals(Buffer.from(dense.params)), `${name} weights equal dense ones`).toBe(true);
      }
    });
  }
});
