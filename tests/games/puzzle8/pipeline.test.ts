// The 8-puzzle on the orchestrator, with scripted organelles: perfect ones solve optimally
// and are credited with every move; broken ones are caught, reported and replaced, and
// the evaluation's figures add up.
import { describe, expect, it } from 'vitest';
import { puzzle8Adapter, greedyMove, PLAN_HORIZON, PUZZLE8_LIMITS } from '../../../worker/games/puzzle8/pipeline.ts';
import { astar, optimalDistance } from '../../../worker/games/puzzle8/solver.ts';
import { randomHeldOutBoards } from '../../../worker/games/puzzle8/boards.ts';
import { letters } from '../../../worker/games/puzzle8/prompts.ts';
import { runPuzzle } from '../../../worker/orchestrator/loop.ts';
import { astarBaseline, evaluatePipeline, greedyBaseline, summarize } from '../../../worker/games/puzzle8/evaluate.ts';
import type { Completion } from '../../../worker/orchestrator/types.ts';

const boardOf = (prompt: string) => prompt.slice(0, 9);
const perfectPlanner = (prompt: string): Completion => ({ text: letters(astar(boardOf(prompt)).slice(0, 4)), confidence: 1 });
const perfectMover = (prompt: string): Completion => ({ text: letters(astar(boardOf(prompt)).slice(0, 1)), confidence: 1 });
const boards = randomHeldOutBoards(12, 7);

describe('puzzle8 pipeline', () => {
  it('solves optimally with perfect organelles, every move credited to the model', () => {
    for (const b of boards) {
      const r = runPuzzle(puzzle8Adapter, b, { planner: perfectPlanner, mover: perfectMover }, PUZZLE8_LIMITS);
      expect(r.solved).toBe(true);
      expect(r.moves.length).toBe(optimalDistance(b));
      expect(r.fallbackMoves).toBe(0);
      expect(r.plannerFallbacks).toBe(0);
      // one plan at the start, then one per PLAN_HORIZON moves
      expect(r.replans).toBe(Math.ceil(r.moves.length / PLAN_HORIZON) - 1);
    }
  });

  it('validates Planner output: malformed plans are retried once, then replaced by the heuristic', () => {
    const attempts: number[] = [];
    const planner = (_: string, attempt = 1): Completion => {
      attempts.push(attempt);
      return { text: 'up!', confidence: 0.3 };
    };
    const r = runPuzzle(puzzle8Adapter, boards[0], { planner, mover: perfectMover });
    expect(r.solved).toBe(true);
    expect(attempts.slice(0, 2)).toEqual([1, 2]);
    const types = r.events.map((e) => e.type);
    expect(types.filter((t) => t === 'plan_rejected').length).toBe(2 * r.plannerFallbacks);
    expect(types).toContain('plan_fallback');
  });

  it('replaces a Mover that answers garbage with the reported fallback', () => {
    const r = runPuzzle(puzzle8Adapter, boards[1], { planner: perfectPlanner, mover: () => ({ text: 'north', confidence: 0.1 }) }, { maxMoves: 30 });
    expect(r.modelMoves).toBe(0);
    expect(r.fallbackMoves).toBe(r.moves.length);
    expect(r.parseErrors).toBeGreaterThan(0);
    for (const e of r.events) if (e.type === 'move_applied') expect(e.by).toBe('fallback');
  });

  it('the greedy fallback picks the lowest Manhattan move outside the avoid set', () => {
    expect(greedyMove('123456708')).toBe('right');
    expect(greedyMove('123456708', new Set(['right']))).not.toBe('right');
  });

  it('evaluation figures add up, with the baselines on the same boards', () => {
    const outcomes = evaluatePipeline(boards, { organelles: { planner: perfectPlanner, mover: perfectMover } });
    const s = summarize(outcomes);
    expect(s.boards).toBe(boards.length);
    expect(s.solved_rate).toBe(1);
    expect(s.mean_moves_over_optimal).toBe(1);
    expect(s.model_move_share).toBe(1);
    expect(Object.values(s.by_band).reduce((a, b) => a + b.boards, 0)).toBe(boards.length);
    const a = summarize(astarBaseline(boards));
    expect(a.solved_rate).toBe(1);
    expect(a.mean_moves_over_optimal).toBe(1);
    const g = summarize(greedyBaseline(boards));
    expect(g.model_move_share).toBe(0);
    expect(g.fallback_move_share).toBe(1);
  });
});
