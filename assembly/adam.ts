// AdamW over the flat parameter array, with global-norm clipping folded in as a gradient
// scale. Weight decay is decoupled (p -= lr * wd * p) and applies from index `decayFrom`
// on (embeddings are not decayed). n % 4 == 0 and decayFrom % 4 == 0.

/** Sum of squares of n floats. */
export function sum_squares(x: usize, n: i32): f64 {
  let acc = f32x4.splat(0);
  let total: f64 = 0;
  const bytes = <usize>n << 2;
  // flush the f32 lanes into f64 every 4K floats to keep the sum accurate
  for (let i: usize = 0; i < bytes; i += 16) {
    const v = v128.load(x + i);
    acc = f32x4.add(acc, f32x4.mul(v, v));
    if ((i & 0x3fff) == 0x3ff0) {
      total += <f64>f32x4.extract_lane(acc, 0) + <f64>f32x4.extract_lane(acc, 1) + <f64>f32x4.extract_lane(acc, 2) + <f64>f32x4.extract_lane(acc, 3);
      acc = f32x4.splat(0);
    }
  }
  return total + <f64>f32x4.extract_lane(acc, 0) + <f64>f32x4.extract_lane(acc, 1) + <f64>f32x4.extract_lane(acc, 2) + <f64>f32x4.extract_lane(acc, 3);
}

/**
 * One AdamW step. `t` is the 1-based step for bias correction; `gscale` multiplies every
 * gradient first (the clipping factor).
 */
export function adamw_update(
  params: usize, grads: usize, m: usize, v: usize, n: i32, decayFrom: i32,
  lr: f32, beta1: f32, beta2: f32, eps: f32, wd: f32, t: i32, gscale: f32,
): void {
  adamw_range(params, grads, m, v, 0, n, decayFrom, lr, beta1, beta2, eps, wd, t, gscale);
}

/** adamw_update on elements i0..i1-1 alone (multiples of 4): each element's update is its own. */
export function adamw_range(
  params: usize, grads: usize, m: usize, v: usize, i0: i32, i1: i32, decayFrom: i32,
  lr: f32, beta1: f32, beta2: f32, eps: f32, wd: f32, t: i32, gscale: f32,
): void {
  const bc1: f32 = 1.0 - Mathf.pow(beta1, <f32>t);
  const bc2: f32 = 1.0 - Mathf.pow(beta2, <f32>t);
  const vb1 = f32x4.splat(beta1), vb1c = f32x4.splat(1.0 - beta1);
  const vb2 = f32x4.splat(beta2), vb2c = f32x4.splat(1.0 - beta2);
  const vg = f32x4.splat(gscale);
  const vstep = f32x4.splat(lr / bc1);
  const vbc2 = f32x4.splat(1.0 / bc2);
  const veps = f32x4.splat(eps);
  const bytes = <usize>i1 << 2;
  const decayByte = <usize>decayFrom << 2;
  for (let i: usize = <usize>i0 << 2; i < bytes; i += 16) {
    const g = f32x4.mul(v128.load(grads + i), vg);
    const mi = f32x4.add(f32x4.mul(vb1, v128.load(m + i)), f32x4.mul(vb1c, g));
    const vi = f32x4.add(f32x4.mul(vb2, v128.load(v + i)), f32x4.mul(vb2c, f32x4.mul(g, g)));
    v128.store(m + i, mi);
    v128.store(v + i, vi);
    // p -= lr * (mhat / (sqrt(vhat) + eps)) ; mhat = m / bc1, vhat = v / bc2
    let p = v128.load(params + i);
    const upd = f32x4.div(f32x4.mul(vstep, mi), f32x4.add(f32x4.sqrt(f32x4.mul(vi, vbc2)), veps));
    if (i >= decayByte) p = f32x4.sub(p, f32x4.mul(f32x4.splat(lr * wd), p));
    v128.store(params + i, f32x4.sub(p, upd));
  }
}
