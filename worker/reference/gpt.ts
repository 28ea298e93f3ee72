// Plain TypeScript reference of the organelle GPT: forward pass, hand-written backward pass,
// AdamW and the learning-rate schedule. It is the ground truth the WASM engine is tested
// against (run in float64 for finite-difference checks) and the baseline the benchmarks
// compare it with (run in float32). Every work array is allocated with the same element type
// as the params, so one code path serves both precisions.
//
// Dimension letters as in shape.ts: V vocab, E embedding, H heads, L layers, F mlp width,
// B block, hd = E / H; N is the number of positions in a packed batch.
import { parameterCount, parameterLayout, validateShape } from '../model/shape.ts';
import type { ModelShape } from '../model/shape.ts';
import type { PackedBatch, TrainConfig } from '../model/types.ts';

/** The float arrays the reference runs on; work arrays follow the params' element type. */
export type FloatArray = Float32Array | Float64Array;

const RMS_EPS = 1e-5;

/** A zeroed array of n floats of the same element type as `like`. */
function allocLike<A extends FloatArray>(like: A, n: number): A {
  return (like instanceof Float64Array ? new Float64Array(n) : new Float32Array(n)) as A;
}

// ---------------------------------------------------------------------------------------------
// Matmuls. These are the "plain TypeScript" numbers the benchmarks set the WASM kernels
// against, so they use the best ordinary-JS technique rather than a textbook triple loop: a 4x4
// register tile (16 scalar accumulators, 8 loads per 16 multiply-adds), about 2x faster than
// an i-k-j loop in V8. All three layouts share one strided kernel and overwrite c.

/**
 * C (M, N) = sum_k A(i, k) B(k, j), where A(i, k) = a[i*sai + k*sak] and B(k, j) =
 * b[k*sbk + j*sbj]. C is row-major and dense. Rows and columns past the last full 4x4 tile
 * are finished with strided dot products.
 */
function gemmStrided(
  c: FloatArray,
  a: FloatArray,
  b: FloatArray,
  M: number,
  K: number,
  N: number,
  sai: number,
  sak: number,
  sbk: number,
  sbj: number,
): void {
  const M4 = M - (M % 4);
  const N4 = N - (N % 4);
  const sai2 = 2 * sai;
  const sai3 = 3 * sai;
  const sbj2 = 2 * sbj;
  const sbj3 = 3 * sbj;
  for (let i = 0; i < M4; i += 4) {
    for (let j = 0; j < N4; j += 4) {
      // acc<r><c>: C(i+r, j+c)
      let acc00 = 0, acc01 = 0, acc02 = 0, acc03 = 0;
      let acc10 = 0, acc11 = 0, acc12 = 0, acc13 = 0;
      let acc20 = 0, acc21 = 0, acc22 = 0, acc23 = 0;
      let acc30 = 0, acc31 = 0, acc32 = 0, acc33 = 0;
      let pa = i * sai; // A(i, k)
      let pb = j * sbj; // B(k, j)
      for (let k = 0; k < K; k++) {
        const a0 = a[pa];
        const a1 = a[pa + sai];
        const a2 = a[pa + sai2];
        const a3 = a[pa + sai3];
        const b0 = b[pb];
        const b1 = b[pb + sbj];
        const b2 = b[pb + sbj2];
        const b3 = b[pb + sbj3];
        acc00 += a0 * b0; acc01 += a0 * b1; acc02 += a0 * b2; acc03 += a0 * b3;
        acc10 += a1 * b0; acc11 += a1 * b1; acc12 += a1 * b2; acc13 += a1 * b3;
        acc20 += a2 * b0; acc21 += a2 * b1; acc22 += a2 * b2; acc23 += a2 * b3;
        acc30 += a3 * b0; acc31 += a3 * b1; acc32 += a3 * b2; acc33 += a3 * b3;
        pa += sak;
        pb += sbk;
      }
      let o = i * N + j;
      c[o] = acc00; c[o + 1] = acc01; c[o + 2] = acc02; c[o + 3] = acc03;
      o += N;
      c[o] = acc10; c[o + 1] = acc11; c[o + 2] = acc12; c[o + 3] = acc13;
      o += N;
      c[o] = acc20; c[o + 1] = acc21; c[o + 2] = acc22; c[o + 3] = acc23;
      o += N;
      c[o] = acc30; c[o + 1] = acc31; c[o + 2] = acc32; c[o + 3] = acc33;
    }
    for (let r = i; r < i + 4; r++) {
      for (let j = N4; j < N; j++) c[r * N + j] = dotStrided(a, b, r * sai, sak, j * sbj, sbk, K);
    }
  }
  for (let i = M4; i < M; i++) {
    for (let j = 0; j < N; j++) c[i * N + j] = dotStrided(a, b, i * sai, sak, j * sbj, sbk, K);
  }
}

/** sum_k a[pa + k*sa] * b[pb + k*sb], for the edges of gemmStrided. */
function dotStrided(a: FloatArray, b: FloatArray, pa: number, sa: number, pb: number, sb: number, K: number): number {
  let s = 0;
  for (let k = 0; k < K; k++, pa += sa, pb += sb) s += a[pa] * b[pb];
  return s;
}

/** C (M, N) = A (M, K) @ B (K, N): the forward product X @ W. */
export function referenceMatmul(c: FloatArray, a: FloatArray, b: FloatArray, M: number, K: number, N: number): void {
  gemmStrided(c, a, b, M, K, N, K, 1, N, 1);
}

/** C (M, N) = A^T @ B with A stored (K, M) and B (K, N): the weight gradient X^T @ dY. */
export function referenceMatmulATB(c: FloatArray, a: FloatArray, b: FloatArray, M: number, K: number, N: number): void {
  gemmStrided(c, a, b, M, K, N, 1, M, N, 1);
}

/** C (M, N) = A (M, K) @ B^T with B stored (N, K): the input gradient dY @ W^T. */
export function referenceMatmulABT(c: FloatArray, a: FloatArray, b: FloatArray, M: number, K: number, N: number): void {
  gemmStrided(c, a, b, M, K, N, K, 1, 1, K);
}

// ---------------------------------------------------------------------------------------------
// Parameter views and batch geometry.

interface LayerWeights {
  wqkv: FloatArray; // (E, 3E) columns [q | k | v]
  wo: FloatArray; // (E, E)
  fc1: FloatArray; // (E, F)
  fc2: FloatArray; // (F, E)
}

interface Weights {
  wte: FloatArray; // (V, E)
  wpe: FloatArray; // (B, E)
  layers: LayerWeights[];
  lmHead: FloatArray; // (E, V)
}

/** Named views into a flat array in parameterLayout order (params or grads). */
function viewWeights(shape: ModelShape, flat: FloatArray): Weights {
  const t = new Map<string, FloatArray>();
  for (const s of parameterLayout(shape)) t.set(s.name, flat.subarray(s.offset, s.offset + s.rows * s.cols));
  const get = (name: string) => t.get(name)!;
  const layers: LayerWeights[] = [];
  for (let l = 0; l < shape.layers; l++) {
    layers.push({ wqkv: get(`${l}.wqkv`), wo: get(`${l}.wo`), fc1: get(`${l}.fc1`), fc2: get(`${l}.fc2`) });
  }
  return { wte: get('wte'), wpe: get('wpe'), layers, lmHead: get('lm_head') };
}

/**
 * Per-position document geometry. Attention probabilities are stored ragged: position n has
 * len[n] = pos[n] + 1 keys per head, in a block of H * len[n] floats starting at H * attOff[n].
 */
interface Geometry {
  N: number;
  start: Int32Array; // (N) first position of n's document
  pos: Int32Array; // (N) position within the document, n - start[n]
  attOff: Int32Array; // (N) prefix sum of len[n]
  attTotal: number; // sum of len[n]
}

function batchGeometry(shape: ModelShape, batch: PackedBatch): Geometry {
  const { tokens, targets, mask, docStarts } = batch;
  const N = tokens.length;
  if (targets.length !== N || mask.length !== N) {
    throw new Error(`batch: tokens ${N}, targets ${targets.length} and mask ${mask.length} differ in length`);
  }
  const D = docStarts.length - 1;
  if (D < 0 || docStarts[0] !== 0 || docStarts[D] !== N) {
    throw new Error(`batch: docStarts must run from 0 to N=${N}`);
  }
  const start = new Int32Array(N);
  const pos = new Int32Array(N);
  const attOff = new Int32Array(N);
  let attTotal = 0;
  for (let d = 0; d < D; d++) {
    const s = docStarts[d];
    const e = docStarts[d + 1];
    if (e < s) throw new Error(`batch: docStarts not ascending at document ${d}`);
    if (e - s > shape.block) throw new Error(`batch: document ${d} has ${e - s} positions, block is ${shape.block}`);
    for (let n = s; n < e; n++) {
      start[n] = s;
      pos[n] = n - s;
      attOff[n] = attTotal;
      attTotal += n - s + 1;
    }
  }
  for (let n = 0; n < N; n++) {
    if (tokens[n] < 0 || tokens[n] >= shape.vocabSize) {
      throw new Error(`batch: token ${tokens[n]} at ${n} out of range`);
    }
    if (mask[n] && (targets[n] < 0 || targets[n] >= shape.vocabSize)) {
      throw new Error(`batch: target ${targets[n]} at ${n} out of range`);
    }
  }
  return { N, start, pos, attOff, attTotal };
}

// ---------------------------------------------------------------------------------------------
// Layers, as forward / backward pairs. Arguments: outputs, inputs, weights, dims.
// Backward functions add into their gradient outputs.

/** y = x / sqrt(mean(x^2) + eps) per row (no gain); rstd keeps 1 / sqrt(...) for backward. */
function rmsnormForward(y: FloatArray, rstd: FloatArray, x: FloatArray, N: number, E: number): void {
  for (let n = 0; n < N; n++) {
    const o = n * E;
    let ss = 0;
    for (let i = 0; i < E; i++) ss += x[o + i] * x[o + i];
    const r = 1 / Math.sqrt(ss / E + RMS_EPS);
    rstd[n] = r;
    for (let i = 0; i < E; i++) y[o + i] = x[o + i] * r;
  }
}

/**
 * With r = (mean(x^2) + eps)^(-1/2), y_i = x_i r and dr/dx_i = -r^3 x_i / E, so
 *   dx_i = r dy_i - (r^3 / E) x_i sum_j dy_j x_j.
 */
function rmsnormBackward(dx: FloatArray, dy: FloatArray, x: FloatArray, rstd: FloatArray, N: number, E: number): void {
  for (let n = 0; n < N; n++) {
    const o = n * E;
    const r = rstd[n];
    let dot = 0;
    for (let i = 0; i < E; i++) dot += dy[o + i] * x[o + i];
    const c = (r * r * r * dot) / E;
    for (let i = 0; i < E; i++) dx[o + i] += r * dy[o + i] - c * x[o + i];
  }
}

/**
 * Causal multi-head attention inside each document. qkv (N, 3E) holds q | k | v per row; head h
 * reads columns h*hd..(h+1)*hd of each third. For query t and keys s = start..t:
 *   P_ts = softmax_s(q_t . k_s / sqrt(hd)),  out_t = sum_s P_ts v_s.
 * out (N, E) is the heads concatenated; att holds P (ragged, see Geometry).
 */
function attentionForward(out: FloatArray, att: FloatArray, qkv: FloatArray, g: Geometry, E: number, H: number, alibi = false): void {
  const hd = E / H;
  const C3 = 3 * E;
  const scale = 1 / Math.sqrt(hd);
  for (let t = 0; t < g.N; t++) {
    const s0 = g.start[t];
    const len = g.pos[t] + 1;
    const rowAtt = H * g.attOff[t];
    for (let h = 0; h < H; h++) {
      const qo = t * C3 + h * hd;
      const po = rowAtt + h * len;
      // ALiBi: the raw score falls by slope_h / scale per key of distance, slope_h = 2^(-8(h+1)/H)
      const step = alibi ? 2 ** (-(8 * (h + 1)) / H) / scale : 0;
      // scores and their max, for a stable softmax
      let max = -Infinity;
      for (let j = 0; j < len; j++) {
        const ko = (s0 + j) * C3 + E + h * hd;
        let dot = 0;
        for (let d = 0; d < hd; d++) dot += qkv[qo + d] * qkv[ko + d];
        const sc = (dot + step * (j - (len - 1))) * scale;
        att[po + j] = sc;
        if (sc > max) max = sc;
      }
      let sum = 0;
      for (let j = 0; j < len; j++) {
        const e = Math.exp(att[po + j] - max);
        att[po + j] = e;
        sum += e;
      }
      const inv = 1 / sum;
      const oo = t * E + h * hd;
      for (let d = 0; d < hd; d++) out[oo + d] = 0;
      for (let j = 0; j < len; j++) {
        const p = att[po + j] * inv;
        att[po + j] = p;
        const vo = (s0 + j) * C3 + 2 * E + h * hd;
        for (let d = 0; d < hd; d++) out[oo + d] += p * qkv[vo + d];
      }
    }
  }
}

/**
 * Given dout (N, E), adds into dqkv (N, 3E). With S_ts = q_t . k_s / sqrt(hd):
 *   dv_s += P_ts dout_t,  dP_ts = dout_t . v_s,
 *   dS_ts = P_ts (dP_ts - sum_s' P_ts' dP_ts')   (softmax Jacobian),
 *   dq_t += dS_ts k_s / sqrt(hd),  dk_s += dS_ts q_t / sqrt(hd).
 * dP is a scratch row of at least B floats.
 */
function attentionBackward(
  dqkv: FloatArray,
  dout: FloatArray,
  qkv: FloatArray,
  att: FloatArray,
  dP: FloatArray,
  g: Geometry,
  E: number,
  H: number,
): void {
  const hd = E / H;
  const C3 = 3 * E;
  const scale = 1 / Math.sqrt(hd);
  for (let t = 0; t < g.N; t++) {
    const s0 = g.start[t];
    const len = g.pos[t] + 1;
    const rowAtt = H * g.attOff[t];
    for (let h = 0; h < H; h++) {
      const po = rowAtt + h * len;
      const oo = t * E + h * hd;
      let pdp = 0;
      for (let j = 0; j < len; j++) {
        const vo = (s0 + j) * C3 + 2 * E + h * hd;
        const p = att[po + j];
        let dot = 0;
        for (let d = 0; d < hd; d++) {
          dot += dout[oo + d] * qkv[vo + d];
          dqkv[vo + d] += p * dout[oo + d];
        }
        dP[j] = dot;
        pdp += p * dot;
      }
      const qo = t * C3 + h * hd;
      for (let j = 0; j < len; j++) {
        const ds = att[po + j] * (dP[j] - pdp) * scale;
        if (ds === 0) continue;
        const ko = (s0 + j) * C3 + E + h * hd;
        for (let d = 0; d < hd; d++) {
          dqkv[qo + d] += ds * qkv[ko + d];
          dqkv[ko + d] += ds * qkv[qo + d];
        }
      }
    }
  }
}

/**
 * Label-smoothed cross-entropy averaged over masked positions. With q = (1-eps) onehot(target)
 * + eps/V and logp = logits - logsumexp(logits):
 *   loss_n = -(1-eps) logp_target - (eps/V) sum_v logp_v,   dloss_n/dlogits_v = softmax_v - q_v.
 * If dlogits (N, V) is given it receives d(mean loss)/dlogits; unmasked rows are left zero.
 */
function crossEntropy(
  dlogits: FloatArray | null,
  logits: FloatArray,
  targets: Int32Array,
  mask: Uint8Array,
  N: number,
  V: number,
  eps: number,
): number {
  let count = 0;
  for (let n = 0; n < N; n++) if (mask[n]) count++;
  if (count === 0) return 0;
  const invCount = 1 / count;
  const off = eps / V;
  let total = 0;
  for (let n = 0; n < N; n++) {
    if (!mask[n]) continue;
    const o = n * V;
    let max = -Infinity;
    let sumLogits = 0;
    for (let v = 0; v < V; v++) {
      const z = logits[o + v];
      if (z > max) max = z;
      sumLogits += z;
    }
    let sumExp = 0;
    for (let v = 0; v < V; v++) sumExp += Math.exp(logits[o + v] - max);
    const lse = max + Math.log(sumExp);
    const target = targets[n];
    total += -(1 - eps) * (logits[o + target] - lse) - off * (sumLogits - V * lse);
    if (dlogits) {
      for (let v = 0; v < V; v++) dlogits[o + v] = (Math.exp(logits[o + v] - lse) - off) * invCount;
      dlogits[o + target] -= (1 - eps) * invCount;
    }
  }
  return total * invCount;
}

// ---------------------------------------------------------------------------------------------
// The model.

interface LayerActivations {
  h1: FloatArray; // (N, E) rmsnorm(x_in)
  rstd1: FloatArray; // (N)
  qkv: FloatArray; // (N, 3E)
  att: FloatArray; // (H * attTotal) softmax probabilities, ragged
  a: FloatArray; // (N, E) attention output, heads concatenated
  xmid: FloatArray; // (N, E) x_in + a @ wo
  h2: FloatArray; // (N, E) rmsnorm(xmid)
  rstd2: FloatArray; // (N)
  f: FloatArray; // (N, F) h2 @ fc1, before ReLU
  r: FloatArray; // (N, F) relu(f)
}

interface Activations {
  g: Geometry;
  x0: FloatArray; // (N, E) wte[tok] + wpe[pos], before the embedding rmsnorm
  rstd0: FloatArray; // (N)
  xs: FloatArray[]; // L+1 residual streams (N, E): xs[l] enters layer l, xs[L] feeds lm_head
  layers: LayerActivations[];
  logits: FloatArray; // (N, V)
}

function checkParams(shape: ModelShape, params: FloatArray): void {
  validateShape(shape);
  const want = parameterCount(shape);
  if (params.length !== want) throw new Error(`params: expected ${want} floats, got ${params.length}`);
}

function forward(shape: ModelShape, params: FloatArray, batch: PackedBatch): Activations {
  const { embd: E, heads: H, mlp: F, vocabSize: V } = shape;
  const g = batchGeometry(shape, batch);
  const N = g.N;
  const w = viewWeights(shape, params);
  const alloc = (n: number) => allocLike(params, n);

  // x = rmsnorm(wte[tok] + wpe[pos])
  const x0 = alloc(N * E);
  const rstd0 = alloc(N);
  for (let n = 0; n < N; n++) {
    const to = batch.tokens[n] * E;
    const po = g.pos[n] * E;
    const o = n * E;
    for (let i = 0; i < E; i++) x0[o + i] = w.wte[to + i] + w.wpe[po + i];
  }
  const xs: FloatArray[] = [alloc(N * E)];
  rmsnormForward(xs[0], rstd0, x0, N, E);

  const tmp = alloc(N * E); // (N, E) scratch for the residual branches
  const layers: LayerActivations[] = [];
  for (let l = 0; l < shape.layers; l++) {
    const lw = w.layers[l];
    const x = xs[l];
    const la: LayerActivations = {
      h1: alloc(N * E),
      rstd1: alloc(N),
      qkv: alloc(N * 3 * E),
      att: alloc(H * g.attTotal),
      a: alloc(N * E),
      xmid: alloc(N * E),
      h2: alloc(N * E),
      rstd2: alloc(N),
      f: alloc(N * F),
      r: alloc(N * F),
    };
    // attention block: xmid = x + attn(rmsnorm(x) @ wqkv) @ wo
    rmsnormForward(la.h1, la.rstd1, x, N, E);
    referenceMatmul(la.qkv, la.h1, lw.wqkv, N, E, 3 * E);
    attentionForward(la.a, la.att, la.qkv, g, E, H, shape.alibi === true);
    referenceMatmul(tmp, la.a, lw.wo, N, E, E);
    for (let i = 0; i < N * E; i++) la.xmid[i] = x[i] + tmp[i];
    // MLP block: x_out = xmid + relu(rmsnorm(xmid) @ fc1) @ fc2
    rmsnormForward(la.h2, la.rstd2, la.xmid, N, E);
    referenceMatmul(la.f, la.h2, lw.fc1, N, E, F);
    for (let i = 0; i < N * F; i++) la.r[i] = la.f[i] > 0 ? la.f[i] : 0;
    referenceMatmul(tmp, la.r, lw.fc2, N, F, E);
    const xout = alloc(N * E);
    for (let i = 0; i < N * E; i++) xout[i] = la.xmid[i] + tmp[i];
    xs.push(xout);
    layers.push(la);
  }

  // no final norm: logits = x @ lm_head
  const logits = alloc(N * V);
  referenceMatmul(logits, xs[shape.layers], w.lmHead, N, E, V);
  return { g, x0, rstd0, xs, layers, logits };
}

/** Loss (mean over masked positions) and logits (N, V) for every position. */
export function referenceForward<A extends FloatArray>(
  shape: ModelShape,
  params: A,
  batch: PackedBatch,
  labelSmoothing: number,
): { loss: number; logits: A } {
  checkParams(shape, params);
  const act = forward(shape, params, batch);
  const loss = crossEntropy(null, act.logits, batch.targets, batch.mask, act.g.N, shape.vocabSize, labelSmoothing);
  return { loss, logits: act.logits as A };
}

/** Loss and its gradient with respect to every parameter (same layout and type as params). */
export function referenceForwardBackward<A extends FloatArray>(
  shape: ModelShape,
  params: A,
  batch: PackedBatch,
  labelSmoothing: number,
): { loss: number; grads: A } {
  checkParams(shape, params);
  const { embd: E, heads: H, mlp: F, vocabSize: V, layers: L } = shape;
  const act = forward(shape, params, batch);
  const { g } = act;
  const N = g.N;
  const w = viewWeights(shape, params);
  const grads = allocLike(params, params.length);
  const dw = viewWeights(shape, grads);
  const alloc = (n: number) => allocLike(params, n);

  const dlogits = alloc(N * V);
  const loss = crossEntropy(dlogits, act.logits, batch.targets, batch.mask, N, V, labelSmoothing);

  // logits = x @ lm_head
  const dx = alloc(N * E); // gradient of the residual stream, walked back layer by layer
  referenceMatmulATB(dw.lmHead, act.xs[L], dlogits, E, N, V);
  referenceMatmulABT(dx, dlogits, w.lmHead, N, V, E);

  // Each weight is used once per forward pass, so the ATB calls may overwrite their grads.
  const dh = alloc(N * E);
  const dr = alloc(N * F);
  const da = alloc(N * E);
  const dqkv = alloc(N * 3 * E);
  const dP = alloc(shape.block);
  for (let l = L - 1; l >= 0; l--) {
    const lw = w.layers[l];
    const lg = dw.layers[l];
    const la = act.layers[l];
    // x_out = xmid + r @ fc2, r = relu(f), f = h2 @ fc1, h2 = rmsnorm(xmid)
    referenceMatmulATB(lg.fc2, la.r, dx, F, N, E);
    referenceMatmulABT(dr, dx, lw.fc2, N, E, F);
    for (let i = 0; i < N * F; i++) if (la.f[i] <= 0) dr[i] = 0; // ReLU passes gradient where f > 0
    referenceMatmulATB(lg.fc1, la.h2, dr, E, N, F);
    referenceMatmulABT(dh, dr, lw.fc1, N, F, E);
    rmsnormBackward(dx, dh, la.xmid, la.rstd2, N, E); // dx now holds d xmid (residual + branch)
    // xmid = x + a @ wo, a = attn(qkv), qkv = h1 @ wqkv, h1 = rmsnorm(x)
    referenceMatmulATB(lg.wo, la.a, dx, E, N, E);
    referenceMatmulABT(da, dx, lw.wo, N, E, E);
    dqkv.fill(0);
    attentionBackward(dqkv, da, la.qkv, la.att, dP, g, E, H);
    referenceMatmulATB(lg.wqkv, la.h1, dqkv, E, N, 3 * E);
    referenceMatmulABT(dh, dqkv, lw.wqkv, N, 3 * E, E);
    rmsnormBackward(dx, dh, act.xs[l], la.rstd1, N, E); // dx now holds d xs[l]
  }

  // xs[0] = rmsnorm(x0), x0 = wte[tok] + wpe[pos]: scatter-add rows into both tables
  const dx0 = alloc(N * E);
  rmsnormBackward(dx0, dx, act.x0, act.rstd0, N, E);
  for (let n = 0; n < N; n++) {
    const to = batch.tokens[n] * E;
    const po = g.pos[n] * E;
    const o = n * E;
    for (let i = 0; i < E; i++) {
      dw.wte[to + i] += dx0[o + i];
      dw.wpe[po + i] += dx0[o + i];
    }
  }
  return { loss, grads };
}

// ---------------------------------------------------------------------------------------------
// Optimizer and schedule.

/**
 * One AdamW step in place on params, m and v; grads are read, not modified. `step` is the
 * number of steps already taken (bias correction uses t = step + 1). The gradient is first
 * scaled by min(1, gradClip / ||g||) over all parameters (skipped when gradClip is 0). Weight
 * decay is decoupled and lr-scaled, and applies only to indices >= decayStart (not wte / wpe):
 *   m = b1 m + (1-b1) g,  v = b2 v + (1-b2) g^2,
 *   p -= lr (m / (1-b1^t) / (sqrt(v / (1-b2^t)) + eps) + wd p).
 * Returns the global gradient norm before clipping.
 */
export function referenceAdamW(
  params: FloatArray,
  grads: FloatArray,
  m: FloatArray,
  v: FloatArray,
  step: number,
  lr: number,
  cfg: TrainConfig,
  decayStart: number,
): number {
  const P = params.length;
  if (grads.length !== P || m.length !== P || v.length !== P) {
    throw new Error(`adamw: params ${P}, grads ${grads.length}, m ${m.length}, v ${v.length} differ in length`);
  }
  let ss = 0;
  for (let i = 0; i < P; i++) ss += grads[i] * grads[i];
  const norm = Math.sqrt(ss);
  const scale = cfg.gradClip > 0 && norm > cfg.gradClip ? cfg.gradClip / norm : 1;

  const { beta1: b1, beta2: b2, eps, weightDecay: wd } = cfg;
  const t = step + 1;
  const bc1 = 1 / (1 - Math.pow(b1, t));
  const bc2 = 1 / (1 - Math.pow(b2, t));
  for (let i = 0; i < P; i++) {
    const gi = grads[i] * scale;
    const mi = b1 * m[i] + (1 - b1) * gi;
    const vi = b2 * v[i] + (1 - b2) * gi * gi;
    m[i] = mi;
    v[i] = vi;
    const p = params[i];
    const decay = i >= decayStart ? wd * p : 0;
    params[i] = p - lr * ((mi * bc1) / (Math.sqrt(vi * bc2) + eps) + decay);
  }
  return norm;
}

/**
 * Learning rate for 0-based `step`: linear warmup lr (step+1) / warmup over the first
 * warmupSteps, then cosine from lr down to 0 at `steps` (held at 0 past the end).
 */
export function learningRateAt(step: number, cfg: TrainConfig): number {
  const { learningRate: lr, warmupSteps: warmup, steps } = cfg;
  if (step < warmup) return (lr * (step + 1)) / warmup;
  const progress = Math.min(1, (step - warmup) / Math.max(1, steps - warmup));
  return lr * 0.5 * (1 + Math.cos(Math.PI * progress));
}
