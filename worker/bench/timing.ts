// Repeat-until-budget timing with medians: these machines are noisy, so every figure is
// the median of several samples, and speed-ups are ratios taken within one run, from
// samples taken in turns.

export interface TimingOptions {
  samples: number; // how many timed samples
  sampleMs: number; // each sample repeats the function for at least this long
  warmupMs: number;
}

export const FULL_TIMING: TimingOptions = { samples: 7, sampleMs: 150, warmupMs: 200 };
export const QUICK_TIMING: TimingOptions = { samples: 3, sampleMs: 40, warmupMs: 40 };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Times several functions in turns (A B C, A B C, ...), one sample each per turn, so their
 * figures span the same stretch of a noisy machine. ms: each one's median milliseconds per
 * call; relative: the median over turns of its time over the first one's in the same turn
 * (1 for the first), a ratio that drifts in the machine's speed leave alone.
 */
export function timeInTurns(fns: (() => void)[], o: TimingOptions): { ms: number[]; relative: number[] } {
  for (const fn of fns) repeatFor(fn, o.warmupMs);
  const samples = fns.map((): number[] => []);
  const ratios = fns.map((): number[] => []);
  for (let s = 0; s < o.samples; s++) {
    const turn = fns.map((fn) => msPerCall(fn, o.sampleMs));
    turn.forEach((ms, i) => {
      samples[i].push(ms);
      ratios[i].push(ms / turn[0]);
    });
  }
  return { ms: samples.map(median), relative: ratios.map(median) };
}

/** Milliseconds per call of `fn`, repeated for at least `ms` (one sample). */
function msPerCall(fn: () => void, ms: number): number {
  const r = repeatFor(fn, ms);
  return r.ms / r.calls;
}

/** Calls `fn` at least once and until `ms` have passed: how many calls, and how long they took. */
export function repeatFor(fn: () => void, ms: number): { calls: number; ms: number } {
  let calls = 0;
  const t0 = performance.now();
  let t = t0;
  do {
    fn();
    calls++;
    t = performance.now();
  } while (t - t0 < ms);
  return { calls, ms: t - t0 };
}
