// Plan validation with one retry and a heuristic fallback (seed 002): a tiny Planner drifts,
// so its output is checked against the pipeline's plan grammar; malformed output gets exactly
// one more attempt (the prompt builder may make it stricter), then the deterministic heuristic
// plan is used. The event stream says which of the three happened. Every loop (the puzzle, the
// two-player games, code composition's tasks) plans through planOrHeuristic.
//
// A plan is a list of kanban items for the games; code composition parses its Planner's answer
// into a richer value (a composition, or a refusal) and says how it reads as items (`items`).

import type { Emit } from './events.ts';
import type { Completion, Organelle } from './types.ts';

/**
 * The different plans several Planners answering as one wrote (a Completion's `votes`, as
 * compose's two give them), or none when they wrote the same or there was one Planner.
 */
export function plansApart(votes: readonly string[] | undefined): string[] {
  const distinct = [...new Set(votes ?? [])];
  return distinct.length > 1 ? distinct : [];
}

/** Who wrote a plan several Planners agreed on: "both Planners", "all 3 Planners". */
export function agreedBy(planners: number): string {
  return planners === 2 ? 'both Planners' : `all ${planners} Planners`;
}

export type PlanParse<P = string[]> = { ok: true; plan: P } | { ok: false; reason: string };

export interface PlanRequest<P = string[]> {
  /** Calls the Planner organelle; attempt is 1 or 2. May throw (engine failure): that attempt fails. */
  ask(prompt: string, attempt: number): Completion;
  buildPrompt(attempt: number): string;
  parse(output: string): PlanParse<P>;
  heuristic(): P;
  /** The plan as the items events carry; plans that are item lists need not say. */
  items?(plan: P): string[];
}

export type PlanOutcome<P = string[]> =
  | { source: 'model'; plan: P; attempt: number; completion: Completion }
  | { source: 'fallback'; plan: P };

/** Two attempts at most, so one bad sample cannot sink a run and a broken Planner costs little. */
export const PLAN_ATTEMPTS = 2;

function itemsOf<P>(request: Pick<PlanRequest<P>, 'items'>, plan: P): string[] {
  return request.items ? request.items(plan) : [...(plan as unknown as string[])];
}

export function planWithRetry<P = string[]>(request: PlanRequest<P>, emit: Emit): PlanOutcome<P> {
  for (let attempt = 1; attempt <= PLAN_ATTEMPTS; attempt++) {
    const prompt = request.buildPrompt(attempt);
    emit('plan_requested', { prompt, attempt });
    let completion: Completion;
    try {
      completion = request.ask(prompt, attempt);
    } catch (err) {
      // an engine failure is treated like malformed output: the heuristic keeps the run alive
      emit('plan_rejected', { output: '', reason: `planner failed: ${(err as Error).message}`, attempt });
      continue;
    }
    const parsed = request.parse(completion.text);
    if (parsed.ok) {
      const plan = parsed.plan;
      emit('plan_generated', {
        prompt, output: completion.text, plan: itemsOf(request, plan), attempt, confidence: completion.confidence,
        // several Planners answering as one (compose's two): what each wrote
        ...(completion.votes ? { votes: completion.votes } : {}),
        // and, when their different plans were weighed, how each came out
        ...(completion.weighed ? { weighed: completion.weighed } : {}),
        // and, when they were asked, how sure the surest of them is that nothing known builds it
        ...(completion.none !== undefined ? { none: completion.none } : {}),
      });
      return { source: 'model', plan, attempt, completion };
    }
    emit('plan_rejected', { output: completion.text, reason: parsed.reason, attempt });
  }
  const plan = request.heuristic();
  emit('plan_fallback', { reason: 'planner rejected twice', plan: itemsOf(request, plan) });
  return { source: 'fallback', plan };
}

/**
 * The Planner's plan through planWithRetry or, without a Planner (the ablation), the heuristic
 * straight away, reported as a 'no planner' fallback.
 */
export function planOrHeuristic<P = string[]>(
  planner: Organelle | undefined,
  request: Omit<PlanRequest<P>, 'ask'>,
  emit: Emit,
): PlanOutcome<P> {
  if (planner === undefined) {
    const plan = request.heuristic();
    emit('plan_fallback', { reason: 'no planner', plan: itemsOf(request, plan) });
    return { source: 'fallback', plan };
  }
  const ask = (prompt: string, attempt: number) => planner(prompt, attempt);
  return planWithRetry<P>({ ...request, ask }, emit);
}
