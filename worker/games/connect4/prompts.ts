// The connect-4 organelles' wire format. The board is seven characters, one per column (0 to
// 6), each a code for the column's pieces from the bottom up, seen from the side to move:
//
//   code(column) = U+0100 + (2^h - 1) + bits     h = pieces in the column (0..6),
//                                                 bit i = 1 when the i-th piece from the bottom
//                                                 is the opponent's
//
// so the empty column is 'Ā' (U+0100), a column holding one own piece 'ā', one opponent
// piece 'Ă', and the 127 possible columns are U+0100..U+017E (Latin Extended-A letters).
// Every column keeps its place, each token carries its whole column (its height, so where a
// piece would land, and every piece), and a board costs 7 positions instead of 42. Measured
// against a cell-per-character board (bottom row first, landing cells marked, 34 characters
// on average): twice the training steps per second, and in about the same training time the
// Planner's first move was tactically acceptable on 0.93 rather than 0.86 of the positions of
// other-seed games where some column wins, blocks or is unsafe (positions also seen in
// training included). The cell layout missed most diagonal threats, whose cells it spreads
// across the sequence.
// describeColumns() turns a board string back into readable columns.
//
//   Planner  ĀāĂĀĀĀĀ            -> .......|3,2,4   threat map, then the acceptable columns
//                                                   best first (w wins, b blocks)
//   Player   ĀāĂĀĀĀĀ|p=3,2,4|b= -> .......|3       b: columns the Judge refused this turn
//
// The threat map has one character per column: w (the side to move wins there), b (the
// opponent would win there), x (unsafe: playing there lets the opponent win on top), # (full),
// . (none of these), in that precedence. Both organelles write it before their answer: it is
// their working (seven exact tactical facts per document to learn from, which the answer can
// then read), and the Player's own map is its independent check of the plan. The
// orchestrator keeps only what follows the '|'.
import { COLS, ROWS, legalMoves, sideToMove, type Board } from './rules.ts';
import { PLAN_MAX, tactics, tagOf, type Tactics } from './strategy.ts';

/** The Planner's threat map of a board (see the header). */
export function threatMap(board: Board): string {
  return threatMapOf(tactics(board));
}

/** The threat map from the board's tactics, when they are already worked out. */
export function threatMapOf(t: Tactics): string {
  let s = '';
  for (let c = 0; c < COLS; c++) {
    s += !t.legal.includes(c) ? '#' : t.wins.includes(c) ? 'w' : t.blocks.includes(c) ? 'b' : t.unsafe.includes(c) ? 'x' : '.';
  }
  return s;
}

/** First code point of the column codes. */
export const COLUMN_CODE_BASE = 0x100;

/** The board as seven column codes from the side to move's point of view (see the header). */
export function perspective(board: Board): string {
  const me = sideToMove(board);
  let s = '';
  for (let c = 0; c < COLS; c++) {
    let h = 0;
    let bits = 0;
    for (let r = ROWS - 1; r >= 0; r--) {
      const ch = board[r * COLS + c];
      if (ch === '.') break;
      if (ch !== me) bits |= 1 << h;
      h++;
    }
    s += String.fromCharCode(COLUMN_CODE_BASE + (1 << h) - 1 + bits);
  }
  return s;
}

/** A column code back as its pieces from the bottom up, 'x' (side to move) and 'o'. */
export function decodeColumn(code: string): string {
  const n = code.charCodeAt(0) - COLUMN_CODE_BASE;
  if (code.length !== 1 || n < 0 || n > 126) throw new Error(`'${code}' is not a connect-4 column code`);
  const h = 31 - Math.clz32(n + 1);
  const bits = n + 1 - (1 << h);
  let s = '';
  for (let i = 0; i < h; i++) s += bits & (1 << i) ? 'o' : 'x';
  return s;
}

/** A prompt's board part as readable columns, e.g. 'ĀāĂĀĀĀĀ' -> '-/x/o/-/-/-/-' (bottom up). */
export function describeColumns(view: string): string {
  return [...view.slice(0, COLS)].map((ch) => decodeColumn(ch) || '-').join('/');
}

export function plannerPrompt(board: Board): string {
  return perspective(board);
}

export function playerPrompt(board: Board, plan: readonly string[], blocked: readonly string[]): string {
  return `${perspective(board)}|p=${plan.join(',')}|b=${blocked.join(',')}`;
}

/** A Player answer is a threat map, '|' and one column digit; the column is the move. */
export function parseMove(text: string): string | null {
  return /^[wbx#.]{7}\|[0-6]$/.test(text) ? text.slice(COLS + 1) : null;
}

/** The column a plan item names: 'w4' -> '4'. */
export function planMove(item: string): string {
  return item.replace(/^[wb]/, '');
}

export type PlanParse = { ok: true; plan: string[] } | { ok: false; reason: string };

/**
 * The Planner's grammar: a threat map (seven of w b x # .), '|', then 1..PLAN_MAX
 * comma-separated items `[wb]?column`: distinct playable columns, every tag true (`w` exactly
 * on winning columns, `b` exactly on the other columns that stop an opponent four). A plan
 * that lies about a threat is refused; the map is working notes and only its form is checked.
 */
export function parsePlan(output: string, board: Board): PlanParse {
  const bar = output.indexOf('|');
  if (bar !== COLS || !/^[wbx#.]{7}$/.test(output.slice(0, bar))) return { ok: false, reason: `"${output}" does not start with a threat map of ${COLS} characters and '|'` };
  const text = output.slice(bar + 1);
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
