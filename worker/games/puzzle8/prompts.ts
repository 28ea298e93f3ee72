// The 8-puzzle organelles' wire format: pipe-separated prompts and one-line answers.
// Directions are single letters (u d l r: where the blank moves) and the board leads
// without a key, so a prompt stays short: every character is a position the model
// processes in training and at every move, and epochs are what a 5-minute budget buys.
//
//   Planner  412053786|blocked=                      -> ulrd   (the next 1-4 moves)
//   Mover    412053786|plan=ulrd|blocked=r|last=ld   -> u
//
// The reference project's md-delta features (Manhattan distance after each move) are left
// out: the board determines them, and measured, they bought less than the tokens cost.
import { applyMove, DIRECTIONS, manhattan, opposite, type Board, type Direction } from './board.ts';

export const LETTER: Record<Direction, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };
const BY_LETTER: Record<string, Direction> = { u: 'up', d: 'down', l: 'left', r: 'right' };

export const PLAN_MAX = 4;

export function letters(moves: readonly Direction[]): string {
  return moves.map((m) => LETTER[m]).join('');
}

export function directionOf(letter: string): Direction | undefined {
  return BY_LETTER[letter];
}

/** Manhattan distance after each direction, 'x' where the blank cannot go (the reference's md-delta; the benchmark corpus uses it). */
export function mdAfterMoves(board: Board): string {
  return DIRECTIONS.map((d) => {
    const next = applyMove(board, d);
    return next === null ? 'x' : String(manhattan(next));
  }).join(',');
}

export interface PlannerView {
  board: Board;
  blocked: readonly Direction[];
}

export interface MoverView extends PlannerView {
  plan: readonly Direction[];
  last: readonly Direction[];
}

export function plannerPrompt(v: PlannerView): string {
  return `${v.board}|blocked=${letters(v.blocked)}`;
}

export function moverPrompt(v: MoverView): string {
  return `${v.board}|plan=${letters(v.plan.slice(0, PLAN_MAX))}|blocked=${letters(v.blocked)}|last=${letters(v.last)}`;
}

/** A Mover answer is exactly one direction letter. */
export function parseMove(text: string): Direction | null {
  return text.length === 1 ? (directionOf(text) ?? null) : null;
}

export type PlanParse = { ok: true; plan: Direction[] } | { ok: false; reason: string };

/**
 * Whether a Planner answer is no plan at all: no moves written. It is no malformed plan but a
 * Planner with nothing to offer: the shipped one answers so on the held-out board 123405786,
 * two moves from the goal, a board it never saw and for which the corpus's own rule would
 * give no plan either (canonicalPlan decides no move at a held-out board); in solves of 1,000
 * random held-out boards (seed 1) these were all 338 of its answers parsePlan refused. The
 * grammar refuses it as it refuses any answer outside 1-4 moves, so the orchestrator asks once
 * more and then takes the heuristic plan, as before; replays and the CLI say it as no plan
 * rather than as an error. The refusal's words stay as they are: a share link pins its run's
 * events, reasons included (share/solve-link.ts traceDigest).
 */
export function isNoPlan(text: string): boolean {
  return text === '';
}

/**
 * The Planner's grammar: 1-4 direction letters that form a legal walk from `board`, that
 * never undoes its own previous step, and whose first step is not blocked. No letters at all
 * is no plan (isNoPlan), refused with the same words as too many.
 */
export function parsePlan(text: string, board: Board, blocked: readonly Direction[] = []): PlanParse {
  if (text.length < 1 || text.length > PLAN_MAX) return { ok: false, reason: `plan "${text}" must have 1-${PLAN_MAX} moves` };
  const plan: Direction[] = [];
  let b: Board | null = board;
  for (const ch of text) {
    const d = directionOf(ch);
    if (!d) return { ok: false, reason: `plan "${text}" has "${ch}", not one of u d l r` };
    if (plan.length > 0 && d === opposite(plan[plan.length - 1])) return { ok: false, reason: `plan "${text}" undoes its own move` };
    b = applyMove(b!, d);
    if (b === null) return { ok: false, reason: `plan "${text}" moves the blank off the board at step ${plan.length + 1}` };
    plan.push(d);
  }
  if (blocked.includes(plan[0])) return { ok: false, reason: `plan "${text}" starts with blocked move ${plan[0]}` };
  return { ok: true, plan };
}

