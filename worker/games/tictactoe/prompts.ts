// The tic-tac-toe organelles' wire format. The board is written from the side to move's
// point of view, `x` its own pieces, `o` the opponent's, `.` empty (cells 0..8 row-major),
// so X-to-move and O-to-move positions share one pattern language and one label rule; the
// side is implied by the piece counts. Every character is a position the models process at
// every move and every training step, so field names are single letters.
//
//   Planner  x...o....            -> 0,2,6   acceptable moves best first (w = wins, b = blocks)
//   Player   x...o....|p=0,2,6|b= -> 0       b: cells the Judge refused this turn
import { EMPTY, legalMoves, sideToMove, type Board } from './rules.ts';
import { PLAN_MAX, tagOf } from './strategy.ts';

/** The board from the side to move's point of view. */
export function perspective(board: Board): string {
  const me = sideToMove(board);
  let s = '';
  for (const ch of board) s += ch === EMPTY ? '.' : ch === me ? 'x' : 'o';
  return s;
}

export function plannerPrompt(board: Board): string {
  return perspective(board);
}

export function playerPrompt(board: Board, plan: readonly string[], blocked: readonly string[]): string {
  return `${perspective(board)}|p=${plan.join(',')}|b=${blocked.join(',')}`;
}

/** A Player answer is exactly one cell digit. */
export function parseMove(text: string): string | null {
  return /^[0-8]$/.test(text) ? text : null;
}

/** The cell a plan item names: 'w4' -> '4'. */
export function planMove(item: string): string {
  return item.replace(/^[wb]/, '');
}

export type PlanParse = { ok: true; plan: string[] } | { ok: false; reason: string };

/**
 * The Planner's grammar: 1..PLAN_MAX comma-separated items `[wb]?cell`, distinct empty cells,
 * and every tag true: `w` exactly on cells that complete a line now, `b` exactly on the
 * other cells that stop the opponent completing one. A plan that lies about a threat is
 * refused, so the Player never reads a false one.
 */
export function parsePlan(text: string, board: Board): PlanParse {
  if (!/^[wb]?\d(,[wb]?\d)*$/.test(text)) return { ok: false, reason: `plan "${text}" is not a list of cells like w4,b2,8` };
  const items = text.split(',');
  if (items.length > PLAN_MAX) return { ok: false, reason: `plan "${text}" has more than ${PLAN_MAX} items` };
  const legal = legalMoves(board);
  const seen = new Set<number>();
  for (const item of items) {
    const cell = Number(planMove(item));
    if (!legal.includes(cell)) return { ok: false, reason: `plan "${text}": cell ${cell} is not free` };
    if (seen.has(cell)) return { ok: false, reason: `plan "${text}" repeats cell ${cell}` };
    seen.add(cell);
    const tag = item.length > 1 ? item[0] : '';
    const truth = tagOf(board, cell);
    if (tag !== truth) return { ok: false, reason: `plan "${text}": cell ${cell} ${truth === 'w' ? 'wins, tag it w' : truth === 'b' ? 'blocks, tag it b' : `is tagged ${tag} but neither wins nor blocks`}` };
  }
  return { ok: true, plan: items };
}
