// Boards the Solve view offers: a fixed evaluation set (the reference's random-walk boards,
// two per Manhattan band, plus uniformly random held-out boards, from fixed seeds) and random
// held-out scrambles, each with its optimal solution length. Pure and deterministic per seed.
// The first call builds the distance table and the held-out list (a few hundred ms), so the
// web app runs these in its engine worker.
import { randomHeldOutBoards, randomWalkBoards } from '../games/puzzle8/boards.ts';
import { optimalDistance } from '../games/puzzle8/solver.ts';

export interface BoardChoice {
  board: string;
  optimal: number; // fewest moves to the goal
  source: 'walk' | 'held-out'; // random walk from the goal, or uniformly random held-out state
}

/** The seed of the evaluation set the Solve view lists (fixed, so everyone sees the same boards). */
export const EVALUATION_SEED = 8;

/** Eight held-out boards, easiest first: six random-walk boards (2 per band) and two uniform ones. */
export function evaluationChoices(seed = EVALUATION_SEED): BoardChoice[] {
  const walk = randomWalkBoards(2, seed).map((w) => w.board);
  const uniform = randomHeldOutBoards(2, seed);
  const seen = new Set<string>();
  const out: BoardChoice[] = [];
  for (const [boards, source] of [[walk, 'walk'], [uniform, 'held-out']] as const) {
    for (const board of boards) {
      if (seen.has(board)) continue;
      seen.add(board);
      out.push({ board, optimal: optimalDistance(board), source });
    }
  }
  return out.sort((a, b) => a.optimal - b.optimal || a.board.localeCompare(b.board));
}

/** One uniformly random held-out board for `seed`. */
export function scrambleChoice(seed: number): BoardChoice {
  const [board] = randomHeldOutBoards(1, seed >>> 0);
  return { board, optimal: optimalDistance(board), source: 'held-out' };
}
