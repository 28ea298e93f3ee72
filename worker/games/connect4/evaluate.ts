// Static evaluation of a connect-4 position for the side to move, used at the search horizon.
// Every one of the 69 four-cell windows that holds pieces of only one colour counts for that
// colour: an open three (three pieces + one empty cell) 8, an open two 2. Pieces also score
// by column, 3 in the centre falling to 0 at the edges, because central pieces take part in
// the most windows. Integer-valued and left-right symmetric, so mirrored positions get
// mirrored searches. Range is roughly +-600, far below the search's win scores.
// Both read the window counts the position keeps. The search keeps the score as it plays
// (moveDelta: only the windows through the cell played change), so a leaf costs a few windows
// instead of all 69; evaluate() sums all 69 and gives the same integers.

import { CELL_WINDOW_START, CELL_WINDOWS, CELLS, COLS, O, PIECE_CODE, type Piece, type Position, X } from './position.ts';

/** Window score by number of pieces of one colour when the other colour is absent. */
export const WINDOW_WEIGHTS = Int32Array.from([0, 0, 2, 8, 0]);
/** Per-piece bonus by column. */
export const COLUMN_WEIGHTS = Int32Array.from([0, 1, 2, 3, 2, 1, 0]);

const CELL_WEIGHTS = Int32Array.from({ length: CELLS }, (_, i) => COLUMN_WEIGHTS[i % COLS]);
// module-local names: V8 re-reads an imported (live) binding on every loop iteration
const WINDOW_START = CELL_WINDOW_START;
const WINDOWS_THROUGH = CELL_WINDOWS;

/** Score for the side to move (positive = good for it). */
export function evaluate(pos: Position): number {
  const s = evaluateForX(pos);
  return (pos.plies & 1) === 0 ? s : -s; // X moves on even plies
}

/** A window's score from X's point of view, from its count code (PIECE_CODE): only one colour's pieces count. */
function countsScore(counts: number): number {
  const xs = counts & 7;
  const os = counts >> 3;
  return os === 0 ? WINDOW_WEIGHTS[xs] : xs === 0 ? -WINDOW_WEIGHTS[os] : 0;
}

/** What one more X (O) piece does to a window's score, by its count code before it. */
const GAIN_X = Int32Array.from({ length: 64 }, (_, code) => countsScore(code + PIECE_CODE[X]) - countsScore(code));
const GAIN_O = Int32Array.from({ length: 64 }, (_, code) => countsScore(code + PIECE_CODE[O]) - countsScore(code));

/** The static score from X's point of view, whoever is to move. */
export function evaluateForX(pos: Position): number {
  const cells = pos.cells;
  let s = 0;
  for (const counts of pos.windowCounts) s += countsScore(counts);
  for (let i = 0; i < CELLS; i++) {
    const p = cells[i];
    if (p !== 0) s += p === X ? CELL_WEIGHTS[i] : -CELL_WEIGHTS[i];
  }
  return s;
}

/**
 * How evaluateForX changes when `piece` is dropped into the empty `cell`: the windows through
 * the cell and the cell's own weight are all that move. Read before the piece is placed.
 */
export function moveDelta(pos: Position, cell: number, piece: Piece): number {
  const counts = pos.windowCounts;
  const gain = piece === X ? GAIN_X : GAIN_O;
  let d = 0;
  for (let j = WINDOW_START[cell], end = WINDOW_START[cell + 1]; j < end; j++) d += gain[counts[WINDOWS_THROUGH[j]]];
  return piece === X ? d + CELL_WEIGHTS[cell] : d - CELL_WEIGHTS[cell];
}
