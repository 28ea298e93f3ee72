// 8-puzzle board rules: parsing with plain-language errors, legality, moves and the two
// admissible heuristics (Manhattan distance and linear conflict). Pure string functions so
// the same code runs in Node, in a Web Worker and in tests.

/** Nine digits, row-major, '0' is the blank. Functions below assume a board from parseBoard. */
export type Board = string;

/** Moves are named by the direction the BLANK travels, not the tile. */
export type Direction = 'up' | 'down' | 'left' | 'right';
export const DIRECTIONS: readonly Direction[] = ['up', 'down', 'left', 'right'];

export const SOLVED: Board = '123456780';
export const SIZE = 3;
export const CELLS = 9;

export type BoardErrorReason = 'malformed' | 'unsolvable' | 'solved';

/** A board that cannot be used, with the reason a caller can branch on and a readable message. */
export class BoardError extends Error {
  readonly reason: BoardErrorReason;
  readonly text: string;

  constructor(reason: BoardErrorReason, text: string, message: string) {
    super(message);
    this.name = 'BoardError';
    this.reason = reason;
    this.text = text;
  }
}

// ---- parsing and solvability

/** Accepts exactly nine digits 0-8, each once (surrounding whitespace ignored), and solvable. */
export function parseBoard(text: string): Board {
  const board = text.trim();
  if (board.length !== CELLS) {
    throw new BoardError('malformed', board, `Board "${board}" must have 9 characters, got ${board.length}`);
  }
  const bad = board.search(/[^0-8]/);
  if (bad >= 0) {
    throw new BoardError(
      'malformed',
      board,
      `Board "${board}" may hold only the digits 0-8, but has "${board[bad]}" at position ${bad + 1}`,
    );
  }
  const seen = new Set<string>();
  let repeated = '';
  for (const ch of board) {
    if (seen.has(ch) && repeated === '') repeated = ch;
    seen.add(ch);
  }
  if (repeated !== '') {
    let missing = '';
    for (let d = 0; d < CELLS && missing === ''; d++) if (!seen.has(String(d))) missing = String(d);
    throw new BoardError('malformed', board, `Board "${board}" repeats digit ${repeated} and lacks ${missing}`);
  }
  if (!isSolvable(board)) {
    throw new BoardError(
      'unsolvable',
      board,
      `Board "${board}" is unsolvable: it has an odd number of inversions, so no sequence of moves reaches ${SOLVED}`,
    );
  }
  return board;
}

/**
 * On a 3-wide board every move keeps the parity of inversions among the tiles (a horizontal
 * move changes no order, a vertical one jumps a tile over two others), and the goal has
 * none, so exactly the even-parity half of the 9! permutations is reachable.
 */
export function isSolvable(board: Board): boolean {
  let inversions = 0;
  for (let i = 0; i < CELLS; i++) {
    const a = board.charCodeAt(i);
    if (a === 48) continue;
    for (let j = i + 1; j < CELLS; j++) {
      const b = board.charCodeAt(j);
      if (b !== 48 && b < a) inversions++;
    }
  }
  return inversions % 2 === 0;
}

export function isSolved(board: Board): boolean {
  return board === SOLVED;
}

export function blankIndex(board: Board): number {
  return board.indexOf('0');
}

// ---- moves

const OPPOSITE: Record<Direction, Direction> = { up: 'down', down: 'up', left: 'right', right: 'left' };
const STEP: Record<Direction, number> = { up: -SIZE, down: SIZE, left: -1, right: 1 };

export function opposite(dir: Direction): Direction {
  return OPPOSITE[dir];
}

/** True when the blank at `blank` can travel one cell in `dir` without leaving the board. */
export function canMove(blank: number, dir: Direction): boolean {
  switch (dir) {
    case 'up':
      return blank >= SIZE;
    case 'down':
      return blank < CELLS - SIZE;
    case 'left':
      return blank % SIZE > 0;
    case 'right':
      return blank % SIZE < SIZE - 1;
  }
}

/** Legal moves in DIRECTIONS order. */
export function legalMoves(board: Board): Direction[] {
  const blank = blankIndex(board);
  return DIRECTIONS.filter((dir) => canMove(blank, dir));
}

/** The board after the blank moves `dir`, or null when that would leave the board. */
export function applyMove(board: Board, dir: Direction): Board | null {
  const blank = blankIndex(board);
  if (!canMove(blank, dir)) return null;
  const target = blank + STEP[dir];
  // the tile and the blank swap: slices, since split and join cost several times as much and
  // corpus builds apply millions of moves
  const lo = Math.min(blank, target);
  const hi = Math.max(blank, target);
  return board.slice(0, lo) + board[hi] + board.slice(lo + 1, hi) + board[lo] + board.slice(hi + 1);
}

// ---- heuristics

/** Sum over tiles (not the blank) of row plus column distance to the tile's goal cell. */
export function manhattan(board: Board): number {
  let sum = 0;
  for (let i = 0; i < CELLS; i++) {
    const tile = board.charCodeAt(i) - 48;
    if (tile === 0) continue;
    const goal = tile - 1;
    sum += Math.abs(Math.floor(i / SIZE) - Math.floor(goal / SIZE)) + Math.abs((i % SIZE) - (goal % SIZE));
  }
  return sum;
}

/**
 * Extra moves on top of Manhattan distance: two tiles in their goal line (row or column)
 * but in reversed order must, one of them, leave the line and come back (+2 moves). Per
 * line we charge 2 for each tile that has to leave, i.e. the tiles outside the longest
 * correctly ordered subsequence; counting reversed pairs instead would overcharge a fully
 * reversed line (3 pairs, but only 2 tiles need to step aside) and lose admissibility.
 * Row and column charges add up: stepping out of its goal row costs a tile two vertical
 * moves Manhattan did not count, stepping out of its goal column two horizontal ones.
 */
export function linearConflict(board: Board): number {
  let extra = 0;
  for (let line = 0; line < SIZE; line++) {
    const inRow: number[] = [];
    const inCol: number[] = [];
    for (let k = 0; k < SIZE; k++) {
      const rowTile = board.charCodeAt(line * SIZE + k) - 48;
      if (rowTile !== 0 && Math.floor((rowTile - 1) / SIZE) === line) inRow.push((rowTile - 1) % SIZE);
      const colTile = board.charCodeAt(k * SIZE + line) - 48;
      if (colTile !== 0 && (colTile - 1) % SIZE === line) inCol.push(Math.floor((colTile - 1) / SIZE));
    }
    extra += 2 * (inRow.length - longestIncreasing(inRow));
    extra += 2 * (inCol.length - longestIncreasing(inCol));
  }
  return extra;
}

/** Manhattan plus linear conflict: the admissible estimate A* uses. */
export function manhattanLinearConflict(board: Board): number {
  return manhattan(board) + linearConflict(board);
}

// Length of the longest strictly increasing subsequence; lines hold at most 3 values, so the
// quadratic dynamic programme is the simplest correct choice.
function longestIncreasing(values: number[]): number {
  const best: number[] = [];
  let longest = 0;
  for (let i = 0; i < values.length; i++) {
    best[i] = 1;
    for (let j = 0; j < i; j++) if (values[j] < values[i]) best[i] = Math.max(best[i], best[j] + 1);
    longest = Math.max(longest, best[i]);
  }
  return longest;
}
