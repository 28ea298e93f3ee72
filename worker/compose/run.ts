// Running a composed module on inputs a person chose (the Compose view's "run it on a signal"):
// through the same sandbox runner as the Judge, with the same limits, and only after the
// Judge's static checks (parsed, structure, resolved, kinds) pass again here, whoever sent the
// code. The module is data until the sandbox runs it; nothing here evaluates it.
import { ENTRY, staticChecks } from './judge.ts';
import { inputArrays, parsePlan, returnKind, type Lookup } from './plan.ts';
import { MAX_INPUT, type SandboxCheck, type SandboxValue } from './sandbox/messages.ts';
import type { SandboxRunner } from './sandbox/runner.ts';

export { MAX_INPUT };

export interface ComposedRunRequest {
  /** The module the Judge passed: `composed`, then each primitive's body. */
  code: string;
  /** The composition it implements, as the plan grammar writes it: says its inputs and its result's kind. */
  plan: string;
  /** One array, or two when the composition's first step takes two (x and y). */
  inputs: readonly (readonly number[])[];
}

/** What stopped a run: its request, one of the Judge's static checks, or the sandbox (a limit, a throw, a bad value). */
export type ComposedRunCheck = 'request' | 'parsed' | 'structure' | 'resolved' | 'kinds' | SandboxCheck;

export type ComposedRunResult =
  | { ok: true; value: SandboxValue; ms: number }
  | { ok: false; check: ComposedRunCheck; message: string; ms?: number };

/** Null when the request can go to the sandbox, else what is wrong with it. */
export function checkRunRequest(request: ComposedRunRequest, lookup: Lookup): { arrays: 1 | 2; returns: 'array' | 'number' } | string {
  if (typeof request.code !== 'string' || request.code === '') return 'there is no code to run';
  const plan = parsePlan(String(request.plan ?? ''), lookup);
  if (!plan.ok || !('composition' in plan)) return `the plan "${request.plan}" is not a composition of known primitives`;
  const arrays = inputArrays(plan.composition, lookup);
  const inputs = request.inputs;
  if (!Array.isArray(inputs) || inputs.length !== arrays) return `composed takes ${arrays === 2 ? 'two arrays (x and y)' : 'one array'}, got ${Array.isArray(inputs) ? inputs.length : 'none'}`;
  for (const [i, input] of inputs.entries()) {
    const name = arrays === 2 ? ['x', 'y'][i] : 'the input';
    if (!Array.isArray(input) || input.length === 0) return `${name} has no numbers`;
    if (input.length > MAX_INPUT) return `${name} has ${input.length} numbers; at most ${MAX_INPUT}`;
    const bad = input.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v));
    if (bad >= 0) return `${name}[${bad}] is ${String(input[bad])}, not a finite number`;
  }
  return { arrays, returns: returnKind(plan.composition, lookup) };
}

/** The Judge's static checks, then `composed(...inputs)` in the sandbox. Never throws for what the code does. */
export async function runComposed(request: ComposedRunRequest, lookup: Lookup, runner: SandboxRunner): Promise<ComposedRunResult> {
  const checked = checkRunRequest(request, lookup);
  if (typeof checked === 'string') return { ok: false, check: 'request', message: checked };
  const failed = staticChecks(request.code, { lookup, returns: checked.returns }).find((c) => !c.ok);
  if (failed) return { ok: false, check: failed.name as ComposedRunCheck, message: failed.message };
  const result = await runner.run({ code: request.code, entry: ENTRY, args: request.inputs.map((input) => [...input]) });
  return result.ok ? { ok: true, value: result.value, ms: result.ms } : { ok: false, check: result.check, message: result.message, ms: result.ms };
}
