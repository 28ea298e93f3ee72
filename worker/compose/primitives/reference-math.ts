// Shared helpers for the primitives' `reference` implementations: plain TypeScript, written
// apart from the canonical bodies and, where natural, in a different formulation (compensated
// sums, Welford's variance, sorted-rank quantiles, a DFT with exactly reduced angles), so a
// slip in a body cannot hide behind the same slip in its reference.

export type Arrays = readonly (readonly number[])[];

/** Neumaier's compensated sum: a different rounding path from a plain running sum. */
export function sum(xs: readonly number[]): number {
  let s = 0;
  let c = 0;
  for (const v of xs) {
    const t = s + v;
    c += Math.abs(s) >= Math.abs(v) ? s - t + v : v - t + s;
    s = t;
  }
  return s + c;
}

/** Mean and population variance by Welford's one-pass update (exact 0 for a constant array). */
export function meanVariance(xs: readonly number[]): { mean: number; variance: number } {
  let mean = 0;
  let m2 = 0;
  xs.forEach((v, i) => {
    const d = v - mean;
    mean += d / (i + 1);
    m2 += d * (v - mean);
  });
  return { mean, variance: xs.length > 0 ? Math.max(0, m2 / xs.length) : NaN };
}

export function mean(xs: readonly number[]): number {
  return meanVariance(xs).mean;
}

export function std(xs: readonly number[]): number {
  return Math.sqrt(meanVariance(xs).variance);
}

export function sortedCopy(xs: readonly number[]): number[] {
  return [...xs].sort((a, b) => a - b);
}

/** The q-quantile (0..1) of sorted values, linear between the closest ranks (numpy's default). */
export function quantileSorted(sorted: readonly number[], q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const f = h - lo;
  return (1 - f) * sorted[lo] + f * sorted[hi];
}

export function median(xs: readonly number[]): number {
  return quantileSorted(sortedCopy(xs), 0.5);
}

/** The trailing window ending at i: at most w samples, fewer at the start. */
export function trailing(xs: readonly number[], i: number, w: number): number[] {
  return xs.slice(Math.max(0, i - w + 1), i + 1);
}

/**
 * The DFT X[k] = sum_i x[i] e^(-2 pi i k i / n), with the angle's integer part reduced mod n
 * first (the canonical bodies use 2*pi*k*i/n unreduced). Components below 1e-9 in absolute
 * value are rounding noise and become exactly 0 when `snap` is set (phase, dominant bin).
 */
export function dft(xs: readonly number[], snap = false): { re: number[]; im: number[] } {
  const n = xs.length;
  const re: number[] = [];
  const im: number[] = [];
  for (let k = 0; k < n; k++) {
    let r = 0;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const angle = (2 * Math.PI * ((k * i) % n)) / n;
      r += xs[i] * Math.cos(angle);
      m += -xs[i] * Math.sin(angle);
    }
    re.push(snap && Math.abs(r) < 1e-9 ? 0 : r);
    im.push(snap && Math.abs(m) < 1e-9 ? 0 : m);
  }
  return { re, im };
}

/** y[i] = f(x[i]) for a one-array primitive: most element-wise references are this. */
export function elementwise(f: (v: number) => number): (arrays: Arrays) => number[] {
  return (arrays) => arrays[0].map(f);
}
