// What the after-training measure plays (worker/pipeline/game-eval.ts and
// worker/games/puzzle8/organelle-eval.ts), in one light module the web app can import to
// describe it without loading the pipelines themselves.
import type { TwoPlayerGame } from './games.ts';

/** Games per side against random: about a second of play in a browser worker. */
export const PARTNER_GAMES = 50;

/** Games per side of the strength test, for each pair: about a second each in a browser worker. */
export const STRENGTH_GAMES = 100;

/** Boards in the quick 8-puzzle pipeline check: with the built-in pair beside it, about a second in a browser worker. */
export const PIPELINE_BOARDS = 100;

/**
 * The opponent that separates pairs, and the random plies before each game. Tic-tac-toe:
 * perfect play, so any loss is a mistake (the built-in pair draws every game). Connect four:
 * the README's headline test, the 2-ply search after 4 random plies (greedy organelles
 * against it from the empty board play a handful of games over and over).
 */
export const STRENGTH_TESTS = {
  tictactoe: { opponent: 'minimax', opening: 0 },
  connect4: { opponent: 'alphabeta2', opening: 4 },
} as const satisfies Record<TwoPlayerGame, { opponent: string; opening: number }>;
