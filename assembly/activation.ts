// ReLU over n floats (n % 4 == 0). Backward needs only the output: dx = dy where y > 0.

export function relu_forward(out: usize, inp: usize, n: i32): void {
  const zero = f32x4.splat(0);
  const bytes = <usize>n << 2;
  for (let i: usize = 0; i < bytes; i += 16) v128.store(out + i, f32x4.max(v128.load(inp + i), zero));
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
