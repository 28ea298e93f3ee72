// Connect-4 rules on the string board the rest of the project exchanges.
// A board is 42 characters 'X', 'O' or '.', row-major from the TOP row: cells 0..6 are the
// top row, 35..41 the bottom row, so a piece dropped into an empty column lands in row 5.
// Moves are column numbers 0..6. X moves first. Internally everything runs on Position.
// Functions other than parseBoard trust their board: validate untrusted text once, here.

import { CELLS, COLS, O, Position, ROWS, WINDOWS, X } from './position.ts';

export { CELLS, COLS, ROWS };
export type Player = 'X' | 'O';
export type Status = 'ongoing' | Player | 'draw';
export type Board = string;

export const EMPTY = '.';
export const EMPTY_BOARD: Board = EMPTY.repeat(CELLS);

/** Text that cannot be a position reached by legal play. */
export class BoardError extends Error {
  override name = 'BoardError';
}

/** A move the rules do not allow on this board. */
export class IllegalMoveError extends Error {
  override name = 'IllegalMoveError';
}

export function other(p: Player): Player {
  return p === 'X' ? 'O' : 'X';
}

/** Checks that `text` is a position legal play can reach and returns it as a Board. */
export function parseBoard(text: string): Board {
  if (text.length !== CELLS) throw new BoardError(`board must have ${CELLS} cells (${ROWS} rows x ${COLS} columns), got ${text.length}`);
  let x = 0;
  let o = 0;
  for (let i = 0; i < CELLS; i++) {
    const ch = text[i];
    if (ch === 'X') x++;
    else if (ch === 'O') o++;
    else if (ch !== EMPTY) throw new BoardError(`cell ${i} is '${ch}': only X, O and ${EMPTY} are allowed`);
  }
  // gravity: below every piece (rows grow downwards) there must be another piece
  for (let i = 0; i < CELLS - COLS; i++) {
    if (text[i] !== EMPTY && text[i + COLS] === EMPTY) {
      throw new BoardError(`the piece in row ${(i / COLS) | 0}, column ${i % COLS} is floating above an empty cell`);
    }
  }
  if (x !== o && x !== o + 1) {
    throw new BoardError(`X moves first, so X must have as many pieces as O or one more (X ${x}, O ${o})`);
  }
  const pos = Position.fromBoard(text);
  const xLine = pos.hasFour(X);
  const oLine = pos.hasFour(O);
  if (xLine && oLine) throw new BoardError('both players have four in a row');
  // the game stops at the first four, so the winner must have made the last move
  if (xLine && x !== o + 1) throw new BoardError('X has four in a row but O moved afterwards');
  if (oLine && x !== o) throw new BoardError('O has four in a row but X moved afterwards');
  return text;
}

/** Whose turn it is (also defined on finished boards: the side that would move next). */
export function sideToMove(board: Board): Player {
  let n = 0;
  for (let i = 0; i < CELLS; i++) if (board[i] !== EMPTY) n++;
  return (n & 1) === 0 ? 'X' : 'O';
}

/**
 * The player with four in a row, or null. Given the column of the last move, only the lines
 * through that column's top piece are read (the fast path for game loops); otherwise the
 * whole board is scanned.
 */
export function winner(board: Board, lastCol?: number): Player | null {
  const pos = Position.fromBoard(board);
  if (lastCol !== undefined) {
    if (pos.heights[lastCol] === 0) return null;
    const top = (ROWS - pos.heights[lastCol]) * COLS + lastCol;
    return pos.isWinAt(top) ? (board[top] as Player) : null;
  }
  if (pos.hasFour(X)) return 'X';
  if (pos.hasFour(O)) return 'O';
  return null;
}

/** Every cell of a completed four (a move can complete two lines at once), ascending, for display. */
export function winningLines(board: Board): number[] {
  const cells = new Set<number>();
  for (let w = 0; w < WINDOWS.length; w += 4) {
    const p = board[WINDOWS[w]];
    if (p !== EMPTY && p === board[WINDOWS[w + 1]] && p === board[WINDOWS[w + 2]] && p === board[WINDOWS[w + 3]]) {
      for (let k = 0; k < 4; k++) cells.add(WINDOWS[w + k]);
    }
  }
  return [...cells].sort((a, b) => a - b);
}

export function status(board: Board, lastCol?: number): Status {
  const w = winner(board, lastCol);
  if (w) return w;
  return board.includes(EMPTY) ? 'ongoing' : 'draw';
}

/** Columns that are not full, ascending; none once the game is over. */
export function legalMoves(board: Board): number[] {
  if (status(board) !== 'ongoing') return [];
  const moves: number[] = [];
  for (let c = 0; c < COLS; c++) if (board[c] === EMPTY) moves.push(c);
  return moves;
}

/** The board after the side to move drops a piece into `col`. Throws IllegalMoveError. */
export function play(board: Board, col: number): Board {
  if (!Number.isInteger(col) || col < 0 || col >= COLS) {
    throw new IllegalMoveError(`column must be an integer 0..${COLS - 1}, got ${col}`);
  }
  const st = status(board);
  if (st !== 'ongoing') throw new IllegalMoveError(`the game is over (${st === 'draw' ? 'draw' : `${st} won`})`);
  if (board[col] !== EMPTY) throw new IllegalMoveError(`column ${col} is full`);
  const pos = Position.fromBoard(board);
  pos.play(col);
  return pos.toBoard();
}

// ---- symmetry and display

/** The left-right mirror image (column c <-> 6 - c). */
export function mirrorBoard(board: Board): Board {
  let s = '';
  for (let r = 0; r < ROWS; r++) {
    for (let c = COLS - 1; c >= 0; c--) s += board[r * COLS + c];
  }
  return s;
}

export function mirrorColumn(col: number): number {
  return COLS - 1 - col;
}

/** Six lines of seven characters, top row first: for logs and the CLI. */
export function boardRows(board: Board): string[] {
  const rows: string[] = [];
  for (let r = 0; r < ROWS; r++) rows.push(board.slice(r * COLS, (r + 1) * COLS));
  return rows;
}
