// The Solve view's board field: what a visitor typed, checked against the game's rules, with
// a message that explains what is wrong and how to fix it. The checks are spelled out here
// rather than taken from parseBoard's errors because the message quotes the text as typed
// (spaces and all) and counts characters in it, while parseBoard only sees the compacted board.
import { CELLS, SOLVED, isSolvable } from '../../../worker/games/puzzle8/board.ts';
import { ordinal } from '../lib/format.ts';

export type BoardCheck =
  | { ok: true; board: string }
  | { ok: false; reason: 'empty' | 'malformed' | 'unsolvable' | 'solved'; message: string; hint: string };

/** The field's standing hint, and the start of every hint about the format. */
export const BOARD_FORMAT = 'Nine digits 0-8, row by row, with 0 for the blank; spaces between them are fine.';
const MALFORMED_HINT = 'Use each digit 0-8 once, row by row, with 0 for the blank; spaces between them are fine.';
const SEPARATORS = /[\s,|/]+/g;

/** Spaces, commas and pipes between the digits are fine: "1 2 3 | 4 5 6 | 7 8 0". */
export function compactBoard(text: string): string {
  return text.replace(SEPARATORS, '');
}

/** The typed text as the message quotes it: trimmed, and cut short if it is long. */
function quoted(typed: string): string {
  return `"${typed.length > 30 ? `${typed.slice(0, 29)}…` : typed}"`;
}

/** What keeps `board` (the digits of `typed`) from being nine distinct digits 0-8, or null. */
function malformed(typed: string, board: string): string | null {
  const q = quoted(typed);
  // a letter first: "has 10 digits" would miscount a board with one in it
  const letter = typed.search(/[^0-9\s,|/]/);
  if (letter >= 0) return `Board ${q} has "${typed[letter]}" as its ${ordinal(letter + 1)} character; use only the digits 0-8.`;
  if (board.length !== CELLS) return `Board ${q} has ${board.length} digit${board.length === 1 ? '' : 's'}, not ${CELLS}.`;
  const nine = typed.indexOf('9');
  if (nine >= 0) return `Board ${q} has "9" as its ${ordinal(nine + 1)} character; use only the digits 0-8.`;
  const repeated = [...board].find((d, i) => board.indexOf(d) !== i);
  if (repeated === undefined) return null;
  const missing = [...'012345678'].find((d) => !board.includes(d));
  return `Board ${q} repeats the digit ${repeated} and lacks ${missing}.`;
}

export function checkBoard(text: string): BoardCheck {
  const typed = text.trim();
  const board = compactBoard(typed);
  if (board === '') return { ok: false, reason: 'empty', message: 'Enter a board.', hint: BOARD_FORMAT };
  const problem = malformed(typed, board);
  if (problem !== null) return { ok: false, reason: 'malformed', message: problem, hint: MALFORMED_HINT };
  if (!isSolvable(board)) {
    return {
      ok: false,
      reason: 'unsolvable',
      message: `Board ${quoted(typed)} is unsolvable: it has an odd number of inversions, so no sequence of moves reaches ${SOLVED}.`,
      hint: 'Half of all boards can never be solved. Swap any two tiles (not the blank) to get a solvable one.',
    };
  }
  if (board === SOLVED) {
    return { ok: false, reason: 'solved', message: 'This board is already solved.', hint: 'Scramble it, or pick an evaluation board.' };
  }
  return { ok: true, board };
}
