// The SIMD matmul kernels against their scalar `_naive` twins (bit for bit: both sum k in
// order) and a float64 JS triple loop at awkward sizes (tails of the 4x8 / 4x4 / 1-wide
// tiles), overwriting and accumulating;
// the strided `gemm` on sub-matrices; `transpose` with row strides. Every input is followed
// by NaN guard floats (a kernel that reads past an operand turns its result into NaN) and
// every output by sentinel floats (a kernel that writes past it is caught).
import { beforeAll, describe, it } from 'vitest';
import type { Engine } from '../../worker/engine.ts';
import { assertGuards, assertSameBits, mulberry32, newEngine, randomF32, Scratch } from '../helpers/wasm.ts';

const TINY = { vocabSize: 8, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 };
const GUARD = 8; // floats after every buffer
const SENTINEL = 12345.5;

let engine: Engine;
beforeAll(async () => {
  engine = await newEngine(TINY, { batchDocs: 1, voteSlots: 1 });
});

type Layout = 'ab' | 'atb' | 'abt';

/**
 * Float64 C (M, N) = op(A) op(B) for the layout, plus sum_k |a||b| per element: the scale of
 * the rounding error any float32 summation order can make.
 */
function jsMatmul(layout: Layout, a: Float32Array, b: Float32Array, M: number, K: number, N: number) {
  const c = new Float64Array(M * N);
  const scale = new Float64Array(M * N);
  const A = (i: number, k: number) => (layout === 'atb' ? a[k * M + i] : a[i * K + k]);
  const B = (k: number, j: number) => (layout === 'abt' ? b[j * K + k] : b[k * N + j]);
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let s = 0;
      let sa = 0;
      for (let k = 0; k < K; k++) {
        const p = A(i, k) * B(k, j);
        s += p;
        sa += Math.abs(p);
      }
      c[i * N + j] = s;
      scale[i * N + j] = sa;
    }
  }
  return { c, scale };
}

/** |got - want| <= rel (|want| + scale): a relative bound that stays meaningful under cancellation. */
function expectMatmulClose(what: string, got: Float32Array, want: ArrayLike<number>, scale: ArrayLike<number>, rel: number) {
  for (let i = 0; i < want.length; i++) {
    const d = Math.abs(got[i] - want[i]);
    const tol = rel * (Math.abs(want[i]) + scale[i]);
    if (!(d <= tol)) throw new Error(`${what} at index ${i}: got ${got[i]}, expected ${want[i]} (|diff| ${d} > ${tol})`);
  }
}

function expectGuards(what: string, s: Scratch, ptr: number, n: number, value: number) {
  assertGuards(what, s, ptr, n, GUARD, value);
}

// ---------------------------------------------------------------------------------------

describe('matmul kernels vs naive references', () => {
  const sizes: [number, number, number][] = [
    [1, 1, 1],
    [3, 48, 144], // three leftover rows: the ensemble tile (tile_3x8) and its tails
    [7, 16, 21],
    [11, 9, 12],
    [3, 5, 7],
    [4, 8, 8],
    [5, 9, 13],
    [13, 17, 33],
    [64, 48, 48],
    [128, 192, 48],
    [7, 3, 12], // one 8-wide, one 4-wide tile, rows past the last panel
    [8, 1, 4],
    // B stays in place below 64 rows (or a K under 256): leftover rows of 3 and of 1, 4-wide
    // and single columns
    [19, 13, 29],
    [17, 6, 12],
    // B packed into 8-wide strips (64 rows and more than 4096 floats, or a K of 256): with
    // leftover rows of 3 and of 1 over the strips, and 4-wide and single columns on B itself
    [67, 10, 416],
    [65, 80, 61],
    [17, 260, 27], // a long K packs from 16 rows: a leftover row's 16-, 8-wide tiles, three single columns
    [16, 1100, 480], // too big to pack (K x 480 > the strip buffer): B is read in place
    [9, 70, 21], // K >= 64: A^T panels are copied together (and a leftover row)
    [2, 20, 40], // single rows over B itself: 24-, 16-wide tiles
    [1, 7, 53], // 24-, 24-, 4-wide tiles and a single column
  ];

  for (const layout of ['ab', 'atb', 'abt'] as Layout[]) {
    for (const [M, K, N] of sizes) {
      for (const acc of [0, 1]) {
        it(`matmul_${layout} ${M}x${K}x${N} acc=${acc}`, () => {
          const w = engine.wasm;
          const s = new Scratch(w);
          const rand = mulberry32(M * 7919 + K * 104729 + N * 31 + acc);
          const a = randomF32(M * K, rand);
          const b = randomF32(K * N, rand);
          const c0 = acc ? randomF32(M * N, rand) : new Float32Array(M * N).fill(777); // stale values to overwrite
          const pa = s.putF32(a, GUARD);
          const pb = s.putF32(b, GUARD);
          const pc = s.putF32(c0, GUARD, SENTINEL);
          const pn = s.putF32(c0, GUARD, SENTINEL);
          const scratch = s.alloc(K * N + GUARD);
          if (layout === 'ab') {
            w.matmul_ab(pc, pa, pb, M, K, N, acc);
            w.matmul_ab_naive(pn, pa, pb, M, K, N, acc);
          } else if (layout === 'atb') {
            w.matmul_atb(pc, pa, pb, M, K, N, acc);
            w.matmul_atb_naive(pn, pa, pb, M, K, N, acc);
          } else {
            w.matmul_abt(pc, pa, pb, M, K, N, acc, scratch);
            w.matmul_abt_naive(pn, pa, pb, M, K, N, acc);
          }
          const got = s.read(pc, M * N);
          const naive = s.read(pn, M * N);
          expectGuards(`matmul_${layout} C`, s, pc, M * N, SENTINEL);
          expectGuards(`matmul_${layout}_naive C`, s, pn, M * N, SENTINEL);

          const js = jsMatmul(layout, a, b, M, K, N);
          if (acc) for (let i = 0; i < M * N; i++) { js.c[i] += c0[i]; js.scale[i] += Math.abs(c0[i]); }
          // every tile sums its k in order, as the scalar loop does: the same bits, which is
          // what keeps results identical whatever tiles a shape takes
          assertSameBits(`matmul_${layout} vs matmul_${layout}_naive`, got, naive);
          expectMatmulClose(`matmul_${layout} vs float64 JS`, got, js.c, js.scale, 1e-5);
          expectMatmulClose(`matmul_${layout}_naive vs float64 JS`, naive, js.c, js.scale, 1e-5);
        });
      }
    }
  }
});

// ---------------------------------------------------------------------------------------

describe('products from weight panels equal matmul_ab bit for bit', () => {
  // matmul_panels reads W's whole 24-column panels from a packed copy and the rest from W:
  // the same tiles in the same k order, so every float must match matmul_ab exactly. Rows:
  // single (decode), three (an ensemble), four-row blocks and their leftovers (a prompt).
  const shapes: [number, number][] = [[7, 23], [9, 24], [5, 47], [48, 144], [13, 61]];
  for (const M of [1, 2, 3, 4, 5, 7, 8]) {
    for (const [K, N] of shapes) {
      for (const acc of [0, 1]) {
        it(`${M}x${K}x${N} acc=${acc}`, () => {
          const w = engine.wasm;
          const s = new Scratch(w);
          const rand = mulberry32(M * 1000 + K * 100 + N + acc);
          const a = randomF32(M * K, rand);
          const wt = randomF32(K * N, rand);
          const c0 = acc ? randomF32(M * N, rand) : new Float32Array(M * N).fill(777);
          const pa = s.putF32(a, GUARD);
          const pw = s.putF32(wt, GUARD);
          const wp = s.putF32(new Float32Array(K * (N - (N % 24))), GUARD, SENTINEL);
          const pc = s.putF32(c0, GUARD, SENTINEL);
          const pref = s.putF32(c0, GUARD, SENTINEL);
          w.pack_panels(wp, pw, K, N);
          expectGuards('panels', s, wp, K * (N - (N % 24)), SENTINEL);
          w.matmul_panels(pc, pa, wp, pw, M, K, N, acc);
          w.matmul_ab(pref, pa, pw, M, K, N, acc);
          expectGuards('matmul_panels C', s, pc, M * N, SENTINEL);
          assertSameBits('matmul_panels vs matmul_ab', s.read(pc, M * N), s.read(pref, M * N));
        });
      }
    }
  }
});

// ---------------------------------------------------------------------------------------

describe('gemm on strided sub-matrices', () => {
  // Big row-major matrices; the operands are blocks inside them, so every row stride differs
  // from the block's width and aRow != 4 forces the panel-packing path.
  const cases: { name: string; M: number; K: number; N: number; transA: boolean }[] = [
    { name: 'A row-major block', M: 9, K: 11, N: 13, transA: false },
    { name: 'A transposed block', M: 9, K: 11, N: 13, transA: true },
    { name: 'A row-major block, 8x8 tiles', M: 8, K: 6, N: 16, transA: false },
    { name: 'A row-major block, packed B, K not a multiple of 4', M: 18, K: 11, N: 21, transA: false },
    { name: 'A transposed block, single row', M: 1, K: 5, N: 9, transA: true },
  ];
  for (const { name, M, K, N, transA } of cases) {
    for (const acc of [0, 1]) {
      it(`${name} ${M}x${K}x${N} acc=${acc}`, () => {
        const w = engine.wasm;
        const s = new Scratch(w);
        const rand = mulberry32(M * 100 + K * 10 + N + (transA ? 5000 : 0) + acc);
        // A block: rows i of A at (ra + i, ca + k) of a (RA, CA) matrix, or transposed.
        const RA = 40, CA = 24, ra = 3, ca = 2;
        const RB = 20, CB = 30, rb = 1, cb = 5;
        const RC = 24, CC = 30, rc = 2, cc = 3;
        const bigA = randomF32(RA * CA, rand);
        const bigB = randomF32(RB * CB, rand);
        const bigC = randomF32(RC * CC, rand);
        const pa = s.putF32(bigA, GUARD);
        const pb = s.putF32(bigB, GUARD);
        const pc = s.putF32(bigC, GUARD, SENTINEL);
        const Aik = (i: number, k: number) => (transA ? bigA[(ra + k) * CA + ca + i] : bigA[(ra + i) * CA + ca + k]);
        const Bkj = (k: number, j: number) => bigB[(rb + k) * CB + cb + j];
        const aStart = pa + 4 * (ra * CA + ca);
        const [aRow, aK] = transA ? [4, 4 * CA] : [4 * CA, 4];
        w.gemm(pc + 4 * (rc * CC + cc), 4 * CC, aStart, aRow, aK, pb + 4 * (rb * CB + cb), 4 * CB, M, K, N, acc);
        const got = s.read(pc, RC * CC);
        expectGuards('gemm C', s, pc, RC * CC, SENTINEL);
        for (let r = 0; r < RC; r++) {
          for (let c = 0; c < CC; c++) {
            const idx = r * CC + c;
            const i = r - rc;
            const j = c - cc;
            if (i < 0 || i >= M || j < 0 || j >= N) {
              if (!Object.is(got[idx], bigC[idx])) {
                throw new Error(`gemm wrote outside the C block at (${r}, ${c}): ${bigC[idx]} -> ${got[idx]}`);
              }
              continue;
            }
            let sum = acc ? bigC[idx] : 0;
            let scale = acc ? Math.abs(bigC[idx]) : 0;
            for (let k = 0; k < K; k++) {
              sum += Aik(i, k) * Bkj(k, j);
              scale += Math.abs(Aik(i, k) * Bkj(k, j));
            }
            const d = Math.abs(got[idx] - sum);
            if (!(d <= 1e-5 * (Math.abs(sum) + scale))) {
              throw new Error(`gemm C(${i}, ${j}): got ${got[idx]}, expected ${sum}`);
            }
          }
        }
      });
    }
  }
});

// ---------------------------------------------------------------------------------------

describe('transpose with row strides', () => {
  const sizes: [number, number][] = [
    [1, 1],
    [3, 5],
    [4, 4],
    [7, 9],
    [8, 12],
    [5, 4],
  ];
  for (const [R, C] of sizes) {
    it(`${R}x${C}`, () => {
      const w = engine.wasm;
      const s = new Scratch(w);
      const rand = mulberry32(R * 37 + C);
      const ldi = C + 3; // floats per input row
      const ldo = R + 2; // floats per output row
      const inp = randomF32(R * ldi, rand);
      const pi = s.putF32(inp, GUARD);
      const po = s.putF32(new Float32Array(C * ldo).fill(SENTINEL), GUARD, SENTINEL);
      w.transpose(po, 4 * ldo, pi, 4 * ldi, R, C);
      const out = s.read(po, C * ldo);
      expectGuards('transpose out', s, po, C * ldo, SENTINEL);
      for (let c = 0; c < C; c++) {
        for (let r = 0; r < ldo; r++) {
          const got = out[c * ldo + r];
          const want = r < R ? inp[r * ldi + c] : SENTINEL; // the stride padding is left alone
          if (!Object.is(got, want)) throw new Error(`transpose ${R}x${C}: out(${c}, ${r}) = ${got}, expected ${want}`);
        }
      }
    });
  }
});
