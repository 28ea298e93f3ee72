// Training corpora for the tic-tac-toe organelles, from the exhaustive minimax dataset: every
// reachable ongoing position, both sides to move (4,520), with no cap and no held-out set
// (the game is small enough to learn whole; generalisation is not what is measured).
//
// The openings weigh more: for each organelle, a position with fewer than OPENING_PLIES (4)
// pieces has its documents once more per piece short (the empty board 5 times, one piece 4,
// two 3, three 2). Every game passes through them, and the empty board decides every game the
// organelles open; with one document each among 4,520, the Planner learned every label but
// 14, the empty board among them: it opened in the centre where its label is a corner, and
// against the tactical opponent won 495 games of 1,000 instead of the labels' 881.
//
// Planner: copies(board) documents per position, answering canonicalPlan (worker/games/
// tictactoe/strategy.ts: the acceptable moves best first, tagged). 4,947 documents.
//
// Player: four documents per copy of a position, one per plan kind, so following blindly does not pay:
//   canonical  the Planner's label (what a correct Planner writes)
//   heuristic  the one-move-look-ahead plan (what the ablation and the plan fallback write)
//   random     1-3 random free cells, tagged truthfully (a grammatical but wrong plan)
//   none       no plan
// One document in four also carries a refused cell in b= (half an occupied cell, as when the
// Player proposed a taken cell, half a free one, often the plan's head). The answer: the
// plan's first cell when it keeps the game value and is not refused, otherwise the best
// unrefused move in canonical order. 19,788 documents. Everything is a pure function of the seed.
import { buildTicTacToeDataset } from '../worker/games/tictactoe/dataset.ts';
import { EMPTY, legalMoves, type Board } from '../worker/games/tictactoe/rules.ts';
import { solve } from '../worker/games/tictactoe/minimax.ts';
import { bestMove, canonicalPlan, heuristicPlan, tagOf, PLAN_MAX } from '../worker/games/tictactoe/strategy.ts';
import { planMove, playerPrompt, plannerPrompt } from '../worker/games/tictactoe/prompts.ts';
import { Rng } from '../worker/games/rng.ts';

export const PLAN_KINDS = ['canonical', 'heuristic', 'random', 'none'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export interface TicTacToeCorpus {
  planner: string;
  player: string;
  stats: {
    positions: number;
    plannerDocs: number;
    playerDocs: number;
    playerDocsByPlan: Record<PlanKind, number>;
    blockedDocs: number;
    /** Player answers that differ from the plan's first cell (plans with a first cell only). */
    overrides: number;
  };
}

function randomPlan(board: Board, rng: Rng): string[] {
  const cells = rng.shuffle(legalMoves(board));
  return cells.slice(0, 1 + rng.int(Math.min(PLAN_MAX, cells.length))).map((c) => `${tagOf(board, c)}${c}`);
}

/** The Player's label for a prompt (see the header). */
export function playerAnswer(board: Board, plan: readonly string[], blocked: readonly number[]): number {
  const head = plan.length > 0 ? Number(planMove(plan[0])) : null;
  if (head !== null && !blocked.includes(head) && solve(board).valueMoves.includes(head)) return head;
  const answer = bestMove(board, new Set(blocked));
  if (answer === null) throw new Error(`no unrefused move on ${board} with b=${blocked.join(',')}`);
  return answer;
}

/** Positions with fewer pieces than this get extra documents (see the header). */
export const OPENING_PLIES = 4;

/** Documents per position and organelle: 1, plus one per piece short of OPENING_PLIES. */
export function copies(board: Board): number {
  const pieces = [...board].filter((ch) => ch !== EMPTY).length;
  return 1 + Math.max(0, OPENING_PLIES - pieces);
}

export function buildTicTacToeCorpus(seed = 1): TicTacToeCorpus {
  const rng = new Rng(seed);
  const records = buildTicTacToeDataset();
  const planner: string[] = [];
  const player: string[] = [];
  const stats: TicTacToeCorpus['stats'] = {
    positions: records.length, plannerDocs: 0, playerDocs: 0,
    playerDocsByPlan: { canonical: 0, heuristic: 0, random: 0, none: 0 }, blockedDocs: 0, overrides: 0,
  };
  for (const { board } of records) {
    const canonical = canonicalPlan(board);
    const n = copies(board);
    for (let i = 0; i < n; i++) planner.push(`${plannerPrompt(board)}\n${canonical.join(',')}`);
    const legal = legalMoves(board);
    const occupied = [...board].flatMap((ch, i) => (ch === EMPTY ? [] : [i]));
    for (let i = 0; i < n * PLAN_KINDS.length; i++) {
      const kind = PLAN_KINDS[i % PLAN_KINDS.length];
      const plan = kind === 'canonical' ? canonical : kind === 'heuristic' ? heuristicPlan(board) : kind === 'random' ? randomPlan(board, rng) : [];
      let blocked: number[] = [];
      if (rng.next() < 0.25) {
        if (occupied.length > 0 && rng.next() < 0.5) blocked = [rng.pick(occupied)];
        else if (legal.length > 1) blocked = [plan.length > 0 && rng.next() < 0.5 ? Number(planMove(plan[0])) : rng.pick(legal)];
      }
      const answer = playerAnswer(board, plan, blocked);
      player.push(`${playerPrompt(board, plan, blocked.map(String))}\n${answer}`);
      stats.playerDocsByPlan[kind]++;
      if (blocked.length > 0) stats.blockedDocs++;
      if (plan.length > 0 && answer !== Number(planMove(plan[0]))) stats.overrides++;
    }
  }
  stats.plannerDocs = planner.length;
  stats.playerDocs = player.length;
  return { planner: planner.join('\n\n'), player: player.join('\n\n'), stats };
}
