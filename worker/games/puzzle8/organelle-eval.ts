// A quick measure of one trained 8-puzzle organelle on its own: how often its first move is
// optimal on held-out boards (the Planner with nothing blocked, the Mover with no plan, so
// it must read the board itself). The whole pipeline's solve rate is `organelle eval`'s job.
import { applyMove, type Direction } from './board.ts';
import { randomHeldOutBoards } from './boards.ts';
import { moverPrompt, parseMove, parsePlan, plannerPrompt } from './prompts.ts';
import { optimalDistance } from './solver.ts';
import type { Organelle } from '../../organelle.ts';

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
