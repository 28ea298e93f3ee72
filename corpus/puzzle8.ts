// Training corpora for the 8-puzzle organelles, from BFS-optimal distances over all
// 181,440 states. Held-out rule: a state whose FNV-1a hash is 0 mod 5 is never the subject
// of an example, never a state a `last` history passes through, and never a state at which
// a plan's move is decided (plans stop before leaving one), so no example carries the
// optimal move of a held-out state. Every example is a pure function of the seed.
//
// Labels. The canonical move of a state is the optimal move (distance drops by one) with
// the lowest Manhattan distance after it, ties in u d l r order. A Planner example answers
// the first PLAN_MAX canonical moves. A Mover example answers the plan's first move when
// that move is optimal and not blocked (so the Mover learns to follow a good plan), else
// the best unblocked move (lowest distance, then Manhattan, then order): it must notice a
// bad plan and override it. Plans in Mover prompts are canonical, truncated, heuristic or
// random, so following blindly does not pay.
import { applyMove, DIRECTIONS, isSolved, legalMoves, manhattan, opposite, type Board, type Direction } from '../worker/games/puzzle8/board.ts';
import { distanceTable, rankBoard, unrankBoard, STATE_COUNT, UNSOLVABLE } from '../worker/games/puzzle8/solver.ts';
import { isHeldOut } from '../worker/games/puzzle8/heldout.ts';
import { moverPrompt, plannerPrompt, letters, PLAN_MAX } from '../worker/games/puzzle8/prompts.ts';
import { Rng } from '../worker/games/rng.ts';
import { greedyPlan } from '../worker/games/puzzle8/heuristics.ts';

/**
 * Copies of each training state's examples, by optimal distance. States near the goal are
 * few (1, 2, 4, 8, 16 ... at distances 0-4) and would be under 1% of the corpus, yet every
 * solve ends among them: measured, models trained without this wandered one move from the
 * goal. Each copy draws its own plan, block and history variants.
 */
export function nearGoalCopies(distance: number): number {
  return distance <= 6 ? 32 : distance <= 9 ? 8 : distance <= 12 ? 2 : 1;
}

export interface Puzzle8Corpus {
  planner: string;
  mover: string;
  stats: {
    trainingStates: number;
    heldOutStates: number;
    plannerDocs: number;
    plannerReplanDocs: number;
    moverDocs: number;
    moverDocsByPlan: Record<'canonical' | 'heuristic' | 'random' | 'none', number>;
    moverBlockedDocs: number;
    moverOverrides: number; // Mover answers that differ from the plan's first move
    nearGoalCopies: number; // extra copies of near-goal states (nearGoalCopies)
  };
}

function distance(board: Board): number {
  return distanceTable()[rankBoard(board)];
}

/** Moves ranked best first: optimal distance, then Manhattan, then u d l r order. */
export function rankedMoves(board: Board, exclude: readonly Direction[] = []): Direction[] {
  const scored = legalMoves(board)
    .filter((d) => !exclude.includes(d))
    .map((d) => {
      const next = applyMove(board, d)!;
      return { d, dist: distance(next), md: manhattan(next), order: DIRECTIONS.indexOf(d) };
    });
  scored.sort((a, b) => a.dist - b.dist || a.md - b.md || a.order - b.order);
  return scored.map((s) => s.d);
}

/**
 * The canonical optimal path's first `n` moves, shorter if the goal comes first or if the
 * path reaches a held-out state: every move of a plan is decided at a training state.
 */
export function canonicalPlan(board: Board, n = PLAN_MAX, firstExclude: readonly Direction[] = []): Direction[] {
  const plan: Direction[] = [];
  let b = board;
  while (plan.length < n && !isSolved(b) && !isHeldOut(b)) {
    // never undo the previous step: after a forced detour the way back is not a plan
    const exclude = plan.length === 0 ? firstExclude : [opposite(plan[plan.length - 1])];
    const d = rankedMoves(b, exclude)[0];
    if (d === undefined) break;
    plan.push(d);
    b = applyMove(b, d)!;
  }
  return plan;
}

/** Keeps a plan's moves up to the first held-out state it would leave from. */
export function truncateAtHeldOut(board: Board, plan: readonly Direction[]): Direction[] {
  const kept: Direction[] = [];
  let b = board;
  for (const d of plan) {
    if (isHeldOut(b)) break;
    kept.push(d);
    b = applyMove(b, d)!;
  }
  return kept;
}

function randomPlan(board: Board, rng: Rng): Direction[] {
  const n = 1 + rng.int(PLAN_MAX);
  const plan: Direction[] = [];
  let b = board;
  for (let i = 0; i < n; i++) {
    const options = legalMoves(b).filter((d) => plan.length === 0 || d !== opposite(plan[plan.length - 1]));
    const d = rng.pick(options);
    plan.push(d);
    b = applyMove(b, d)!;
  }
  return plan;
}

/**
 * A plausible `last` history (oldest first) of 0-3 moves that led to `board`, walking back
 * through training states only.
 */
function history(board: Board, rng: Rng): Direction[] {
  const n = rng.int(4);
  const moves: Direction[] = [];
  let b = board;
  for (let i = 0; i < n; i++) {
    // the previous state p satisfies apply(p, m) = b, i.e. p = apply(b, opposite(m))
    const options = legalMoves(b).filter((back) => {
      const p = applyMove(b, back)!;
      return !isHeldOut(p) && (moves.length === 0 || back !== moves[0]);
    });
    if (options.length === 0) break;
    const back = rng.pick(options);
    moves.unshift(opposite(back));
    b = applyMove(b, back)!;
  }
  return moves;
}

/** Every training state (solvable, unsolved, not held out), in rank order. */
export function trainingStates(): Board[] {
  const table = distanceTable();
  const out: Board[] = [];
  for (let r = 0; r < STATE_COUNT; r++) {
    if (table[r] === UNSOLVABLE || table[r] === 0) continue;
    const b = unrankBoard(r);
    if (!isHeldOut(b)) out.push(b);
  }
  return out;
}

export function buildPuzzle8Corpus(seed = 1): Puzzle8Corpus {
  const rng = new Rng(seed);
  const states = rng.shuffle(trainingStates());
  const planner: string[] = [];
  const mover: string[] = [];
  const stats: Puzzle8Corpus['stats'] = {
    trainingStates: states.length, heldOutStates: 0, plannerDocs: 0, plannerReplanDocs: 0, moverDocs: 0,
    moverDocsByPlan: { canonical: 0, heuristic: 0, random: 0, none: 0 }, moverBlockedDocs: 0, moverOverrides: 0,
    nearGoalCopies: 0,
  };
  for (const board of states) {
    const copies = nearGoalCopies(distance(board));
    stats.nearGoalCopies += copies - 1;
    for (let copy = 0; copy < copies; copy++) addExamples(board);
  }
  function addExamples(board: Board): void {
    const legal = legalMoves(board);
    const best = rankedMoves(board);
    // ---- Planner: a first plan, and for one state in five a replan around a blocked move
    planner.push(`${plannerPrompt({ board, blocked: [] })}\n${letters(canonicalPlan(board))}`);
    if (rng.next() < 0.2 && legal.length > 1) {
      const blocked = [best[0]];
      planner.push(`${plannerPrompt({ board, blocked })}\n${letters(canonicalPlan(board, PLAN_MAX, blocked))}`);
      stats.plannerReplanDocs++;
    }
    // ---- Mover
    const u = rng.next();
    const kind = u < 0.5 ? 'canonical' : u < 0.7 ? 'heuristic' : u < 0.9 ? 'random' : 'none';
    const mlast = history(board, rng);
    // a plan whose first move is blocked stays as it is: in a run the Mover sees the plan
    // with its head in `blocked` after the Judge refused it, and must pick another move
    const plan: Direction[] =
      kind === 'canonical' ? canonicalPlan(board).slice(0, 1 + rng.int(PLAN_MAX))
      : kind === 'heuristic' ? truncateAtHeldOut(board, greedyPlan(board, [], mlast[mlast.length - 1]))
      : kind === 'random' ? truncateAtHeldOut(board, randomPlan(board, rng))
      : [];
    const blocked: Direction[] = rng.next() < 0.2 && legal.length > 1 ? [rng.next() < 0.7 ? best[0] : rng.pick(legal)] : [];
    const d0 = distance(board);
    const head = plan[0];
    const headOptimal = head !== undefined && !blocked.includes(head) && distance(applyMove(board, head)!) === d0 - 1;
    const answer = headOptimal ? head : rankedMoves(board, blocked)[0];
    mover.push(`${moverPrompt({ board, plan, blocked, last: mlast })}\n${letters([answer])}`);
    stats.moverDocsByPlan[kind]++;
    if (blocked.length) stats.moverBlockedDocs++;
    if (head !== undefined && answer !== head) stats.moverOverrides++;
  }
  stats.plannerDocs = planner.length;
  stats.moverDocs = mover.length;
  stats.heldOutStates = 181_440 - 1 - states.length;
  return { planner: planner.join('\n\n'), mover: mover.join('\n\n'), stats };
}
