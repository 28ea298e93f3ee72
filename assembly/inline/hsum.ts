// Horizontal sum of the four lanes of an f32x4: [a b c d] -> a+b+c+d, added pairwise as
// (a+c)+(b+d) so every engine produces the same rounding.
@inline export function hsum(v: v128): f32 {
  const s = f32x4.add(v, v128.shuffle<f32>(v, v, 2, 3, 0, 1)); // [a+c b+d c+a d+b]
  return f32x4.extract_lane(s, 0) + f32x4.extract_lane(s, 1);
}
