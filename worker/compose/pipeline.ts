// Code composition on the task loop (worker/orchestrator/task-loop.ts): the adapter that turns
// an intent into typed kanban tasks and runs them.
//   Planner  `intent|blocked=...` -> `rolling_mean(5)|diff_central` (or `none`), checked by the
//            plan grammar (plan.ts), which also refuses a plan using a blocked pattern
//   tasks    wiring(rolling_mean+diff_central), codegen(rolling_mean), codegen(diff_central), judge
//   Wiring   the plan's signatures -> the composed function; below its threshold the pattern is
//            blocked: `rolling_mean+diff_central(low_conf)`
//   Code     a primitive's name -> its body; below threshold: `rolling_mean(low_conf)`
//   Judge    the assembled module, deterministic (parse, resolve, kinds, run in the sandbox);
//            a failed check blocks the plan's pattern with the check's name and replans
// A first plan is checked against the intent: a fact it gets wrong (a number said that no step
// takes: facts.ts) refuses it; words of the intent that do not say it (said.ts) refuse it too, or,
// where the settings chose so on validation, make the run ask ("Did you mean ...?", task-loop.ts
// rule 7), as a confidence between the ask floor and the threshold does.
// Generated code is only ever a string here; the judge function given in runs it in a sandbox.

import type { Emit, JudgeCheck, Phase } from '../orchestrator/events.ts';
import type { Kanban } from '../orchestrator/kanban.ts';
import type { PlanParse } from '../orchestrator/planner.ts';
import { runTasks, type Doubt, type Rereading, type TaskAdapter, type TaskLimits, type TaskResult, type TaskRunResult } from '../orchestrator/task-loop.ts';
import type { Completion, Organelle } from '../orchestrator/types.ts';
import { confidenceText } from '../orchestrator/confidence-text.ts';
import type { OrchestratorEvent } from '../orchestrator/events.ts';
import { formatPlan, parsePlan, REFUSAL, type Lookup } from './plan.ts';
import { agreeingPlanners } from './organelles.ts';
import type { PlanCheck } from './facts.ts';
import { blockedItem, checkIntent, parseBlockedItem, plannerPrompt } from './prompts.ts';
import { assembleModule, neededPrimitives, wiringPrompt } from './wiring.ts';
import { planInWords } from './reading.ts';
import type { Composition } from './types.ts';

/** A Planner's answer once parsed: what to build, or that nothing known builds it. */
export type ComposePlan = { composition: Composition } | { refusal: true };

export interface ComposeOrganelles {
  /** Absent in the ablation: the heuristic plans alone. */
  planner?: Organelle;
  /** The second Planner: with it, a plan counts only when both write it (organelles.ts agreeingPlanners). */
  planner2?: Organelle;
  /**
   * The second reading's two Planners (trained on other sentences): they read the intent again
   * when the first two are unsure of their plan (task-loop.ts rule 8), with the thresholds of
   * ComposeOptions.secondReading.
   */
  reader?: Organelle;
  reader2?: Organelle;
  wiring: Organelle;
  code: Organelle;
}

/** Confidence each organelle's answer must reach (chosen on the validation set). */
export interface Thresholds {
  planner: number;
  wiring: number;
  code: number;
  /** A Planner plan at or above this but under `planner` is offered rather than refused; absent: never. */
  ask?: number;
}

export interface SecondReadingOptions {
  planner: number;
  ask?: number;
  /** Whether the second reading's two Planners' different plans may be weighed for this intent. */
  weighPlanners?: (intent: string) => boolean;
  /**
   * The ceiling on the Readers' confidence in `none` (settings.ts secondReading.none): with it,
   * each Reader is asked how sure it is that nothing known builds the intent, and a thing named
   * that no corpus holds (ComposeOptions.readerThing) doubts their plan only when the surer of
   * them is over it. Absent: such a thing always refuses the plan.
   */
  none?: number;
  /**
   * Whether a step of a Reader's plan that no word of the intent says (the learned lexicon's
   * readerWords.saidByNoWord) is blocked as `NAME(unsaid)` and the Readers asked again
   * (task-loop.ts rule 9), rather than the plan refused. Absent: refused.
   */
  unsaid?: boolean;
}

export interface Verdict {
  ok: boolean;
  checks: JudgeCheck[];
  /** The first check that failed. */
  failed?: JudgeCheck;
}

/** Runs the Judge on an assembled module for a composition (its sandbox is the caller's). */
export type JudgeFn = (code: string, composition: Composition) => Promise<Verdict>;

/** The deterministic plan: the keyword decomposer, avoiding the blocked patterns. */
export type HeuristicFn = (intent: string, blocked: readonly string[]) => ComposePlan;

export interface ComposeOptions {
  lookup: Lookup;
  judge: JudgeFn;
  heuristic: HeuristicFn;
  /** Refuses a Planner's first plan that gets a fact of the intent wrong (facts.ts planFacts). */
  planFacts: PlanCheck;
  /** Refuses (or with askOnWords, asks about) a Planner's first plan whose steps the intent's words do not say (said.ts planWords). */
  planWords: PlanCheck;
  /** The check of a second reading's plans' words, when not planWords (settings.ts secondReading.check 'aligned': aligned.ts readerCheckOptions). */
  readerWords?: PlanCheck;
  /**
   * With the second reading's ceiling on `none` (SecondReadingOptions.none): the doubt that the
   * intent names a thing no corpus holds (aligned.ts readerChecksApart), checked after
   * readerWords, which the Readers' own confidence in `none` settles.
   */
  readerThing?: (intent: string) => string | null;
  /** Whether a plan the intent's words do not say is asked about rather than refused (settings.ts askOnWords). */
  askOnWords?: boolean;
  /**
   * Whether the two Planners' different plans may be weighed for this intent (organelles.ts
   * agreeingPlanners); absent, they never are. The settings decide (keywords.ts readable).
   */
  weighPlanners?: (intent: string) => boolean;
  thresholds: Thresholds;
  /** The second reading's threshold, ask floor and weighing (settings.ts secondReading); absent: no second reading. */
  secondReading?: SecondReadingOptions;
  limits?: Partial<Omit<TaskLimits, 'plannerThreshold'>>;
  onEvent?: (event: OrchestratorEvent) => void;
  /** The person accepts the plan this run offers (task-loop.ts rule 7): its code is handed over. */
  acceptOffer?: boolean;
}

export interface ComposeResult extends TaskRunResult<ComposePlan> {
  intent: string;
  /** The module handed over, or null. */
  code: string | null;
  /** The composition the code implements (the last plan), or null. */
  composition: Composition | null;
  /** The plan offered instead of handed over, with the code held back, or null. */
  offered: { composition: Composition; code: string; words: string | null; message: string } | null;
}

/** The reason of a blocked step no word of the intent says (task-loop.ts rule 9). */
export const UNSAID = 'unsaid';

const WIRING = /^wiring\(([a-z0-9_+]+)\)$/;
const CODEGEN = /^codegen\(([a-z0-9_]+)\)$/;

export function patternOf(composition: Composition): string[] {
  return composition.map((s) => s.name);
}

function composeTasks(plan: ComposePlan): string[] {
  if ('refusal' in plan) return [];
  return [`wiring(${patternOf(plan.composition).join('+')})`, ...neededPrimitives(plan.composition).map((n) => `codegen(${n})`), 'judge'];
}

/** Names and patterns the kanban's blocked items forbid a new plan to use. */
export function blockedPatterns(blocked: readonly string[]): { names: Set<string>; patterns: Set<string> } {
  const names = new Set<string>();
  const patterns = new Set<string>();
  for (const item of blocked) {
    const parsed = parseBlockedItem(item);
    if (parsed === null) continue;
    // a step no word says may be in a plan again: the words check, not the grammar, asks whether it is said
    if (parsed.reason === UNSAID) continue;
    if (parsed.pattern.length === 1 && parsed.reason === 'low_conf') names.add(parsed.pattern[0]);
    patterns.add(parsed.pattern.join('+'));
  }
  return { names, patterns };
}

/** The plan grammar plus the kanban: a plan may not use what is blocked. */
function parseComposePlan(output: string, kanban: Kanban, lookup: Lookup): PlanParse<ComposePlan> {
  const parsed = parsePlan(output, lookup);
  if (!parsed.ok) return parsed;
  if ('refusal' in parsed) return { ok: true, plan: { refusal: true } };
  const { names, patterns } = blockedPatterns(kanban.blocked);
  const used = parsed.composition.find((s) => names.has(s.name));
  if (used) return { ok: false, reason: `the plan uses ${used.name}, which is blocked` };
  const pattern = patternOf(parsed.composition).join('+');
  if (patterns.has(pattern)) return { ok: false, reason: `the plan ${pattern} is blocked` };
  return { ok: true, plan: { composition: parsed.composition } };
}

/** Whether the kanban blocks nothing, or only steps no word of the intent says (a plan read again without them is still a first reading). */
function onlyUnsaid(kanban: Kanban): boolean {
  return kanban.blocked.every((item) => parseBlockedItem(item)?.reason === UNSAID);
}

class ComposeAdapter implements TaskAdapter<ComposePlan> {
  readonly pipeline = 'compose';
  readonly start: string;
  readonly #organelles: ComposeOrganelles;
  readonly #options: ComposeOptions;
  /** Accepted answers, by task: the wiring of a pattern, a primitive's body. */
  readonly #accepted = new Map<string, string>();

  constructor(intent: string, organelles: ComposeOrganelles, options: ComposeOptions) {
    this.start = intent;
    this.#organelles = organelles;
    this.#options = options;
  }

  plannerPrompt(kanban: Kanban): string {
    return plannerPrompt(this.start, kanban.blocked);
  }

  parsePlan(output: string, kanban: Kanban): PlanParse<ComposePlan> {
    return parseComposePlan(output, kanban, this.#options.lookup);
  }

  heuristicPlan(kanban: Kanban): ComposePlan {
    return this.#options.heuristic(this.start, kanban.blocked);
  }

  // A Reader's plan (either's, where they disagree) with a step no word of the intent says: the
  // step is blocked and the Readers read again, as long as no other block came first.
  reconsider(plan: ComposePlan, kanban: Kanban, readers: string | undefined, completion: Completion): string[] {
    const words = this.#options.readerWords;
    if (readers === undefined || !this.#options.secondReading?.unsaid || words?.saidByNoWord === undefined || !onlyUnsaid(kanban)) return [];
    // each Reader's vote is a plan to look at (where they disagree, the plan itself is none); without votes, the plan
    const compositions = completion.votes
      ? completion.votes.flatMap((vote) => { const p = parsePlan(vote, this.#options.lookup); return p.ok && 'composition' in p ? [p.composition] : []; })
      : 'composition' in plan ? [plan.composition] : [];
    const steps = compositions.map((composition) => words.saidByNoWord?.(this.start, composition) ?? null);
    return [...new Set(steps.flatMap((step) => (step === null ? [] : [blockedItem([step], UNSAID)])))];
  }

  // A first plan must get the intent's facts right, and is asked about when its steps are not
  // said in the intent's words; a replan's need not be: it spells a blocked step another way, in
  // primitives the intent never names (a reading again without a step no word says is still a
  // first plan). A thing the Readers' plan does not say and no corpus holds doubts it only when
  // a Reader thinks nothing known builds the intent (readerThing).
  doubt(plan: ComposePlan, kanban: Kanban, readers: string | undefined, completion: Completion): Doubt | null {
    if ('refusal' in plan || !onlyUnsaid(kanban)) return null;
    const misfit = this.#options.planFacts.unsaid(this.start, plan.composition);
    if (misfit !== null) return { message: misfit, ask: false };
    const words = readers !== undefined ? this.#options.readerWords ?? this.#options.planWords : this.#options.planWords;
    const unsaid = words.unsaid(this.start, plan.composition);
    if (unsaid !== null) return { message: unsaid, ask: this.#options.askOnWords ?? false };
    const ceiling = this.#options.secondReading?.none;
    if (readers === undefined || ceiling === undefined) return null;
    const thing = this.#options.readerThing?.(this.start) ?? null;
    if (thing === null) return null;
    const none = completion.none ?? 1;
    if (none <= ceiling) return null;
    const text = confidenceText(none, ceiling);
    return { message: `${thing}, and the ${readers}' confidence that nothing known builds it was ${text.confidence}, over their ceiling of ${text.threshold}`, ask: false };
  }

  words(plan: ComposePlan): string | null {
    return 'refusal' in plan ? null : planInWords(plan.composition, this.#options.lookup, { everyNumber: true });
  }

  tasks(plan: ComposePlan): string[] {
    return composeTasks(plan);
  }

  describe(plan: ComposePlan): string {
    return 'refusal' in plan ? REFUSAL : formatPlan(plan.composition);
  }

  pattern(plan: ComposePlan): string {
    return 'refusal' in plan ? REFUSAL : patternOf(plan.composition).join('+');
  }

  phase(task: string): Phase {
    if (WIRING.test(task)) return 'wiring';
    if (CODEGEN.test(task)) return 'codegen';
    return 'judge';
  }

  async runTask(task: string, plan: ComposePlan, _kanban: Kanban, emit: Emit): Promise<TaskResult> {
    if ('refusal' in plan) throw new Error('compose: a refusal has no tasks');
    const composition = plan.composition;
    const wiring = WIRING.exec(task);
    if (wiring) return this.#ask(task, 'wiring', wiringPrompt(composition, this.#options.lookup), wiring[1].split('+'), emit);
    const codegen = CODEGEN.exec(task);
    if (codegen) return this.#ask(task, 'code', codegen[1], [codegen[1]], emit);
    if (task !== 'judge') throw new Error(`compose: unknown task "${task}"`);
    return this.#judge(composition, emit);
  }

  #ask(task: string, role: 'wiring' | 'code', prompt: string, pattern: string[], emit: Emit): TaskResult {
    const completion = this.#organelles[role](prompt, 1);
    const threshold = this.#options.thresholds[role];
    const accepted = completion.confidence >= threshold;
    emit('task_answered', { task, organelle: role, prompt, output: completion.text, confidence: completion.confidence, threshold, accepted });
    if (!accepted) return { status: 'blocked', item: blockedItem(pattern, 'low_conf') };
    this.#accepted.set(task, completion.text);
    return { status: 'done' };
  }

  async #judge(composition: Composition, emit: Emit): Promise<TaskResult> {
    const pattern = patternOf(composition);
    const wiring = this.#accepted.get(`wiring(${pattern.join('+')})`);
    const bodies = new Map<string, string>();
    for (const name of neededPrimitives(composition)) {
      const body = this.#accepted.get(`codegen(${name})`);
      if (body !== undefined) bodies.set(name, body);
    }
    // a piece of this plan was blocked: there is nothing whole to judge
    if (wiring === undefined || bodies.size < neededPrimitives(composition).length) return { status: 'replan' };
    const code = assembleModule(wiring, bodies);
    const verdict = await this.#options.judge(code, composition);
    emit('judged', { ok: verdict.ok, checks: verdict.checks.map((c) => ({ ...c })), code });
    if (verdict.ok) return { status: 'complete', output: code };
    return { status: 'failed', item: blockedItem(pattern, verdict.failed?.name ?? 'judge') };
  }
}

/** Runs the pipeline on one intent. A malformed intent is refused before any organelle runs. */
export async function composeIntent(intent: string, organelles: ComposeOrganelles, options: ComposeOptions): Promise<ComposeResult> {
  const problem = checkIntent(intent);
  if (problem !== null) {
    const event: OrchestratorEvent = { type: 'refused', step: 0, reason: 'bad intent', message: problem };
    options.onEvent?.(event);
    return {
      intent, code: null, composition: null, events: [event], output: null, plan: null,
      refusal: { reason: 'bad intent', message: problem }, offer: null, offered: null, modelPlans: 0, fallbackPlans: 0, replans: 0, iterations: 0,
    };
  }
  const adapter = new ComposeAdapter(intent, organelles, options);
  const limits = { ...options.limits, plannerThreshold: options.thresholds.planner, askFloor: options.thresholds.ask ?? 1 };
  const { planner, planner2, reader, reader2 } = organelles;
  const weigh = options.weighPlanners?.(intent) ?? false;
  const second = options.secondReading;
  const rereadings: Rereading[] = reader && reader2 && second
    ? [{ planner: agreeingPlanners(reader, reader2, second.weighPlanners?.(intent) ?? false, second.none !== undefined), name: 'Readers', plannerThreshold: second.planner, askFloor: second.ask ?? 1 }]
    : [];
  const result = await runTasks(adapter, planner && planner2 ? agreeingPlanners(planner, planner2, weigh) : planner, limits, {
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    acceptOffer: options.acceptOffer ?? false,
    rereadings,
  });
  const last = result.plan !== null && 'composition' in result.plan ? result.plan.composition : null;
  const composition = result.output !== null ? last : null;
  const offered = result.offer !== null && last !== null ? { composition: last, code: result.offer.output, words: result.offer.words, message: result.offer.message } : null;
  return { ...result, intent, code: result.output, composition, offered };
}
