// Tic-tac-toe opponents: the registry, determinism per seed, and the tactical rules.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../worker/games/rng.ts';
import { type Board, EMPTY_BOARD, legalMoves, play, sideToMove, status } from '../../../worker/games/tictactoe/rules.ts';
import { OPPONENTS, getOpponent, opponentNames } from '../../../worker/games/tictactoe/opponents.ts';

function gameMoves(xName: string, oName: string, seed: number): number[] {
  const rng = new Rng(seed);
  const moves: number[] = [];
  let board: Board = EMPTY_BOARD;
  while (status(board) === 'ongoing') {
    const m = getOpponent(sideToMove(board) === 'X' ? xName : oName)(board, rng);
    moves.push(m);
    board = play(board, m);
  }
  return moves;
}

describe('tic-tac-toe opponents', () => {
  it('lists its names and rejects unknown ones with the valid list', () => {
    expect(opponentNames).toEqual(['random', 'tactical', 'minimax']);
    expect(() => getOpponent('alphabeta4')).toThrow("unknown tic-tac-toe opponent 'alphabeta4' (valid: random, tactical, minimax)");
    expect(() => getOpponent('toString')).toThrow(/unknown/);
  });

  it('replays the same game for the same seed', () => {
    for (const a of opponentNames) {
      for (const b of opponentNames) {
        expect(gameMoves(a, b, 11)).toEqual(gameMoves(a, b, 11));
      }
    }
    const games = new Set([1, 2, 3, 4, 5, 6].map((s) => gameMoves('random', 'random', s).join()));
    expect(games.size).toBeGreaterThan(1);
  });

  it('always returns a legal move', () => {
    const rng = new Rng(5);
    for (const name of opponentNames) {
      for (const b of ['_________', 'XO_______', 'XOXOXO___', 'XOXXOO_X_']) {
        expect(legalMoves(b)).toContain(OPPONENTS[name as keyof typeof OPPONENTS](b, rng));
      }
    }
    expect(() => OPPONENTS.random('XXXOO____', rng)).toThrow(/game is over/);
  });

  it('tactical wins first, then blocks', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 20; i++) {
      // X to move can win at 2 and must otherwise block O at 5: winning comes first
      expect(OPPONENTS.tactical('XX_OO____', rng)).toBe(2);
      // O to move cannot win and must block X at 2
      expect(OPPONENTS.tactical('XX__O____', rng)).toBe(2);
    }
  });
});
