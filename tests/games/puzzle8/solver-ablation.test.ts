// The 8-puzzle pipeline with and without its Planner (worker/pipeline/puzzle8-solver.ts),
// on the shipped models: without it, every plan is the orchestrator's heuristic one and
// the Planner is never asked; both runs replay from their share links exactly; and on a
// board where it matters, the Planner is what solves it.
import { beforeAll, describe, expect, it } from 'vitest';
import { Puzzle8Solver } from '../../../worker/pipeline/puzzle8-solver.ts';
import { nodeWasmModule } from '../../../worker/wasm/node.ts';
import { readModelFile, SHIPPED_MODELS_DIR } from '../../../cli/models.ts';
import { decodeSolveLink } from '../../../worker/share/solve-link.ts';
import { replaySolve } from '../../../worker/games/puzzle8/share.ts';

let solver: Puzzle8Solver;
beforeAll(async () => {
  solver = await Puzzle8Solver.load(await nodeWasmModule(), {
    planner: await readModelFile(SHIPPED_MODELS_DIR, 'puzzle8', 'planner'),
    mover: await readModelFile(SHIPPED_MODELS_DIR, 'puzzle8', 'mover'),
  });
});

// a 30-move board the Mover alone does not solve within the move limit (the pipeline takes 32)
const BOARD = '847265310';

describe('Puzzle8Solver without the Planner', () => {
  it('plans heuristically only, and never asks the Planner', () => {
    const { result } = solver.solve(BOARD, { planner: false });
    const types = result.events.map((e) => e.type);
    expect(types).not.toContain('plan_requested');
    expect(types).not.toContain('plan_generated');
    const fallbacks = result.events.filter((e) => e.type === 'plan_fallback');
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(fallbacks.every((e) => e.reason === 'no planner')).toBe(true);
    expect(result.modelMoves).toBeGreaterThan(0); // the Mover still chose moves
  });

  it('makes the difference on this board: solved with the Planner, not without', () => {
    const withPlanner = solver.solve(BOARD).result;
    const alone = solver.solve(BOARD, { planner: false }).result;
    expect(withPlanner.solved).toBe(true);
    expect(withPlanner.events.some((e) => e.type === 'plan_generated')).toBe(true);
    expect(alone.solved).toBe(false);
  });

  it('replays from its share link, the Planner absent there too', () => {
    const { result, link } = solver.solve(BOARD, { planner: false });
    const decoded = decodeSolveLink(link);
    expect(decoded.answers.some((a) => a.source === 'planner')).toBe(false);
    const replayed = replaySolve(decoded);
    expect(replayed.events.map((e) => e.type)).toEqual(result.events.map((e) => e.type));
    expect(replayed.moves).toEqual(result.moves);
  });
});
