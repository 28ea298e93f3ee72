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

// ---- ALiBi (attention with linear biases, Press et al. 2022), off unless a model asks for it:
// head h's score for query t and key u gets -slope_h * (t - u), slope_h = 2^(-8(h+1)/H), so
// some heads look near and some far, whatever the absolute positions. A char-level model of
// free text (the compose Planner) then learns a word wherever it stands; learned positions
// alone must learn every word at every position. The bias is added to the raw score q.k_u as
// slope_h / scale * (u - t) before the softmax scales it, in training and generation alike;
// it is a constant, so backward is unchanged. Models without it run exactly as before.

let alibi = false;

export function attention_alibi(): bool {
  return alibi;
}

export function attention_set_alibi(on: bool): void {
  alibi = on;
}

/** 2^(-8(h+1)/H) for H in 1, 2, 4, 8: a power of two, exact in f32. */
export function alibi_slope(h: i32, H: i32): f32 {
  return <f32>1.0 / <f32>(1 << ((8 * (h + 1)) / H));
}

/** The bias per unit of distance for head h, as added to raw scores: slope_h / scale. */
@inline function alibi_step(h: i32, H: i32, hd: i32): f32 {
  return alibi ? alibi_slope(h, H) * Mathf.sqrt(<f32>hd) : 0;
}

// Row t of raw scores, keys 0..n4-1 (n4 a multiple of 4): s_u += c * (u - t).
@inline function add_distance_bias(p: usize, t: i32, n4: i32, c: f32): void {
  const vc = f32x4.splat(c);
  let d = i32x4.add(i32x4.splat(-t), v128(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0));
  const four = i32x4.splat(4);
  for (let u = 0; u < n4; u += 4) {
    const q = p + (<usize>u << 2);
    v128.store(q, f32x4.add(v128.load(q), f32x4.mul(vc, f32x4.convert_i32x4_s(d))));
    d = i32x4.add(d, four);
  }
}

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

// Rows i..i+3 of S (in place in P), i a multiple of 4: causal_softmax_row on each, the
// same operations in the same order, four rows interleaved. One row alone is a chain of
// dependent steps (its max, then its exps, then their sum, then a division) that leaves
// the core idle, about 150 cycles a row for 40 keys; four independent chains keep it busy.
// The four rows share their vector count (keys 0..i+3) and their last vector (i..i+3).
@inline function causal_softmax_rows4(p: usize, ps: usize, i: i32, Tp: i32, scale: f32): void {
  const p1 = p + ps, p2 = p1 + ps, p3 = p2 + ps;
  const lastOff = <usize>i << 2;
  const vscale = f32x4.splat(scale);
  const lowest = f32x4.splat(-3.4e38);
  let m0 = lowest, m1 = lowest, m2 = lowest, m3 = lowest;
  for (let o: usize = 0; o < lastOff; o += 16) {
    const s0 = f32x4.mul(v128.load(p + o), vscale), s1 = f32x4.mul(v128.load(p1 + o), vscale);
    const s2 = f32x4.mul(v128.load(p2 + o), vscale), s3 = f32x4.mul(v128.load(p3 + o), vscale);
    v128.store(p + o, s0); v128.store(p1 + o, s1); v128.store(p2 + o, s2); v128.store(p3 + o, s3);
    m0 = f32x4.pmax(m0, s0); m1 = f32x4.pmax(m1, s1); m2 = f32x4.pmax(m2, s2); m3 = f32x4.pmax(m3, s3);
  }
  // row i+r keeps lanes 0..r of the last vector (all four, for r = 3)
  const t0 = causal_mask(i, i), t1 = causal_mask(i, i + 1), t2 = causal_mask(i, i + 2);
  const l0 = v128.bitselect(f32x4.mul(v128.load(p + lastOff), vscale), lowest, t0);
  const l1 = v128.bitselect(f32x4.mul(v128.load(p1 + lastOff), vscale), lowest, t1);
  const l2 = v128.bitselect(f32x4.mul(v128.load(p2 + lastOff), vscale), lowest, t2);
  const l3 = f32x4.mul(v128.load(p3 + lastOff), vscale);
  v128.store(p + lastOff, l0); v128.store(p1 + lastOff, l1); v128.store(p2 + lastOff, l2); v128.store(p3 + lastOff, l3);
  m0 = lanes_max(f32x4.pmax(m0, l0)); m1 = lanes_max(f32x4.pmax(m1, l1));
  m2 = lanes_max(f32x4.pmax(m2, l2)); m3 = lanes_max(f32x4.pmax(m3, l3));
  let u0 = f32x4.splat(0), u1 = f32x4.splat(0), u2 = f32x4.splat(0), u3 = f32x4.splat(0);
  for (let o: usize = 0; o < lastOff; o += 16) {
    const e0 = exp4(f32x4.sub(v128.load(p + o), m0)), e1 = exp4(f32x4.sub(v128.load(p1 + o), m1));
    const e2 = exp4(f32x4.sub(v128.load(p2 + o), m2)), e3 = exp4(f32x4.sub(v128.load(p3 + o), m3));
    v128.store(p + o, e0); v128.store(p1 + o, e1); v128.store(p2 + o, e2); v128.store(p3 + o, e3);
    u0 = f32x4.add(u0, e0); u1 = f32x4.add(u1, e1); u2 = f32x4.add(u2, e2); u3 = f32x4.add(u3, e3);
  }
  const e0 = v128.and(exp4(f32x4.sub(l0, m0)), t0), e1 = v128.and(exp4(f32x4.sub(l1, m1)), t1);
  const e2 = v128.and(exp4(f32x4.sub(l2, m2)), t2), e3 = exp4(f32x4.sub(l3, m3));
  v128.store(p + lastOff, e0); v128.store(p1 + lastOff, e1); v128.store(p2 + lastOff, e2); v128.store(p3 + lastOff, e3);
  // hsum4 adds each row's lanes as lanes_sum does, (a+c)+(b+d); one division for four rows
  const inv = f32x4.div(f32x4.splat(1), hsum4(f32x4.add(u0, e0), f32x4.add(u1, e1), f32x4.add(u2, e2), f32x4.add(u3, e3)));
  const i0 = v128.shuffle<f32>(inv, inv, 0, 0, 0, 0), i1 = v128.shuffle<f32>(inv, inv, 1, 1, 1, 1);
  const i2 = v128.shuffle<f32>(inv, inv, 2, 2, 2, 2), i3 = v128.shuffle<f32>(inv, inv, 3, 3, 3, 3);
  for (let o: usize = 0; o <= lastOff; o += 16) {
    v128.store(p + o, f32x4.mul(v128.load(p + o), i0)); v128.store(p1 + o, f32x4.mul(v128.load(p1 + o), i1));
    v128.store(p2 + o, f32x4.mul(v128.load(p2 + o), i2)); v128.store(p3 + o, f32x4.mul(v128.load(p3 + o), i3));
  }
  const zero = f32x4.splat(0);
  for (let o: usize = lastOff + 16; o < <usize>Tp << 2; o += 16) {
    v128.store(p + o, zero); v128.store(p1 + o, zero); v128.store(p2 + o, zero); v128.store(p3 + o, zero);
  }
}

/**
 * One query against keys 0..t: p = softmax(scale * q.k_u) (plus head h's ALiBi bias when on) written to probs (t+1 floats,
 * zero-padded to a multiple of 4), and out = sum_u p_u v_u. Keys and values are rows of
 * stride `ks` bytes starting at k and v. Up to 3 key rows past t may be read, never used.
 * Generation's decode steps use this (one new row per vote); everything else runs on gemm.
 */
@inline export function attend(out: usize, probs: usize, q: usize, k: usize, v: usize, ks: usize, t: i32, hd: i32, scale: f32, h: i32, H: i32): void {
  const n4 = (t + 4) & ~3;
  for (let u = 0; u < n4; u += 4) v128.store(probs + (<usize>u << 2), dots4(q, k + <usize>u * ks, ks, hd));
  if (alibi) add_distance_bias(probs, t, n4, alibi_step(h, H, hd));
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

// Rows of the query panel that starts at row i (of T): up to the next multiple of 4, so that
// every whole panel is aligned and its rows share their keys (see causal_softmax_rows4). A
// panel's products stop at its last row's keys; gemm's sums do not depend on how rows are
// grouped into panels, and the keys a panel leaves out carry zero probability.
@inline function panel_rows(i: i32, T: i32): i32 {
  return min(4 - (i & 3), T - i);
}

// out (N,E), att (see above) <- qkv (N,3E); docStarts (D+1) i32; scratch >= hd*(B+4) floats.
// qStarts (D) i32, or 0 for all zeros: document d computes outputs only for queries
// t >= qStarts[d] (every key is still used); rows before it in out and att are left as is.
export function attention_forward(
  out: usize, att: usize, qkv: usize, docStarts: usize, qStarts: usize, D: i32, E: i32, H: i32, scratch: usize,
): void {
  attention_forward_part(out, att, qkv, docStarts, qStarts, D, E, H, scratch, 0, 1);
}

// Which thread of `count` takes the (document, head) pair whose cost starts at `before` of
// `total` and is `cost` long: runs of pairs in order, of about equal cost (T^2 each) per thread.
@inline function pair_owner(before: i64, cost: i64, total: i64, count: i32): i32 {
  if (count <= 1 || total <= 0) return 0;
  const t = <i32>(((2 * before + cost) * <i64>count) / (2 * total));
  return t < count ? t : count - 1;
}

/** The total cost of attention's (document, head) pairs as pair_owner weighs them. */
@inline function pairs_cost(docStarts: usize, D: i32, H: i32): i64 {
  let total: i64 = 0;
  for (let d = 0; d < D; d++) {
    const T = <i64>(docStart(docStarts, d + 1) - docStart(docStarts, d));
    total += T * T * <i64>H;
  }
  return total;
}

/**
 * The longest document's scratch for one thread of attention (floats): backward's V^T and
 * dS, hd*Tp + T*Tp (forward's K^T, hd*Tp, fits in it).
 */
export function attention_scratch_floats(docStarts: usize, D: i32, E: i32, H: i32): i32 {
  let most = 0;
  for (let d = 0; d < D; d++) most = max(most, docStart(docStarts, d + 1) - docStart(docStarts, d));
  const Tp = (most + 3) & ~3;
  return (E / H) * Tp + most * Tp;
}

/**
 * attention_forward for the (document, head) pairs that thread `tid` of `count` owns
 * (pair_owner): each pair writes only its own block of att and its head's columns of its
 * document's rows of out, and sums nothing another pair does, so any split gives the bits
 * of one thread.
 */
export function attention_forward_part(
  out: usize, att: usize, qkv: usize, docStarts: usize, qStarts: usize, D: i32, E: i32, H: i32, scratch: usize, tid: i32, count: i32,
): void {
  const hd = E / H;
  const scale: f32 = 1.0 / Mathf.sqrt(<f32>hd);
  const rs = <usize>(3 * E) << 2; // qkv row stride
  const os = <usize>E << 2; // out row stride
  const total = count > 1 ? pairs_cost(docStarts, D, H) : 0;
  let before: i64 = 0;
  let pa = att;
  for (let d = 0; d < D; d++) {
    const s0 = docStart(docStarts, d);
    const T = docStart(docStarts, d + 1) - s0;
    const Tp = (T + 3) & ~3;
    const ps = <usize>Tp << 2; // P row stride
    const rows = qkv + <usize>s0 * rs;
    const q0 = qStarts == 0 ? 0 : load<i32>(qStarts + (<usize>d << 2));
    const cost = <i64>T * <i64>T;
    for (let h = 0; h < H; h++) {
      if (pair_owner(before, cost, total, count) == tid) {
        const q = rows + (<usize>(h * hd) << 2);
        const k = q + os;
        const v = k + os;
        const o = out + <usize>s0 * os + (<usize>(h * hd) << 2);
        const c = alibi_step(h, H, hd);
        transpose(scratch, ps, k, rs, T, hd); // K^T (hd, Tp)
        for (let i = q0; i < T; ) {
          const m = panel_rows(i, T);
          const n = i + m;
          gemm(pa + <usize>i * ps, ps, q + <usize>i * rs, rs, 4, scratch, ps, m, hd, n, false);
          if (alibi) for (let t = i; t < n; t++) add_distance_bias(pa + <usize>t * ps, t, (n + 3) & ~3, c);
          if (m == 4) causal_softmax_rows4(pa + <usize>i * ps, ps, i, Tp, scale);
          else for (let t = i; t < i + m; t++) causal_softmax_row(pa + <usize>t * ps, t, Tp, scale);
          gemm(o + <usize>i * os, os, pa + <usize>i * ps, ps, 4, v, rs, m, n, hd, false);
          i += m;
        }
      }
      before += cost;
      pa += <usize>T * ps;
    }
  }
}

// Row t of dS (in place over dP, at g) from P's row p: dS = P * (dP - rowsum(P * dP)) * scale,
// 0 past t. Only the last vector (keys n4-4..n4-1) reaches past t: it alone is masked.
@inline function softmax_backward_row(g: usize, p: usize, t: i32, Tp: i32, scale: f32): void {
  const n4 = (t + 4) & ~3;
  const lastOff = <usize>(n4 - 4) << 2;
  const tail = causal_mask(n4 - 4, t); // lanes past t of dP are stale
  let vdot = f32x4.splat(0);
  for (let o: usize = 0; o < lastOff; o += 16) vdot = f32x4.add(vdot, f32x4.mul(v128.load(g + o), v128.load(p + o)));
  const gl = v128.and(v128.load(g + lastOff), tail);
  vdot = lanes_sum(f32x4.add(vdot, f32x4.mul(gl, v128.load(p + lastOff))));
  const vscale = f32x4.splat(scale);
  for (let o: usize = 0; o < lastOff; o += 16) {
    v128.store(g + o, f32x4.mul(f32x4.mul(v128.load(p + o), f32x4.sub(v128.load(g + o), vdot)), vscale));
  }
  v128.store(g + lastOff, f32x4.mul(f32x4.mul(v128.load(p + lastOff), f32x4.sub(gl, vdot)), vscale));
  for (let u = n4; u < Tp; u += 4) v128.store(g + (<usize>u << 2), f32x4.splat(0));
}

// Rows i..i+3 of dS, i a multiple of 4: softmax_backward_row on each, the same operations in
// the same order, four rows interleaved so their dependent chains (a dot product, its
// horizontal sum, then the update) overlap (see causal_softmax_rows4).
@inline function softmax_backward_rows4(g: usize, p: usize, ps: usize, i: i32, Tp: i32, scale: f32): void {
  const g1 = g + ps, g2 = g1 + ps, g3 = g2 + ps;
  const p1 = p + ps, p2 = p1 + ps, p3 = p2 + ps;
  const lastOff = <usize>i << 2;
  let d0 = f32x4.splat(0), d1 = f32x4.splat(0), d2 = f32x4.splat(0), d3 = f32x4.splat(0);
  for (let o: usize = 0; o < lastOff; o += 16) {
    d0 = f32x4.add(d0, f32x4.mul(v128.load(g + o), v128.load(p + o)));
    d1 = f32x4.add(d1, f32x4.mul(v128.load(g1 + o), v128.load(p1 + o)));
    d2 = f32x4.add(d2, f32x4.mul(v128.load(g2 + o), v128.load(p2 + o)));
    d3 = f32x4.add(d3, f32x4.mul(v128.load(g3 + o), v128.load(p3 + o)));
  }
  // row i+r keeps lanes 0..r of the last vector (all four, for r = 3)
  const gl0 = v128.and(v128.load(g + lastOff), causal_mask(i, i));
  const gl1 = v128.and(v128.load(g1 + lastOff), causal_mask(i, i + 1));
  const gl2 = v128.and(v128.load(g2 + lastOff), causal_mask(i, i + 2));
  const gl3 = v128.load(g3 + lastOff);
  // hsum4 adds each row's lanes as lanes_sum does, (a+c)+(b+d)
  const dots = hsum4(
    f32x4.add(d0, f32x4.mul(gl0, v128.load(p + lastOff))), f32x4.add(d1, f32x4.mul(gl1, v128.load(p1 + lastOff))),
    f32x4.add(d2, f32x4.mul(gl2, v128.load(p2 + lastOff))), f32x4.add(d3, f32x4.mul(gl3, v128.load(p3 + lastOff))),
  );
  d0 = v128.shuffle<f32>(dots, dots, 0, 0, 0, 0); d1 = v128.shuffle<f32>(dots, dots, 1, 1, 1, 1);
  d2 = v128.shuffle<f32>(dots, dots, 2, 2, 2, 2); d3 = v128.shuffle<f32>(dots, dots, 3, 3, 3, 3);
  const vscale = f32x4.splat(scale);
  for (let o: usize = 0; o < lastOff; o += 16) {
    v128.store(g + o, f32x4.mul(f32x4.mul(v128.load(p + o), f32x4.sub(v128.load(g + o), d0)), vscale));
    v128.store(g1 + o, f32x4.mul(f32x4.mul(v128.load(p1 + o), f32x4.sub(v128.load(g1 + o), d1)), vscale));
    v128.store(g2 + o, f32x4.mul(f32x4.mul(v128.load(p2 + o), f32x4.sub(v128.load(g2 + o), d2)), vscale));
    v128.store(g3 + o, f32x4.mul(f32x4.mul(v128.load(p3 + o), f32x4.sub(v128.load(g3 + o), d3)), vscale));
  }
  v128.store(g + lastOff, f32x4.mul(f32x4.mul(v128.load(p + lastOff), f32x4.sub(gl0, d0)), vscale));
  v128.store(g1 + lastOff, f32x4.mul(f32x4.mul(v128.load(p1 + lastOff), f32x4.sub(gl1, d1)), vscale));
  v128.store(g2 + lastOff, f32x4.mul(f32x4.mul(v128.load(p2 + lastOff), f32x4.sub(gl2, d2)), vscale));
  v128.store(g3 + lastOff, f32x4.mul(f32x4.mul(v128.load(p3 + lastOff), f32x4.sub(gl3, d3)), vscale));
  const zero = f32x4.splat(0);
  for (let o: usize = lastOff + 16; o < <usize>Tp << 2; o += 16) {
    v128.store(g + o, zero); v128.store(g1 + o, zero); v128.store(g2 + o, zero); v128.store(g3 + o, zero);
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
  attention_backward_part(dqkv, scratch, dout, att, qkv, docStarts, qStarts, D, E, H, 0, 1);
}

/**
 * attention_backward for the (document, head) pairs that thread `tid` of `count` owns
 * (pair_owner): a pair writes only its head's columns of dq, dk and dv in its document's
 * rows, each summed as one thread sums it.
 */
export function attention_backward_part(
  dqkv: usize, scratch: usize, dout: usize, att: usize, qkv: usize, docStarts: usize, qStarts: usize, D: i32, E: i32, H: i32,
  tid: i32, count: i32,
): void {
  const hd = E / H;
  const scale: f32 = 1.0 / Mathf.sqrt(<f32>hd);
  const rs = <usize>(3 * E) << 2;
  const os = <usize>E << 2;
  const hb = <usize>hd << 2;
  const total = count > 1 ? pairs_cost(docStarts, D, H) : 0;
  let before: i64 = 0;
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
    const cost = <i64>T * <i64>T;
    for (let h = 0; h < H; h++) {
      const mine = pair_owner(before, cost, total, count) == tid;
      before += cost;
      if (!mine) {
        pa += <usize>T * ps;
        continue;
      }
      const col = <usize>(h * hd) << 2;
      const q = rows + col, k = q + os, v = k + os;
      const dq = drows + col, dk = dq + os, dv = dk + os;
      if (q0 >= T) {
        // no query of this document carries gradient: the head's dQ, dK and dV are zero
        for (let t = 0; t < T; t++) {
          memory.fill(dq + <usize>t * rs, 0, hb);
          memory.fill(dk + <usize>t * rs, 0, hb);
          memory.fill(dv + <usize>t * rs, 0, hb);
        }
        pa += <usize>T * ps;
        continue;
      }
      for (let t = 0; t < q0; t++) memory.fill(dq + <usize>t * rs, 0, hb); // dQ of early rows (dK, dV are written below)
      const dO = dout + <usize>s0 * os + col;
      transpose(vt, ps, v, rs, T, hd);
      for (let i = q0; i < T; ) {
        const m = panel_rows(i, T);
        const n = i + m;
        // dP for rows i..i+m-1 (keys up to the diagonal), then dS in place
        gemm(ds + <usize>i * ps, ps, dO + <usize>i * os, os, 4, vt, ps, m, hd, n, false);
        if (m == 4) softmax_backward_rows4(ds + <usize>i * ps, pa + <usize>i * ps, ps, i, Tp, scale);
        else for (let t = i; t < i + m; t++) softmax_backward_row(ds + <usize>t * ps, pa + <usize>t * ps, t, Tp, scale);
        // dQ rows i.. = dS rows i.. @ K (keys up to the diagonal)
        gemm(dq + <usize>i * rs, rs, ds + <usize>i * ps, ps, 4, k, rs, m, n, hd, false);
        i += m;
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
