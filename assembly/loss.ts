// Softmax cross-entropy with label smoothing, fused with its gradient.
// Target distribution q = (1-eps) onehot(y) + eps/V; loss_n = -sum_v q_v log p_v
//   = lse - (1-eps) z_y - (eps/V) sum_v z_v        (lse = log sum exp z)
// dz_v = (p_v - q_v) * weight, with weight = 1/count for counted rows, 0 otherwise.
import { exp4, exp1 } from './inline/exp';
import { hsum } from './inline/hsum';

// logits (N,V) are replaced by their gradient. Returns sum of masked losses * invCount.
export function crossentropy_forward_backward(
  logits: usize, targets: usize, mask: usize, N: i32, V: i32, smoothing: f32, invCount: f32,
): f32 {
  const V4 = V & ~3;
  const row = <usize>V << 2;
  const uni = smoothing / <f32>V;
  let total: f64 = 0;
  for (let n = 0; n < N; n++) {
    const z = logits + <usize>n * row;
    if (load<u8>(mask + <usize>n) == 0) {
      memory.fill(z, 0, row);
      continue;
    }
    const y = load<i32>(targets + (<usize>n << 2));
    const zy = load<f32>(z + (<usize>y << 2)); // read before the row is overwritten
    let mx: f32 = -3.4e38;
    let zsum: f32 = 0;
    for (let v = 0; v < V; v++) {
      const zv = load<f32>(z + (<usize>v << 2));
      mx = max(mx, zv);
      zsum += zv;
    }
    // exponentials in place, then normalise
    const vmx = f32x4.splat(mx);
    let vs = f32x4.splat(0);
    let v = 0;
    for (; v < V4; v += 4) {
      const e = exp4(f32x4.sub(v128.load(z + (<usize>v << 2)), vmx));
      v128.store(z + (<usize>v << 2), e);
      vs = f32x4.add(vs, e);
    }
    let sum: f32 = hsum(vs);
    for (; v < V; v++) {
      const e = exp1(load<f32>(z + (<usize>v << 2)) - mx);
      store<f32>(z + (<usize>v << 2), e);
      sum += e;
    }
    const logSum = Mathf.log(sum);
    const logpy = zy - mx - logSum;
    // -sum_v (eps/V) log p_v = (eps/V) * (V*(mx + logSum) - zsum)
    const smooth = uni * (<f32>V * (mx + logSum) - zsum);
    total += <f64>(-(1.0 - smoothing) * logpy + smooth);
    const inv: f32 = 1.0 / sum;
    const w = invCount;
    const vinv = f32x4.splat(inv * w);
    const vuni = f32x4.splat(uni * w);
    v = 0;
    for (; v < V4; v += 4) {
      const p = z + (<usize>v << 2);
      v128.store(p, f32x4.sub(f32x4.mul(v128.load(p), vinv), vuni));
    }
    for (; v < V; v++) {
      const p = z + (<usize>v << 2);
      store<f32>(p, load<f32>(p) * inv * w - uni * w);
    }
    const py = z + (<usize>y << 2);
    store<f32>(py, load<f32>(py) - (1.0 - smoothing) * w);
  }
  return <f32>(total * <f64>invCount);
}
