// Connect-4 alpha-beta: tactics, the exact best-move set (checked against plain negamax
// without pruning), mirror symmetry, tie-breaking and argument checks.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../worker/games/rng.ts';
import { CELLS, COLS, Position } from '../../../worker/games/connect4/position.ts';
import { evaluate } from '../../../worker/games/connect4/evaluate.ts';
import { EMPTY_BOARD, mirrorBoard, mirrorColumn, play } from '../../../worker/games/connect4/rules.ts';
import { WIN_SCORE, alphaBeta, isForced, scoreMoves, searchPosition } from '../../../worker/games/connect4/search.ts';

const rows = (...r: string[]) => r.join('');
const moves = (cols: number[]) => cols.reduce((b, c) => play(b, c), EMPTY_BOARD);

/** Reference: the same scores as the searcher, computed without any pruning. */
function plainNegamax(pos: Position, depth: number, ply: number): number {
  if (pos.plies === CELLS) return 0;
  for (let c = 0; c < COLS; c++) if (pos.canPlay(c) && pos.wouldWin(c, pos.side)) return WIN_SCORE - (ply + 1);
  if (depth === 0) return evaluate(pos);
  let best = -Infinity;
  for (let c = 0; c < COLS; c++) {
    if (!pos.canPlay(c)) continue;
    pos.play(c);
    best = Math.max(best, -plainNegamax(pos, depth - 1, ply + 1));
    pos.undo(c);
  }
  return best;
}

/** Every column's score by plainNegamax (0 + turns a -0 into 0); null for a full column. */
function plainScores(board: string, depth: number): (number | null)[] {
  const pos = Position.fromBoard(board);
  return Array.from({ length: COLS }, (_, c) => {
    if (!pos.canPlay(c)) return null;
    if (pos.wouldWin(c, pos.side)) return WIN_SCORE - 1;
    pos.play(c);
    const score = -plainNegamax(pos, depth - 1, 1);
    pos.undo(c);
    return 0 + score;
  });
}

function plainRoot(board: string, depth: number): { score: number; bestMoves: number[] } {
  const scores = plainScores(board, depth);
  const score = Math.max(...scores.map((s) => s ?? -Infinity));
  return { score, bestMoves: scores.flatMap((s, c) => (s === score ? [c] : [])) };
}

/** Random ongoing positions reached by random play. */
function randomPositions(n: number, seed: number): string[] {
  const rng = new Rng(seed);
  const out: string[] = [];
  while (out.length < n) {
    const pos = new Position();
    const plies = rng.int(20);
    let over = false;
    for (let i = 0; i < plies && !over; i++) {
      const legal = [0, 1, 2, 3, 4, 5, 6].filter((c) => pos.canPlay(c));
      over = pos.isWinAt(pos.play(rng.pick(legal)));
    }
    if (!over) out.push(pos.toBoard());
  }
  return out;
}

/**
 * Ongoing positions from games whose moves never complete a four, so they run deep: boards
 * of `minPlies` up to 41 pieces, where the board fills during the search.
 */
function latePositions(n: number, seed: number, minPlies: number): string[] {
  const rng = new Rng(seed);
  const out: string[] = [];
  while (out.length < n) {
    const pos = new Position();
    const target = minPlies + rng.int(CELLS - minPlies);
    while (pos.plies < target) {
      const quiet = [0, 1, 2, 3, 4, 5, 6].filter((c) => pos.canPlay(c) && !pos.wouldWin(c, pos.side));
      if (quiet.length === 0) break;
      pos.play(rng.pick(quiet));
    }
    if (pos.plies === target) out.push(pos.toBoard());
  }
  return out;
}

describe('alphaBeta tactics', () => {
  it('takes an immediate win', () => {
    // X has three on the bottom row (0, 1, 2): column 3 wins at once
    const b = moves([0, 0, 1, 1, 2, 2]);
    for (const depth of [1, 2, 4]) {
      const r = alphaBeta(b, depth);
      expect(r.bestMoves).toEqual([3]);
      expect(r.score).toBe(WIN_SCORE - 1);
      expect(isForced(r.score)).toBe(true);
    }
  });

  it('blocks an immediate loss', () => {
    // O to move; X threatens column 3 on the bottom row
    const b = moves([0, 6, 1, 6, 2]);
    for (const depth of [2, 4]) expect(alphaBeta(b, depth).bestMoves).toEqual([3]);
  });

  it('prefers the fastest win and sees a forced loss', () => {
    // X to move with 1, 2, 3 on the bottom row and O on 0: only 4 completes the row, and a
    // win now scores WIN_SCORE - 1, above any later win
    const open = moves([1, 1, 2, 2, 3, 0]);
    expect(open).toBe(rows('.......', '.......', '.......', '.......', '.OO....', 'OXXX...'));
    expect(alphaBeta(open, 4)).toMatchObject({ bestMoves: [4], score: WIN_SCORE - 1 });
    // O to move faces the open three 1-2-3 with both ends free: blocking one end loses to the other
    const lost = moves([1, 6, 2, 6, 3]);
    const r = alphaBeta(lost, 4);
    expect(r.score).toBe(-(WIN_SCORE - 2));
    expect(isForced(r.score)).toBe(true);
  });
});

describe('alphaBeta correctness', () => {
  it('returns exactly the moves plain negamax scores best', () => {
    for (const board of randomPositions(30, 1)) {
      for (const depth of [1, 2, 3]) {
        const r = alphaBeta(board, depth);
        expect({ board, depth, score: r.score, bestMoves: r.bestMoves }).toEqual({ board, depth, ...plainRoot(board, depth) });
      }
    }
  });

  it('scores every column as plain negamax does, to depth 4 and up to a full board', () => {
    const boards = [...randomPositions(12, 5), ...latePositions(12, 6, 30), ...latePositions(8, 7, 38)];
    for (const board of boards) {
      for (const depth of [1, 2, 3, 4]) {
        const scores = scoreMoves(Position.fromBoard(board), depth).map((s) => (s === null ? null : 0 + s));
        expect({ board, depth, scores }).toEqual({ board, depth, scores: plainScores(board, depth) });
      }
    }
  });

  it('searches mirrored boards symmetrically', () => {
    for (const board of randomPositions(20, 2)) {
      const a = alphaBeta(board, 4);
      const m = alphaBeta(mirrorBoard(board), 4);
      expect(m.score).toBe(a.score);
      expect(m.bestMoves).toEqual(a.bestMoves.map(mirrorColumn).sort((x, y) => x - y));
    }
  });

  it('plays centre on the empty board and breaks ties with the rng', () => {
    const opening = alphaBeta(EMPTY_BOARD, 4);
    expect(opening.bestMoves).toContain(3);
    expect(opening.chosen).toBe(3);
    // find a position with several best moves and check the rng spreads over them
    const board = randomPositions(200, 3).find((b) => alphaBeta(b, 2).bestMoves.length > 1)!;
    const best = alphaBeta(board, 2).bestMoves;
    const rng = new Rng(4);
    const picked = new Set(Array.from({ length: 40 }, () => alphaBeta(board, 2, rng).chosen));
    expect([...picked].sort()).toEqual(best);
    // without an rng the most central best move is chosen
    const central = best.slice().sort((a, b) => Math.abs(a - 3) - Math.abs(b - 3) || a - b)[0];
    expect(alphaBeta(board, 2).chosen).toBe(central);
  });

  it('leaves the position as it found it', () => {
    const pos = Position.fromBoard(moves([3, 3, 2, 4]));
    const before = pos.toBoard();
    searchPosition(pos, 4);
    expect(pos.toBoard()).toBe(before);
    expect(pos.plies).toBe(4);
  });

  it('rejects bad depths and finished games', () => {
    expect(() => alphaBeta(EMPTY_BOARD, 0)).toThrow(/depth must be an integer >= 1/);
    expect(() => alphaBeta(moves([0, 1, 0, 1, 0, 1, 0]), 2)).toThrow(/game is over/);
    expect(() => alphaBeta('.'.repeat(41), 2)).toThrow(/42 cells/);
  });
});
