// The Solve view's board field: what a visitor typed, checked with the game's own rules
// (parseBoard), with a message that explains what is wrong and how to fix it.
import { BoardError, SOLVED, parseBoard } from '../../../worker/games/puzzle8/board.ts';

export type BoardCheck =
  | { ok: true; board: string }
  | { ok: false; reason: 'empty' | 'malformed' | 'unsolvable' | 'solved'; message: string; hint: string };

/** Spaces, commas and pipes between the digits are fine: "1 2 3 | 4 5 6 | 7 8 0". */
export function compactBoard(text: string): string {
  return text.replace(/[\s,|/]+/g, '');
}

export function checkBoard(text: string): BoardCheck {
  const board = compactBoard(text);
  if (board === '') {
    return { ok: false, reason: 'empty', message: 'Enter a board.', hint: 'Nine digits 0-8, row by row; 0 is the blank.' };
  }
  try {
    parseBoard(board);
  } catch (err) {
    if (!(err instanceof BoardError)) throw err;
    if (err.reason === 'unsolvable') {
      return {
        ok: false,
        reason: 'unsolvable',
        message: `${err.message}.`,
        hint: 'Half of all boards can never be solved. Swap any two tiles (not the blank) to get a solvable one.',
      };
    }
    return { ok: false, reason: 'malformed', message: `${err.message}.`, hint: 'Use each digit 0-8 once, row by row; 0 is the blank.' };
  }
  if (board === SOLVED) {
    return { ok: false, reason: 'solved', message: 'This board is already solved.', hint: 'Scramble it, or pick an evaluation board.' };
  }
  return { ok: true, board };
}
