// Connect-4 opponents: the registry, determinism per seed, tactics, and playing strength.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../worker/games/rng.ts';
import { type Board, EMPTY_BOARD, legalMoves, play, sideToMove, status } from '../../../worker/games/connect4/rules.ts';
import { type Opponent, OPPONENTS, getOpponent, opponentNames } from '../../../worker/games/connect4/opponents.ts';

function playGame(x: Opponent, o: Opponent, rng: Rng): { result: string; moves: number[] } {
  let board: Board = EMPTY_BOARD;
  let last: number | undefined;
  const moves: number[] = [];
  while (status(board, last) === 'ongoing') {
    last = (sideToMove(board) === 'X' ? x : o)(board, rng);
    moves.push(last);
    board = play(board, last);
  }
  return { result: status(board, last), moves };
}

describe('connect-4 opponents', () => {
  it('lists its names and rejects unknown ones with the valid list', () => {
    expect(opponentNames).toEqual(['random', 'tactical', 'alphabeta2', 'alphabeta4']);
    expect(() => getOpponent('minimax')).toThrow("unknown connect-4 opponent 'minimax' (valid: random, tactical, alphabeta2, alphabeta4)");
    expect(getOpponent('alphabeta2')).toBe(OPPONENTS.alphabeta2);
  });

  it('replays the same game for the same seed', () => {
    for (const a of opponentNames) {
      for (const b of opponentNames) {
        const first = playGame(getOpponent(a), getOpponent(b), new Rng(21)).moves;
        expect(playGame(getOpponent(a), getOpponent(b), new Rng(21)).moves).toEqual(first);
      }
    }
    const games = new Set([1, 2, 3, 4].map((s) => playGame(OPPONENTS.alphabeta2, OPPONENTS.alphabeta2, new Rng(s)).moves.join()));
    expect(games.size).toBeGreaterThan(1);
  });

  it('tactical wins first, then blocks, and always plays legally', () => {
    const rng = new Rng(2);
    // X to move: X can win in column 3 and must otherwise block O's column 6
    const canWin = [0, 6, 1, 6, 2, 6].reduce((b, c) => play(b, c), EMPTY_BOARD);
    // O to move: X threatens column 3 only
    const mustBlock = [0, 6, 1, 6, 2].reduce((b, c) => play(b, c), EMPTY_BOARD);
    for (let i = 0; i < 20; i++) {
      expect(OPPONENTS.tactical(canWin, rng)).toBe(3);
      expect(OPPONENTS.tactical(mustBlock, rng)).toBe(3);
      expect(legalMoves(EMPTY_BOARD)).toContain(OPPONENTS.tactical(EMPTY_BOARD, rng));
    }
  });

  it('alphabeta4 as first player beats random in at least 95% of 40 seeded games', () => {
    let wins = 0;
    for (let g = 0; g < 40; g++) {
      if (playGame(OPPONENTS.alphabeta4, OPPONENTS.random, new Rng(1000 + g)).result === 'X') wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(38);
  });

  it('alphabeta2 beats tactical most of the time as either side', () => {
    let wins = 0;
    for (let g = 0; g < 20; g++) {
      if (playGame(OPPONENTS.alphabeta2, OPPONENTS.tactical, new Rng(g)).result === 'X') wins++;
      if (playGame(OPPONENTS.tactical, OPPONENTS.alphabeta2, new Rng(g)).result === 'O') wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(30);
  });
});
