// The other spellings a replan may use (worker/compose/equivalents.ts): each computes what the
// primitive it replaces computes, through the library's TypeScript references on the Judge's
// inputs (evaluate.ts referenceOutput, relative error 1e-9), for every argument on the
// parameter grid; and rewriteAvoiding spells a composition around blocked names, or gives up
// (null) when a blocked name has no other spelling.
import { describe, expect, it } from 'vitest';
import { EQUIVALENTS, equivalentOf, rewriteAvoiding } from '../../worker/compose/equivalents.ts';
import { referenceOutput } from '../../worker/compose/evaluate.ts';
import { COMPOSE_LIBRARY as LIB } from '../../worker/compose/library.ts';
import { checkChain, formatPlan } from '../../worker/compose/plan.ts';
import type { ParamSpec, Step } from '../../worker/compose/types.ts';

const step = (name: string, ...args: number[]): Step => ({ name, args });
const TOLERANCE = 1e-9;

/** Every point of the parameters' grids (the cartesian product; one empty point for none). */
function grid(params: readonly ParamSpec[]): number[][] {
  return params.reduce<number[][]>((points, spec) => {
    const values = Array.from({ length: Math.round((spec.max - spec.min) / spec.step) + 1 }, (_, i) => Number((spec.min + i * spec.step).toFixed(6)));
    return points.flatMap((p) => values.map((v) => [...p, v]));
  }, [[]]);
}

/** The largest relative difference, element by element (Infinity when the shapes differ). */
function maxRelativeError(a: number | number[], b: number | number[]): number {
  const xs = typeof a === 'number' ? [a] : a;
  const ys = typeof b === 'number' ? [b] : b;
  if (typeof a !== typeof b || xs.length !== ys.length) return Infinity;
  return Math.max(0, ...xs.map((x, i) => Math.abs(x - ys[i]) / Math.max(1, Math.abs(x))));
}


describe('EQUIVALENTS', () => {
  it('names only primitives of the library, and spells each with others that chain', () => {
    for (const name of Object.keys(EQUIVALENTS)) {
      const p = LIB.lookup(name);
      expect(p, name).toBeDefined();
      const alt = EQUIVALENTS[name](p!.params.map((s) => s.default));
      if (alt === null) continue;
      expect(checkChain(alt, LIB.lookup), `${name} -> ${formatPlan(alt)}`).toBeNull();
      // the same kinds in and out as the primitive replaced
      expect(LIB.lookup(alt[0].name)!.arrays, name).toBe(p!.arrays);
      expect(LIB.lookup(alt[alt.length - 1].name)!.returns, name).toBe(p!.returns);
    }
  });

  for (const name of Object.keys(EQUIVALENTS)) {
    it(`${name}: computes the same at every argument of its grid`, () => {
      const p = LIB.lookup(name)!;
      let compared = 0;
      for (const args of grid(p.params)) {
        const original = [step(name, ...args)];
        const alt = equivalentOf(original[0]);
        expect(alt, `${name}(${args})`).not.toBeNull();
        if (alt === null) continue;
        const error = maxRelativeError(referenceOutput(original, LIB.lookup), referenceOutput(alt, LIB.lookup));
        expect(error, `${formatPlan(original)} vs ${formatPlan(alt)}`).toBeLessThanOrEqual(TOLERANCE);
        compared++;
      }
      expect(compared, name).toBeGreaterThan(0);
    });
  }

  it('the same inside a chain: before and after other steps', () => {
    const chains = [
      [step('rolling_mean', 5), step('zscore'), step('energy')],
      [step('vec_sub'), step('negate'), step('mean_abs')],
      [step('hann_window'), step('power_spectrum'), step('variance')],
      [step('cumsum'), step('downsample', 6), step('diff_forward')],
    ];
    for (const chain of chains) {
      for (const [i, s] of chain.entries()) {
        const alt = equivalentOf(s);
        if (alt === null) continue;
        const rewritten = [...chain.slice(0, i), ...alt, ...chain.slice(i + 1)];
        const error = maxRelativeError(referenceOutput(chain, LIB.lookup), referenceOutput(rewritten, LIB.lookup));
        expect(error, `${formatPlan(chain)} vs ${formatPlan(rewritten)}`).toBeLessThanOrEqual(TOLERANCE);
      }
    }
  });
});

describe('rewriteAvoiding', () => {
  const plan = [step('rolling_mean', 5), step('zscore'), step('energy')];

  it('spells each blocked name with its equivalent, keeping the rest in place', () => {
    expect(formatPlan(rewriteAvoiding(plan, new Set(['zscore']))!)).toBe('rolling_mean(5)|demean|unit_std|energy');
    expect(formatPlan(rewriteAvoiding(plan, new Set(['zscore', 'energy']))!)).toBe('rolling_mean(5)|demean|unit_std|square|total');
    // a name the plan does not use changes nothing
    expect(rewriteAvoiding(plan, new Set(['median']))).toEqual(plan);
    expect(rewriteAvoiding(plan, new Set())).toEqual(plan);
  });

  it('returns null when a blocked name has no equivalent', () => {
    expect(rewriteAvoiding(plan, new Set(['rolling_mean']))).toBeNull();
    expect(rewriteAvoiding(plan, new Set(['zscore', 'rolling_mean']))).toBeNull();
    expect(rewriteAvoiding([step('downsample', 5)], new Set(['downsample']))).toBeNull();
    for (const p of LIB.primitives) {
      if (p.name in EQUIVALENTS) continue;
      expect(rewriteAvoiding([step(p.name, ...p.params.map((s) => s.default))], new Set([p.name])), p.name).toBeNull();
    }
  });

  it('returns null when the equivalent itself uses a blocked name', () => {
    expect(rewriteAvoiding(plan, new Set(['zscore', 'demean']))).toBeNull();
    expect(rewriteAvoiding([step('variance')], new Set(['variance', 'mean']))).toBeNull();
  });
});
