// Evaluation board sets: only held-out boards, the reference's Manhattan bands, seeded
// determinism, and board lists that report bad lines instead of crashing.
import { describe, expect, it } from 'vitest';
import { SOLVED, isSolvable, manhattan } from '../../../worker/games/puzzle8/board.ts';
import {
  MANHATTAN_BANDS,
  heldOutStates,
  manhattanBand,
  optimalBand,
  parseBoardList,
  randomHeldOutBoards,
  randomWalkBoards,
  type WalkBoard,
} from '../../../worker/games/puzzle8/boards.ts';
import { isHeldOut } from '../../../worker/games/puzzle8/heldout.ts';
import { optimalDistance } from '../../../worker/games/puzzle8/solver.ts';

describe('bands', () => {
  it('buckets Manhattan and optimal distances', () => {
    expect([1, 4, 5, 8, 9, 22].map(manhattanBand)).toEqual(['1-4', '1-4', '5-8', '5-8', '9+', '9+']);
    expect([1, 10, 11, 20, 21, 31].map(optimalBand)).toEqual(['1-10', '1-10', '11-20', '11-20', '21-31', '21-31']);
    expect(() => optimalBand(0)).toThrow(RangeError);
    expect(() => optimalBand(32)).toThrow(RangeError);
  });
});

describe('randomHeldOutBoards', () => {
  it('draws distinct, solvable, unsolved held-out boards, the same for the same seed', () => {
    const boards = randomHeldOutBoards(300, 11);
    expect(boards).toHaveLength(300);
    expect(new Set(boards).size).toBe(300);
    expect(boards.every((b) => isHeldOut(b) && isSolvable(b) && b !== SOLVED)).toBe(true);
    expect(randomHeldOutBoards(300, 11)).toEqual(boards);
    expect(randomHeldOutBoards(300, 12)).not.toEqual(boards);
    expect(heldOutStates()).toHaveLength(36_103);
  });

  it('looks like a uniform sample: mean optimal distance near 21.97', () => {
    const boards = randomHeldOutBoards(2000, 3);
    const mean = boards.reduce((s, b) => s + optimalDistance(b), 0) / boards.length;
    expect(Math.abs(mean - 21.97)).toBeLessThan(0.3);
  });

  it('refuses impossible sizes', () => {
    expect(() => randomHeldOutBoards(-1, 1)).toThrow(RangeError);
    expect(() => randomHeldOutBoards(40_000, 1)).toThrow(RangeError);
  });
});

describe('randomWalkBoards', () => {
  it('fills each Manhattan band with held-out boards, band by band', () => {
    const set = randomWalkBoards(10, 1);
    expect(set).toHaveLength(30);
    expect(set.map((w) => w.band)).toEqual(MANHATTAN_BANDS.flatMap((band) => new Array(10).fill(band)));
    const wrong = set.filter(
      (w) =>
        !isHeldOut(w.board) ||
        manhattan(w.board) !== w.manhattan ||
        manhattanBand(w.manhattan) !== w.band ||
        w.walkLength < 3 ||
        w.walkLength > 27 ||
        // A walk can only overshoot the optimal distance, and by an even number of moves.
        optimalDistance(w.board) > w.walkLength ||
        (w.walkLength - optimalDistance(w.board)) % 2 !== 0,
    );
    expect(wrong).toEqual([]);
  });

  it('reproduces the reference bands (2.7 / 6.9 / 11.0 optimal moves) by default', () => {
    const means = bandMeans(randomWalkBoards(300, 5));
    console.log(`puzzle8 random-walk bands, mean optimal length: ${means.map((m) => m.toFixed(2)).join(' / ')}`);
    // The held-out filter makes the easy band a little easier than the reference's 2.7.
    expect(Math.abs(means[0] - 2.4)).toBeLessThan(0.4);
    expect(Math.abs(means[1] - 6.7)).toBeLessThan(0.5);
    expect(Math.abs(means[2] - 10.9)).toBeLessThan(0.6);
  });

  it('gets harder without reversals and, when distinct, never repeats a board', () => {
    const means = bandMeans(randomWalkBoards(300, 5, { noReversal: true }));
    expect(means[1]).toBeGreaterThan(8);
    expect(means[2]).toBeGreaterThan(14);
    const set = randomWalkBoards(12, 5, { distinct: true, noReversal: true });
    expect(new Set(set.map((w) => w.board)).size).toBe(36);
    // Only 23 held-out states have Manhattan distance 1-4.
    expect(() => randomWalkBoards(24, 1, { distinct: true })).toThrow(RangeError);
  });

  it('is a pure function of its seed', () => {
    expect(randomWalkBoards(10, 77)).toEqual(randomWalkBoards(10, 77));
    expect(randomWalkBoards(10, 77)).not.toEqual(randomWalkBoards(10, 78));
    expect(randomWalkBoards(10, 77, { distinct: true })).toEqual(randomWalkBoards(10, 77, { distinct: true }));
  });
});

// Mean optimal solution length per Manhattan band.
function bandMeans(set: WalkBoard[]): number[] {
  return MANHATTAN_BANDS.map((band) => {
    const inBand = set.filter((w) => w.band === band);
    return inBand.reduce((s, w) => s + optimalDistance(w.board), 0) / inBand.length;
  });
}

describe('parseBoardList', () => {
  it('keeps good lines, reports bad ones with their reason, and skips blanks and comments', () => {
    const text = [
      '# evaluation boards',
      '123456708',
      '',
      '  867254301   31 extra fields',
      '12345678',
      '213456780 # swapped pair',
      '123456780',
      '113456780\r',
    ].join('\n');
    const entries = parseBoardList(text);
    expect(entries.map((e) => [e.line, e.text, e.board ?? null, e.error?.reason ?? null])).toEqual([
      [2, '123456708', '123456708', null],
      [4, '867254301', '867254301', null],
      [5, '12345678', null, 'malformed'],
      [6, '213456780', null, 'unsolvable'],
      [7, '123456780', null, 'solved'],
      [8, '113456780', null, 'malformed'],
    ]);
    expect(entries[2].error!.message).toBe('Board "12345678" must have 9 characters, got 8');
    expect(entries[4].error!.message).toBe('Board "123456780" is already solved, so it cannot test a solver');
    expect(entries[5].error!.message).toBe('Board "113456780" repeats digit 1 and lacks 2');
  });
});
