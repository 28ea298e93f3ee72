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
