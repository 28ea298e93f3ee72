// Tic-tac-toe rules on the string board every other module shares.
// A board is 9 characters, row-major (cells 0..8 = top-left .. bottom-right), each 'X', 'O'
// or '_' (empty). X always moves first, so the side to move follows from the piece counts.
// Functions other than parseBoard trust their board: validate untrusted text once, here.

export type Player = 'X' | 'O';
export type Status = 'ongoing' | Player | 'draw';
export type Board = string;

export const CELLS = 9;
export const EMPTY = '_';
export const EMPTY_BOARD: Board = '_________';

/** The 8 winning lines: 3 rows, 3 columns, 2 diagonals. */
export const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
  [0, 4, 8], [2, 4, 6],
];

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

function count(board: Board, piece: string): number {
  let n = 0;
  for (let i = 0; i < board.length; i++) if (board[i] === piece) n++;
  return n;
}

function hasLine(board: Board, p: Player): boolean {
  return LINES.some(([a, b, c]) => board[a] === p && board[b] === p && board[c] === p);
}

/** Checks that `text` is a position legal play can reach and returns it as a Board. */
export function parseBoard(text: string): Board {
  if (text.length !== CELLS) throw new BoardError(`board must have ${CELLS} cells, got ${text.length}`);
  for (let i = 0; i < CELLS; i++) {
    const ch = text[i];
    if (ch !== 'X' && ch !== 'O' && ch !== EMPTY) {
      throw new BoardError(`cell ${i} is '${ch}': only X, O and ${EMPTY} are allowed`);
    }
  }
  const x = count(text, 'X');
  const o = count(text, 'O');
  if (x !== o && x !== o + 1) {
    throw new BoardError(`X moves first, so X must have as many pieces as O or one more (X ${x}, O ${o})`);
  }
  const xLine = hasLine(text, 'X');
  const oLine = hasLine(text, 'O');
  if (xLine && oLine) throw new BoardError('both players have three in a row');
  // the game stops at the first line, so the winner must have made the last move
  if (xLine && x !== o + 1) throw new BoardError('X has three in a row but O moved afterwards');
  if (oLine && x !== o) throw new BoardError('O has three in a row but X moved afterwards');
  return text;
}

/** Whose turn it is (also defined on finished boards: the side that would move next). */
export function sideToMove(board: Board): Player {
  return count(board, 'X') > count(board, 'O') ? 'O' : 'X';
}

export function winner(board: Board): Player | null {
  const line = winningLine(board);
  return line.length ? (board[line[0]] as Player) : null;
}

/** The cells of the completed line, for display; none while no one has three in a row. */
export function winningLine(board: Board): number[] {
  const line = LINES.find(([a, b, c]) => board[a] !== EMPTY && board[a] === board[b] && board[a] === board[c]);
  return line ? [...line] : [];
}

export function isDraw(board: Board): boolean {
  return !board.includes(EMPTY) && winner(board) === null;
}

export function status(board: Board): Status {
  const w = winner(board);
  if (w) return w;
  return board.includes(EMPTY) ? 'ongoing' : 'draw';
}

/** Empty cells in ascending order; none once the game is over. */
export function legalMoves(board: Board): number[] {
  if (winner(board)) return [];
  const moves: number[] = [];
  for (let i = 0; i < CELLS; i++) if (board[i] === EMPTY) moves.push(i);
  return moves;
}

/** The board after the side to move takes `cell`. Throws IllegalMoveError with the reason. */
export function play(board: Board, cell: number): Board {
  if (!Number.isInteger(cell) || cell < 0 || cell >= CELLS) {
    throw new IllegalMoveError(`cell must be an integer 0..${CELLS - 1}, got ${cell}`);
  }
  const st = status(board);
  if (st !== 'ongoing') throw new IllegalMoveError(`the game is over (${st === 'draw' ? 'draw' : `${st} won`})`);
  if (board[cell] !== EMPTY) throw new IllegalMoveError(`cell ${cell} is taken by ${board[cell]}`);
  return board.slice(0, cell) + sideToMove(board) + board.slice(cell + 1);
}
