// The seeded Rng shared by every game (worker/games/rng.ts): determinism, ranges, forks.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../worker/games/rng.ts';

describe('Rng', () => {
  it('replays the same stream for the same seed and differs across seeds', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const xs = Array.from({ length: 20 }, () => a.uint32());
    expect(Array.from({ length: 20 }, () => b.uint32())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.uint32())).not.toEqual(xs);
  });

  it('pins the stream so a platform or refactor change cannot shift corpora silently', () => {
    const r = new Rng(1);
    const first = [r.uint32(), r.uint32(), r.uint32()];
    // regenerate only on a deliberate change of algorithm
    expect(first).toEqual(PINNED_SEED_1);
  });

  it('accepts string seeds and large integer seeds', () => {
    expect(new Rng('abc').uint32()).toBe(new Rng('abc').uint32());
    expect(new Rng(2 ** 40).uint32()).not.toBe(new Rng(0).uint32());
    expect(() => new Rng(1.5)).toThrow(/safe integer/);
  });

  it('next() is in [0, 1) and int(n) is uniform-ish over 0..n-1', () => {
    const r = new Rng(7);
    const counts = new Array(6).fill(0);
    let inRange = true;
    for (let i = 0; i < 60_000; i++) {
      const x = r.next();
      inRange &&= x >= 0 && x < 1;
      counts[r.int(6)]++;
    }
    expect(inRange).toBe(true);
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
    expect(() => r.int(0)).toThrow(/integer/);
  });

  it('pick and shuffle use the stream and keep the elements', () => {
    const r = new Rng(3);
    expect(() => r.pick([])).toThrow(/empty/);
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = r.shuffle(items.slice());
    expect(shuffled.slice().sort()).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });

  it('fork gives independent streams that do not depend on draws from the parent', () => {
    const a = new Rng(9);
    const fresh = a.fork('games').uint32();
    for (let i = 0; i < 10; i++) a.uint32();
    expect(a.fork('games').uint32()).toBe(fresh);
    expect(a.fork('other').uint32()).not.toBe(fresh);
    expect(new Rng(10).fork('games').uint32()).not.toBe(fresh);
  });
});

const PINNED_SEED_1 = [2093490377, 3904300031, 4104282711];
