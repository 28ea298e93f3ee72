// ReLU over n floats (n % 4 == 0). Backward needs only the output: dx = dy where y > 0.

// Returns how many outputs are nonzero: the model runs the MLP's products with them sparse
// when few are (sparse.ts).
export function relu_forward(out: usize, inp: usize, n: i32): i32 {
  const zero = f32x4.splat(0);
  const bytes = <usize>n << 2;
  let live = i32x4.splat(0);
  for (let i: usize = 0; i < bytes; i += 16) {
    const y = f32x4.max(v128.load(inp + i), zero);
    v128.store(out + i, y);
    live = i32x4.sub(live, f32x4.ne(y, zero)); // a true lane is -1
  }
  return i32x4.extract_lane(live, 0) + i32x4.extract_lane(live, 1) + i32x4.extract_lane(live, 2) + i32x4.extract_lane(live, 3);
}

// in place allowed (dinp == dout)
export function relu_backward(dinp: usize, dout: usize, out: usize, n: i32): void {
  const zero = f32x4.splat(0);
  const bytes = <usize>n << 2;
  for (let i: usize = 0; i < bytes; i += 16) {
    const live = f32x4.gt(v128.load(out + i), zero);
    v128.store(dinp + i, v128.and(v128.load(dout + i), live));
  }
}

/**
 * relu_forward over `rows` rows of F floats (F % 4 == 0), in place, each row's nonzero
 * count written to counts (rows i32): the same outputs, row by row, so threads may split
 * the rows, and the counts give a pattern's starts (sparse.ts) before it is built.
 */
export function relu_rows(h: usize, rows: i32, F: i32, counts: usize): void {
  const zero = f32x4.splat(0);
  const rowBytes = <usize>F << 2;
  for (let t = 0; t < rows; t++) {
    const p = h + <usize>t * rowBytes;
    let live = 0;
    for (let i: usize = 0; i < rowBytes; i += 16) {
      const y = f32x4.max(v128.load(p + i), zero);
      v128.store(p + i, y);
      live += popcnt<i32>(i32x4.bitmask(f32x4.ne(y, zero)));
    }
    store<i32>(counts + (<usize>t << 2), live);
  }
}
