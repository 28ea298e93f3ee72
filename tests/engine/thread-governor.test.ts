// The thread governor (worker/thread-governor.ts) on scripted timings: it keeps every thread
// on a quiet device, falls back to one when threads train slower (a busy device), notices a
// device that becomes busy or quiet again, and is not moved by steps whose cost a token varies
// 4x from batch to batch (long documents, as the compose baseline's block of 1,024 has).
import { describe, expect, it } from 'vitest';
import { DEFAULT_GOVERNOR, ThreadGovernor } from '../../worker/thread-governor.ts';

// A batch's tokens and its cost a token relative to the mean: deterministic, from 0.5x to 2x
// (a batch of long documents), the tokens from 200 to 2,000.
function batch(i: number): { tokens: number; cost: number } {
  const u = (Math.sin(i * 12.9898) * 43758.5453) % 1;
  const v = (Math.sin(i * 78.233) * 12345.6789) % 1;
  return { tokens: Math.round(200 + 1800 * Math.abs(v)), cost: 2 ** (2 * Math.abs(u) - 1) };
}

// Runs `steps` steps; `perToken(sharing, step)` is a step's mean time a token. Returns how many ran on all threads.
function drive(g: ThreadGovernor, steps: number, perToken: (sharing: boolean, step: number) => number, from = 0): number {
  let shared = 0;
  for (let i = from; i < from + steps; i++) {
    const sharing = g.sharing;
    if (sharing) shared++;
    const { tokens, cost } = batch(i);
    g.step(tokens * cost * perToken(sharing, i), tokens);
  }
  return shared;
}

const quiet = (all: boolean) => (all ? 0.6 : 1.0); // two threads 1.67x as fast as one
const busy = (all: boolean) => (all ? 3.0 : 1.0); // two threads at a third of one's speed
const compare = 2 * DEFAULT_GOVERNOR.compareSteps;

describe('ThreadGovernor', () => {
  it('on a quiet device compares once, then trains every step on all threads, however much batches differ', () => {
    const g = new ThreadGovernor();
    const shared = drive(g, 20_000, quiet);
    expect(g.record.oneWon).toBe(0);
    // a comparison takes compareSteps steps on one thread; the slowdown check rarely fires on noise
    expect(g.record.checks).toBeLessThanOrEqual(3);
    expect(shared).toBe(20_000 - g.record.checks * DEFAULT_GOVERNOR.compareSteps);
  });

  it('keeps all threads when they are only a little faster, and does not take noise for a busy device', () => {
    const g = new ThreadGovernor();
    drive(g, 20_000, (all) => (all ? 0.9 : 1.0));
    expect(g.record.oneWon).toBe(0);
  });

  it('on a busy device trains on one thread, trying all threads again less and less often', () => {
    const g = new ThreadGovernor();
    const shared = drive(g, 20_000, busy);
    const { checks, oneWon } = g.record;
    expect(oneWon).toBe(checks);
    // at the start, then after 500, 1,000, 2,000 and every 4,000 steps on one thread: 15,500 by
    // the 7th comparison, 19,500 by the 8th (each comparison's own steps besides)
    expect(checks).toBe(8);
    expect(shared).toBe(checks * DEFAULT_GOVERNOR.compareSteps);
    expect(g.sharing).toBe(false);
  });

  it('moves to one thread within a few dozen steps of the device becoming busy, and back once it is quiet', () => {
    const g = new ThreadGovernor();
    drive(g, 1000, quiet);
    expect(g.sharing).toBe(true);
    const checksBefore = g.record.checks;
    drive(g, DEFAULT_GOVERNOR.recentSteps + compare, busy, 1000);
    expect(g.sharing).toBe(false);
    expect(g.record).toEqual({ checks: checksBefore + 1, oneWon: 1 });
    drive(g, DEFAULT_GOVERNOR.every + compare, quiet, 2000);
    expect(g.sharing).toBe(true);
    expect(g.record).toEqual({ checks: checksBefore + 2, oneWon: 1 });
  });

  it('alternates one thread and all, step by step, while it compares', () => {
    const g = new ThreadGovernor();
    const seen: boolean[] = [];
    for (let i = 0; i < compare; i++) {
      expect(g.comparing).toBe(true);
      seen.push(g.sharing);
      g.step(1, 100);
    }
    expect(seen).toEqual(Array.from({ length: compare }, (_, i) => i % 2 === 1));
    expect(g.comparing).toBe(false);
  });

  it('ignores a step whose time or tokens are not positive finite numbers', () => {
    // given in the middle of a comparison, where one would spoil a side's sums
    const g = new ThreadGovernor();
    const bad: [number, number][] = [[NaN, 100], [Infinity, 100], [0, 100], [-1, 100], [5, 0]];
    for (let i = 0; g.comparing; i++) {
      g.step(g.sharing ? 60 : 100, 100); // all threads faster
      g.step(...bad[i % bad.length]);
    }
    expect(g.sharing).toBe(true);
    expect(g.record.checks).toBe(1);
  });
});
