// RMSNorm without gain: out = x / sqrt(mean(x^2) + eps), one row of C at a time.
// The backward pass needs the row's reciprocal rms (rstd), which forward stores.
import { hsum } from './inline/hsum';

const EPS: f32 = 1e-5;

// inp (N,C) -> out (N,C), rstd (N); C % 4 == 0
export function rmsnorm_forward(out: usize, rstd: usize, inp: usize, N: i32, C: i32): void {
  const row = <usize>C << 2;
  for (let n = 0; n < N; n++) {
    const x = inp + <usize>n * row;
    const y = out + <usize>n * row;
    let ss = f32x4.splat(0);
    for (let c: usize = 0; c < row; c += 16) {
      const v = v128.load(x + c);
      ss = f32x4.add(ss, f32x4.mul(v, v));
    }
    const r: f32 = 1.0 / Mathf.sqrt(hsum(ss) / <f32>C + EPS);
    store<f32>(rstd + (<usize>n << 2), r);
    const vr = f32x4.splat(r);
    for (let c: usize = 0; c < row; c += 16) v128.store(y + c, f32x4.mul(v128.load(x + c), vr));
  }
}

// With y = x * r and r = (mean(x^2) + eps)^(-1/2):
//   dx_i = r * (dy_i - y_i * mean_j(dy_j * y_j))
// dinp (N,C) is accumulated (+=), as the residual stream's gradient.
export function rmsnorm_backward(dinp: usize, dout: usize, out: usize, rstd: usize, N: i32, C: i32): void {
  const row = <usize>C << 2;
  for (let n = 0; n < N; n++) {
    const dy = dout + <usize>n * row;
    const y = out + <usize>n * row;
    const dx = dinp + <usize>n * row;
    let dot = f32x4.splat(0);
    for (let c: usize = 0; c < row; c += 16) dot = f32x4.add(dot, f32x4.mul(v128.load(dy + c), v128.load(y + c)));
    const m = f32x4.splat(hsum(dot) / <f32>C);
    const r = f32x4.splat(load<f32>(rstd + (<usize>n << 2)));
    for (let c: usize = 0; c < row; c += 16) {
      const g = f32x4.mul(r, f32x4.sub(v128.load(dy + c), f32x4.mul(v128.load(y + c), m)));
      v128.store(dx + c, f32x4.add(v128.load(dx + c), g));
    }
  }
}
