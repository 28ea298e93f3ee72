// exp on four lanes: x = n*ln2 + r with |r| <= ln2/2, e^r by a degree-6 polynomial, 2^n
// built in the exponent bits. Relative error ~2e-7. Plain f32 arithmetic only, so results
// are bit-identical in every engine (no relaxed SIMD, no Math imports).

@inline export function exp4(x: v128): v128 {
  x = f32x4.max(f32x4.min(x, f32x4.splat(88.0)), f32x4.splat(-87.0));
  const n = f32x4.nearest(f32x4.mul(x, f32x4.splat(1.44269504)));
  let r = f32x4.sub(x, f32x4.mul(n, f32x4.splat(0.693359375))); // ln2 split hi/lo so n*hi is exact
  r = f32x4.sub(r, f32x4.mul(n, f32x4.splat(-2.12194440e-4)));
  let p = f32x4.splat(1.0 / 720.0);
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0 / 120.0));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0 / 24.0));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0 / 6.0));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(0.5));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0));
  const pow2n = i32x4.shl(i32x4.add(i32x4.trunc_sat_f32x4_s(n), i32x4.splat(127)), 23);
  return f32x4.mul(p, pow2n);
}

/** Scalar exp through the same polynomial (lane 0), so scalar and vector paths agree. */
@inline export function exp1(x: f32): f32 {
  return f32x4.extract_lane(exp4(f32x4.splat(x)), 0);
}
