// Cycle detector (worker/orchestrator/cycle.ts): A,B,A,B and A,B,C,A,B,C repeats, immediate undo, ring size.
import { describe, expect, it } from 'vitest';
import { CycleDetector } from '../../worker/orchestrator/cycle.ts';

function detector(history: string[], options = {}): CycleDetector {
  const d = new CycleDetector(options);
  for (const a of history) d.push(a);
  return d;
}

const INVERSE: Record<string, string> = { up: 'down', down: 'up', left: 'right', right: 'left' };
const inverse = (m: string) => INVERSE[m];

describe('CycleDetector', () => {
  it('flags the move that completes A,B,A,B', () => {
    const d = detector(['up', 'down', 'up']);
    expect(d.wouldCycle('down')).toBe(true);
    expect(d.check('down')).toBe('period-2');
    expect(d.wouldCycle('left')).toBe(false);
    expect(detector(['down', 'up']).wouldCycle('down')).toBe(false); // A,B,A is not yet a cycle
  });

  it('flags the move that completes A,B,C,A,B,C', () => {
    const d = detector(['1', '12', '3', '1', '12']);
    expect(d.check('3')).toBe('period-3');
    expect(d.wouldCycle('4')).toBe(false);
    expect(detector(['a', 'a', 'b', 'a', 'a']).check('b')).toBe('period-3');
  });

  it('does not call steady travel in one direction a cycle', () => {
    expect(detector(['left', 'left', 'left', 'left', 'left']).wouldCycle('left')).toBe(false);
  });

  it('only looks at the periods it was asked for', () => {
    expect(detector(['a', 'b', 'c', 'a', 'b'], { periods: [2] }).wouldCycle('c')).toBe(false);
    expect(detector(['a', 'b', 'c', 'd', 'a', 'b', 'c'], { periods: [4] }).check('d')).toBe('period-4');
  });

  it('with an inverse, flags an immediate undo (and only then)', () => {
    const d = detector(['up'], { inverse });
    expect(d.check('down')).toBe('undo');
    expect(d.wouldCycle('up')).toBe(false);
    expect(detector(['up']).wouldCycle('down')).toBe(false); // no inverse, no undo check
    expect(new CycleDetector({ inverse }).wouldCycle('down')).toBe(false); // nothing to undo yet
  });

  it('compares whole actions, never substrings', () => {
    expect(detector(['1', '2', '1']).wouldCycle('22')).toBe(false);
    expect(detector(['12', '2', '12']).wouldCycle('2')).toBe(true);
    expect(detector(['12', '2', '1']).wouldCycle('2')).toBe(false);
  });

  it('keeps a ring of the last 8 actions; wouldCycle does not record the candidate', () => {
    const d = detector(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    expect(d.recent()).toEqual(['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    d.wouldCycle('x');
    expect(d.recent()).toHaveLength(8);
    d.recent().push('y');
    expect(d.recent()).toHaveLength(8);
    d.reset();
    expect(d.recent()).toEqual([]);
    expect(d.wouldCycle('a')).toBe(false);
  });

  it('rejects periods the ring is too small to see', () => {
    expect(() => new CycleDetector({ capacity: 4, periods: [3] })).toThrow(/period 3/);
    expect(() => new CycleDetector({ periods: [1] })).toThrow(/period 1/);
    expect(() => new CycleDetector({ capacity: 0 })).toThrow(/capacity/);
  });
});

describe('CycleDetector loops option', () => {
  it('refuses a repeated block only when the game says the block returns where it started', () => {
    // a grid walker: only blocks that cancel out are loops
    const delta: Record<string, number> = { u: -10, d: 10, l: -1, r: 1 };
    const loops = (block: readonly string[]) => block.reduce((a, m) => a + delta[m], 0) === 0;
    const c = new CycleDetector({ periods: [2, 4], loops });
    for (const m of ['r', 'd', 'r']) c.push(m);
    expect(c.check('d')).toBeNull(); // a staircase is travel
    const back = new CycleDetector({ periods: [2, 4], loops });
    for (const m of ['u', 'd', 'u']) back.push(m);
    expect(back.check('d')).toBe('period-2');
    const circle = new CycleDetector({ periods: [2, 4], loops });
    for (const m of ['u', 'l', 'd', 'r', 'u', 'l', 'd']) circle.push(m);
    expect(circle.check('r')).toBe('period-4');
  });
});
