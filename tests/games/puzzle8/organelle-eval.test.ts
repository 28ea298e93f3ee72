// The quick measures the Train view shows after a browser run, on the shipped models: each
// organelle alone, the pipeline with its partner, and the built-in pair on the same boards,
// which are `organelle eval puzzle8 --random N --seed 20261122`'s, answered the same way.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { evalPuzzle8 } from '../../../cli/eval-puzzle8.ts';
import { loadOrganelle, SHIPPED_MODELS_DIR } from '../../../cli/models.ts';
import type { Organelle } from '../../../worker/organelle.ts';
import { pipelineCheck, puzzle8Evaluation, roleAccuracy } from '../../../worker/games/puzzle8/organelle-eval.ts';

describe('8-puzzle organelle evaluation', () => {
  let planner: Organelle;
  let mover: Organelle;
  beforeAll(async () => {
    planner = await loadOrganelle(SHIPPED_MODELS_DIR, 'puzzle8', 'planner');
    mover = await loadOrganelle(SHIPPED_MODELS_DIR, 'puzzle8', 'mover');
  });

  it('measures each organelle alone and the pipeline with its partner', () => {
    const p = roleAccuracy(planner, 'planner', 50);
    expect(p.boards).toBe(50);
    expect(p.optimal_move_rate).toBeGreaterThan(0.6);
    const check = pipelineCheck({ planner, mover }, 20);
    expect(check.boards).toBe(20);
    expect(check.solve_rate).toBeGreaterThan(0.7);
    expect(check.model_move_share).toBeGreaterThan(0.95);
  }, 60_000);

  it('solves the boards `organelle eval` would, with the same results', async () => {
    const check = pipelineCheck({ planner, mover }, 12);
    const json = join(await mkdtemp(join(tmpdir(), 'quick-')), 'report.json');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await evalPuzzle8(['--random', '12', '--seed', '20261122', '--json', json]);
    } finally {
      log.mockRestore();
    }
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(check).toEqual({
      boards: report.boards, solve_rate: report.solved_rate, model_move_share: report.model_move_share,
      mean_moves_over_optimal: report.mean_moves_over_optimal,
    });
  }, 60_000);

  it('puts the built-in pair beside the pipeline, and leaves out what needs a missing model', () => {
    const e = puzzle8Evaluation(planner, 'planner', { partner: mover, builtIn: planner }, 12);
    expect(e.pipelineBoards).toBe(12);
    expect(e.heldOutBoards).toBe(200);
    // the built-in Planner in the Planner's seat is the built-in pair
    expect([e.builtInSolveRate, e.builtInMovesOverOptimal, e.builtInModelMoveShare]).toEqual([e.pipelineSolveRate, e.pipelineMovesOverOptimal, e.pipelineModelMoveShare]);
    expect(e.pipelineModelMoveShare).toBeGreaterThan(0.95);
    expect(e.pipelineMovesOverOptimal).toBeGreaterThanOrEqual(1);
    const alone = puzzle8Evaluation(planner, 'planner', { partner: null, builtIn: planner }, 12);
    expect(Object.keys(alone).sort()).toEqual(['heldOutBoards', 'heldOutInvalidRate', 'heldOutOptimalMoveRate']);
  }, 60_000);
});
