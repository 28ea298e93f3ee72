// The code-composition Judge (seed 000, section 9): deterministic, no model in it. It reads a
// module of one-line functions (the Wiring organelle's `composed`, then each primitive's body
// as the Code organelle recalled it) and decides, check by check, stopping at the first that
// fails:
//   parsed     acorn parses it (ES2020, a script)
//   structure  only function declarations; one `composed`; every other one a known primitive
//              with exactly its parameter count
//   resolved   every name is a local, a declared function or an allowed global; every call,
//              member and operator is on an allowlist (no strings can be written or built)
//   kinds      inside composed: arrays and numbers go where each primitive's signature says
//   ran        it runs in the QuickJS sandbox on the fixed inputs (judge-inputs.ts) within
//              the time and memory limits
//   returned   it returned the kind the composition declares
//   finite     every number it returned is finite
//   matches    (evaluation only) it equals the expected output, within 1e-9 relative
// Generated code is data here: it is parsed, never evaluated; only the sandbox runs it.
// The static checks live in judge/ (structure.ts: parsed and structure; resolved.ts with
// allowlists.ts; kinds.ts); this file runs them in order, then the runtime checks.
import type { ValueKind } from './types.ts';
import type { SandboxRunner } from './sandbox/runner.ts';
import type { SandboxValue } from './sandbox/messages.ts';
import { JUDGE_INPUTS } from './judge-inputs.ts';
import { ENTRY } from './wiring.ts';
import { describeKind, kinds } from './judge/kinds.ts';
import { plural, Refusal, type Passed } from './judge/messages.ts';
import { resolved } from './judge/resolved.ts';
import { parsed, structure, type PrimitiveLookup } from './judge/structure.ts';

export type { PrimitiveLookup };
/** The function the Judge calls: the one the Wiring organelle writes. */
export { ENTRY };

export const CHECK_NAMES = ['parsed', 'structure', 'resolved', 'kinds', 'ran', 'returned', 'finite', 'matches'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** One check's outcome; `message` starts with the check's name ("kinds: ..."). */
export interface Check {
  name: CheckName;
  ok: boolean;
  message: string;
}

export interface StaticOptions {
  /** The primitive library (worker/compose/primitives: primitiveByName). */
  lookup: PrimitiveLookup;
  /** What the composition returns: its last primitive's `returns`. */
  returns: ValueKind;
}

export interface JudgeOptions extends StaticOptions {
  /** The expected output (evaluation): adds the `matches` check. */
  expected?: number | readonly number[];
}

export interface Verdict {
  ok: boolean;
  /** The checks run, in order: all passed but (when !ok) the last. */
  checks: Check[];
  failed?: Check;
  /** What composed returned, when it ran to the end. */
  output?: SandboxValue;
  /** The run's time inside the sandbox (kept out of the messages, which are deterministic). */
  ms?: number;
}

/** `matches`: |output - expected| <= MATCH_TOLERANCE * max(1, |expected|), element-wise. */
export const MATCH_TOLERANCE = 1e-9;

// ---- the static checks

interface StaticOutcome {
  checks: Check[];
  /** composed's parameter count (1 or 2), when every static check passed. */
  arrays?: number;
}

/** parsed, structure, resolved, kinds: synchronous, nothing runs. Stops at the first failure. */
export function staticChecks(code: string, options: StaticOptions): Check[] {
  return runStatic(code, options).checks;
}

function runStatic(code: string, options: StaticOptions): StaticOutcome {
  const checks: Check[] = [];
  const attempt = <T>(name: CheckName, body: () => Passed<T>): T | undefined => {
    try {
      const { value, message } = body();
      checks.push({ name, ok: true, message: `${name}: ${message}` });
      return value;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      checks.push({ name, ok: false, message: error.message });
      return undefined;
    }
  };
  const program = attempt('parsed', () => parsed(code));
  if (!program) return { checks };
  const shape = attempt('structure', () => structure(program, options.lookup));
  if (!shape) return { checks };
  const resolvedOk = attempt('resolved', () => resolved(shape));
  if (!resolvedOk) return { checks };
  const arrays = attempt('kinds', () => kinds(shape, options.returns));
  return { checks, arrays };
}

// ---- the Judge

/**
 * Every check in order, stopping at the first failure: the static ones, then the module runs in
 * `runner` (entry composed, on JUDGE_INPUTS.x, or x and y when its first primitive takes two
 * arrays), then its output is checked.
 */
export async function judge(code: string, options: JudgeOptions, runner: SandboxRunner): Promise<Verdict> {
  const { checks, arrays } = runStatic(code, options);
  const failedStatic = checks.find((c) => !c.ok);
  if (failedStatic || arrays === undefined) return { ok: false, checks, failed: failedStatic };

  let ms: number | undefined;
  const verdict = (check: Check, output?: SandboxValue): Verdict => {
    checks.push(check);
    return check.ok ? { ok: true, checks, output, ms } : { ok: false, checks, failed: check, output, ms };
  };
  const pass = (name: CheckName, message: string) => checks.push({ name, ok: true, message: `${name}: ${message}` });
  const fail = (name: CheckName, message: string, output?: SandboxValue) =>
    verdict({ name, ok: false, message: `${name}: ${message}` }, output);

  const { x, y } = JUDGE_INPUTS;
  const result = await runner.run({ code, entry: ENTRY, args: arrays === 2 ? [x, y] : [x] });
  ms = result.ms;
  if (!result.ok && result.check !== 'returned') return fail('ran', result.message);
  pass('ran', `${ENTRY} returned within the time and memory limits`);
  if (!result.ok) return fail('returned', `${ENTRY} ${result.message}`);

  const output = result.value;
  const kind: ValueKind = typeof output === 'number' ? 'number' : 'array';
  if (kind !== options.returns) {
    return fail('returned', `${ENTRY} returned ${describeValue(output)}, but the composition returns ${describeKind(options.returns)}`, output);
  }
  pass('returned', describeValue(output));

  const values = typeof output === 'number' ? [output] : output;
  const bad = values.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) {
    const where = typeof output === 'number' ? 'the output' : `output[${bad}]`;
    const count = values.filter((v) => !Number.isFinite(v)).length;
    const of = typeof output === 'number' ? '' : ` (${count} of ${values.length} values are not finite)`;
    return fail('finite', `${where} is ${values[bad]}${of}`, output);
  }
  if (options.expected === undefined) return verdict({ name: 'finite', ok: true, message: `finite: ${finiteMessage(output)}` }, output);
  pass('finite', finiteMessage(output));

  const mismatch = compare(output, options.expected);
  if (mismatch) return fail('matches', mismatch, output);
  return verdict({ name: 'matches', ok: true, message: `matches: ${matchMessage(output)}` }, output);
}

function describeValue(value: SandboxValue): string {
  return typeof value === 'number' ? 'a number' : `an array of ${plural(value.length, 'number')}`;
}

function finiteMessage(output: SandboxValue): string {
  return typeof output === 'number' ? 'the number is finite' : `all ${output.length} values are finite`;
}

function matchMessage(output: SandboxValue): string {
  const within = `within ${MATCH_TOLERANCE} relative`;
  return typeof output === 'number' ? `equals the expected number ${within}` : `all ${output.length} values equal the expected ${within}`;
}

/** Why `output` differs from `expected` (kind, length, the first element out of tolerance), or null. */
function compare(output: SandboxValue, expected: number | readonly number[]): string | null {
  const close = (a: number, b: number) => {
    if (!Number.isFinite(a) || !Number.isFinite(b)) return Object.is(a, b) || a === b;
    return Math.abs(a - b) <= MATCH_TOLERANCE * Math.max(1, Math.abs(b));
  };
  const gap = (a: number, b: number) =>
    `differs by ${Math.abs(a - b).toExponential(2)}, tolerance ${(MATCH_TOLERANCE * Math.max(1, Math.abs(b))).toExponential(2)}`;
  if (typeof expected === 'number') {
    if (typeof output !== 'number') return `the output is ${describeValue(output)}, expected a number`;
    return close(output, expected) ? null : `the output is ${output}, expected ${expected} (${gap(output, expected)})`;
  }
  if (typeof output === 'number') return `the output is a number, expected an array of ${expected.length}`;
  if (output.length !== expected.length) return `the output has ${plural(output.length, 'value')}, expected ${expected.length}`;
  const i = output.findIndex((v, k) => !close(v, expected[k]));
  if (i < 0) return null;
  return `output[${i}] is ${output[i]}, expected ${expected[i]} (${gap(output[i], expected[i])})`;
}
