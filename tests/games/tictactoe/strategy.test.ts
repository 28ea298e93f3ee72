// Tic-tac-toe labels and heuristics: the expectimax tie-break, the canonical plan, the
// heuristic plan and fallback, the Planner grammar and the adapter.
import { describe, expect, it } from 'vitest';
import { EMPTY_BOARD, legalMoves, play } from '../../../worker/games/tictactoe/rules.ts';
import { solve } from '../../../worker/games/tictactoe/minimax.ts';
import { bestMove, canonicalPlan, fallbackMove, heuristicPlan, randomWinChance, rankMoves } from '../../../worker/games/tictactoe/strategy.ts';
import { parseMove, parsePlan, perspective, playerPrompt } from '../../../worker/games/tictactoe/prompts.ts';
import { ticTacToeAdapter, ticTacToeOpponent } from '../../../worker/games/tictactoe/pipeline.ts';
import { Rng } from '../../../worker/games/rng.ts';

describe('canonical ranking', () => {
  it('a perfect first player that sets the most traps wins 191/192 of games against random play', () => {
    expect(randomWinChance(EMPTY_BOARD)).toBeCloseTo(191 / 192, 12);
    // corners first: they keep the draw and win most often against random replies
    expect(canonicalPlan(EMPTY_BOARD)).toEqual(['0', '2', '6']);
    expect(rankMoves(EMPTY_BOARD)[0].chance).toBeGreaterThan(rankMoves(EMPTY_BOARD).find((m) => m.cell === 4)!.chance);
  });

  it('takes the fastest win, tagged w, and blocks, tagged b', () => {
    // X X _ / O O _ / _ _ _ with X to move: 2 wins at once (also blocks O's 5? no: 5 is O's line)
    expect(canonicalPlan('XX_OO____')).toEqual(['w2']);
    // X _ _ / O O _ / X _ _ with X to move: only 5 keeps the draw, and it blocks
    expect(canonicalPlan('X__OO_X__')[0]).toBe('b5');
  });

  it('lists only value-keeping moves, at most three, best first', () => {
    for (const board of ['_________', 'X________', 'X___O____', 'XO__X____']) {
      const plan = canonicalPlan(board).map((i) => Number(i.replace(/^[wb]/, '')));
      expect(plan.length).toBeGreaterThan(0);
      expect(plan.length).toBeLessThanOrEqual(3);
      for (const c of plan) expect(solve(board).valueMoves).toContain(c);
      expect(bestMove(board)).toBe(plan[0]);
    }
  });
});

describe('heuristic plan and fallback', () => {
  it('wins, else blocks, else centre, corners, edges', () => {
    expect(heuristicPlan('XX_OO____')).toEqual(['w2']);
    expect(heuristicPlan('X__OO_X__')).toEqual(['b5']);
    expect(heuristicPlan(EMPTY_BOARD)).toEqual(['4', '0', '2']);
    expect(heuristicPlan('____X____')).toEqual(['0', '2', '6']);
  });

  it('the fallback avoids what it is told to and is always legal', () => {
    expect(fallbackMove(EMPTY_BOARD)).toBe(4);
    expect(fallbackMove(EMPTY_BOARD, new Set([4, 0]))).toBe(2);
    const rng = new Rng(3);
    let board = EMPTY_BOARD;
    while (legalMoves(board).length > 0) {
      const m = fallbackMove(board)!;
      expect(legalMoves(board)).toContain(m);
      board = play(board, rng.pick(legalMoves(board)));
    }
    expect(fallbackMove('XXXOO____')).toBeNull();
  });
});

describe('prompts and grammar', () => {
  it('writes the Player prompt compactly and parses one cell', () => {
    expect(playerPrompt('X___O____', ['0', '2'], ['4'])).toBe('x...o....|p=0,2|b=4');
    expect(parseMove('4')).toBe('4');
    for (const bad of ['', '9', '44', ' 4', 'w4']) expect(parseMove(bad)).toBeNull();
  });

  it('refuses plans with bad form, taken or repeated cells, too many items, or false tags', () => {
    expect(parsePlan('0,2,6', EMPTY_BOARD)).toEqual({ ok: true, plan: ['0', '2', '6'] });
    expect(parsePlan('0,2,6,8', EMPTY_BOARD).ok).toBe(false);
    expect(parsePlan('0,0', EMPTY_BOARD).ok).toBe(false);
    expect(parsePlan('4', 'X___O____').ok).toBe(false);
    expect(parsePlan('w4', EMPTY_BOARD).ok).toBe(false);
    expect(parsePlan('2', 'XX_OO____').ok).toBe(false);
    expect(parsePlan('w2,b5', 'XX_OO____').ok).toBe(true);
    expect(parsePlan('', EMPTY_BOARD).ok).toBe(false);
    expect(parsePlan('4,', EMPTY_BOARD).ok).toBe(false);
  });

  it('perspective is the same pattern for both sides', () => {
    expect(perspective('X________')).toBe('o........');
    expect(perspective('XO_______')).toBe('xo.......');
  });
});

describe('adapter', () => {
  it('speaks cells as strings and wraps the scripted opponents', () => {
    const a = ticTacToeAdapter;
    expect(a.legalMoves(EMPTY_BOARD)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
    expect(a.apply(EMPTY_BOARD, '4')).toBe('____X____');
    expect(a.planMove('w4')).toBe('4');
    expect(a.fallbackMove(EMPTY_BOARD, new Set(['4']))).toBe('0');
    expect(a.parse('X________')).toBe('X________');
    expect(() => a.parse('XX_______')).toThrow();
    expect(ticTacToeOpponent('minimax')('XX_OO____', new Rng(1))).toBe('2');
    expect(() => ticTacToeOpponent('nobody')).toThrow(/unknown tic-tac-toe opponent/);
  });
});
