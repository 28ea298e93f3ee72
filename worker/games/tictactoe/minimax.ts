// Exact tic-tac-toe solver: memoised negamax over every reachable position.
// Scores are game values scaled by speed: a win with k empty cells left is worth k + 1, so
// the perfect player takes the quickest win and delays a loss as long as possible (and
// actually finishes won games instead of wandering between equally winning moves).
// The whole game has 5,478 reachable positions, so the memo is tiny and built once.

import { type Board, EMPTY, EMPTY_BOARD, legalMoves, play, winner } from './rules.ts';

export type Value = -1 | 0 | 1;

export interface Solution {
  /** Game-theoretic value for the side to move: 1 win, 0 draw, -1 loss. */
  value: Value;
  /** Speed-scaled score for the side to move (sign = value; larger = faster win / slower loss). */
  score: number;
  /** Moves with the best scaled score: the perfect player's choices, ascending. */
  bestMoves: number[];
  /** All moves that keep the game value (a superset of bestMoves), ascending. */
  valueMoves: number[];
  /** Per cell 0..8: the mover's scaled score after playing it, null when illegal. */
  moveScores: (number | null)[];
  /** Per cell 0..8: the game value after playing it, null when illegal. */
  moveValues: (Value | null)[];
}

// ---- memoised negamax

const memo = new Map<Board, number>();

function empties(board: Board): number {
  let n = 0;
  for (let i = 0; i < board.length; i++) if (board[i] === EMPTY) n++;
  return n;
}

/** 0 - x rather than -x, so a draw stays +0 (a -0 would leak into records and JSON). */
function negate(x: number): number {
  return 0 - x;
}

function sign(x: number): Value {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/** Scaled negamax score of `board` for the side to move. */
function score(board: Board): number {
  const hit = memo.get(board);
  if (hit !== undefined) return hit;
  let s: number;
  if (winner(board)) {
    // the previous mover completed a line: the side to move has lost
    s = -(empties(board) + 1);
  } else {
    const moves = legalMoves(board);
    if (moves.length === 0) s = 0;
    else {
      s = -Infinity;
      for (const m of moves) s = Math.max(s, negate(score(play(board, m))));
    }
  }
  memo.set(board, s);
  return s;
}

/** Solves a valid board. A finished board has no moves and the value of its result. */
export function solve(board: Board): Solution {
  const moveScores: (number | null)[] = new Array(9).fill(null);
  const moveValues: (Value | null)[] = new Array(9).fill(null);
  const moves = legalMoves(board);
  for (const m of moves) {
    const s = negate(score(play(board, m)));
    moveScores[m] = s;
    moveValues[m] = sign(s);
  }
  const best = score(board);
  const value = sign(best);
  return {
    value,
    score: best,
    bestMoves: moves.filter((m) => moveScores[m] === best),
    valueMoves: moves.filter((m) => moveValues[m] === value),
    moveScores,
    moveValues,
  };
}

// ---- the reachable game tree

let reachable: Board[] | null = null;

/**
 * Every position reachable by legal play from the empty board, terminal ones included,
 * in breadth-first order (by number of pieces, then by move order). 5,478 boards.
 */
export function allReachablePositions(): readonly Board[] {
  if (reachable) return reachable;
  const seen = new Set<Board>([EMPTY_BOARD]);
  const order: Board[] = [EMPTY_BOARD];
  for (let i = 0; i < order.length; i++) {
    for (const m of legalMoves(order[i])) {
      const next = play(order[i], m);
      if (!seen.has(next)) {
        seen.add(next);
        order.push(next);
      }
    }
  }
  reachable = order;
  return order;
}
