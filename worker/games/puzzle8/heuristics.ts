// The deterministic heuristics the pipeline falls back on (and the corpus uses to show the
// Mover imperfect plans): greedy on Manhattan distance, never undoing its own last step.
import { applyMove, DIRECTIONS, isSolved, legalMoves, manhattan, opposite, type Board, type Direction } from './board.ts';
import { PLAN_MAX } from './prompts.ts';

export function greedyPlan(board: Board, blocked: readonly Direction[] = [], last?: Direction, n = PLAN_MAX): Direction[] {
  const plan: Direction[] = [];
  let b = board;
  let prev = last;
  while (plan.length < n && !isSolved(b)) {
    const avoid = [...(plan.length === 0 ? blocked : []), ...(prev ? [opposite(prev)] : [])];
    const options = legalMoves(b).filter((d) => !avoid.includes(d));
    if (options.length === 0) break;
    options.sort((x, y) => manhattan(applyMove(b, x)!) - manhattan(applyMove(b, y)!) || DIRECTIONS.indexOf(x) - DIRECTIONS.indexOf(y));
    plan.push(options[0]);
    b = applyMove(b, options[0])!;
    prev = options[0];
  }
  return plan;
}
