// Every wasm op that has a backward, checked against central finite differences of a
// float64 re-implementation of its forward (written here, independent of the kernels):
// rmsnorm, relu, packed causal attention (documents of lengths 1..9, several heads, so the
// 4-wide tails and padded probability rows are exercised), fused cross-entropy (with and
// without label smoothing, partial mask) and the three matmul layouts (the gradient of
// sum(C * G) w.r.t. A and B, computed with the other layouts). The forward outputs are also
// compared with the float64 forward.
//
// The analytic gradients are float32 and the finite differences float64 on the same
// (float32-representable) inputs, so the tolerance is |a - b| <= 1e-3 |b| + 1e-5.
import { beforeAll, describe, it } from 'vitest';
import type { Engine } from '../../worker/engine.ts';
import { assertClose, assertSameBits, mulberry32, newEngine, randomF32, report, Scratch } from '../helpers/wasm.ts';

const TINY = { vocabSize: 8, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 };
const GRAD_REL = 1e-3;
const GRAD_ABS = 1e-5;
const FWD_REL = 1e-5;
const FWD_ABS = 1e-6;
const H_FD = 1e-6; // finite-difference step (float64)
const GUARD = 8;
const SENTINEL = -4242.25;

let engine: Engine;
beforeAll(async () => {
  engine = await newEngine(TINY, { batchDocs: 1, voteSlots: 1 });
});

/** Central differences of f at x (float64), one coordinate at a time. */
function finiteDifferences(x: Float64Array, f: (x: Float64Array) => number): Float64Array {
  const g = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const xi = x[i];
    x[i] = xi + H_FD;
    const up = f(x);
    x[i] = xi - H_FD;
    const down = f(x);
    x[i] = xi;
    g[i] = (up - down) / (2 * H_FD);
  }
  return g;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function checkGrad(op: string, analytic: Float32Array, fd: Float64Array): void {
  const st = assertClose(`${op} gradient (wasm float32 vs float64 finite differences)`, analytic, fd, GRAD_REL, GRAD_ABS);
  report(`${op}: gradient max |diff| ${st.maxAbs.toExponential(2)} (max |fd| ${st.maxRef.toFixed(3)})`);
}

function checkForward(op: string, got: Float32Array, want: ArrayLike<number>): void {
  const st = assertClose(`${op} forward (wasm float32 vs float64)`, got, want, FWD_REL, FWD_ABS);
  report(`${op}: forward max |diff| ${st.maxAbs.toExponential(2)}, max rel ${st.maxRel.toExponential(2)}`);
}

function expectUntouched(what: string, s: Scratch, ptr: number, n: number): void {
  const g = s.f32(ptr + 4 * n, GUARD);
  for (let i = 0; i < GUARD; i++) {
    if (!Object.is(g[i], SENTINEL)) throw new Error(`${what}: float ${n + i} past the end was written (${g[i]})`);
  }
}

// ---------------------------------------------------------------------------------------
// float64 forwards

const RMS_EPS = 1e-5;

function rmsnorm64(x: Float64Array, N: number, C: number): { y: Float64Array; rstd: Float64Array } {
  const y = new Float64Array(N * C);
  const rstd = new Float64Array(N);
  for (let n = 0; n < N; n++) {
    let ss = 0;
    for (let c = 0; c < C; c++) ss += x[n * C + c] ** 2;
    const r = 1 / Math.sqrt(ss / C + RMS_EPS);
    rstd[n] = r;
    for (let c = 0; c < C; c++) y[n * C + c] = x[n * C + c] * r;
  }
  return { y, rstd };
}

/**
 * out (N, E) and the probabilities in the kernel's layout: per document d (length T,
 * Tp = T rounded up to 4) and head h a (T, Tp) block, zero above the diagonal.
 */
function attention64(qkv: Float64Array, docStarts: number[], E: number, H: number) {
  const hd = E / H;
  const scale = 1 / Math.sqrt(hd);
  const N = docStarts[docStarts.length - 1];
  const out = new Float64Array(N * E);
  let attFloats = 0;
  for (let d = 0; d + 1 < docStarts.length; d++) {
    const T = docStarts[d + 1] - docStarts[d];
    attFloats += H * T * ((T + 3) & ~3);
  }
  const att = new Float64Array(attFloats);
  let pa = 0;
  for (let d = 0; d + 1 < docStarts.length; d++) {
    const s0 = docStarts[d];
    const T = docStarts[d + 1] - s0;
    const Tp = (T + 3) & ~3;
    for (let h = 0; h < H; h++) {
      for (let t = 0; t < T; t++) {
        const q = (s0 + t) * 3 * E + h * hd;
        const s = new Float64Array(t + 1);
        let mx = -Infinity;
        for (let u = 0; u <= t; u++) {
          const k = (s0 + u) * 3 * E + E + h * hd;
          let sc = 0;
          for (let i = 0; i < hd; i++) sc += qkv[q + i] * qkv[k + i];
          s[u] = sc * scale;
          mx = Math.max(mx, s[u]);
        }
        let sum = 0;
        for (let u = 0; u <= t; u++) sum += (s[u] = Math.exp(s[u] - mx));
        for (let u = 0; u <= t; u++) {
          const p = s[u] / sum;
          att[pa + t * Tp + u] = p;
          const v = (s0 + u) * 3 * E + 2 * E + h * hd;
          for (let i = 0; i < hd; i++) out[(s0 + t) * E + h * hd + i] += p * qkv[v + i];
        }
      }
      pa += T * Tp;
    }
  }
  return { out, att };
}

function crossEntropy64(z: Float64Array, targets: number[], mask: number[], N: number, V: number, eps: number): number {
  const count = mask.reduce((a, b) => a + b, 0);
  let total = 0;
  for (let n = 0; n < N; n++) {
    if (!mask[n]) continue;
    let mx = -Infinity;
    for (let v = 0; v < V; v++) mx = Math.max(mx, z[n * V + v]);
    let se = 0;
    for (let v = 0; v < V; v++) se += Math.exp(z[n * V + v] - mx);
    const lse = mx + Math.log(se);
    for (let v = 0; v < V; v++) {
      const q = (v === targets[n] ? 1 - eps : 0) + eps / V;
      total -= q * (z[n * V + v] - lse);
    }
  }
  return total / count;
}

// ---------------------------------------------------------------------------------------

describe('rmsnorm_forward / rmsnorm_backward', () => {
  for (const [N, C] of [[1, 4], [3, 12], [5, 48]]) {
    it(`N=${N} C=${C}`, () => {
      const s = new Scratch(engine.wasm);
      const rand = mulberry32(N * 100 + C);
      const x = randomF32(N * C, rand, 2);
      const G = randomF32(N * C, rand);
      const prior = randomF32(N * C, rand); // backward adds into dinp
      const px = s.putF32(x, GUARD);
      const py = s.putF32(new Float32Array(N * C), GUARD, SENTINEL);
      const pr = s.putF32(new Float32Array(N), GUARD, SENTINEL);
      const pg = s.putF32(G, GUARD);
      const pdx = s.putF32(prior, GUARD, SENTINEL);
      engine.wasm.rmsnorm_forward(py, pr, px, N, C);
      engine.wasm.rmsnorm_backward(pdx, pg, py, pr, N, C);
      expectUntouched('rmsnorm out', s, py, N * C);
      expectUntouched('rmsnorm rstd', s, pr, N);
      expectUntouched('rmsnorm dinp', s, pdx, N * C);

      const ref = rmsnorm64(Float64Array.from(x), N, C);
      checkForward(`rmsnorm ${N}x${C} out`, s.read(py, N * C), ref.y);
      checkForward(`rmsnorm ${N}x${C} rstd`, s.read(pr, N), ref.rstd);
      const dx = s.read(pdx, N * C).map((v, i) => v - prior[i]);
      const fd = finiteDifferences(Float64Array.from(x), (xx) => dot(rmsnorm64(xx, N, C).y, G));
      checkGrad(`rmsnorm ${N}x${C}`, dx, fd);
    });
  }
});

describe('relu_forward / relu_backward', () => {
  it('n=36, in place and out of place', () => {
    const s = new Scratch(engine.wasm);
    const n = 36;
    const rand = mulberry32(5);
    // keep clear of the kink so the finite differences are exact
    const x = randomF32(n, rand).map((v) => (Math.abs(v) < 0.05 ? v + Math.sign(v || 1) * 0.1 : v));
    const G = randomF32(n, rand);
    const px = s.putF32(x, GUARD);
    const py = s.putF32(new Float32Array(n), GUARD, SENTINEL);
    const pg = s.putF32(G, GUARD);
    const pdx = s.putF32(new Float32Array(n).fill(99), GUARD, SENTINEL); // relu_backward overwrites
    engine.wasm.relu_forward(py, px, n);
    engine.wasm.relu_backward(pdx, pg, py, n);
    expectUntouched('relu out', s, py, n);
    expectUntouched('relu dinp', s, pdx, n);
    const relu = (xx: Float64Array) => xx.map((v) => Math.max(v, 0));
    checkForward('relu', s.read(py, n), relu(Float64Array.from(x)));
    const fd = finiteDifferences(Float64Array.from(x), (xx) => dot(relu(xx), G));
    checkGrad('relu', s.read(pdx, n), fd);

    // in place, as the model runs it: dinp == dout
    const pin = s.putF32(G, GUARD, SENTINEL);
    engine.wasm.relu_backward(pin, pin, py, n);
    checkGrad('relu (in place)', s.read(pin, n), fd);
  });
});

// ---------------------------------------------------------------------------------------

describe('attention_forward / attention_backward', () => {
  const cases = [
    { E: 12, H: 3, lens: [3, 1, 5, 4, 9, 8] }, // hd 4, three heads
    { E: 16, H: 2, lens: [1, 4, 3, 5, 2] }, // hd 8
    { E: 8, H: 2, lens: [1] }, // a single one-position document
    { E: 24, H: 2, lens: [13, 9, 6] }, // hd 12, whole four-query panels and ragged ones
  ];
  for (const { E, H, lens } of cases) {
    it(`E=${E} H=${H} documents of lengths ${lens.join(', ')}`, () => {
      const w = engine.wasm;
      const s = new Scratch(w);
      const hd = E / H;
      const B = Math.max(...lens);
      const docStarts = [0];
      for (const T of lens) docStarts.push(docStarts[docStarts.length - 1] + T);
      const N = docStarts[lens.length];
      const D = lens.length;
      const rand = mulberry32(E * 1000 + H * 10 + N);
      const qkv = randomF32(N * 3 * E, rand, 1.5);
      const G = randomF32(N * E, rand);

      const pqkv = s.putF32(qkv, GUARD); // NaN guard: reading past the batch would poison the result
      const pds = s.putI32(docStarts);
      const attFloats = w.attention_probs_floats(pds, D, H);
      const ref = attention64(Float64Array.from(qkv), docStarts, E, H);
      if (attFloats !== ref.att.length) throw new Error(`attention_probs_floats = ${attFloats}, expected ${ref.att.length}`);
      const pout = s.putF32(new Float32Array(N * E).fill(7), GUARD, SENTINEL);
      const patt = s.putF32(new Float32Array(attFloats).fill(7), GUARD, SENTINEL);
      const fscratch = s.alloc(hd * (B + 4));
      const pg = s.putF32(G, GUARD);
      const pdq = s.putF32(new Float32Array(N * 3 * E).fill(7), GUARD, SENTINEL); // overwritten
      const bscratch = s.alloc((B + 4) * (B + 4) + hd * (B + 4));

      w.attention_forward(pout, patt, pqkv, pds, 0, D, E, H, fscratch);
      expectUntouched('attention out', s, pout, N * E);
      expectUntouched('attention att', s, patt, attFloats);
      checkForward(`attention E=${E} H=${H} out`, s.read(pout, N * E), ref.out);
      // probabilities, including the exact zeros above the diagonal and in the padding
      const att = s.read(patt, attFloats);
      checkForward(`attention E=${E} H=${H} probabilities`, att, ref.att);
      for (let i = 0; i < attFloats; i++) {
        if (ref.att[i] === 0 && att[i] !== 0) throw new Error(`attention probability ${i} should be exactly 0, got ${att[i]}`);
      }

      w.attention_backward(pdq, bscratch, pg, patt, pqkv, pds, 0, D, E, H);
      expectUntouched('attention dqkv', s, pdq, N * 3 * E);
      const fd = finiteDifferences(Float64Array.from(qkv), (x) => dot(attention64(x, docStarts, E, H).out, G));
      checkGrad(`attention E=${E} H=${H} lens ${lens.join(',')}`, s.read(pdq, N * 3 * E), fd);

      // Pruned queries (the last layer under a response-only loss): document d computes
      // outputs for t >= qStarts[d] only. Outputs there are unchanged, and the gradient is
      // that of the loss over those rows alone.
      const qStarts = Int32Array.from(lens, (T, d) => Math.min(T, d % 3 === 0 ? 0 : Math.floor(T / 2) + (d % 2)));
      const used = new Float64Array(N * E);
      lens.forEach((T, d) => {
        for (let t = qStarts[d]; t < T; t++) for (let c = 0; c < E; c++) used[(docStarts[d] + t) * E + c] = 1;
      });
      const pq = s.putI32(qStarts);
      w.attention_forward(pout, patt, pqkv, pds, pq, D, E, H, fscratch);
      const outP = s.read(pout, N * E);
      const masked = (a: ArrayLike<number>) => Float64Array.from(a, (x, i) => (used[i] ? x : 0));
      checkForward(`pruned attention E=${E} H=${H} out`, Float32Array.from(masked(outP)), masked(ref.out));
      const pgP = s.putF32(Float32Array.from(G, (g, i) => (used[i] ? g : Number.NaN)), GUARD); // unused rows must not be read
      w.attention_backward(pdq, bscratch, pgP, patt, pqkv, pds, pq, D, E, H);
      const fdP = finiteDifferences(Float64Array.from(qkv), (x) => dot(attention64(x, docStarts, E, H).out, masked(G)));
      checkGrad(`pruned attention E=${E} H=${H} lens ${lens.join(',')}`, s.read(pdq, N * 3 * E), fdP);
    });
  }

  // Queries run in panels of four rows: whole panels together (four rows interleaved), the
  // rest row by row. Row t computed alone (the document cut after it, qStarts = t, so its
  // panel holds it alone) must give the bits it has inside a whole panel, at every position
  // in a panel.
  it('gives a query row the same bits alone as in a panel of four', () => {
    const w = engine.wasm;
    const s = new Scratch(w);
    const E = 48, H = 4, hd = 12, T = 23;
    const rand = mulberry32(4812);
    const pqkv = s.putF32(randomF32(T * 3 * E, rand, 2));
    const pg = s.putF32(randomF32(T * E, rand));
    const pout = s.alloc(T * E), pdq = s.alloc(T * 3 * E);
    const patt = s.alloc(H * T * (T + 3));
    const fscratch = s.alloc(hd * (T + 4)), bscratch = s.alloc((T + 4) * (T + 4) + hd * (T + 4));
    // the first `len` rows as one document, queries from q on
    const run = (len: number, q: number) => {
      const pds = s.putI32([0, len]), pq = s.putI32([q]);
      w.attention_forward(pout, patt, pqkv, pds, pq, 1, E, H, fscratch);
      w.attention_backward(pdq, bscratch, pg, patt, pqkv, pds, pq, 1, E, H);
      return { out: s.read(pout, T * E), att: s.read(patt, H * len * ((len + 3) & ~3)), dq: s.read(pdq, T * 3 * E) };
    };
    const row = (x: Float32Array, at: number, width: number) => x.subarray(at, at + width);
    const whole = run(T, 0);
    const Tp = (T + 3) & ~3;
    for (let t = 0; t < T; t++) {
      const alone = run(t + 1, t);
      const tp = (t + 4) & ~3;
      assertSameBits(`out row ${t}`, row(alone.out, t * E, E), row(whole.out, t * E, E));
      assertSameBits(`dQ row ${t}`, row(alone.dq, t * 3 * E, E), row(whole.dq, t * 3 * E, E));
      for (let h = 0; h < H; h++) {
        assertSameBits(`probabilities row ${t} head ${h}`, row(alone.att, (h * (t + 1) + t) * tp, tp), row(whole.att, (h * T + t) * Tp, tp));
      }
    }
  });
});

// ---------------------------------------------------------------------------------------

describe('crossentropy_forward_backward', () => {
  const cases = [
    { V: 7, eps: 0 },
    { V: 7, eps: 0.1 },
    { V: 35, eps: 0 },
    { V: 35, eps: 0.1 },
    { V: 8, eps: 0.3 },
  ];
  for (const { V, eps } of cases) {
    it(`V=${V} smoothing=${eps}, partial mask`, () => {
      const w = engine.wasm;
      const s = new Scratch(w);
      const N = 6;
      const rand = mulberry32(V * 10 + eps * 100);
      const z = randomF32(N * V, rand, 3);
      const targets = Array.from({ length: N }, () => Math.floor(rand() * V));
      const mask = [1, 0, 1, 1, 0, 1];
      const count = 4;
      const pz = s.putF32(z, GUARD, SENTINEL);
      const pt = s.putI32(targets);
      const pm = s.putU8(mask);
      const loss = w.crossentropy_forward_backward(pz, pt, pm, N, V, eps, 1 / count);
      expectUntouched('crossentropy dlogits', s, pz, N * V);
      const want = crossEntropy64(Float64Array.from(z), targets, mask, N, V, eps);
      checkForward(`crossentropy V=${V} eps=${eps} loss`, Float32Array.of(loss), [want]);
      const fd = finiteDifferences(Float64Array.from(z), (x) => crossEntropy64(x, targets, mask, N, V, eps));
      const grad = s.read(pz, N * V);
      checkGrad(`crossentropy V=${V} eps=${eps}`, grad, fd);
      for (let n = 0; n < N; n++) {
        if (mask[n]) continue;
        for (let v = 0; v < V; v++) {
          if (grad[n * V + v] !== 0) throw new Error(`masked row ${n}: dlogits[${v}] = ${grad[n * V + v]}, expected 0`);
        }
      }
    });
  }
});

// ---------------------------------------------------------------------------------------

describe('matmul gradients', () => {
  // loss = sum(C * G); each layout's two gradients come from the other two layouts.
  for (const [M, K, N] of [[5, 7, 9], [4, 8, 12], [13, 6, 11]]) {
    it(`${M}x${K}x${N}: C = A B, A^T B and A B^T`, () => {
      const w = engine.wasm;
      const s = new Scratch(w);
      const rand = mulberry32(M * 100 + K * 10 + N);
      const G = randomF32(M * N, rand);
      const pG = s.putF32(G, GUARD);
      const scratch = s.alloc(Math.max(M, K, N) ** 2);

      /** float64 C for the layout, A and B as stored. */
      const forward = (layout: string, a: ArrayLike<number>, b: ArrayLike<number>) => {
        const c = new Float64Array(M * N);
        for (let i = 0; i < M; i++) {
          for (let j = 0; j < N; j++) {
            let sum = 0;
            for (let k = 0; k < K; k++) {
              const av = layout === 'atb' ? a[k * M + i] : a[i * K + k];
              const bv = layout === 'abt' ? b[j * K + k] : b[k * N + j];
              sum += av * bv;
            }
            c[i * N + j] = sum;
          }
        }
        return c;
      };

      for (const layout of ['ab', 'atb', 'abt']) {
        const a = randomF32(M * K, rand);
        const b = randomF32(K * N, rand);
        const pa = s.putF32(a, GUARD);
        const pb = s.putF32(b, GUARD);
        const pc = s.alloc(M * N);
        const da = s.alloc(M * K);
        const db = s.alloc(K * N);
        if (layout === 'ab') {
          // C (M,N) = A (M,K) B (K,N):  dA = G B^T,  dB = A^T G
          w.matmul_ab(pc, pa, pb, M, K, N, 0);
          w.matmul_abt(da, pG, pb, M, N, K, 0, scratch);
          w.matmul_atb(db, pa, pG, K, M, N, 0);
        } else if (layout === 'atb') {
          // C = A^T B with A (K,M), B (K,N):  dA (K,M) = B G^T,  dB (K,N) = A G
          w.matmul_atb(pc, pa, pb, M, K, N, 0);
          w.matmul_abt(da, pb, pG, K, N, M, 0, scratch);
          w.matmul_ab(db, pa, pG, K, M, N, 0);
        } else {
          // C = A B^T with A (M,K), B (N,K):  dA (M,K) = G B,  dB (N,K) = G^T A
          w.matmul_abt(pc, pa, pb, M, K, N, 0, scratch);
          w.matmul_ab(da, pG, pb, M, N, K, 0);
          w.matmul_atb(db, pG, pa, N, M, K, 0);
        }
        const a64 = Float64Array.from(a);
        const b64 = Float64Array.from(b);
        checkForward(`matmul_${layout} ${M}x${K}x${N} C`, s.read(pc, M * N), forward(layout, a64, b64));
        const fdA = finiteDifferences(a64, (x) => dot(forward(layout, x, b64), G));
        const fdB = finiteDifferences(b64, (x) => dot(forward(layout, a64, x), G));
        checkGrad(`matmul_${layout} ${M}x${K}x${N} dA`, s.read(da, M * K), fdA);
        checkGrad(`matmul_${layout} ${M}x${K}x${N} dB`, s.read(db, K * N), fdB);
      }
    });
  }
});
