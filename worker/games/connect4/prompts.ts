// The connect-4 organelles' wire format. The board is written bottom row first, seven cells
// per row, from the side to move's point of view (`x` its pieces, `o` the opponent's, `.`
// empty), and stops after the lowest row that is empty in every column: the rows above it
// carry nothing, so early positions cost fewer characters, while every cell keeps a fixed
// place (row r, column c at index 7r + c), which the model's learned positions can rely on.
//
//   Planner  xo.x...o......            -> 3,2,4   acceptable columns best first (w wins, b blocks)
//   Player   xo.x...o......|p=3,2,4|b= -> 3       b: columns the Judge refused this turn
import { COLS, ROWS, legalMoves, sideToMove, type Board } from './rules.ts';
import { PLAN_MAX, tactics, tagOf } from './strategy.ts';

/** Bottom row first, perspective of the side to move, up to and including the first empty row. */
export function perspective(board: Board): string {
  const me = sideToMove(board);
  let s = '';
  for (let r = ROWS - 1; r >= 0; r--) {
    let row = '';
    for (let c = 0; c < COLS; c++) {
      const ch = board[r * COLS + c];
      row += ch === '.' ? '.' : ch === me ? 'x' : 'o';
    }
    s += row;
    if (row === '.'.repeat(COLS)) break;
  }
  return s;
}

export function plannerPrompt(board: Board): string {
  return perspective(board);
}

export function playerPrompt(board: Board, plan: readonly string[], blocked: readonly string[]): string {
  return `${perspective(board)}|p=${plan.join(',')}|b=${blocked.join(',')}`;
}

/** A Player answer is exactly one column digit. */
export function parseMove(text: string): string | null {
  return /^[0-6]$/.test(text) ? text : null;
}

/** The column a plan item names: 'w4' -> '4'. */
export function planMove(item: string): string {
  return item.replace(/^[wb]/, '');
}

export type PlanParse = { ok: true; plan: string[] } | { ok: false; reason: string };

/**
 * The Planner's grammar: 1..PLAN_MAX comma-separated items `[wb]?column`, distinct playable
 * columns, every tag true (`w` exactly on winning columns, `b` exactly on the other columns
 * that stop an opponent four). A plan that lies about a threat is refused.
 */
export function parsePlan(text: string, board: Board): PlanParse {
  if (!/^[wb]?\d(,[wb]?\d)*$/.test(text)) return { ok: false, reason: `plan "${text}" is not a list of columns like w3,b2,4` };
  const items = text.split(',');
  if (items.length > PLAN_MAX) return { ok: false, reason: `plan "${text}" has more than ${PLAN_MAX} items` };
  const legal = legalMoves(board);
  const t = tactics(board);
  const seen = new Set<number>();
  for (const item of items) {
    const col = Number(planMove(item));
    if (!legal.includes(col)) return { ok: false, reason: `plan "${text}": column ${col} is not playable` };
    if (seen.has(col)) return { ok: false, reason: `plan "${text}" repeats column ${col}` };
    seen.add(col);
    const tag = item.length > 1 ? item[0] : '';
    const truth = tagOf(t, col);
    if (tag !== truth) return { ok: false, reason: `plan "${text}": column ${col} ${truth === 'w' ? 'wins, tag it w' : truth === 'b' ? 'blocks, tag it b' : `is tagged ${tag} but neither wins nor blocks`}` };
  }
  return { ok: true, plan: items };
}
