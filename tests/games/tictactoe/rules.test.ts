// Tic-tac-toe rules and judge: parsing errors, turn order, wins, draws and illegal moves.
import { describe, expect, it } from 'vitest';
import {
  BoardError, EMPTY_BOARD, IllegalMoveError, LINES, isDraw, legalMoves, parseBoard, play, sideToMove, status, winner,
} from '../../../worker/games/tictactoe/rules.ts';

describe('parseBoard', () => {
  it('accepts reachable boards unchanged', () => {
    expect(parseBoard(EMPTY_BOARD)).toBe(EMPTY_BOARD);
    expect(parseBoard('XO_X_O_X_')).toBe('XO_X_O_X_');
  });

  it.each([
    ['XO', BoardError, /must have 9 cells, got 2/],
    ['XO_X_O_X__', BoardError, /got 10/],
    ['XO_x_____', BoardError, /cell 3 is 'x'/],
    ['XO_._____', BoardError, /cell 3 is '\.'/],
    ['XX_______', BoardError, /X 2, O 0/],
    ['O________', BoardError, /X 0, O 1/],
    ['XXXOOO___', BoardError, /both players/],
    ['XXXOO_O__', BoardError, /X has three in a row but O moved afterwards/],
    ['OOOXX_X_X', BoardError, /O has three in a row but X moved afterwards/],
  ])('rejects %s', (text, cls, message) => {
    expect(() => parseBoard(text)).toThrow(cls);
    expect(() => parseBoard(text)).toThrow(message);
  });
});

describe('turns, wins and draws', () => {
  it('X moves first and turns alternate', () => {
    expect(sideToMove(EMPTY_BOARD)).toBe('X');
    expect(sideToMove(play(EMPTY_BOARD, 4))).toBe('O');
    expect(play(play(EMPTY_BOARD, 4), 0)).toBe('O___X____');
  });

  it('finds every one of the 8 lines for both players', () => {
    for (const line of LINES) {
      for (const p of ['X', 'O'] as const) {
        const cells = EMPTY_BOARD.split('');
        for (const i of line) cells[i] = p;
        expect(winner(cells.join(''))).toBe(p);
      }
    }
    expect(winner('XOXOXOOXO')).toBe(null);
  });

  it('reports draws and ongoing games', () => {
    const full = 'XOXXOOOXX';
    expect(parseBoard(full)).toBe(full);
    expect(isDraw(full)).toBe(true);
    expect(status(full)).toBe('draw');
    expect(legalMoves(full)).toEqual([]);
    expect(status(EMPTY_BOARD)).toBe('ongoing');
    expect(isDraw(EMPTY_BOARD)).toBe(false);
    // a full board with a line is a win, not a draw
    expect(status('XXXOOXXOO')).toBe('X');
    expect(isDraw('XXXOOXXOO')).toBe(false);
  });

  it('has no legal moves once someone has won', () => {
    expect(legalMoves('XXXOO____')).toEqual([]);
    expect(legalMoves('XO_X_O___')).toEqual([2, 4, 6, 7, 8]);
  });
});

describe('play', () => {
  it('rejects illegal moves with the reason', () => {
    expect(() => play(EMPTY_BOARD, 9)).toThrow(IllegalMoveError);
    expect(() => play(EMPTY_BOARD, -1)).toThrow(/integer 0..8, got -1/);
    expect(() => play(EMPTY_BOARD, 1.5)).toThrow(/got 1.5/);
    expect(() => play('X________', 0)).toThrow(/cell 0 is taken by X/);
    expect(() => play('XXXOO____', 5)).toThrow(/game is over \(X won\)/);
    expect(() => play('XOXXOOOXX', 0)).toThrow(/game is over \(draw\)/);
  });
});
