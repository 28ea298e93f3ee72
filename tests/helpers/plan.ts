// A plan written as the Planner writes it (`rolling_mean(5)|diff_central`), as a composition of
// the shipped library; a plan the grammar refuses, or `none`, throws, naming it.
import { parsePlan } from '../../worker/compose/plan.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import type { Composition } from '../../worker/compose/types.ts';

export function plan(text: string): Composition {
  const p = parsePlan(text, COMPOSE_LIBRARY.lookup);
  if (!p.ok || !('composition' in p)) throw new Error(`bad plan ${text}`);
  return p.composition;
}
