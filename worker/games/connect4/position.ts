// The mutable connect-4 position that search and self-play work on: a cell array, column
// heights and the pieces in each four-cell window, with play/undo in place. The window counts
// are kept move by move because the search asks "does this column win?" at every node: with
// them the question reads the 3 to 13 windows through one cell, not their 12 to 52 cells,
// and the evaluation's change reads them too (the depth-4 connect-four corpus, whose labels
// are 84,097 such searches, built in 11.6 s before they were kept).
// Cell index = row * 7 + col with row 0 at the TOP, the same order as the string board,
// so a piece dropped into a column holding h pieces lands in row 5 - h.

export const ROWS = 6;
export const COLS = 7;
export const CELLS = ROWS * COLS;

/** Cell contents: 0 empty, 1 X (moves first), 2 O. */
export type Piece = 1 | 2;
export const NONE = 0;
export const X = 1;
export const O = 2;

// ---- the 69 windows of four cells (24 horizontal, 21 vertical, 12 + 12 diagonal)

function buildWindows(): Int8Array {
  const out: number[] = [];
  const dirs = [[0, 1], [1, 0], [1, 1], [1, -1]]; // (drow, dcol)
  for (const [dr, dc] of dirs) {
    for (let r = 0; r < ROWS; r++) {
      for (let c = 0; c < COLS; c++) {
        const r3 = r + 3 * dr;
        const c3 = c + 3 * dc;
        if (r3 < 0 || r3 >= ROWS || c3 < 0 || c3 >= COLS) continue;
        for (let k = 0; k < 4; k++) out.push((r + k * dr) * COLS + (c + k * dc));
      }
    }
  }
  return Int8Array.from(out);
}

/** WINDOWS[4w .. 4w+3] are the cells of window w; WINDOW_COUNT = 69. */
export const WINDOWS = buildWindows();
export const WINDOW_COUNT = WINDOWS.length / 4;

/**
 * The windows through each cell, by window number (w, its cells at WINDOWS[4w]):
 * CELL_WINDOWS[CELL_WINDOW_START[c] .. CELL_WINDOW_START[c + 1]) for cell c (3 to 13 of
 * them). A move changes only these.
 */
export const CELL_WINDOW_START = new Int32Array(CELLS + 1);
export const CELL_WINDOWS = (() => {
  const byCell: number[][] = Array.from({ length: CELLS }, () => []);
  for (let i = 0; i < WINDOWS.length; i += 4) for (let k = 0; k < 4; k++) byCell[WINDOWS[i + k]].push(i >> 2);
  byCell.forEach((ws, c) => (CELL_WINDOW_START[c + 1] = CELL_WINDOW_START[c] + ws.length));
  return Int32Array.from(byCell.flat());
})();

/**
 * A window's count code: X's pieces in bits 0-2 and O's in bits 3-5, so a piece adds
 * PIECE_CODE[piece] (1 for X, 8 for O) to every window through its cell.
 */
export const PIECE_CODE = Int32Array.from([0, 1, 8]);
/** The count code of four of a piece (FOUR_CODE[piece]) and of three with the fourth cell empty. */
const FOUR_CODE = Int32Array.from([-1, 4, 32]);
const THREE_CODE = Int32Array.from([-1, 3, 24]);
const WINDOWS_START = CELL_WINDOW_START; // module-local names for the hot loops
const WINDOWS_AT = CELL_WINDOWS;

// ---- position

export class Position {
  readonly cells = new Int8Array(CELLS); // (ROWS, COLS) row-major, row 0 on top
  readonly heights = new Int8Array(COLS); // pieces in each column
  /** Each window's count code (PIECE_CODE), kept by play and undo. */
  readonly windowCounts = new Int32Array(WINDOW_COUNT);
  // windows holding three of X (of O) and nothing else: without one, no column can win
  private threesX = 0;
  private threesO = 0;
  plies = 0; // pieces on the board

  /** The piece the side to move places: X on even plies. */
  get side(): Piece {
    return (this.plies & 1) === 0 ? X : O;
  }

  canPlay(col: number): boolean {
    return this.heights[col] < ROWS;
  }

  /** The cell a piece dropped into `col` would occupy (the column must not be full). */
  landingCell(col: number): number {
    return (ROWS - 1 - this.heights[col]) * COLS + col;
  }

  /** Drops the side to move's piece into `col` and returns the cell it landed in. */
  play(col: number): number {
    const cell = this.landingCell(col);
    const piece = this.side;
    this.cells[cell] = piece;
    this.count(cell, PIECE_CODE[piece]);
    this.heights[col]++;
    this.plies++;
    return cell;
  }

  /** Takes back the top piece of `col` (the last move played there). */
  undo(col: number): void {
    this.heights[col]--;
    this.plies--;
    const cell = this.landingCell(col);
    const piece = this.cells[cell] as Piece;
    this.count(cell, -PIECE_CODE[piece]);
    this.cells[cell] = NONE;
  }

  /** Adds `code` to the count of every window through `cell`. */
  private count(cell: number, code: number): void {
    const counts = this.windowCounts;
    let threesX = this.threesX;
    let threesO = this.threesO;
    for (let j = WINDOWS_START[cell], end = WINDOWS_START[cell + 1]; j < end; j++) {
      const w = WINDOWS_AT[j];
      const before = counts[w];
      const after = before + code;
      counts[w] = after;
      if (before === 3) threesX--;
      else if (before === 24) threesO--;
      if (after === 3) threesX++;
      else if (after === 24) threesO++;
    }
    this.threesX = threesX;
    this.threesO = threesO;
  }

  /** Whether `piece` has three in some window whose fourth cell is empty (playable or not). */
  hasThree(piece: Piece): boolean {
    return (piece === X ? this.threesX : this.threesO) > 0;
  }

  /** Whether the piece in `cell` is part of four in a row: only the windows through it are read. */
  isWinAt(cell: number): boolean {
    const p = this.cells[cell];
    return p !== NONE && this.anyWindowAt(cell, FOUR_CODE[p]);
  }

  /** Whether dropping `piece` into `col` would make four (the column must not be full). */
  wouldWin(col: number, piece: Piece): boolean {
    return this.anyWindowAt(this.landingCell(col), THREE_CODE[piece]);
  }

  /** Whether a window through `cell` has the count code `code`. */
  private anyWindowAt(cell: number, code: number): boolean {
    const counts = this.windowCounts;
    for (let j = WINDOWS_START[cell], end = WINDOWS_START[cell + 1]; j < end; j++) if (counts[WINDOWS_AT[j]] === code) return true;
    return false;
  }

  /** Any four in a row for `p` anywhere (a full scan, for boards without a known last move). */
  hasFour(p: Piece): boolean {
    return this.windowCounts.includes(FOUR_CODE[p]);
  }

  clone(): Position {
    const copy = new Position();
    copy.cells.set(this.cells);
    copy.heights.set(this.heights);
    copy.windowCounts.set(this.windowCounts);
    copy.threesX = this.threesX;
    copy.threesO = this.threesO;
    copy.plies = this.plies;
    return copy;
  }

  /** The 42-char string board ('X', 'O', '.'). */
  toBoard(): string {
    let s = '';
    for (let i = 0; i < CELLS; i++) s += this.cells[i] === X ? 'X' : this.cells[i] === O ? 'O' : '.';
    return s;
  }

  /** Loads a board already checked by parseBoard (no floating pieces). */
  static fromBoard(board: string): Position {
    const pos = new Position();
    for (let i = 0; i < CELLS; i++) {
      const ch = board[i];
      if (ch === '.') continue;
      const piece = ch === 'X' ? X : O;
      pos.cells[i] = piece;
      pos.count(i, PIECE_CODE[piece]);
      pos.heights[i % COLS]++;
      pos.plies++;
    }
    return pos;
  }
}
