// The seeded generator: reproducible, in range, and roughly uniform.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../worker/games/puzzle8/rng.ts';

describe('Rng', () => {
  it('repeats its sequence for a seed and differs across seeds', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const seqA = Array.from({ length: 8 }, () => a.next());
    expect(Array.from({ length: 8 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 8 }, () => c.next())).not.toEqual(seqA);
    for (const x of seqA) expect(Number.isInteger(x) && x >= 0 && x < 2 ** 32).toBe(true);
  });

  it('draws int(n) in range with roughly equal counts', () => {
    const rng = new Rng(1);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rng.int(6)]++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
    expect(new Rng(5).int(1)).toBe(0);
    expect(() => rng.int(0)).toThrow(RangeError);
  });

  it('keeps float() in [0, 1), picks members and shuffles into a permutation', () => {
    const rng = new Rng(9);
    for (let i = 0; i < 1000; i++) {
      const f = rng.float();
      if (f < 0 || f >= 1) throw new Error(`float out of range: ${f}`);
    }
    expect(['a', 'b', 'c']).toContain(rng.pick(['a', 'b', 'c']));
    expect(() => rng.pick([])).toThrow(RangeError);
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(rng.shuffle(items.slice()).sort((x, y) => x - y)).toEqual(items);
  });
});
