// Plan validation with one retry and a heuristic fallback (seed 002): a tiny Planner drifts,
// so its output is checked against the game's plan grammar; malformed output gets exactly one
// more attempt (the prompt builder may make it stricter), then the deterministic heuristic
// plan is used. The event stream says which of the three happened.

import type { Emit } from './events.ts';
import type { Completion } from './types.ts';

export type PlanParse = { ok: true; plan: string[] } | { ok: false; reason: string };

export interface PlanRequest {
  /** Calls the Planner organelle; attempt is 1 or 2. May throw (engine failure): that attempt fails. */
  ask(prompt: string, attempt: number): Completion;
  buildPrompt(attempt: number): string;
  parse(output: string): PlanParse;
  heuristic(): string[];
}

export type PlanOutcome =
  | { source: 'model'; plan: string[]; attempt: number; completion: Completion }
  | { source: 'fallback'; plan: string[] };

/** Two attempts at most, so one bad sample cannot sink a run and a broken Planner costs little. */
export const PLAN_ATTEMPTS = 2;

export function planWithRetry(request: PlanRequest, emit: Emit): PlanOutcome {
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
      const plan = [...parsed.plan];
      emit('plan_generated', { prompt, output: completion.text, plan, attempt, confidence: completion.confidence });
      return { source: 'model', plan, attempt, completion };
    }
    emit('plan_rejected', { output: completion.text, reason: parsed.reason, attempt });
  }
  const plan = request.heuristic();
  emit('plan_fallback', { reason: 'planner rejected twice', plan: [...plan] });
  return { source: 'fallback', plan };
}
