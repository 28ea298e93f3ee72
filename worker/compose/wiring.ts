// The Wiring organelle's prompt and the function it writes. The prompt carries the plan's
// primitives with their signatures, so a composition no corpus holds can still be wired:
//
//   rolling_mean(a,w=5)>a|diff_central(a)>a
//   -> function composed(x){const a=rolling_mean(x,5);const b=diff_central(a);return b}
//
// Each step is `name(arrays, param=value...)>returns`, `a` an array and `n` a number. The
// composed function takes x (and y when the first step takes two arrays), calls the steps in
// order on the result so far, and returns the last result. The module handed to the Judge is
// that function followed by each primitive's body, one function per line.

import { formatNumber, inputArrays, primitiveOf, type Lookup } from './plan.ts';
import type { Composition } from './types.ts';

export const ENTRY = 'composed';

const RESULT_NAMES = 'abcdefgh';

export function wiringPrompt(composition: Composition, lookup: Lookup): string {
  return composition
    .map((step) => {
      const p = primitiveOf(step.name, lookup);
      const args = [...Array(p.arrays).fill('a'), ...p.params.map((spec, i) => `${spec.name}=${formatNumber(step.args[i])}`)];
      return `${step.name}(${args.join(',')})>${p.returns === 'array' ? 'a' : 'n'}`;
    })
    .join('|');
}

/** The wiring a correct Wiring organelle writes: the corpus's answer and the no-model baseline's. */
export function wireComposition(composition: Composition, lookup: Lookup): string {
  if (composition.length > RESULT_NAMES.length) throw new Error(`a composition of ${composition.length} steps is too long to wire`);
  for (const step of composition) primitiveOf(step.name, lookup);
  const inputs = inputArrays(composition, lookup) === 2 ? ['x', 'y'] : ['x'];
  const statements = composition.map((step, i) => {
    const arrays = i === 0 ? inputs : [RESULT_NAMES[i - 1]];
    return `const ${RESULT_NAMES[i]}=${step.name}(${[...arrays, ...step.args.map(formatNumber)].join(',')});`;
  });
  return `function ${ENTRY}(${inputs.join(',')}){${statements.join('')}return ${RESULT_NAMES[composition.length - 1]}}`;
}

/** The module the Judge checks: the wiring, then each primitive's body once, in plan order. */
export function assembleModule(wiring: string, bodies: ReadonlyMap<string, string>): string {
  return [wiring, ...bodies.values()].join('\n');
}

/** The primitives a composition needs bodies for, each once, in order of first use. */
export function neededPrimitives(composition: Composition): string[] {
  return [...new Set(composition.map((s) => s.name))];
}

/** A composition's module as the library writes it: its correct wiring and its primitives' own bodies. */
export function libraryModule(composition: Composition, lookup: Lookup): string {
  return assembleModule(wireComposition(composition, lookup), new Map(neededPrimitives(composition).map((name) => [name, primitiveOf(name, lookup).body])));
}
