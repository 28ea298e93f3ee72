// Connect-4 rules and judge: parsing errors, gravity, wins in every direction and at the
// edges (with and without the last-move fast path), draws, mirroring.
import { describe, expect, it } from 'vitest';
import {
  BoardError, EMPTY_BOARD, IllegalMoveError, boardRows, legalMoves, mirrorBoard, mirrorColumn, parseBoard, play,
  sideToMove, status, winner,
} from '../../../worker/games/connect4/rules.ts';
import { WINDOW_COUNT } from '../../../worker/games/connect4/position.ts';

/** Builds a board from six 7-char rows written top row first. */
const rows = (...r: string[]) => r.join('');

/** Plays a column sequence from the empty board. */
const moves = (cols: number[]) => cols.reduce((b, c) => play(b, c), EMPTY_BOARD);

describe('parseBoard', () => {
  it('accepts reachable boards unchanged', () => {
    expect(parseBoard(EMPTY_BOARD)).toBe(EMPTY_BOARD);
    const b = moves([3, 3, 2, 4]);
    expect(parseBoard(b)).toBe(b);
  });

  it.each([
    ['.'.repeat(41), /must have 42 cells \(6 rows x 7 columns\), got 41/],
    ['.'.repeat(43), /got 43/],
    ['_'.repeat(42), /cell 0 is '_'/],
    [rows('.......', '.......', '.......', '.......', '.......', '...x...'), /cell 38 is 'x'/],
    [rows('.......', '.......', '.......', '...X...', '.......', '...O...'), /row 3, column 3 is floating/],
    [rows('X......', '.......', '.......', '.......', '.......', '.......'), /row 0, column 0 is floating/],
    [rows('.......', '.......', '.......', '.......', '.......', 'XX.....'), /X 2, O 0/],
    [rows('.......', '.......', '.......', '.......', '.......', 'O......'), /X 0, O 1/],
    [rows('.......', '.......', 'X..O...', 'X..O...', 'X..O...', 'X..O...'), /both players have four in a row/],
    [rows('.......', '.......', '.......', 'X......', 'X....X.', 'XOOOOX.'), /O has four in a row but X moved afterwards/],
    [rows('.......', '.......', '.......', '.......', 'OOO....', 'XXXXO..'), /X has four in a row but O moved afterwards/],
  ])('rejects %#', (text, message) => {
    expect(() => parseBoard(text)).toThrow(BoardError);
    expect(() => parseBoard(text)).toThrow(message);
  });
});

describe('play and legal moves', () => {
  it('drops pieces to the bottom row first (row 5) and alternates X, O', () => {
    const b = play(EMPTY_BOARD, 0);
    expect(boardRows(b)[5]).toBe('X......');
    expect(sideToMove(b)).toBe('O');
    expect(boardRows(play(b, 0)).slice(4)).toEqual(['O......', 'X......']);
  });

  it('removes full columns from the legal moves and rejects playing there', () => {
    const b = moves([6, 6, 6, 6, 6, 6]);
    expect(boardRows(b).map((r) => r[6]).join('')).toBe('OXOXOX');
    expect(legalMoves(b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(() => play(b, 6)).toThrow(IllegalMoveError);
    expect(() => play(b, 6)).toThrow('column 6 is full');
    expect(() => play(EMPTY_BOARD, 7)).toThrow(/integer 0..6, got 7/);
  });

  it('stops at a win', () => {
    const b = moves([0, 1, 0, 1, 0, 1, 0]);
    expect(status(b)).toBe('X');
    expect(legalMoves(b)).toEqual([]);
    expect(() => play(b, 2)).toThrow(/game is over \(X won\)/);
  });

  it('reaches a draw on a full board without fours', () => {
    // columns filled in pairs in an order that never lines up four
    const order = [0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2, 4, 5, 4, 5, 4, 5, 5, 4, 5, 4, 5, 4, 6, 6, 6, 6, 6, 6];
    const b = moves(order);
    expect(b.includes('.')).toBe(false);
    expect(status(b)).toBe('draw');
    expect(legalMoves(b)).toEqual([]);
  });
});

describe('win detection', () => {
  it('has 69 windows', () => {
    expect(WINDOW_COUNT).toBe(69);
  });

  const cases: [string, string, number][] = [
    // [name, board, column of the last move]
    ['horizontal, bottom-left corner', rows('.......', '.......', '.......', '.......', 'OOO....', 'XXXX...'), 3],
    ['horizontal, top row at the right edge', rows('...XXXX', '...OOOX', '...XOOX', '...OXXO', '...XOOX', 'X..OXOO'), 6],
    ['vertical, left edge up to the top', rows('X......', 'X......', 'X......', 'X......', 'O......', 'OO.....'), 0],
    ['vertical, right edge (O wins)', rows('.......', '.......', '......O', '......O', '......O', 'XXX.X.O'), 6],
    ['diagonal up-right from the bottom-left corner', rows('.......', '.......', '...X...', '..XO...', '.XOO...', 'XOOX..X'), 3],
    ['diagonal down-right into the bottom-right corner (O)', rows('.......', '.......', '...O...', '...XO..', '...XXO.', 'OX.XOXO'), 3],
    ['diagonal from the top edge to the right edge', rows('...X...', '...XX..', '...OOX.', '...XOOX', '...OXOO', '..OXXOX'), 6],
  ];

  it.each(cases)('%s', (_name, board, lastCol) => {
    expect(parseBoard(board)).toBe(board);
    const w = winner(board);
    expect(w).not.toBe(null);
    expect(winner(board, lastCol)).toBe(w);
    expect(status(board, lastCol)).toBe(w);
    // the mirror image wins too, through the mirrored column
    expect(winner(mirrorBoard(board), mirrorColumn(lastCol))).toBe(w);
  });

  it('does not count three in a row or lines broken by the edge', () => {
    expect(winner(rows('.......', '.......', '.......', '.......', '.......', 'XXX.OOO'))).toBe(null);
    // four across the wrap-around between row 4's end and row 5's start is not a line
    const wrap = rows('.......', '.......', '.......', '.......', 'O....XX', 'XXOOOXO');
    expect(winner(wrap)).toBe(null);
    expect(winner(wrap, 6)).toBe(null);
    expect(winner(EMPTY_BOARD, 3)).toBe(null);
  });
});

describe('mirroring', () => {
  it('mirrors column by column', () => {
    const b = moves([0, 1, 1]);
    expect(boardRows(mirrorBoard(b)).slice(4)).toEqual(['.....X.', '.....OX']);
    expect(mirrorBoard(mirrorBoard(b))).toBe(b);
    expect([0, 3, 6].map(mirrorColumn)).toEqual([6, 3, 0]);
  });
});
