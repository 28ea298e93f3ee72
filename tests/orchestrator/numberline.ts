// A toy puzzle for the orchestrator tests: walk from n to 0 on the integers -6..6 with moves
// -2, -1, +1, +2, plus scripted fake organelles. Small enough to reason about every event.
import type { Completion, Organelle } from '../../worker/orchestrator/types.ts';
import { encodeKanban } from '../../worker/orchestrator/kanban.ts';
import type { PuzzleAdapter } from '../../worker/orchestrator/loop.ts';

export const MOVES = ['-2', '-1', '+1', '+2'];
export const BOUND = 6;

const INVERSE: Record<string, string> = { '-2': '+2', '+2': '-2', '-1': '+1', '+1': '-1' };

/** The shortest walk to 0: steps of 2 while they fit, then one of 1. */
export function greedyPath(n: number): string[] {
  const path: string[] = [];
  while (n !== 0) {
    const step = n >= 2 ? -2 : n === 1 ? -1 : n <= -2 ? 2 : 1;
    path.push(step > 0 ? `+${step}` : String(step));
    n += step;
  }
  return path;
}

/** Reads n back out of a prompt that starts with `n=<int>`. */
export function promptN(prompt: string): number {
  const m = /^n=(-?\d+)/.exec(prompt);
  if (!m) throw new Error(`test prompt without n=: ${prompt}`);
  return Number(m[1]);
}

export const numberLine: PuzzleAdapter<number> = {
  game: 'numberline',
  describe: (n) => `n=${n}`,
  isGoal: (n) => n === 0,
  progress: (n) => Math.abs(n),
  legalMoves: (n) => MOVES.filter((m) => Math.abs(n + Number(m)) <= BOUND),
  apply: (n, move) => n + Number(move),
  inverse: (move) => INVERSE[move],
  plannerPrompt: (n, k, attempt) => `n=${n}|${encodeKanban(k, ['done', 'blocked', 'last'])}${attempt > 1 ? '|strict' : ''}`,
  parsePlan: (output) => {
    const m = /^plan=((?:[+-][12])(?:,[+-][12])*)?$/.exec(output.trim());
    if (!m) return { ok: false, reason: `expected plan=<moves>, got '${output}'` };
    return { ok: true, plan: m[1] ? m[1].split(',') : [] };
  },
  heuristicPlan: (n) => greedyPath(n),
  moverPrompt: (n, k) => `n=${n}|${encodeKanban(k, ['doing', 'blocked', 'last'])}`,
  parseMove: (output) => (MOVES.includes(output.trim()) ? output.trim() : null),
  fallbackMove: (n, _k, avoid) => {
    // closest to 0 first, ties in MOVES order: deterministic
    const options = MOVES.filter((m) => Math.abs(n + Number(m)) <= BOUND && !avoid.has(m));
    options.sort((a, b) => Math.abs(n + Number(a)) - Math.abs(n + Number(b)));
    return options[0] ?? null;
  },
};

/** The same game without the inverse: only the period checks guard against loops. */
export const numberLineNoInverse: PuzzleAdapter<number> = (() => {
  const { inverse, ...rest } = numberLine;
  void inverse;
  return rest;
})();

export function completion(text: string, confidence = 1, votes?: string[]): Completion {
  return votes ? { text, confidence, votes } : { text, confidence };
}

/** Answers with the greedy move for the n in the prompt. */
export const perfectMover: Organelle = (prompt) => completion(greedyPath(promptN(prompt))[0] ?? '');

/** Answers with the whole greedy path for the n in the prompt. */
export const perfectPlanner: Organelle = (prompt) => completion(`plan=${greedyPath(promptN(prompt)).join(',')}`, 0.9);

/** Cycles through fixed outputs, remembering every prompt it was given. */
export function scripted(outputs: readonly string[], confidence = 0.5): Organelle & { prompts: string[] } {
  const prompts: string[] = [];
  const fn = (prompt: string): Completion => {
    const text = outputs[prompts.length % outputs.length];
    prompts.push(prompt);
    return completion(text, confidence);
  };
  return Object.assign(fn, { prompts });
}
