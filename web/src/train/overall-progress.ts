// How far a set of training runs is, as one figure: the work done over the work asked for, each
// run's steps weighted by what a step of it costs (seconds a step at its rate on this device).
// A mean of the runs' fractions counted a 30-second run as much as a 10-minute one, and left out
// the runs still waiting: runs at 12% and 72% with two waiting read 42% where about 15% was done.

export interface RunWork {
  step: number;
  steps: number;
  /** The run's steps a second on this device, measured or timed before it started; NaN: not known. */
  stepsPerSec: number;
}

/** The share of the runs' work done, 0 to 1 (0 for no runs); a run of unknown cost counts as the known ones' mean. */
export function overallFraction(runs: readonly RunWork[]): number {
  const costs = runs.map((r) => (r.stepsPerSec > 0 ? 1 / r.stepsPerSec : NaN));
  const known = costs.filter((c) => Number.isFinite(c));
  const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  let done = 0;
  let all = 0;
  runs.forEach((r, i) => {
    const cost = Number.isFinite(costs[i]) ? costs[i] : fallback;
    done += Math.min(r.step, r.steps) * cost;
    all += r.steps * cost;
  });
  return all > 0 ? done / all : 0;
}
