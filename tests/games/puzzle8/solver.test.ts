// Exact solving: the rank bijection, the BFS distance table against the ANCHORS facts, the
// optimal moves it implies, and A* agreeing with BFS on random boards.
import { describe, expect, it } from 'vitest';
import { BoardError, SOLVED, applyMove, isSolvable, type Board } from '../../../worker/games/puzzle8/board.ts';
import { Rng } from '../../../worker/games/rng.ts';
import {
  SOLVABLE_COUNT,
  STATE_COUNT,
  UNSOLVABLE,
  astar,
  distanceTable,
  optimalDistance,
  optimalMoves,
  rankBoard,
  unrankBoard,
} from '../../../worker/games/puzzle8/solver.ts';

// Uniformly random solvable boards: random ranks, keeping the solvable half.
function randomSolvableBoards(n: number, seed: number): Board[] {
  const rng = new Rng(seed);
  const boards: Board[] = [];
  while (boards.length < n) {
    const board = unrankBoard(rng.int(STATE_COUNT));
    if (isSolvable(board)) boards.push(board);
  }
  return boards;
}

describe('rank', () => {
  it('is a bijection onto 0..9!-1', () => {
    // Every rank unranks to a permutation of 0-8 that ranks back to itself.
    let wrong = 0;
    for (let rank = 0; rank < STATE_COUNT; rank++) {
      const board = unrankBoard(rank);
      if (new Set(board).size !== 9 || rankBoard(board) !== rank) wrong++;
    }
    expect(wrong).toBe(0);
    expect(rankBoard('012345678')).toBe(0);
    expect(rankBoard('876543210')).toBe(STATE_COUNT - 1);
  });
});

describe('distanceTable', () => {
  it('builds quickly and is cached', () => {
    const start = performance.now();
    const table = distanceTable();
    const ms = performance.now() - start;
    console.log(`puzzle8 BFS distance table: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(1000);
    expect(distanceTable()).toBe(table);
  });

  it('matches the ANCHORS facts: 181,440 states, mean 21.97, median 22, max 31 (two states)', () => {
    const table = distanceTable();
    const histogram = new Array<number>(32).fill(0);
    let reachable = 0;
    let sum = 0;
    for (let rank = 0; rank < STATE_COUNT; rank++) {
      const d = table[rank];
      if (d === UNSOLVABLE) continue;
      histogram[d]++;
      reachable++;
      sum += d;
    }
    // Reachable from the goal exactly when the inversion parity is even (sampled ranks).
    let parityMismatches = 0;
    for (let rank = 0; rank < STATE_COUNT; rank += 97) {
      if (isSolvable(unrankBoard(rank)) !== (table[rank] !== UNSOLVABLE)) parityMismatches++;
    }
    expect(parityMismatches).toBe(0);
    expect(histogram.length).toBe(32);
    expect(reachable).toBe(SOLVABLE_COUNT);
    expect((sum / reachable).toFixed(2)).toBe('21.97');
    let below = 0;
    let median = 0;
    while (below + histogram[median] < reachable / 2) below += histogram[median++];
    expect(median).toBe(22);
    expect(histogram[31]).toBe(2);
    expect(histogram.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(table[rankBoard(SOLVED)]).toBe(0);
  });
});

describe('optimalDistance and optimalMoves', () => {
  it('refuses malformed and unsolvable boards with a BoardError', () => {
    expect(() => optimalDistance('213456780')).toThrow(BoardError);
    expect(() => optimalMoves('12345678')).toThrow(BoardError);
  });

  it('gives no moves for the goal and the one move back for a board one step away', () => {
    expect(optimalMoves(SOLVED)).toEqual([]);
    expect(optimalDistance('123456708')).toBe(1);
    expect(optimalMoves('123456708')).toEqual(['right']);
  });

  it('offers only moves that reduce the distance by exactly one, and always at least one', () => {
    const wrong: string[] = [];
    for (const board of randomSolvableBoards(2000, 7)) {
      const d = optimalDistance(board);
      const moves = optimalMoves(board);
      for (const dir of moves) if (optimalDistance(applyMove(board, dir)!) !== d - 1) wrong.push(`${board} ${dir}`);
      if (d > 0 && moves.length === 0) wrong.push(`${board} has none`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('astar', () => {
  it('returns a legal path to the goal as short as the BFS distance on 200 random boards', () => {
    for (const board of randomSolvableBoards(200, 2024)) {
      const path = astar(board);
      let b: Board = board;
      for (const dir of path) b = applyMove(b, dir)!;
      expect(b).toBe(SOLVED);
      expect(path.length).toBe(optimalDistance(board));
    }
  });

  it('solves both hardest states in 31 moves and the goal in none', () => {
    const table = distanceTable();
    const hardest: Board[] = [];
    for (let rank = 0; rank < STATE_COUNT; rank++) if (table[rank] === 31) hardest.push(unrankBoard(rank));
    expect(hardest.sort()).toEqual(['647850321', '867254301']);
    for (const board of hardest) expect(astar(board)).toHaveLength(31);
    expect(astar(SOLVED)).toEqual([]);
  });

  it('refuses an unsolvable board', () => {
    expect(() => astar('213456780')).toThrow(/unsolvable/);
  });
});
