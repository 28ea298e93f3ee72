// Horizontal sum of the four lanes of an f32x4: [a b c d] -> a+b+c+d, added pairwise as
// (a+c)+(b+d) so every engine produces the same rounding.
@inline export function hsum(v: v128): f32 {
  const s = f32x4.add(v, v128.shuffle<f32>(v, v, 2, 3, 0, 1)); // [a+c b+d c+a d+b]
  return f32x4.extract_lane(s, 0) + f32x4.extract_lane(s, 1);
}

/** The same sum, (a+c)+(b+d), in every lane: for scaling a vector by it without leaving SIMD. */
@inline export function lanes_sum(v: v128): v128 {
  v = f32x4.add(v, v128.shuffle<f32>(v, v, 2, 3, 0, 1));
  return f32x4.add(v, v128.shuffle<f32>(v, v, 1, 0, 3, 2));
}

/** The largest lane in every lane (pmax: one x86 instruction; lanes are never NaN here). */
@inline export function lanes_max(v: v128): v128 {
  v = f32x4.pmax(v, v128.shuffle<f32>(v, v, 2, 3, 0, 1));
  return f32x4.pmax(v, v128.shuffle<f32>(v, v, 1, 0, 3, 2));
}
