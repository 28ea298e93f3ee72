// Four horizontal sums at once: [a b c d] (each an f32x4) -> [sum(a) sum(b) sum(c) sum(d)].
//   t0 = [a0+a2 b0+b2 a1+a3 b1+b3], t1 = [c0+c2 d0+d2 c1+c3 d1+d3]
//   result = [t0.0+t0.2  t0.1+t0.3  t1.0+t1.2  t1.1+t1.3]
@inline export function hsum4(a: v128, b: v128, c: v128, d: v128): v128 {
  const t0 = f32x4.add(v128.shuffle<f32>(a, b, 0, 4, 1, 5), v128.shuffle<f32>(a, b, 2, 6, 3, 7));
  const t1 = f32x4.add(v128.shuffle<f32>(c, d, 0, 4, 1, 5), v128.shuffle<f32>(c, d, 2, 6, 3, 7));
  return f32x4.add(v128.shuffle<f32>(t0, t1, 0, 1, 4, 5), v128.shuffle<f32>(t0, t1, 2, 3, 6, 7));
}
