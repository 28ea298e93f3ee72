// The benchmark's timer (worker/bench/timing.ts) on a clock the test drives: functions are
// sampled in turns, so a machine that slows down between turns leaves their ratio alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeInTurns } from '../../worker/bench/timing.ts';
import { stretchesInTurns } from '../../worker/bench/threads.ts';

afterEach(() => vi.restoreAllMocks());

describe('timeInTurns', () => {
  it('samples the functions in turns and reports medians and per-turn ratios', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const order: string[] = [];
    let slowdown = 1; // the machine gets twice as slow after every turn
    const a = () => {
      order.push('a');
      now += 1 * slowdown;
    };
    const b = () => {
      order.push('b');
      now += 3 * slowdown;
      slowdown *= 2;
    };
    // one call per sample (each costs at least 1 ms), one warm-up call each
    const { ms, relative } = timeInTurns([a, b], { samples: 5, sampleMs: 0.5, warmupMs: 0 });
    expect(order.join('')).toBe('ab' + 'ab'.repeat(5));
    // after the warm-up turn A's samples take 2, 4, 8, 16, 32 ms and B's three times as long
    expect(ms).toEqual([8, 24]);
    expect(relative).toEqual([1, 3]);
  });
});

describe('stretchesInTurns (the thread comparison)', () => {
  it('times the same steps on both sides, in turns, and says how long each stretch took', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const one: number[] = [], two: number[] = [];
    // one thread 4 ms a step, the other side 2 ms; the machine twice as slow from the second turn
    let slowdown = 1;
    const single = () => (one.push(1), (now += 4 * slowdown), 100);
    const several = () => {
      two.push(1);
      now += 2 * slowdown;
      if (two.length === 40 + 250) slowdown = 2; // the end of the first turn
      return 100;
    };
    const r = stretchesInTurns(single, several, { turns: 3, seconds: 1, warmupSeconds: 0.16 });
    const s = r.stretches;
    expect(s.warmup_steps).toBe(40); // 160 ms of 4 ms steps
    expect(s.steps).toBe(250); // a second of one thread's steps
    expect(one.length).toBe(two.length); // the same steps on both sides: the same point of the same run
    expect(s.single_s).toEqual([1, 2, 2]);
    expect(s.threads_s).toEqual([0.5, 1, 1]);
    expect(r.speedup).toBe(2); // the machine's slowing down leaves the ratio alone
    expect(r.tokensPerSec).toBeCloseTo(2 * r.singleTokensPerSec, 10);
  });
});
