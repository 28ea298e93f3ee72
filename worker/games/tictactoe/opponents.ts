// Scripted tic-tac-toe opponents for evaluation, selected by their CLI name.
// Each is a pure function of (board, rng): the same seed replays the same game.

import type { Rng } from '../rng.ts';
import { type Board, type Player, legalMoves, other, sideToMove, winner } from './rules.ts';
import { solve } from './minimax.ts';

/** Chooses a legal cell for the side to move on an ongoing board. */
export type Opponent = (board: Board, rng: Rng) => number;

function movesOrThrow(board: Board): number[] {
  const moves = legalMoves(board);
  if (moves.length === 0) throw new Error('opponent: the game is over, there is no move to choose');
  return moves;
}

/** Cells where `p` would complete a line if it were p's turn. */
export function winningCells(board: Board, p: Player): number[] {
  return legalMoves(board).filter((m) => {
    const after = board.slice(0, m) + p + board.slice(m + 1);
    return winner(after) === p;
  });
}

/** Uniform over the legal moves. */
export const randomOpponent: Opponent = (board, rng) => rng.pick(movesOrThrow(board));

/** Wins when it can, otherwise blocks an immediate loss, otherwise plays at random. */
export const tacticalOpponent: Opponent = (board, rng) => {
  const moves = movesOrThrow(board);
  const me = sideToMove(board);
  const wins = winningCells(board, me);
  if (wins.length > 0) return rng.pick(wins);
  const blocks = winningCells(board, other(me));
  if (blocks.length > 0) return rng.pick(blocks);
  return rng.pick(moves);
};

/** Perfect play (fastest win, slowest loss), uniform among equally good moves. */
export const minimaxOpponent: Opponent = (board, rng) => {
  movesOrThrow(board);
  return rng.pick(solve(board).bestMoves);
};

export const OPPONENTS = {
  random: randomOpponent,
  tactical: tacticalOpponent,
  minimax: minimaxOpponent,
} as const satisfies Record<string, Opponent>;

export type OpponentName = keyof typeof OPPONENTS;

export const opponentNames = Object.keys(OPPONENTS) as OpponentName[];

/** Looks an opponent up by name; an unknown name gets an error listing the valid ones. */
export function getOpponent(name: string): Opponent {
  if (!Object.hasOwn(OPPONENTS, name)) {
    throw new Error(`unknown tic-tac-toe opponent '${name}' (valid: ${opponentNames.join(', ')})`);
  }
  return OPPONENTS[name as OpponentName];
}
