// A composition as text, the way the Planner writes it and `--intents FILE` gives it:
// primitive names in order of application joined by '|', each with its numeric arguments in
// parentheses where it takes any: `rolling_mean(5)|diff_central`, `clamp(-1,1)|zscore`.
// A Planner that knows the intent is outside what it knows answers `none`.
//
// parsePlan is the plan grammar the orchestrator checks every Planner answer against: known
// names, the right number of arguments, each in its range and of its kind, and a chain whose
// kinds fit (only the first step may take two arrays; a step returning a number ends it).

import type { Composition, Primitive, Step, ValueKind } from './types.ts';

/** The Planner's answer for an intent it does not know. */
export const REFUSAL = 'none';

/** Longest chain the grammar accepts: intents name 1-3 steps; a replan may spell one as two. */
export const MAX_STEPS = 5;

export type Lookup = (name: string) => Primitive | undefined;

export type ParsedPlan =
  | { ok: true; composition: Composition }
  | { ok: true; refusal: true }
  | { ok: false; reason: string };

const STEP = /^([a-z][a-z0-9_]*)(?:\(([^()]*)\))?$/;
const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** Reads a plan, checking it against the library; the reason names the first problem. */
export function parsePlan(text: string, lookup: Lookup): ParsedPlan {
  const trimmed = text.trim();
  if (trimmed === REFUSAL) return { ok: true, refusal: true };
  if (trimmed === '') return { ok: false, reason: 'the plan is empty' };
  const parts = trimmed.split('|');
  if (parts.length > MAX_STEPS) return { ok: false, reason: `the plan has ${parts.length} steps; at most ${MAX_STEPS}` };
  const steps: Step[] = [];
  for (const [i, part] of parts.entries()) {
    const m = STEP.exec(part);
    if (!m) return { ok: false, reason: `step ${i + 1} "${part}" is not NAME or NAME(ARGS)` };
    const [, name, argText] = m;
    const primitive = lookup(name);
    if (!primitive) return { ok: false, reason: `step ${i + 1}: no primitive is called "${name}"` };
    const raw = argText === undefined || argText === '' ? [] : argText.split(',');
    if (raw.length !== primitive.params.length) {
      return { ok: false, reason: `step ${i + 1}: ${name} takes ${primitive.params.length} argument(s), got ${raw.length}` };
    }
    const args: number[] = [];
    for (const [j, value] of raw.entries()) {
      const spec = primitive.params[j];
      if (!NUMBER.test(value)) return { ok: false, reason: `step ${i + 1}: ${name}'s ${spec.name} "${value}" is not a number` };
      const n = Number(value);
      if (spec.kind === 'int' && !Number.isInteger(n)) return { ok: false, reason: `step ${i + 1}: ${name}'s ${spec.name} must be a whole number, got ${value}` };
      if (n < spec.min || n > spec.max) {
        return { ok: false, reason: `step ${i + 1}: ${name}'s ${spec.name} must be within ${spec.min}..${spec.max}, got ${value}` };
      }
      args.push(n);
    }
    steps.push({ name, args });
  }
  const chain = checkChain(steps, lookup);
  return chain === null ? { ok: true, composition: steps } : { ok: false, reason: chain };
}

/** Null when each step can take the previous one's result, else why not. */
export function checkChain(steps: Composition, lookup: Lookup): string | null {
  let previous: ValueKind | null = null;
  for (const [i, step] of steps.entries()) {
    const p = lookup(step.name);
    if (!p) return `step ${i + 1}: no primitive is called "${step.name}"`;
    if (i > 0 && p.arrays === 2) return `step ${i + 1}: ${step.name} takes two arrays, so it can only come first`;
    if (previous === 'number') return `step ${i + 1}: ${steps[i - 1].name} returns a number, which ${step.name} cannot take`;
    previous = p.returns;
  }
  return null;
}

/** The primitive called `name`, or an Error naming it when the library has none. */
export function primitiveOf(name: string, lookup: Lookup): Primitive {
  const p = lookup(name);
  if (!p) throw new Error(`no primitive is called "${name}"`);
  return p;
}

/** A composition's declared result kind: its last step's. */
export function returnKind(steps: Composition, lookup: Lookup): ValueKind {
  return primitiveOf(steps[steps.length - 1].name, lookup).returns;
}

/** How many arrays the composed function takes: the first step's. */
export function inputArrays(steps: Composition, lookup: Lookup): 1 | 2 {
  return primitiveOf(steps[0].name, lookup).arrays;
}

/** Numbers as intents and plans write them: no exponent, no trailing zeros, -0 as 0. */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`plan: ${n} is not a finite number`);
  if (Object.is(n, -0)) return '0';
  // a parameter's step is at most two decimals, so rounding there only removes float noise
  return String(Math.round(n * 1e6) / 1e6);
}

function formatStep(step: Step): string {
  return step.args.length === 0 ? step.name : `${step.name}(${step.args.map(formatNumber).join(',')})`;
}

export function formatPlan(steps: Composition): string {
  return steps.map(formatStep).join('|');
}

export function sameComposition(a: Composition, b: Composition): boolean {
  return formatPlan(a) === formatPlan(b);
}
