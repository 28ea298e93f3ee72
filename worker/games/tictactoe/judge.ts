// The deterministic judge for proposed tic-tac-toe moves: turns a worker's raw text into a
// legal cell or a typed rejection the orchestrator can log, retry or fall back on.

import { type Board, CELLS, EMPTY, status } from './rules.ts';

export type Rejection = 'unparseable' | 'out_of_range' | 'occupied' | 'game_over';

export type Verdict =
  | { ok: true; move: number }
  | { ok: false; reason: Rejection; message: string };

/** Accepts a bare cell number (surrounding whitespace ignored), nothing else. */
export function judgeMove(board: Board, proposal: string): Verdict {
  const st = status(board);
  if (st !== 'ongoing') return { ok: false, reason: 'game_over', message: `the game is over (${st})` };
  const text = proposal.trim();
  if (!/^\d+$/.test(text)) return { ok: false, reason: 'unparseable', message: `'${proposal}' is not a cell number` };
  const cell = Number(text);
  if (cell >= CELLS) return { ok: false, reason: 'out_of_range', message: `cell ${cell} is outside 0..${CELLS - 1}` };
  if (board[cell] !== EMPTY) return { ok: false, reason: 'occupied', message: `cell ${cell} is taken by ${board[cell]}` };
  return { ok: true, move: cell };
}
