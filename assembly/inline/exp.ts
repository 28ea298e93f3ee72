// exp on four lanes: x = n*ln2 + r with |r| <= ln2/2, e^r by a degree-6 polynomial, 2^n
// built in the exponent bits. Relative error ~2e-7. Plain f32 arithmetic only, so results
// are bit-identical in every engine (no relaxed SIMD, no Math imports).

@inline export function exp4(x: v128): v128 {
  // pmin/pmax are one instruction each on x86, where min/max's NaN and signed-zero rules
  // cost about seven; with nonzero bounds the clamp is the same.
  x = f32x4.pmax(f32x4.pmin(x, f32x4.splat(88.0)), f32x4.splat(-87.0));
  // n = round-half-even(x / ln2) by adding 1.5 * 2^23, whose unit in the last place is 1:
  // the sum's low mantissa bits then hold n as an integer, so 2^n is built with integer ops
  // below (the same n as f32x4.nearest, without trunc_sat, which x86 lacks as one instruction).
  const t = f32x4.add(f32x4.mul(x, f32x4.splat(1.44269504)), f32x4.splat(12582912.0));
  const n = f32x4.sub(t, f32x4.splat(12582912.0));
  let r = f32x4.sub(x, f32x4.mul(n, f32x4.splat(0.693359375))); // ln2 split hi/lo so n*hi is exact
  r = f32x4.sub(r, f32x4.mul(n, f32x4.splat(-2.12194440e-4)));
  let p = f32x4.splat(1.0 / 720.0);
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0 / 120.0));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0 / 24.0));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0 / 6.0));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(0.5));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0));
  p = f32x4.add(f32x4.mul(p, r), f32x4.splat(1.0));
  // bits(t) = bits(1.5 * 2^23) + n, and bits(1.5 * 2^23) << 23 wraps to 0: (n + 127) << 23
  const pow2n = i32x4.shl(i32x4.add(t, i32x4.splat(127)), 23);
  return f32x4.mul(p, pow2n);
}

/** Scalar exp through the same polynomial (lane 0), so scalar and vector paths agree. */
@inline export function exp1(x: f32): f32 {
  return f32x4.extract_lane(exp4(f32x4.splat(x)), 0);
}
