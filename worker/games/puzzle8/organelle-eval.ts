// A quick measure of one trained 8-puzzle organelle, shown after a browser training run: how
// often its first move is optimal on held-out boards (the Planner with nothing blocked, the
// Mover with no plan, so it must read the board itself), and the pipeline it makes with a
// partner for the other role beside the built-in pair on the same boards. The full measure
// is `organelle eval`'s job.
import { applyMove, type Direction } from './board.ts';
import { randomHeldOutBoards } from './boards.ts';
import { moverPrompt, parseMove, parsePlan, plannerPrompt } from './prompts.ts';
import { optimalDistance } from './solver.ts';
import type { Organelle } from '../../organelle.ts';
import { evaluatePipeline, summarize } from './evaluate.ts';
import { organelleFn } from '../../pipeline/organelle-fn.ts';
import { PUZZLE8_VOTES } from '../../pipeline/puzzle8-solver.ts';
import { reseedPerBoard } from '../../pipeline/sampling-seeds.ts';
import { PIPELINE_BOARDS } from '../../pipeline/measure-tests.ts';

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

/** The 8-puzzle's two organelles. */
export interface Puzzle8Pair {
  planner: Organelle;
  mover: Organelle;
}

/** `organelle` in `role`, `partner` in the other. */
function seated(role: Puzzle8Role, organelle: Organelle, partner: Organelle): Puzzle8Pair {
  return role === 'planner' ? { planner: organelle, mover: partner } : { planner: partner, mover: organelle };
}

/**
 * The whole pipeline on a quick set of held-out boards, answering as in the Solve view and
 * `organelle eval` (PUZZLE8_VOTES votes, sampling reseeded per board), so the same boards
 * give the CLI's numbers.
 */
export function pipelineCheck({ planner, mover }: Puzzle8Pair, boards = PIPELINE_BOARDS, seed = 20261122): PipelineCheck {
  const set = randomHeldOutBoards(boards, seed);
  const organelles = { planner: organelleFn(planner, { votes: PUZZLE8_VOTES }), mover: organelleFn(mover, { votes: PUZZLE8_VOTES }) };
  const s = summarize(evaluatePipeline(set, { organelles, beforeBoard: reseedPerBoard([planner, mover]) }));
  return { boards: s.boards, solve_rate: s.solved_rate, model_move_share: s.model_move_share, mean_moves_over_optimal: s.mean_moves_over_optimal };
}

/**
 * A pair's pipeline check, and the built-in pair's on the same boards when given: the
 * after-training measure's keys (pipeline*, builtIn*).
 */
export function measurePuzzle8Pair(pair: Puzzle8Pair, builtIn: Puzzle8Pair | null, boards = PIPELINE_BOARDS): Record<string, number> {
  const p = pipelineCheck(pair, boards);
  const result: Record<string, number> = {
    pipelineBoards: p.boards, pipelineSolveRate: p.solve_rate, pipelineMovesOverOptimal: p.mean_moves_over_optimal,
    pipelineModelMoveShare: p.model_move_share,
  };
  if (builtIn) {
    const b = pipelineCheck(builtIn, boards);
    Object.assign(result, {
      builtInSolveRate: b.solve_rate, builtInMovesOverOptimal: b.mean_moves_over_optimal, builtInModelMoveShare: b.model_move_share,
    });
  }
  return result;
}

/** The models an organelle is measured with: the built-in ones, where the site has them. */
export interface Puzzle8Companions {
  /** The built-in model for the other role. */
  partner: Organelle | null;
  /** The built-in model for the organelle's own role: with the partner, the pair to compare with. */
  builtIn: Organelle | null;
}

/** Everything the Train view shows of a trained 8-puzzle organelle (Evaluation keys). */
export function puzzle8Evaluation(organelle: Organelle, role: Puzzle8Role, { partner, builtIn }: Puzzle8Companions, boards = PIPELINE_BOARDS): Record<string, number> {
  const a = roleAccuracy(organelle, role);
  const result: Record<string, number> = {
    heldOutOptimalMoveRate: a.optimal_move_rate, heldOutInvalidRate: a.invalid_rate, heldOutBoards: a.boards,
  };
  if (!partner) return result;
  const builtInPair = builtIn ? seated(role, builtIn, partner) : null;
  return { ...result, ...measurePuzzle8Pair(seated(role, organelle, partner), builtInPair, boards) };
}
