// Measuring code composition on a set of intents (worker/compose/sets.ts): the pipeline, and the
// same intents through four baselines, in one report.
//   pipeline     Planner -> Wiring -> Code -> Judge (pipeline.ts), as it runs for anyone
//   no_planner   the Wiring organelle given the intent itself; the Code organelle recalls what
//                its function calls
//   single_model one organelle from the intent straight to the whole code (the reference's way)
//   keyword      no models: the keyword decomposer, template wiring and the library's bodies
//   oracle_plan  the organelles given the expected plan: an upper bound for Wiring and Code
// The pipeline's Judge checks what it can for any intent (parsed, resolved, kinds, ran, returned,
// finite); only afterwards is the code handed over compared with what the expected plan's own
// library code computes in the same sandbox (expectedOutput; relative error 1e-9), so no run ever
// sees the answer. A case passes when code handed over
// matches the reference, or, for an intent whose right answer is a refusal, when it refuses;
// code handed over that does not match, or any code for such an intent, is wrong code. A run
// that asks ("Did you mean ...?", code held back) is neither passed nor refused: it is asked, and
// asked right when the code it holds back is the reference's.

import { judge as runJudge, MATCH_TOLERANCE, type Verdict as JudgeVerdict } from './judge.ts';
import { JUDGE_INPUTS } from './judge-inputs.ts';
import type { PlanCheck } from './facts.ts';
import { composeIntent, type ComposeOrganelles, type HeuristicFn, type SecondReadingOptions, type Thresholds } from './pipeline.ts';
import { formatPlan, primitiveOf, REFUSAL, returnKind, type Lookup } from './plan.ts';
import { assembleModule, libraryModule } from './wiring.ts';
import type { Case } from './sets.ts';
import type { Composition } from './types.ts';
import type { SandboxRunner } from './sandbox/runner.ts';
import type { Organelle } from '../orchestrator/types.ts';

export const BASELINES = ['no_planner', 'single_model', 'keyword', 'oracle_plan'] as const;
export type Baseline = (typeof BASELINES)[number];

export interface CaseResult {
  intent: string;
  /** What the case is: a clean sentence, one with slips, or an unknown concept (sets.ts Case). */
  kind: Case['kind'];
  /** The expected plan (`rolling_mean(5)|diff_central`), or `none` when the right answer is a refusal. */
  expected: string;
  /** The plan the code handed over implements, `none` for a refusal. */
  plan: string;
  passed: boolean;
  refused: boolean;
  /** The run offered a plan instead of code (never a pass), and whether the code it held back is right. */
  asked: boolean;
  asked_right: boolean;
  wrong_code: boolean;
  exact_plan: boolean;
  /** Answers that came from an organelle, and from a fallback (the heuristic plan). */
  model_answers: number;
  fallback_answers: number;
  replans: number;
}

export interface Summary {
  intents: number;
  passed: number;
  refused: number;
  /** Runs that offered a plan ("Did you mean ...?"), and those whose offered plan builds the right code. */
  asked: number;
  asked_right: number;
  wrong_code: number;
  exact_plan: number;
  /** Organelle answers over all answers (organelle and fallback). */
  model_share: number;
  replans: number;
  /** Runs a replan turned from failing to passing: they passed, and only after a replan. */
  replan_saves: number;
  /** Wilson 95% intervals of the shares of passed, refused and wrong code. */
  intervals: { passed: [number, number]; refused: [number, number]; wrong_code: [number, number] };
}

/** A kind of case's part of a set (sets.ts Case kind): a file of intents typed by hand holds compositions and refusals both. */
export type KindCounts = Pick<Summary, 'intents' | 'passed' | 'refused' | 'asked' | 'asked_right' | 'wrong_code'>;

export interface Report extends Summary {
  /** The set's name; for a file of intents, the file's name without its folder and extension. */
  set: string;
  /**
   * The intents the library can do, and of them those refused with the right plan handed over
   * (the oracle_plan baseline): what the checks after the Planners refuse of a right plan. Absent
   * when the oracle_plan baseline did not run.
   */
  oracle_plan_refused?: { in_library: number; refused: number; asked: number };
  /** The pipeline's counts on each kind of case the set holds. */
  by_kind: Partial<Record<Case['kind'], KindCounts>>;
  baselines: Record<Baseline, Summary>;
  results: CaseResult[];
}

// ---- statistics

/** Wilson score interval for k successes in n trials at 95%. */
function wilson(k: number, n: number, z = 1.959964): [number, number] {
  if (n === 0) return [0, 0];
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export function summarize(rows: readonly CaseResult[]): Summary {
  const n = rows.length;
  const count = (f: (r: CaseResult) => boolean) => rows.filter(f).length;
  const passed = count((r) => r.passed);
  const refused = count((r) => r.refused);
  const wrong = count((r) => r.wrong_code);
  const model = rows.reduce((a, r) => a + r.model_answers, 0);
  const fallback = rows.reduce((a, r) => a + r.fallback_answers, 0);
  return {
    intents: n,
    passed,
    refused,
    asked: count((r) => r.asked),
    asked_right: count((r) => r.asked_right),
    wrong_code: wrong,
    exact_plan: count((r) => r.exact_plan),
    model_share: model + fallback === 0 ? 0 : model / (model + fallback),
    replans: rows.reduce((a, r) => a + r.replans, 0),
    replan_saves: count((r) => r.passed && r.replans > 0 && r.expected !== REFUSAL),
    intervals: { passed: wilson(passed, n), refused: wilson(refused, n), wrong_code: wilson(wrong, n) },
  };
}

/** The counts of each kind of case among `rows` (summarize's, kind by kind), in the order the kinds first appear. */
export function countsByKind(rows: readonly CaseResult[]): Partial<Record<Case['kind'], KindCounts>> {
  const kinds = [...new Set(rows.map((r) => r.kind))];
  return Object.fromEntries(kinds.map((kind) => {
    const { intents, passed, refused, asked, asked_right, wrong_code } = summarize(rows.filter((r) => r.kind === kind));
    return [kind, { intents, passed, refused, asked, asked_right, wrong_code }];
  }));
}

// ---- the reference

/** The reference composition's output on the Judge's inputs, by the library's TypeScript references in this realm (the primitives' tests, the equivalence tests). */
export function referenceOutput(composition: Composition, lookup: Lookup): number | number[] {
  const { x, y } = JUDGE_INPUTS;
  let value: number | number[] = [];
  composition.forEach((step, i) => {
    const p = primitiveOf(step.name, lookup);
    const arrays: (readonly number[])[] = i === 0 ? (p.arrays === 2 ? [x, y] : [x]) : [value as number[]];
    value = p.reference(arrays, step.args);
  });
  return value;
}

/**
 * What the expected plan computes, as every candidate's output is compared with it: the library's
 * own module for the plan (its bodies, wired as a correct Wiring organelle wires them), run by
 * `judge` in the sandbox every candidate runs in. The primitives' references in this
 * realm (referenceOutput) agree with it wherever the answer is well conditioned (the primitives'
 * tests check every body against them); where it is not, engines differ: the index of the largest
 * bin of a real signal's spectrum, whose mirrored bins are equal but for rounding, is 4 in QuickJS
 * and 60 in V8, and a right plan judged against V8's figure was counted as wrong code.
 */
export async function expectedOutput(composition: Composition, lookup: Lookup, judge: ModuleJudge): Promise<number | number[]> {
  const verdict = await judge(libraryModule(composition, lookup), composition);
  const output = verdict.output;
  if (!verdict.ok || output === undefined) throw new Error(`the library's own module for ${formatPlan(composition)} fails the Judge: ${verdict.failed?.message ?? 'no output'}`);
  return output as number | number[];
}

/** The Judge on a module meant to implement a composition, in the sandbox the answers run in (judgeModule with its runner). */
export type ModuleJudge = (code: string, composition: Composition) => Promise<{ ok: boolean; output?: unknown; failed?: { message: string } }>;

/** The output a case's answer must give: its expected plan's (expectedOutput), or null when the right answer is a refusal. */
type Reference = number | number[] | null;

// ---- running one case

export interface EvalContext {
  lookup: Lookup;
  runner: SandboxRunner;
  heuristic: HeuristicFn;
  /** The pipeline's checks of a first plan against the intent: its facts (facts.ts), which refuse, and its words (said.ts, or the facts again: none), which ask. */
  planFacts: PlanCheck;
  planWords: PlanCheck;
  /** The check of the second reading's plans' words, when not planWords (pipeline.ts ComposeOptions.readerWords). */
  readerWords?: PlanCheck;
  /** With the second reading's ceiling on none: the thing named that no corpus holds (pipeline.ts ComposeOptions.readerThing). */
  readerThing?: (intent: string) => string | null;
  /** Whether a plan the intent's words do not say is asked about rather than refused (pipeline.ts); absent: refused. */
  askOnWords?: boolean;
  /** Whether the Planners' different plans may be weighed (pipeline.ts); absent, never. */
  weighPlanners?: (intent: string) => boolean;
  thresholds: Thresholds & { single: number };
  /** The second reading (pipeline.ts), when the organelles hold its two Planners. */
  secondReading?: SecondReadingOptions;
  organelles: ComposeOrganelles & { single?: Organelle };
}

/** The Judge as the pipeline calls it (no expected output), remembering what each module returned. */
function judgeFor(ctx: EvalContext, outputs: Map<string, JudgeVerdict['output']>) {
  return async (code: string, composition: Composition) => {
    const verdict = await judgeModule(code, composition, ctx.lookup, ctx.runner);
    outputs.set(code, verdict.output);
    return verdict;
  };
}

/** The Judge on a module meant to implement `steps`; nothing expected: the output is compared afterwards. */
export function judgeModule(code: string, steps: Composition, lookup: Lookup, runner: SandboxRunner): Promise<JudgeVerdict> {
  return runJudge(code, { lookup, returns: returnKind(steps, lookup) }, runner);
}

/** Whether `output` is the reference output, each number within the Judge's MATCH_TOLERANCE relative. */
export function sameValue(output: unknown, expected: number | number[]): boolean {
  const close = (a: number, b: number) => Math.abs(a - b) <= MATCH_TOLERANCE * Math.max(1, Math.abs(b));
  if (typeof expected === 'number') return typeof output === 'number' && close(output, expected);
  return Array.isArray(output) && output.length === expected.length && expected.every((e, i) => close(output[i], e));
}

/** The plan a case expects, as the grammar writes it; `none` when the right answer is a refusal. */
function expectedPlan(c: Case): string {
  return c.expected === null ? REFUSAL : formatPlan(c.expected);
}

type Verdicts = Pick<CaseResult, 'passed' | 'refused' | 'asked' | 'asked_right' | 'wrong_code' | 'exact_plan' | 'plan'>;

function classify(c: Case, reference: Reference, code: string | null, output: unknown, plan: string): Verdicts {
  const refused = code === null;
  const unasked = { asked: false, asked_right: false };
  if (c.expected === null) return { plan, refused, ...unasked, passed: refused, wrong_code: !refused, exact_plan: plan === REFUSAL };
  const right = !refused && reference !== null && sameValue(output, reference);
  return { plan, refused, ...unasked, passed: right, wrong_code: !refused && !right, exact_plan: plan === expectedPlan(c) };
}

/** A run that offered `plan` with its code held back: asked, right when that code's output is the reference's. */
function classifyOffer(c: Case, reference: Reference, output: unknown, plan: string): Verdicts {
  const right = reference !== null && sameValue(output, reference);
  return { plan, refused: false, asked: true, asked_right: right, passed: false, wrong_code: false, exact_plan: plan === expectedPlan(c) };
}

/** The pipeline (or the oracle_plan baseline, with one Planner that answers the expected plan). */
async function pipelineCase(ctx: EvalContext, c: Case, reference: Reference, planners: Partial<Pick<ComposeOrganelles, 'planner' | 'planner2' | 'reader' | 'reader2'>>): Promise<CaseResult> {
  const outputs = new Map<string, JudgeVerdict['output']>();
  const r = await composeIntent(c.intent, { ...ctx.organelles, ...planners }, {
    lookup: ctx.lookup,
    judge: judgeFor(ctx, outputs),
    heuristic: ctx.heuristic,
    planFacts: ctx.planFacts,
    planWords: ctx.planWords,
    ...(ctx.readerWords ? { readerWords: ctx.readerWords } : {}),
    ...(ctx.readerThing ? { readerThing: ctx.readerThing } : {}),
    askOnWords: ctx.askOnWords ?? false,
    ...(ctx.weighPlanners ? { weighPlanners: ctx.weighPlanners } : {}),
    thresholds: ctx.thresholds,
    ...(ctx.secondReading ? { secondReading: ctx.secondReading } : {}),
  });
  const plan = r.composition ? formatPlan(r.composition) : r.offered ? formatPlan(r.offered.composition) : REFUSAL;
  const answers = r.events.filter((e) => e.type === 'task_answered').length;
  return {
    intent: c.intent,
    kind: c.kind,
    expected: expectedPlan(c),
    ...(r.offered
      ? classifyOffer(c, reference, outputs.get(r.offered.code), plan)
      : classify(c, reference, r.code, r.code === null ? undefined : outputs.get(r.code), plan)),
    model_answers: r.modelPlans + answers,
    fallback_answers: r.fallbackPlans,
    replans: r.replans,
  };
}

const CALL = /const [a-h]=([a-z][a-z0-9_]*)\(/g;

/** The names a composed function calls, in order: what the no-planner baseline recalls bodies for. */
function calledNames(wiring: string): string[] {
  return [...wiring.matchAll(CALL)].map((m) => m[1]);
}

async function noPlannerCase(ctx: EvalContext, c: Case, reference: Reference): Promise<CaseResult> {
  const base = { intent: c.intent, kind: c.kind, expected: expectedPlan(c), replans: 0, fallback_answers: 0 };
  const refusal = (answers: number): CaseResult => ({ ...base, ...classify(c, reference, null, undefined, REFUSAL), model_answers: answers });
  let wiring;
  try {
    wiring = ctx.organelles.wiring(c.intent, 1);
  } catch {
    return refusal(0); // a character the Wiring organelle never saw
  }
  if (wiring.confidence < ctx.thresholds.wiring) return refusal(1);
  const names = calledNames(wiring.text);
  const steps = names.map((name) => ({ name, args: [] }));
  if (names.length === 0 || names.some((n) => ctx.lookup(n) === undefined)) return refusal(1);
  const bodies = new Map<string, string>();
  for (const name of new Set(names)) {
    const body = ctx.organelles.code(name, 1);
    // answers so far: the wiring, the bodies accepted, this one
    if (body.confidence < ctx.thresholds.code) return refusal(bodies.size + 2);
    bodies.set(name, body.text);
  }
  const code = assembleModule(wiring.text, bodies);
  const verdict = await judgeModule(code, steps, ctx.lookup, ctx.runner);
  const answers = 1 + bodies.size;
  if (!verdict.ok) return refusal(answers);
  return { ...base, ...classify(c, reference, code, verdict.output, names.join('|')), model_answers: answers };
}

async function singleModelCase(ctx: EvalContext, c: Case, reference: Reference): Promise<CaseResult> {
  const base = { intent: c.intent, kind: c.kind, expected: expectedPlan(c), replans: 0, fallback_answers: 0, model_answers: 1 };
  const refusal = (): CaseResult => ({ ...base, ...classify(c, reference, null, undefined, REFUSAL) });
  const single = ctx.organelles.single;
  if (!single) throw new Error('the single-model baseline needs its organelle');
  let answer;
  try {
    answer = single(c.intent, 1);
  } catch {
    return refusal();
  }
  if (answer.confidence < ctx.thresholds.single) return refusal();
  const judged = await judgeSingleAnswer(answer.text, ctx.lookup, ctx.runner);
  if (judged === null) return refusal();
  return { ...base, ...classify(c, reference, judged.code, judged.output, judged.names.join('|')) };
}

/**
 * A single-model answer through the Judge: the module comes on one line, its functions separated
 * by spaces, and goes to the Judge one function per line. Null when composed calls no primitive
 * the library has, or the Judge refuses the module.
 */
export async function judgeSingleAnswer(
  answer: string,
  lookup: Lookup,
  runner: SandboxRunner,
): Promise<{ code: string; names: string[]; output: JudgeVerdict['output'] } | null> {
  const code = answer.replace(/\} function /g, '}\nfunction ');
  const names = calledNames(code.split('\n')[0]);
  if (names.length === 0 || names.some((n) => lookup(n) === undefined)) return null;
  const verdict = await judgeModule(code, names.map((name) => ({ name, args: [] })), lookup, runner);
  return verdict.ok ? { code, names, output: verdict.output } : null;
}

async function keywordCase(ctx: EvalContext, c: Case, reference: Reference): Promise<CaseResult> {
  const base = { intent: c.intent, kind: c.kind, expected: expectedPlan(c), replans: 0, model_answers: 0, fallback_answers: 1 };
  const plan = ctx.heuristic(c.intent, []);
  if ('refusal' in plan) return { ...base, ...classify(c, reference, null, undefined, REFUSAL) };
  const composition = plan.composition;
  const code = libraryModule(composition, ctx.lookup);
  const verdict = await judgeModule(code, composition, ctx.lookup, ctx.runner);
  if (!verdict.ok) return { ...base, ...classify(c, reference, null, undefined, REFUSAL) };
  return { ...base, ...classify(c, reference, code, verdict.output, formatPlan(composition)) };
}

function oraclePlanner(c: Case): Organelle {
  return () => ({ text: expectedPlan(c), confidence: 1 });
}

export interface EvaluateOptions {
  /** Called after each case, for progress lines. */
  onCase?: (done: number, total: number) => void;
  baselines?: readonly Baseline[];
}

/** The pipeline and the baselines on every case, in order (deterministic). */
export async function evaluateSet(ctx: EvalContext, set: string, cases: readonly Case[], options: EvaluateOptions = {}): Promise<Report> {
  const baselines = options.baselines ?? BASELINES;
  const results: CaseResult[] = [];
  const rows: Record<Baseline, CaseResult[]> = { no_planner: [], single_model: [], keyword: [], oracle_plan: [] };
  // each plan's output once: many cases expect the same plan
  const outputs = new Map<string, Promise<number | number[]>>();
  const expected = (composition: Composition) => {
    const key = formatPlan(composition);
    if (!outputs.has(key)) outputs.set(key, expectedOutput(composition, ctx.lookup, (code, steps) => judgeModule(code, steps, ctx.lookup, ctx.runner)));
    return outputs.get(key)!;
  };
  for (const [i, c] of cases.entries()) {
    const reference = c.expected === null ? null : await expected(c.expected);
    results.push(await pipelineCase(ctx, c, reference, ctx.organelles));
    if (baselines.includes('no_planner')) rows.no_planner.push(await noPlannerCase(ctx, c, reference));
    if (baselines.includes('single_model')) rows.single_model.push(await singleModelCase(ctx, c, reference));
    if (baselines.includes('keyword')) rows.keyword.push(await keywordCase(ctx, c, reference));
    if (baselines.includes('oracle_plan')) rows.oracle_plan.push(await pipelineCase(ctx, c, reference, { planner: oraclePlanner(c), planner2: undefined, reader: undefined, reader2: undefined }));
    options.onCase?.(i + 1, cases.length);
  }
  const summary = summarize(results);
  const inLibrary = rows.oracle_plan.filter((r) => r.expected !== REFUSAL);
  return {
    set,
    ...summary,
    ...(baselines.includes('oracle_plan')
      ? { oracle_plan_refused: { in_library: inLibrary.length, refused: inLibrary.filter((r) => r.refused).length, asked: inLibrary.filter((r) => r.asked).length } }
      : {}),
    by_kind: countsByKind(results),
    baselines: Object.fromEntries(BASELINES.map((b) => [b, summarize(rows[b])])) as Record<Baseline, Summary>,
    results,
  };
}
