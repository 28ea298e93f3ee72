// Other decompositions of the same computation, for replanning (seed 000, section 9.5): when
// a primitive (or the wiring of a plan holding it) comes back below the confidence threshold,
// the Planner, seeing `blocked=NAME(low_conf)`, answers the plan with that primitive spelled as
// an equivalent chain of others, or `none` when the library has no other way to compute it.
// tests/compose/equivalents.test.ts checks each against the references (relative error 1e-9).

import type { Composition, Step } from './types.ts';

type Rewrite = (args: readonly number[]) => Step[] | null;

const step = (name: string, ...args: number[]): Step => ({ name, args });

export const EQUIVALENTS: Readonly<Record<string, Rewrite>> = {
  zscore: () => [step('demean'), step('unit_std')],
  variance: () => [step('demean'), step('square'), step('mean')],
  energy: () => [step('square'), step('total')],
  mean_abs: () => [step('abs_values'), step('mean')],
  power_spectrum: () => [step('dft_magnitude'), step('square')],
  negate: () => [step('scale', -1)],
};

/** The step as another chain, or null when there is none. */
export function equivalentOf(s: Step): Step[] | null {
  return EQUIVALENTS[s.name]?.(s.args) ?? null;
}

/**
 * The composition with the first step whose name is in `avoid` (and has an equivalent) spelled
 * the other way; null when a step to avoid has no equivalent.
 */
export function rewriteAvoiding(composition: Composition, avoid: ReadonlySet<string>): Step[] | null {
  const out: Step[] = [];
  for (const s of composition) {
    if (!avoid.has(s.name)) {
      out.push(s);
      continue;
    }
    const alt = equivalentOf(s);
    if (alt === null || alt.some((a) => avoid.has(a.name))) return null;
    out.push(...alt);
  }
  return out;
}
