// Static evaluation of a connect-4 position for the side to move, used at the search horizon.
// Every one of the 69 four-cell windows that holds pieces of only one colour counts for that
// colour: an open three (three pieces + one empty cell) 8, an open two 2. Pieces also score
// by column, 3 in the centre falling to 0 at the edges, because central pieces take part in
// the most windows. Integer-valued and left-right symmetric, so mirrored positions get
// mirrored searches. Range is roughly +-600, far below the search's win scores.

import { CELLS, COLS, type Position, WINDOWS, X } from './position.ts';

/** Window score by number of pieces of one colour when the other colour is absent. */
export const WINDOW_WEIGHTS = Int32Array.from([0, 0, 2, 8, 0]);
/** Per-piece bonus by column. */
export const COLUMN_WEIGHTS = Int32Array.from([0, 1, 2, 3, 2, 1, 0]);

const CELL_WEIGHTS = Int32Array.from({ length: CELLS }, (_, i) => COLUMN_WEIGHTS[i % COLS]);
// module-local copies: V8 re-reads an imported (live) binding on every loop iteration,
// which made this function ~3x slower when the loop bound was WINDOWS.length
const WINDOW_CELLS = Int32Array.from(WINDOWS);
const N_WINDOW_CELLS = WINDOW_CELLS.length;

/** Score for the side to move (positive = good for it). */
export function evaluate(pos: Position): number {
  const cells = pos.cells;
  let s = 0; // from X's point of view
  for (let i = 0; i < N_WINDOW_CELLS; i += 4) {
    const a = cells[WINDOW_CELLS[i]];
    const b = cells[WINDOW_CELLS[i + 1]];
    const c = cells[WINDOW_CELLS[i + 2]];
    const d = cells[WINDOW_CELLS[i + 3]];
    // X is 1 and O is 2, so bit 0 counts X pieces and bit 1 counts O pieces
    const xs = (a & 1) + (b & 1) + (c & 1) + (d & 1);
    const os = (a >> 1) + (b >> 1) + (c >> 1) + (d >> 1);
    if (os === 0) s += WINDOW_WEIGHTS[xs];
    else if (xs === 0) s -= WINDOW_WEIGHTS[os];
  }
  for (let i = 0; i < CELLS; i++) {
    const p = cells[i];
    if (p !== 0) s += p === X ? CELL_WEIGHTS[i] : -CELL_WEIGHTS[i];
  }
  return (pos.plies & 1) === 0 ? s : -s; // X moves on even plies
}
