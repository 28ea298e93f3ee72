// The run card's "Time left" (worker/run-eta.ts): it starts at the form's figure, never jumps
// with the pace of single slices, follows a real change of pace within tens of seconds, and
// ends at 0. And the overall figure of several runs (web/src/train/overall-progress.ts) weighs
// each by its work.
import { describe, expect, it } from 'vitest';
import { RunEta, MIN_OWN_MS } from '../../worker/run-eta.ts';
import { overallFraction } from '../../web/src/train/overall-progress.ts';

/** Feeds 100 ms slices at `rate(i)` steps a second; returns the figures shown after each. */
function run(eta: RunEta, steps: number, slices: number, rate: (i: number) => number, from = { step: 0, ms: 0 }): number[] {
  const shown: number[] = [];
  let { step, ms } = from;
  for (let i = 0; i < slices && step < steps; i++) {
    step = Math.min(steps, step + rate(i) * 0.1);
    ms += 100;
    eta.observe(step, steps, ms);
    shown.push(eta.seconds);
  }
  return shown;
}

describe('RunEta', () => {
  it('starts from the rate timed before the run', () => {
    const eta = new RunEta(10);
    eta.observe(0, 6000, 0);
    expect(eta.seconds).toBe(600);
  });

  it('counts down smoothly while single slices swing between a third and three times the pace', () => {
    const eta = new RunEta(10);
    eta.observe(0, 6000, 0);
    const swing = (i: number) => [4, 30, 3, 10, 5][i % 5]; // a mean of 10.4 steps a second
    const shown = run(eta, 6000, 3000, swing);
    // each 100 ms slice moves the figure by its 0.1 s countdown and a little more, never by a jump
    const moves = shown.slice(1).map((s, i) => Math.abs(shown[i] - 0.1 - s));
    expect(Math.max(...moves)).toBeLessThan(0.5);
    // the old card's figure: the steps left over a rate smoothed over slices (30% the newest)
    let rate = NaN;
    const old = [...Array(3000).keys()].map((i) => {
      rate = Number.isNaN(rate) ? swing(i) : 0.3 * swing(i) + 0.7 * rate;
      return (6000 - 1.04 * (i + 1)) / rate;
    });
    const oldMoves = old.slice(1).map((s, i) => Math.abs(old[i] - 0.1 - s));
    expect(Math.max(...oldMoves)).toBeGreaterThan(100);
  });

  it("follows a run slower than its timing: within 5% of the truth after a minute and a half", () => {
    const eta = new RunEta(10);
    eta.observe(0, 6000, 0);
    const shown = run(eta, 6000, 900, () => 5); // 90 s at 5 steps a second: 450 done, 5,550 left
    expect(shown[0]).toBeGreaterThan(590); // at first, the form's figure
    expect(Math.abs(shown.at(-1)! - 5550 / 5) / (5550 / 5)).toBeLessThan(0.05);
  });

  it('without a timing, waits for the run to train a while, then uses its own pace', () => {
    const eta = new RunEta();
    const shown = run(eta, 6000, MIN_OWN_MS / 100 + 1, () => 20);
    expect(shown.slice(0, MIN_OWN_MS / 100 - 1).every(Number.isNaN)).toBe(true);
    expect(shown.at(-1)).toBeCloseTo((6000 - 20 * 0.1 * shown.length) / 20, 0);
  });

  it('reads 0 once the run is done', () => {
    const eta = new RunEta(10);
    eta.observe(5999, 6000, 1000);
    eta.observe(6000, 6000, 1100);
    expect(eta.seconds).toBe(0);
  });
});

describe('overallFraction', () => {
  it('weighs each run by its steps times its cost a step, the waiting ones included', () => {
    // runs at 12% and 72% (a cheap one), two of the first kind waiting: 19.2 s of 310 s done
    const runs = [
      { step: 120, steps: 1000, stepsPerSec: 10 },
      { step: 720, steps: 1000, stepsPerSec: 100 },
      { step: 0, steps: 1000, stepsPerSec: 10 },
      { step: 0, steps: 1000, stepsPerSec: 10 },
    ];
    expect(overallFraction(runs)).toBeCloseTo(19.2 / 310, 10);
    expect(overallFraction(runs)).toBeLessThan((0.12 + 0.72) / 2); // what the tab title read (42%)
  });

  it("counts a run of unknown cost as the known ones' mean, and no runs as 0", () => {
    expect(overallFraction([{ step: 50, steps: 100, stepsPerSec: 10 }, { step: 0, steps: 100, stepsPerSec: NaN }])).toBeCloseTo(0.25, 10);
    expect(overallFraction([{ step: 5, steps: 10, stepsPerSec: NaN }])).toBe(0.5);
    expect(overallFraction([])).toBe(0);
  });
});
