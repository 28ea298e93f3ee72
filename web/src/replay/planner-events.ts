// What the Planner's events add to any game's replay: its call as the calls panel shows it,
// and its line in the event log. The game's replay builder keeps its own kanban and counts.
import type { EventOf } from '../../../worker/orchestrator/events.ts';
import type { LogKind, LogWho, OrganelleCall } from './types.ts';
import { agreedBy, plansApart } from '../../../worker/orchestrator/planner.ts';
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
 * Several Planners answering as one (compose's two) that wrote different plans and did not
 * weigh them: "no agreement: the Planners wrote “A” and “B”"; null when they agreed, there was
 * one, or their plans were weighed (weighedPlans).
 */
export function noAgreement(e: EventOf<'plan_generated'>): string | null {
  const apart = plansApart(e.votes);
  return apart.length > 0 && e.weighed === undefined ? `no agreement: the Planners wrote ${quoted(apart)}` : null;
}

/** Different plans weighed (compose's two Planners): "the Planners wrote “A” and “B”, weighed 0.40 and 0.95"; else null. */
export function weighedPlans(e: EventOf<'plan_generated'>): string | null {
  if (e.weighed === undefined || e.votes === undefined) return null;
  return `the Planners wrote ${quoted(e.votes)}, weighed ${e.weighed.map((w) => w.toFixed(2)).join(' and ')}`;
}

export function plannerLine(e: PlannerEvent, read: PlanReader = asWritten): LogLine {
  switch (e.type) {
    case 'plan_generated': {
      const votes = e.votes ?? [];
      const attempt = e.attempt > 1 ? `, attempt ${e.attempt}` : '';
      const apart = noAgreement(e);
      if (apart !== null) return { kind: 'plan', who: 'Planner', confidence: e.confidence, text: `${capitalized(apart)}${attempt}` };
      const weighed = weighedPlans(e);
      const wrote = weighed ?? `${votes.length > 1 ? `${agreedBy(votes.length)} wrote` : 'wrote'} “${e.output}”`;
      // compose's Readers say how sure the surer of them is that nothing known builds it
      const none = e.none !== undefined ? `; their confidence in none ${e.none.toFixed(3)}` : '';
      const text = e.plan.length > 0 || weighed === null ? `Plan: ${read(e.plan)} (${wrote}${attempt}${none})` : `${capitalized(weighed)}: no plan${attempt}`;
      return { kind: 'plan', who: 'Planner', confidence: e.confidence, text };
    }
    case 'plan_rejected':
      return { kind: 'plan-rejected', who: 'Judge', text: `Refused the plan “${e.output}”: ${e.reason}` };
    case 'plan_fallback':
      return { kind: 'plan-fallback', who: 'Fallback', text: `Heuristic plan: ${read(e.plan) || 'none'} (${e.reason})` };
  }
}
