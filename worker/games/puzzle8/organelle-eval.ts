// A quick measure of one trained 8-puzzle organelle on its own: how often its first move is
// optimal on held-out boards (the Planner with nothing blocked, the Mover with no plan, so
// it must read the board itself). The whole pipeline's solve rate is `organelle eval`'s job.
import { applyMove, type Direction } from './board.ts';
import { randomHeldOutBoards } from './boards.ts';
import { moverPrompt, parseMove, parsePlan, plannerPrompt } from './prompts.ts';
import { optimalDistance } from './solver.ts';
import type { Organelle } from '../../organelle.ts';
import { evaluatePipeline, summarize } from './evaluate.ts';
import { organelleFn } from '../../pipeline/organelle-fn.ts';

export type Puzzle8Role = 'planner' | 'mover';

export interface RoleAccuracy {
  boards: number;
  optimal_move_rate: number; // first move is on a shortest path
  invalid_rate: number; // answer did not parse or was illegal
}

export function roleAccuracy(organelle: Organelle, role: Puzzle8Role, boards = 200, seed = 20261122): RoleAccuracy {
  let optimal = 0;
  let invalid = 0;
  const set = randomHeldOutBoards(boards, seed);
  for (const board of set) {
    let move: Direction | null = null;
    if (role === 'planner') {
      const parsed = parsePlan(organelle.complete(plannerPrompt({ board, blocked: [] })).text, board);
      move = parsed.ok ? parsed.plan[0] : null;
    } else {
      move = parseMove(organelle.complete(moverPrompt({ board, plan: [], blocked: [], last: [] })).text);
    }
    const next = move ? applyMove(board, move) : null;
    if (next === null) invalid++;
    else if (optimalDistance(next) === optimalDistance(board) - 1) optimal++;
  }
  return { boards: set.length, optimal_move_rate: optimal / set.length, invalid_rate: invalid / set.length };
}

export interface PipelineCheck {
  boards: number;
  solve_rate: number;
  model_move_share: number;
  mean_moves_over_optimal: number;
}

/**
 * The whole pipeline on a quick set of held-out boards, with `organelle` in its role and
 * `partner` in the other (in the browser: the built-in model), single greedy votes.
 */
export function pipelineWithPartner(organelle: Organelle, role: Puzzle8Role, partner: Organelle, boards = 30, seed = 20261122): PipelineCheck {
  const planner = role === 'planner' ? organelle : partner;
  const mover = role === 'mover' ? organelle : partner;
  const set = randomHeldOutBoards(boards, seed);
  const s = summarize(evaluatePipeline(set, { organelles: { planner: organelleFn(planner), mover: organelleFn(mover) } }));
  return { boards: s.boards, solve_rate: s.solved_rate, model_move_share: s.model_move_share, mean_moves_over_optimal: s.mean_moves_over_optimal };
}
