// Raw tic-tac-toe training data: one record per reachable ongoing position, labelled perfectly.
import { describe, expect, it } from 'vitest';
import { buildTicTacToeDataset } from '../../../worker/games/tictactoe/dataset.ts';
import { legalMoves, parseBoard, play, sideToMove } from '../../../worker/games/tictactoe/rules.ts';
import { solve } from '../../../worker/games/tictactoe/minimax.ts';

describe('buildTicTacToeDataset', () => {
  const records = buildTicTacToeDataset();

  it('has exactly 4,520 distinct positions: 2,423 with X to move, 2,097 with O', () => {
    expect(records.length).toBe(4520);
    expect(new Set(records.map((r) => r.board)).size).toBe(4520);
    expect(records.filter((r) => r.side === 'X').length).toBe(2423);
    expect(records.filter((r) => r.side === 'O').length).toBe(2097);
  });

  it('labels every record with legal, value-keeping optimal moves', () => {
    let draws = 0;
    for (const r of records) {
      expect(parseBoard(r.board)).toBe(r.board);
      expect(r.side).toBe(sideToMove(r.board));
      expect(r.optimalMoves.length).toBeGreaterThan(0);
      expect(legalMoves(r.board)).toEqual(expect.arrayContaining(r.valueMoves));
      expect(r.valueMoves).toEqual(expect.arrayContaining(r.optimalMoves));
      for (const m of r.optimalMoves) expect(-solve(play(r.board, m)).value || 0).toBe(r.value);
      if (r.value === 0) draws++;
    }
    expect(draws).toBeGreaterThan(0);
  });

  it('is built once and shared', () => {
    expect(buildTicTacToeDataset()).toBe(records);
  });
});
