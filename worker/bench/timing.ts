// Repeat-until-budget timing with medians: these machines are noisy, so every figure is
// the median of several samples, and speed-ups are ratios taken within one run.

export interface TimingOptions {
  samples: number; // how many timed samples
  sampleMs: number; // each sample repeats the function for at least this long
  warmupMs: number;
}

export const FULL_TIMING: TimingOptions = { samples: 7, sampleMs: 150, warmupMs: 200 };
export const QUICK_TIMING: TimingOptions = { samples: 3, sampleMs: 40, warmupMs: 40 };

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Median milliseconds per call of `fn`. */
export function timeCall(fn: () => void, o: TimingOptions): number {
  const warmEnd = performance.now() + o.warmupMs;
  do fn();
  while (performance.now() < warmEnd);
  const perCall: number[] = [];
  for (let s = 0; s < o.samples; s++) perCall.push(msPerCall(fn, o.sampleMs));
  return median(perCall);
}

/** Milliseconds per call of `fn`, repeated for at least `ms` (one sample). */
export function msPerCall(fn: () => void, ms: number): number {
  let n = 0;
  const t0 = performance.now();
  let t = t0;
  do {
    fn();
    n++;
    t = performance.now();
  } while (t - t0 < ms);
  return (t - t0) / n;
}
