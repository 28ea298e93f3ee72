// Scripted connect-4 opponents for evaluation, selected by their CLI name.
// Each is a pure function of (board, rng): the same seed replays the same game.

import type { Rng } from '../rng.ts';
import { COLS, Position } from './position.ts';
import { type Board, legalMoves } from './rules.ts';
import { searchPosition } from './search.ts';

/** Chooses a legal column for the side to move on an ongoing board. */
export type Opponent = (board: Board, rng: Rng) => number;

function movesOrThrow(board: Board): number[] {
  const moves = legalMoves(board);
  if (moves.length === 0) throw new Error('opponent: the game is over, there is no move to choose');
  return moves;
}

/** Columns where the side to move (mine = true) or its opponent would complete four. */
export function winningColumns(board: Board, mine: boolean): number[] {
  const pos = Position.fromBoard(board);
  const piece = mine ? pos.side : pos.side === 1 ? 2 : 1;
  const cols: number[] = [];
  for (let c = 0; c < COLS; c++) if (pos.canPlay(c) && pos.wouldWin(c, piece)) cols.push(c);
  return cols;
}

/** Uniform over the legal columns. */
export const randomOpponent: Opponent = (board, rng) => rng.pick(movesOrThrow(board));

/** Wins when it can, otherwise blocks an immediate loss, otherwise plays at random. */
export const tacticalOpponent: Opponent = (board, rng) => {
  const moves = movesOrThrow(board);
  const wins = winningColumns(board, true);
  if (wins.length > 0) return rng.pick(wins);
  const blocks = winningColumns(board, false);
  if (blocks.length > 0) return rng.pick(blocks);
  return rng.pick(moves);
};

/** Alpha-beta to `depth` plies, uniform among the equally scored best columns. */
export function alphaBetaOpponent(depth: number): Opponent {
  return (board, rng) => {
    movesOrThrow(board);
    return searchPosition(Position.fromBoard(board), depth, rng).chosen;
  };
}

export const OPPONENTS = {
  random: randomOpponent,
  tactical: tacticalOpponent,
  alphabeta2: alphaBetaOpponent(2),
  alphabeta4: alphaBetaOpponent(4),
} as const satisfies Record<string, Opponent>;

export type OpponentName = keyof typeof OPPONENTS;

export const opponentNames = Object.keys(OPPONENTS) as OpponentName[];

/** Looks an opponent up by name; an unknown name gets an error listing the valid ones. */
export function getOpponent(name: string): Opponent {
  if (!Object.hasOwn(OPPONENTS, name)) {
    throw new Error(`unknown connect-4 opponent '${name}' (valid: ${opponentNames.join(', ')})`);
  }
  return OPPONENTS[name as OpponentName];
}
