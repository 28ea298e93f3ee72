// The exact tic-tac-toe solver: tree size, known values, and perfect play in real games.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../worker/games/rng.ts';
import { type Board, EMPTY_BOARD, legalMoves, play, sideToMove, status, winner } from '../../../worker/games/tictactoe/rules.ts';
import { allReachablePositions, solve } from '../../../worker/games/tictactoe/minimax.ts';
import { type Opponent, OPPONENTS } from '../../../worker/games/tictactoe/opponents.ts';

function playGame(x: Opponent, o: Opponent, rng: Rng): ReturnType<typeof status> {
  let board: Board = EMPTY_BOARD;
  while (status(board) === 'ongoing') board = play(board, (sideToMove(board) === 'X' ? x : o)(board, rng));
  return status(board);
}

describe('the reachable game tree', () => {
  it('has 5,478 positions: 4,520 ongoing, 626 X wins, 316 O wins, 16 draws', () => {
    const all = allReachablePositions();
    expect(all.length).toBe(5478);
    expect(new Set(all).size).toBe(5478);
    const tally: Record<string, number> = {};
    for (const b of all) tally[status(b)] = (tally[status(b)] ?? 0) + 1;
    expect(tally).toEqual({ ongoing: 4520, X: 626, O: 316, draw: 16 });
  });
});

describe('solve', () => {
  it('values the empty board as a draw with every opening move drawing', () => {
    const s = solve(EMPTY_BOARD);
    expect(s.value).toBe(0);
    expect(Object.is(s.score, 0)).toBe(true);
    expect(s.bestMoves).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('takes an immediate win over slower ones, in every position that has one', () => {
    // X (0, 1, 4) to move against O (3, 5, 6): 2, 7 and 8 all complete a line
    const s = solve('XX_OXOO__');
    expect(s).toMatchObject({ value: 1, score: 3, bestMoves: [2, 7, 8] });
    let slowerWinsSkipped = 0;
    for (const b of allReachablePositions()) {
      if (status(b) !== 'ongoing') continue;
      const immediate = legalMoves(b).filter((m) => winner(play(b, m)) !== null);
      if (immediate.length === 0) continue;
      const sol = solve(b);
      expect(sol.bestMoves).toEqual(immediate);
      slowerWinsSkipped += sol.valueMoves.length - immediate.length;
    }
    // the speed tiebreak matters: some positions also have winning moves that are slower
    expect(slowerWinsSkipped).toBeGreaterThan(0);
  });

  it('blocks when it must and knows a lost position', () => {
    // O to move, X threatens 0-1-2 and nothing else: only 2 holds the draw
    expect(solve('XX__O____')).toMatchObject({ value: 0, bestMoves: [2], valueMoves: [2] });
    // X threatens both 2 (top row) and 6 (left column): every O move loses on X's next turn
    const lost = solve('XX_XO___O');
    expect(lost).toMatchObject({ value: -1, score: -3, bestMoves: [2, 5, 6, 7] });
  });

  it('gives finished boards no moves and their result', () => {
    expect(solve('XXXOO____')).toMatchObject({ value: -1, bestMoves: [] });
    expect(solve('XOXXOOOXX')).toMatchObject({ value: 0, bestMoves: [] });
  });

  it('agrees with itself: each move value is minus the value after it', () => {
    for (const b of allReachablePositions()) {
      const s = solve(b);
      for (let m = 0; m < 9; m++) {
        if (s.moveValues[m] === null) continue;
        expect(s.moveValues[m]).toBe(-solve(play(b, m)).value || 0);
      }
      if (s.bestMoves.length > 0) expect(s.valueMoves).toEqual(expect.arrayContaining(s.bestMoves));
    }
  });
});

describe('perfect play in games', () => {
  it('never loses 200 games to random as X or as O', () => {
    const rng = new Rng('minimax-vs-random');
    const asX: Record<string, number> = { X: 0, O: 0, draw: 0 };
    const asO: Record<string, number> = { X: 0, O: 0, draw: 0 };
    for (let g = 0; g < 200; g++) {
      asX[playGame(OPPONENTS.minimax, OPPONENTS.random, rng)]++;
      asO[playGame(OPPONENTS.random, OPPONENTS.minimax, rng)]++;
    }
    expect(asX.O).toBe(0);
    expect(asO.X).toBe(0);
    // a perfect first player wins about 99% against random
    expect(asX.X).toBeGreaterThan(180);
  });

  it('always draws against itself', () => {
    const rng = new Rng('minimax-vs-minimax');
    for (let g = 0; g < 100; g++) expect(playGame(OPPONENTS.minimax, OPPONENTS.minimax, rng)).toBe('draw');
  });
});
