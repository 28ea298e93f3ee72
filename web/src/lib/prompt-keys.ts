// How a person reads the organelles' prompts, game by game (the wire formats themselves are
// in worker/games/*/prompts.ts): the key under a replay's prompts and under the Ask view's
// prompt. Two-player boards are written from the side to move's point of view, so `x` is
// whoever moves; in a replay that is always the organelles.
import { decodeColumn } from '../../../worker/games/connect4/prompts.ts';

const PUZZLE8_KEY =
  'A prompt starts with the board, its nine tiles row by row with 0 the blank; a move is where the blank goes (u d l r); ' +
  "plan= is the Planner's plan, blocked= what the Judge refused on this board, last= the latest moves.";

const COMPOSE_KEY =
  'The Planner reads the intent (lower case) and the blocked patterns; the Wiring organelle reads each step as ' +
  'name(a, parameter=value)>a|n (a: array, n: number); the Code organelle reads a primitive’s name.';

/** The key to a game's prompts (or code composition's); `side` names the side to move when it is known (X or O). */
export function promptKey(game: string | undefined, side?: string): string | null {
  const pieces = side ? `x = ${side} (the organelles, to move), o = ${side === 'X' ? 'O' : 'X'}` : 'x = the side to move, o = the other side';
  const fields = "p= is the Planner's plan, b= what the Judge refused this turn.";
  switch (game) {
    case 'puzzle8':
      return PUZZLE8_KEY;
    case 'tictactoe':
      return `A prompt starts with the board, cells 0–8 row by row: ${pieces}, . = empty; ${fields}`;
    case 'connect4':
      return (
        `A prompt starts with the board as seven letters, one a column's pieces from the bottom up: ${pieces}; ${fields} ` +
        'An answer starts with a threat map, a sign a column (w wins, b blocks, x unsafe, # full, . none).'
      );
    case 'compose':
      return COMPOSE_KEY;
    default:
      return null;
  }
}

/**
 * A connect-4 prompt's board, column by column from the bottom ("0 –, 1 xo, …"), or null
 * when the prompt does not start with seven column letters.
 */
export function connect4Board(prompt: string): string | null {
  const codes = [...prompt].slice(0, 7);
  if (codes.length < 7) return null;
  try {
    return codes.map((code, c) => `${c} ${decodeColumn(code) || '–'}`).join(', ');
  } catch {
    return null;
  }
}
