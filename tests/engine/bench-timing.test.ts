// The benchmark's timer (worker/bench/timing.ts) on a clock the test drives: functions are
// sampled in turns, so a machine that slows down between turns leaves their ratio alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { timeInTurns } from '../../worker/bench/timing.ts';

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
