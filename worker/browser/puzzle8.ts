// The 8-puzzle in the engine worker: loads a Planner and a Mover once, then solves boards
// whole (a solve takes tens of milliseconds) and hands back every event, the share link and
// the counts; the page animates the recorded events itself. Errors keep their messages
// (BoardError for a bad board, ModelFileError for a refused model file) across Comlink.
import { Puzzle8Solver, type Puzzle8Models } from '../pipeline/puzzle8-solver.ts';
import { optimalDistance } from '../games/puzzle8/solver.ts';
import { measurePuzzle8Pair, type Puzzle8Pair } from '../games/puzzle8/organelle-eval.ts';
import type { RunResult } from '../orchestrator/loop.ts';
import type { Puzzle8Run } from './messages.ts';

/** What the page receives for one solve: the run, its share link and the counts. */
export function puzzle8Run(start: string, result: RunResult, link: string, fingerprint: string, ms: number): Puzzle8Run {
  return {
    start,
    events: result.events,
    link,
    solved: result.solved,
    moves: result.moves,
    modelMoves: result.modelMoves,
    fallbackMoves: result.fallbackMoves,
    failure: result.failure,
    optimal: optimalDistance(start),
    fingerprint,
    ms,
  };
}

export class Puzzle8Host {
  #solver: Puzzle8Solver | null = null;

  /** Replaces the loaded models; on a refused file the previous ones stay loaded. */
  async load(module: WebAssembly.Module, models: Puzzle8Models): Promise<{ fingerprint: string }> {
    const solver = await Puzzle8Solver.load(module, models);
    this.#solver = solver;
    return { fingerprint: solver.fingerprint };
  }

  /** `withPlanner: false` solves with heuristic plans only (the ablation). */
  solve(board: string, withPlanner = true): Puzzle8Run {
    if (!this.#solver) throw new Error('no 8-puzzle models are loaded in this worker');
    const t0 = performance.now();
    const { result, link } = this.#solver.solve(board, { planner: withPlanner });
    return puzzle8Run(board.trim(), result, link, this.#solver.fingerprint, performance.now() - t0);
  }

  /**
   * The loaded pair on the quick held-out boards, beside `builtIn` on the same boards (the
   * after-training measure's keys). Each board reseeds sampling, so later solves are unchanged.
   */
  measure(builtIn: Puzzle8Pair | null): Record<string, number> {
    if (!this.#solver) throw new Error('no 8-puzzle models are loaded in this worker');
    return measurePuzzle8Pair(this.#solver, builtIn);
  }
}
