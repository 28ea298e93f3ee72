// The deterministic judge for proposed connect-4 moves: turns a worker's raw text into a
// legal column or a typed rejection the orchestrator can log, retry or fall back on.

import { type Board, COLS, EMPTY, status } from './rules.ts';

export type Rejection = 'unparseable' | 'out_of_range' | 'full' | 'game_over';

export type Verdict =
  | { ok: true; move: number }
  | { ok: false; reason: Rejection; message: string };

/** Accepts a bare column number (surrounding whitespace ignored), nothing else. */
export function judgeMove(board: Board, proposal: string): Verdict {
  const st = status(board);
  if (st !== 'ongoing') return { ok: false, reason: 'game_over', message: `the game is over (${st})` };
  const text = proposal.trim();
  if (!/^\d+$/.test(text)) return { ok: false, reason: 'unparseable', message: `'${proposal}' is not a column number` };
  const col = Number(text);
  if (col >= COLS) return { ok: false, reason: 'out_of_range', message: `column ${col} is outside 0..${COLS - 1}` };
  // row 0 is the top, so a column is full exactly when its top cell is taken
  if (board[col] !== EMPTY) return { ok: false, reason: 'full', message: `column ${col} is full` };
  return { ok: true, move: col };
}
