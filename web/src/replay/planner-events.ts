// What the Planner's events add to any game's replay: its call as the calls panel shows it,
// and its line in the event log. The game's replay builder keeps its own kanban and counts.
import type { EventOf } from '../../../worker/orchestrator/events.ts';
import type { LogKind, LogWho, OrganelleCall } from './types.ts';
import { plansApart } from '../../../worker/orchestrator/planner.ts';
import { capitalized } from '../lib/format.ts';

export type PlannerEvent = EventOf<'plan_generated'> | EventOf<'plan_rejected'> | EventOf<'plan_fallback'>;

/** A log entry before it is placed in a frame. */
export interface LogLine {
  kind: LogKind;
  who: LogWho;
  text: string;
  confidence?: number;
}

/** How a game reads a plan's items to a person; by default, as written. */
export type PlanReader = (plan: readonly string[]) => string;
const asWritten: PlanReader = (plan) => plan.join(', ');

/** The Planner's call: a plan it wrote, or output the Judge refused (`requested`: the prompt of plan_requested). */
export function plannerCall(
  e: EventOf<'plan_generated'> | EventOf<'plan_rejected'>, requested: string, frame: number, read: PlanReader = asWritten,
): OrganelleCall {
  return e.type === 'plan_generated'
    ? { prompt: e.prompt, output: e.output, meaning: `plan: ${read(e.plan)}`, confidence: e.confidence, frame }
    : { prompt: requested, output: e.output, meaning: 'refused', confidence: 0, frame };
}

const quoted = (plans: readonly string[]) => plans.map((v) => `“${v}”`).join(' and ');

/**
 * Several Planners answering as one (compose's two) that wrote different plans and planned
 * nothing: "no agreement: the Planners wrote “A” and “B”"; null when they agreed, there was
 * one, or their plans were weighed into one (weighedPlans).
 */
export function noAgreement(e: EventOf<'plan_generated'>): string | null {
  const apart = plansApart(e.votes);
  return apart.length > 0 && e.plan.length === 0 ? `no agreement: the Planners wrote ${quoted(apart)}` : null;
}

/** Different plans weighed into one (compose's two Planners): "the Planners wrote “A” and “B”, both surer of the first"; else null. */
export function weighedPlans(e: EventOf<'plan_generated'>): string | null {
  const apart = plansApart(e.votes);
  if (apart.length === 0 || e.plan.length === 0) return null;
  return `the Planners wrote ${quoted(apart)}, both surer of “${e.output}”`;
}

export function plannerLine(e: PlannerEvent, read: PlanReader = asWritten): LogLine {
  switch (e.type) {
    case 'plan_generated': {
      const votes = e.votes ?? [];
      const apart = noAgreement(e);
      const weighed = weighedPlans(e);
      const attempt = e.attempt > 1 ? `, attempt ${e.attempt}` : '';
      const text = apart !== null
        ? `${capitalized(apart)}${attempt}`
        : weighed !== null
          ? `Plan: ${read(e.plan)} (${weighed}${attempt})`
          : `Plan: ${read(e.plan)} (${votes.length > 1 ? `all ${votes.length} Planners wrote` : 'wrote'} “${e.output}”${attempt})`;
      return { kind: 'plan', who: 'Planner', confidence: e.confidence, text };
    }
    case 'plan_rejected':
      return { kind: 'plan-rejected', who: 'Judge', text: `Refused the plan “${e.output}”: ${e.reason}` };
    case 'plan_fallback':
      return { kind: 'plan-fallback', who: 'Fallback', text: `Heuristic plan: ${read(e.plan) || 'none'} (${e.reason})` };
  }
}
