// The end of a one-row tile: its sums, plus what C holds when accumulating, stored back.
// Adding C last keeps gemm's order (the products' sum first), on which bit-identical
// results across kernels rest.

/** 24 floats at c <- c0..c5 (+ c). */
@inline export function store_row_24(c: usize, c0: v128, c1: v128, c2: v128, c3: v128, c4: v128, c5: v128, acc: bool): void {
  if (acc) {
    c0 = f32x4.add(c0, v128.load(c)); c1 = f32x4.add(c1, v128.load(c, 16));
    c2 = f32x4.add(c2, v128.load(c, 32)); c3 = f32x4.add(c3, v128.load(c, 48));
    c4 = f32x4.add(c4, v128.load(c, 64)); c5 = f32x4.add(c5, v128.load(c, 80));
  }
  v128.store(c, c0); v128.store(c, c1, 16); v128.store(c, c2, 32); v128.store(c, c3, 48);
  v128.store(c, c4, 64); v128.store(c, c5, 80);
}
