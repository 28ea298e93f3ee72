// Causal multi-head self-attention over a packed batch: documents never attend to each
// other and each query t sees keys 0..t of its own document.
//
// qkv is (N, 3E): columns [q | k | v], head h owning columns h*hd..(h+1)*hd of each.
// att holds the softmax probabilities for backward: for document d (length T, rows padded
// to Tp = T rounded up to 4) and head h, a (T, Tp) block at H * sum_{d'<d} T_d' * Tp_d'.
// Entries above the diagonal are stored as 0, so 4-wide loops may read them.
import { exp4 } from './inline/exp';
import { hsum4 } from './inline/hsum4';
import { lanes_max, lanes_sum } from './inline/hsum';
import { gemm, transpose } from './matmul';

/** Floats of `att` needed for one layer, for documents of the given lengths. */
export function attention_probs_floats(docStarts: usize, D: i32, H: i32): i32 {
  let total = 0;
  for (let d = 0; d < D; d++) {
    const T = load<i32>(docStarts + (<usize>(d + 1) << 2)) - load<i32>(docStarts + (<usize>d << 2));
    total += T * ((T + 3) & ~3);
  }
  return total * H;
}

// Four dot products of q (hd floats) with keys k0..k0+3 at stride ks bytes.
@inline function dots4(q: usize, k0: usize, ks: usize, hd: i32): v128 {
  let a0 = f32x4.splat(0), a1 = f32x4.splat(0), a2 = f32x4.splat(0), a3 = f32x4.splat(0);
  const bytes = <usize>hd << 2;
  for (let i: usize = 0; i < bytes; i += 16) {
    const vq = v128.load(q + i);
    a0 = f32x4.add(a0, f32x4.mul(vq, v128.load(k0 + i)));
    a1 = f32x4.add(a1, f32x4.mul(vq, v128.load(k0 + ks + i)));
    a2 = f32x4.add(a2, f32x4.mul(vq, v128.load(k0 + 2 * ks + i)));
    a3 = f32x4.add(a3, f32x4.mul(vq, v128.load(k0 + 3 * ks + i)));
  }
  return hsum4(a0, a1, a2, a3);
}

// lanes u0..u0+3 that are <= t, as an all-ones mask
@inline function causal_mask(u0: i32, t: i32): v128 {
  const lanes = i32x4.add(i32x4.splat(u0), v128(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0));
  return i32x4.le_s(lanes, i32x4.splat(t));
}

// Row t of S (in place in P): p_u = softmax_u(scale * s_u) for u <= t, 0 for t < u < Tp.
// Only the row's last vector (keys n4-4..n4-1) can reach past t, so only it is masked.
@inline function causal_softmax_row(p: usize, t: i32, Tp: i32, scale: f32): void {
  const n4 = (t + 4) & ~3;
  const last = p + (<usize>(n4 - 4) << 2);
  const tail = causal_mask(n4 - 4, t);
  const vscale = f32x4.splat(scale);
  const lowest = f32x4.splat(-3.4e38);
  let vmax = lowest;
  for (let q = p; q < last; q += 16) {
    const sv = f32x4.mul(v128.load(q), vscale);
    v128.store(q, sv);
    vmax = f32x4.pmax(vmax, sv); // pmax: one instruction (see exp4); the row's max is the same
  }
  const sl = v128.bitselect(f32x4.mul(v128.load(last), vscale), lowest, tail);
  v128.store(last, sl);
  vmax = lanes_max(f32x4.pmax(vmax, sl));
  let vsum = f32x4.splat(0);
  for (let q = p; q < last; q += 16) {
    const e = exp4(f32x4.sub(v128.load(q), vmax));
    v128.store(q, e);
    vsum = f32x4.add(vsum, e);
  }
  const el = v128.and(exp4(f32x4.sub(v128.load(last), vmax)), tail);
  v128.store(last, el);
  const inv = f32x4.div(f32x4.splat(1), lanes_sum(f32x4.add(vsum, el)));
  for (let q = p; q <= last; q += 16) v128.store(q, f32x4.mul(v128.load(q), inv));
  for (let u = n4; u < Tp; u += 4) v128.store(p + (<usize>u << 2), f32x4.splat(0));
}

/**
 * One query against keys 0..t: p = softmax(scale * q.k_u) written to probs (t+1 floats,
 * zero-padded to a multiple of 4), and out = sum_u p_u v_u. Keys and values are rows of
 * stride `ks` bytes starting at k and v. Up to 3 key rows past t may be read, never used.
 * Generation's decode steps use this (one new row per vote); everything else runs on gemm.
 */
@inline export function attend(out: usize, probs: usize, q: usize, k: usize, v: usize, ks: usize, t: i32, hd: i32, scale: f32): void {
  const n4 = (t + 4) & ~3;
  for (let u = 0; u < n4; u += 4) v128.store(probs + (<usize>u << 2), dots4(q, k + <usize>u * ks, ks, hd));
  causal_softmax_row(probs, t, n4, scale);
  // out = sum_u p_u v_u, u in order, twelve (then eight, then four) of the head's floats at
  // a time in registers: independent sums in flight instead of one running through memory,
  // and one pass over the keys for a head of 12
  const bytes = <usize>hd << 2;
  let i: usize = 0;
  for (; i + 48 <= bytes; i += 48) {
    let a0 = f32x4.splat(0), a1 = f32x4.splat(0), a2 = f32x4.splat(0);
    let vu = v + i;
    for (let u = 0; u <= t; u++) {
      const pu = v128.load32_splat(probs + (<usize>u << 2));
      a0 = f32x4.add(a0, f32x4.mul(pu, v128.load(vu)));
      a1 = f32x4.add(a1, f32x4.mul(pu, v128.load(vu, 16)));
      a2 = f32x4.add(a2, f32x4.mul(pu, v128.load(vu, 32)));
      vu += ks;
    }
    v128.store(out + i, a0);
    v128.store(out + i, a1, 16);
    v128.store(out + i, a2, 32);
  }
  if (i + 32 <= bytes) {
    let a0 = f32x4.splat(0), a1 = f32x4.splat(0);
    let vu = v + i;
    for (let u = 0; u <= t; u++) {
      const pu = v128.load32_splat(probs + (<usize>u << 2));
      a0 = f32x4.add(a0, f32x4.mul(pu, v128.load(vu)));
      a1 = f32x4.add(a1, f32x4.mul(pu, v128.load(vu, 16)));
      vu += ks;
    }
    v128.store(out + i, a0);
    v128.store(out + i, a1, 16);
    i += 32;
  }
  if (i < bytes) {
    let a0 = f32x4.splat(0);
    let vu = v + i;
    for (let u = 0; u <= t; u++) {
      a0 = f32x4.add(a0, f32x4.mul(v128.load32_splat(probs + (<usize>u << 2)), v128.load(vu)));
      vu += ks;
    }
    v128.store(out + i, a0);
  }
}

// Training attention runs per document and head as small matrix products on the tiled
// gemm (matmul.ts), reading the head's columns of qkv in place through strides:
//   S = Q K^T (K^T copied once into scratch), P = causal softmax(scale * S), O = P V
// A 4-row panel of queries i..i+3 needs only keys 0..i+3, so each panel's product stops at
// the diagonal, roughly halving the work.

@inline function docStart(docStarts: usize, d: i32): i32 {
  return load<i32>(docStarts + (<usize>d << 2));
}

// out (N,E), att (see above) <- qkv (N,3E); docStarts (D+1) i32; scratch >= hd*(B+4) floats.
// qStarts (D) i32, or 0 for all zeros: document d computes outputs only for queries
// t >= qStarts[d] (every key is still used); rows before it in out and att are left as is.
export function attention_forward(
  out: usize, att: usize, qkv: usize, docStarts: usize, qStarts: usize, D: i32, E: i32, H: i32, scratch: usize,
): void {
  const hd = E / H;
  const scale: f32 = 1.0 / Mathf.sqrt(<f32>hd);
  const rs = <usize>(3 * E) << 2; // qkv row stride
  const os = <usize>E << 2; // out row stride
  let pa = att;
  for (let d = 0; d < D; d++) {
    const s0 = docStart(docStarts, d);
    const T = docStart(docStarts, d + 1) - s0;
    const Tp = (T + 3) & ~3;
    const ps = <usize>Tp << 2; // P row stride
    const rows = qkv + <usize>s0 * rs;
    const q0 = qStarts == 0 ? 0 : load<i32>(qStarts + (<usize>d << 2));
    for (let h = 0; h < H; h++) {
      const q = rows + (<usize>(h * hd) << 2);
      const k = q + os;
      const v = k + os;
      const o = out + <usize>s0 * os + (<usize>(h * hd) << 2);
      transpose(scratch, ps, k, rs, T, hd); // K^T (hd, Tp)
      for (let i = q0; i < T; i += 4) {
        const m = min(4, T - i);
        const n = min(T, i + 4);
        gemm(pa + <usize>i * ps, ps, q + <usize>i * rs, rs, 4, scratch, ps, m, hd, n, false);
        for (let t = i; t < i + m; t++) causal_softmax_row(pa + <usize>t * ps, t, Tp, scale);
        gemm(o + <usize>i * os, os, pa + <usize>i * ps, ps, 4, v, rs, m, n, hd, false);
      }
      pa += <usize>T * ps;
    }
  }
}

// Backward. With S = scale Q K^T, P = softmax(S) row-wise, O = P V:
//   dP = dO V^T      dV = P^T dO
//   dS = P * (dP - rowsum(P * dP)) * scale
//   dQ = dS K        dK = dS^T Q
// dqkv (N,3E) is overwritten for the documents' rows. scratch >= (B+4)*(B+4) + hd*(B+4).
// With qStarts (see forward) only queries t >= qStarts[d] carry gradient: dQ is zero
// before them and keys and values gather from those queries alone.
export function attention_backward(
  dqkv: usize, scratch: usize, dout: usize, att: usize, qkv: usize, docStarts: usize, qStarts: usize, D: i32, E: i32, H: i32,
): void {
  const hd = E / H;
  const scale: f32 = 1.0 / Mathf.sqrt(<f32>hd);
  const rs = <usize>(3 * E) << 2;
  const os = <usize>E << 2;
  let pa = att;
  for (let d = 0; d < D; d++) {
    const s0 = docStart(docStarts, d);
    const T = docStart(docStarts, d + 1) - s0;
    const Tp = (T + 3) & ~3;
    const ps = <usize>Tp << 2;
    const vt = scratch; // (hd, Tp)
    const ds = scratch + <usize>hd * ps; // (T, Tp)
    const rows = qkv + <usize>s0 * rs;
    const drows = dqkv + <usize>s0 * rs;
    const q0 = qStarts == 0 ? 0 : load<i32>(qStarts + (<usize>d << 2));
    if (q0 > 0) memory.fill(drows, 0, <usize>min(q0, T) * rs); // dQ (and dK, dV, rewritten below) of early rows
    if (q0 >= T) {
      memory.fill(drows, 0, <usize>T * rs);
      pa += <usize>(H * T) * ps;
      continue;
    }
    for (let h = 0; h < H; h++) {
      const col = <usize>(h * hd) << 2;
      const q = rows + col, k = q + os, v = k + os;
      const dq = drows + col, dk = dq + os, dv = dk + os;
      const dO = dout + <usize>s0 * os + col;
      transpose(vt, ps, v, rs, T, hd);
      for (let i = q0; i < T; i += 4) {
        const m = min(4, T - i);
        const n = min(T, i + 4);
        // dP for rows i..i+m-1 (keys up to the diagonal), then dS in place
        gemm(ds + <usize>i * ps, ps, dO + <usize>i * os, os, 4, vt, ps, m, hd, n, false);
        for (let t = i; t < i + m; t++) {
          const prow = pa + <usize>t * ps;
          const grow = ds + <usize>t * ps;
          // only the last vector (keys n4-4..n4-1) reaches past t: it alone is masked
          const n4 = (t + 4) & ~3;
          const lastOff = <usize>(n4 - 4) << 2;
          const tail = causal_mask(n4 - 4, t); // lanes past t of dP are stale
          let vdot = f32x4.splat(0);
          for (let off: usize = 0; off < lastOff; off += 16) {
            vdot = f32x4.add(vdot, f32x4.mul(v128.load(grow + off), v128.load(prow + off)));
          }
          const gl = v128.and(v128.load(grow + lastOff), tail);
          vdot = lanes_sum(f32x4.add(vdot, f32x4.mul(gl, v128.load(prow + lastOff))));
          const vscale = f32x4.splat(scale);
          for (let off: usize = 0; off < lastOff; off += 16) {
            const p = v128.load(prow + off);
            v128.store(grow + off, f32x4.mul(f32x4.mul(p, f32x4.sub(v128.load(grow + off), vdot)), vscale));
          }
          v128.store(grow + lastOff, f32x4.mul(f32x4.mul(v128.load(prow + lastOff), f32x4.sub(gl, vdot)), vscale));
          for (let u = n4; u < Tp; u += 4) v128.store(grow + (<usize>u << 2), f32x4.splat(0));
        }
        // dQ rows i.. = dS rows i.. @ K (keys up to the diagonal)
        gemm(dq + <usize>i * rs, rs, ds + <usize>i * ps, ps, 4, k, rs, m, n, hd, false);
      }
      // dV and dK for keys u in panel i.. sum over queries t >= max(i, q0) only (P and dS
      // are lower-triangular, and rows before q0 carry no gradient)
      for (let i = 0; i < T; i += 4) {
        const m = min(4, T - i);
        const t0 = max(i, q0);
        const from = pa + <usize>t0 * ps + (<usize>i << 2);
        gemm(dv + <usize>i * rs, rs, from, 4, ps, dO + <usize>t0 * os, os, m, T - t0, hd, false);
        const dfrom = ds + <usize>t0 * ps + (<usize>i << 2);
        gemm(dk + <usize>i * rs, rs, dfrom, 4, ps, q + <usize>t0 * rs, rs, m, T - t0, hd, false);
      }
      pa += <usize>T * ps;
    }
  }
}
