// The library as the pipeline, the sets and the corpora use it: the primitives in their fixed
// order, and a lookup that answers undefined for a name it does not hold (a Planner may write
// anything; the plan grammar says what is wrong with it).
import { PRIMITIVES } from './primitives/index.ts';
import type { Library } from './sets.ts';

const BY_NAME = new Map(PRIMITIVES.map((p) => [p.name, p]));

export const COMPOSE_LIBRARY: Library = {
  primitives: PRIMITIVES,
  lookup: (name) => BY_NAME.get(name),
};

/** What a plan is written in beside numbers and punctuation: each a single unit of a subword Planner (worker/model/subword.ts). */
export const PLAN_UNITS: readonly string[] = [...PRIMITIVES.map((p) => p.name), 'none', 'low_conf'];
