// The thread governor (worker/thread-governor.ts) on scripted timings: it keeps every thread
// on a quiet device, falls back to one when threads train slower (a busy device), notices a
// device that becomes busy or quiet again, and is not moved by ordinary noise.
import { describe, expect, it } from 'vitest';
import { DEFAULT_GOVERNOR, ThreadGovernor } from '../../worker/thread-governor.ts';

// Runs `steps` steps; `msPerToken(sharing, step)` is what a step costs. Returns how many ran on all threads.
function drive(g: ThreadGovernor, steps: number, msPerToken: (sharing: boolean, step: number) => number, from = 0): number {
  let shared = 0;
  for (let i = from; i < from + steps; i++) {
    const sharing = g.sharing;
    if (sharing) shared++;
    g.step(msPerToken(sharing, i));
  }
  return shared;
}

// deterministic jitter of +-20% around 1
const jitter = (i: number) => 1 + 0.2 * Math.sin(i * 12.9898) * Math.cos(i * 78.233);

describe('ThreadGovernor', () => {
  const w = DEFAULT_GOVERNOR.windowSteps + 1; // steps in a window, the uncounted first included

  it('on a quiet device compares once, then trains every step on all threads, noise and all', () => {
    const g = new ThreadGovernor();
    const shared = drive(g, 20_000, (all, i) => (all ? 0.6 : 1.0) * jitter(i));
    expect(shared).toBe(20_000 - 2 * w); // the two one-thread windows of the first comparison
    expect(g.record).toEqual({ checks: 1, oneWon: 0 });
  });

  it('on a busy device trains on one thread, trying all threads again less and less often', () => {
    const g = new ThreadGovernor();
    const shared = drive(g, 20_000, (all, i) => (all ? 3.0 : 1.0) * jitter(i));
    const { checks, oneWon } = g.record;
    expect(oneWon).toBe(checks);
    // at the start, then after 500, 1,000, 2,000 and every 4,000 steps on one thread: 15,500 by
    // the 7th comparison, 19,500 by the 8th (each comparison's own steps besides)
    expect(checks).toBe(8);
    expect(shared).toBe(checks * 2 * w);
    expect(g.sharing).toBe(false);
  });

  it('moves to one thread within a few steps of the device becoming busy, and back once it is quiet', () => {
    const g = new ThreadGovernor();
    const cost = (busy: boolean) => (all: boolean, i: number) => (all ? (busy ? 3.0 : 0.6) : 1.0) * jitter(i);
    drive(g, 1000, cost(false));
    expect(g.sharing).toBe(true);
    drive(g, DEFAULT_GOVERNOR.windowSteps + 4 * w, cost(true), 1000);
    expect(g.sharing).toBe(false);
    expect(g.record).toEqual({ checks: 2, oneWon: 1 });
    drive(g, DEFAULT_GOVERNOR.every + 4 * w, cost(false), 2000);
    expect(g.sharing).toBe(true);
    expect(g.record).toEqual({ checks: 3, oneWon: 1 });
  });

  it('does not count a window\'s first step, which wakes the helpers', () => {
    const g = new ThreadGovernor();
    // all threads' first step after one-thread steps costs 20x; the rest are faster than one thread
    let last = true;
    drive(g, 200, (all) => {
      const t = all ? (last ? 0.6 : 12) : 1.0;
      last = all;
      return t;
    });
    expect(g.record).toEqual({ checks: 1, oneWon: 0 });
    expect(g.sharing).toBe(true);
  });

  it('ignores a time that is not a positive finite number', () => {
    const g = new ThreadGovernor();
    drive(g, 100, (all) => (all ? 0.6 : 1.0));
    for (const t of [NaN, Infinity, 0, -1]) g.step(t);
    expect(g.sharing).toBe(true);
    expect(g.record.checks).toBe(1);
  });
});
