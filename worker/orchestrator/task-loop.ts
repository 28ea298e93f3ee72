// The orchestrator loop for a pipeline of typed tasks (seed 000, section 9.4, code composition):
// the Planner's plan becomes the kanban's todo (`wiring(a+b)`, `codegen(a)`, `codegen(b)`,
// `judge`); tasks are popped one at a time and the adapter runs each (a worker organelle whose
// confidence is gated, or the deterministic Judge). The rules:
//   1. a task that passes goes to done and clears the stalls
//   2. one below the confidence threshold is blocked (`a(low_conf)`), counts a stall, is dropped
//   3. more than `stallLimit` stalls, a plan that cannot finish (a piece blocked when the Judge's
//      turn comes), or a failed Judge: replan, the Planner seeing the whole kanban
//   5. at most `maxIterations` tasks, and `maxReplans` replans
//   6. a Planner that answers below its threshold ends the run: the intent is outside what the
//      organelles know, and the pipeline says so instead of guessing
//   7. close is not sure: a plan between the ask floor and the threshold, or one the adapter
//      doubts for a reason a person can settle (compose: the intent's words do not say it), is
//      built and judged as any other, but its output is held back and the plan offered ("Did you
//      mean ...?"); a run told the person accepts the offer hands the output over instead
//   8. a first plan the Planner is not sure of (under its threshold, a doubt, or an answer that
//      nothing known makes it) is read again by the next Planner of `rereadings`, with its own
//      thresholds, before the run refuses or asks: a replan ('unsure') whose prompt blocks
//      nothing, since the next Planner reads the start afresh rather than spelling a blocked step
//      another way; only the last reading may ask
//   9. a plan (or, where Planners disagree, any one's) with a step the adapter doubts was asked
//      for at all (compose: no word of the intent says it) has that step blocked, and the same
//      Planner reads again ('doubted'), while replans last and before its confidence is weighed:
//      the seed's blocked-context replan, for a reading that added a step rather than misspelt one
// Planning is planner.ts's (grammar check, one retry, the heuristic), the board kanban.ts's,
// every step an event of events.ts. The loop is async because the Judge runs code in a
// sandbox worker; organelle calls stay synchronous.

import { confidenceText } from './confidence-text.ts';
import { EventLog, OUTSIDE, type Emit, type OrchestratorEvent, type Phase, type RefuseReason, type ReplanReason } from './events.ts';
import { emptyKanban, encodeKanban, idle, itemBlocked, planned, planTried, replanned, startTask, taskBlocked, taskDone, type Kanban } from './kanban.ts';
import { planOrHeuristic, plansApart, type PlanOutcome, type PlanParse } from './planner.ts';
import type { Completion, Organelle } from './types.ts';

export type TaskResult =
  /** The task passed: it goes to done. */
  | { status: 'done' }
  /** Below the confidence threshold: `item` is blocked, a stall counts, the task is dropped. */
  | { status: 'blocked'; item: string }
  /** The plan as a whole failed (the Judge): `item` is blocked and the Planner is asked again. */
  | { status: 'failed'; item: string }
  /** The plan cannot finish (a piece it needs was blocked): replan without blocking more. */
  | { status: 'replan' }
  /** The run's result: the loop ends and hands `output` over. */
  | { status: 'complete'; output: string };

/** What a pipeline provides. Task names are kanban items: no '|', ',', '=' or newline. */
export interface TaskAdapter<P> {
  /** For run_started, e.g. 'compose'. */
  pipeline: string;
  /** What the run starts from, e.g. the intent. */
  start: string;
  plannerPrompt(kanban: Kanban, attempt: number): string;
  /** The plan grammar; sees the kanban so a plan using a blocked pattern can be refused. */
  parsePlan(output: string, kanban: Kanban): PlanParse<P>;
  /** The deterministic plan used without a Planner or after two malformed answers. */
  heuristicPlan(kanban: Kanban): P;
  /**
   * Why a well-formed, confident plan from the Planner is still not to be trusted, or null. A
   * doubt a person can settle (`ask`: compose's words that do not say a step) makes the run ask
   * (rule 7); any other (a number said that no step takes) refuses it ('planner unsure').
   * `completion` is the Planner's answer the plan was read from (its confidence in `none`, when
   * asked, may settle a doubt).
   */
  doubt?(plan: P, kanban: Kanban, readers: string | undefined, completion: Completion): Doubt | null;
  /**
   * Kanban items to block before the plan is weighed, so the same Planner reads again (rule 9):
   * steps of its plan, or of any Planner's vote (`completion.votes`), the adapter doubts were
   * asked for. Absent or empty: the plan goes on as it is.
   */
  reconsider?(plan: P, kanban: Kanban, readers: string | undefined, completion: Completion): string[];
  /** The plan said back to a person, for an offer ("smooth the signal over 9 points, then ..."), or null. */
  words?(plan: P): string | null;
  /** The plan's tasks, in order; empty for a plan that declines the work. */
  tasks(plan: P): string[];
  /** The plan in one line, for events and the result. */
  describe(plan: P): string;
  /** The plan as a kanban item (no '|' or ','), for `last` once it is given up. */
  pattern(plan: P): string;
  /** The phase a task belongs to, e.g. 'wiring', 'codegen' or 'judge'. */
  phase(task: string): Phase;
  runTask(task: string, plan: P, kanban: Kanban, emit: Emit): Promise<TaskResult>;
}

export interface Doubt {
  message: string;
  /** Whether a person may settle it (the run asks), or not (the run refuses). */
  ask: boolean;
}

export interface TaskLimits {
  /** Tasks run before the run gives up (seed: 10; most plans need 3-5). */
  maxIterations: number;
  /** Replan when kanban.stalls exceeds this (seed: 2). */
  stallLimit: number;
  /** Planner calls after the first plan. */
  maxReplans: number;
  /** A model plan below this confidence ends the run (rule 6); 0 turns the rule off. */
  plannerThreshold: number;
  /** A model plan at or above this confidence but below the threshold is asked about (rule 7); 1: never. */
  askFloor: number;
}

export const DEFAULT_TASK_LIMITS: Readonly<TaskLimits> = { maxIterations: 10, stallLimit: 2, maxReplans: 2, plannerThreshold: 0, askFloor: 1 };

/** A plan the run built and judged but asks about rather than hands over (rule 7). */
export interface Offer {
  /** The plan as the adapter describes it. */
  plan: string;
  words: string | null;
  /** Why the run asks, e.g. the Planner's confidence against its threshold. */
  message: string;
  /** The output held back, handed over once the person accepts. */
  output: string;
}

export interface TaskRunResult<P> {
  events: OrchestratorEvent[];
  /** The output handed over, or null when the run refused or asked. */
  output: string | null;
  /** The last plan (null if planning itself ended the run). */
  plan: P | null;
  refusal: { reason: RefuseReason; message: string } | null;
  /** The plan the run asks about (rule 7), or null. */
  offer: Offer | null;
  /** Plans that came from the Planner's own answer, and from the heuristic. */
  modelPlans: number;
  fallbackPlans: number;
  replans: number;
  iterations: number;
}

/** Another Planner that reads the start again when the one before is unsure of its first plan (rule 8). */
export interface Rereading {
  planner: Organelle;
  /** Who they are, in the plural, for a refusal's words ("Readers": "the Readers' confidence was ..."). */
  name: string;
  /** Its own threshold and ask floor (TaskLimits): Planners trained apart are sure apart. */
  plannerThreshold: number;
  askFloor: number;
}

export interface TaskRunOptions {
  onEvent?: (event: OrchestratorEvent) => void;
  /** The Planners that read the start again, in turn, when the one before is unsure of its first plan (rule 8). */
  rereadings?: readonly Rereading[];
  /** The person accepts the offer this run makes (rule 7): its output is handed over. Runs are deterministic, so it is the offer they saw. */
  acceptOffer?: boolean;
}

export async function runTasks<P>(
  adapter: TaskAdapter<P>,
  planner: Organelle | undefined,
  limits: Partial<TaskLimits> = {},
  options: TaskRunOptions = {},
): Promise<TaskRunResult<P>> {
  const run = new TaskRun(adapter, planner, { ...DEFAULT_TASK_LIMITS, ...limits }, new EventLog(options.onEvent), options.acceptOffer ?? false, options.rereadings ?? []);
  await run.execute();
  return run.result();
}

/** The refusal a confidence below the Planner's threshold gives (rule 6); `readers`: the rereading's Planners, by name. */
export function plannerUnsure(confidence: number, threshold: number, readers?: string): string {
  const text = confidenceText(confidence, threshold);
  return `${OUTSIDE}: ${readers ? `the ${readers}'` : "the Planner's"} confidence was ${text.confidence} against a threshold of ${text.threshold}`;
}

/** Why a plan between the ask floor and the threshold is asked about (rule 7). */
export function plannerClose(confidence: number, threshold: number, readers?: string): string {
  const text = confidenceText(confidence, threshold);
  return `${readers ? `the ${readers}' confidence was ${text.confidence}, under their` : `the Planner's confidence was ${text.confidence}, under its`} threshold of ${text.threshold}`;
}

/** The refusal a Planner's `none` gives; a Planner of several that wrote different plans says so (compose's two). */
export function plannerRefused(completion: Completion, readers?: string): string {
  const apart = plansApart(completion.votes);
  return apart.length > 0
    ? `${OUTSIDE}: the ${readers ?? 'Planners'} wrote different plans (${apart.join(' and ')})`
    : `${OUTSIDE}: ${readers ? `the ${readers} answered` : 'the Planner answered'} that no known pieces make it`;
}

class TaskRun<P> {
  readonly #adapter: TaskAdapter<P>;
  /** The Planner reading now, and its limits: the next rereading's once the one before was unsure. */
  #planner: Organelle | undefined;
  #limits: TaskLimits;
  readonly #rereadings: Rereading[];
  readonly #log: EventLog;
  #kanban: Kanban = emptyKanban();
  #phase: Phase | null = null;
  #plan: P | null = null;
  #output: string | null = null;
  #refusal: TaskRunResult<P>['refusal'] = null;
  #offer: Offer | null = null;
  /** Why this run will ask rather than hand its output over (rule 7), once a plan gave it cause. */
  #asking: string | null = null;
  readonly #acceptOffer: boolean;
  #counts = { modelPlans: 0, fallbackPlans: 0, iterations: 0 };
  /** Rereadings taken (rule 8): each is a replan, so a plan is a first reading while replans equal them. */
  #readings = 0;
  /** The rereading's Planners' name once they read (for a refusal's words); undefined: the first Planner. */
  #readers: string | undefined;

  constructor(adapter: TaskAdapter<P>, planner: Organelle | undefined, limits: TaskLimits, log: EventLog, acceptOffer: boolean, rereadings: readonly Rereading[]) {
    this.#acceptOffer = acceptOffer;
    this.#rereadings = [...rereadings];
    this.#adapter = adapter;
    this.#planner = planner;
    this.#limits = limits;
    this.#log = log;
  }

  async execute(): Promise<void> {
    // each rereading's threshold, flat (rereadThreshold1, ...), so a trace says what its plans were held to
    const rereads = Object.fromEntries(this.#rereadings.map((r, i) => [`rereadThreshold${i + 1}`, r.plannerThreshold]));
    const config = { ...this.#limits, planner: this.#planner !== undefined, ...rereads };
    this.#log.emit('run_started', { game: this.#adapter.pipeline, start: this.#adapter.start, config });
    try {
      await this.#loop();
    } catch (err) {
      if (this.#output !== null || this.#refusal !== null || this.#offer !== null) throw err;
      this.#log.emit('error', { message: err instanceof Error ? err.message : String(err) });
      this.#refuse('error', `the run stopped on an error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  result(): TaskRunResult<P> {
    return {
      events: this.#log.events,
      output: this.#output,
      plan: this.#plan,
      refusal: this.#refusal,
      offer: this.#offer,
      ...this.#counts,
      replans: this.#kanban.replans,
    };
  }

  #enter(to: Phase): void {
    if (this.#phase === to) return;
    this.#log.emit('phase_change', { from: this.#phase, to });
    this.#phase = to;
  }

  async #loop(): Promise<void> {
    this.#enter('plan');
    if (!this.#adopt()) return;
    for (;;) {
      if (this.#kanban.todo.length === 0) return this.#refuse('no decomposition', 'the plan ran out of tasks before the Judge passed it');
      if (this.#counts.iterations >= this.#limits.maxIterations) {
        return this.#refuse('iteration limit', `no code passed the Judge within ${this.#limits.maxIterations} tasks`);
      }
      this.#kanban = startTask(this.#kanban);
      const task = this.#kanban.doing!;
      this.#enter(this.#adapter.phase(task));
      this.#counts.iterations++;
      this.#log.emit('task_started', { task, kanban: encodeKanban(this.#kanban) });
      const result = await this.#adapter.runTask(task, this.#plan!, this.#kanban, (type, payload) => {
        if (type === 'phase_change') throw new Error('task-loop: adapters do not change phase; the loop does');
        this.#log.emit(type, payload);
      });
      let replan: ReplanReason | null = null;
      switch (result.status) {
        case 'done':
          this.#kanban = taskDone(this.#kanban);
          this.#log.emit('task_done', { task, kanban: encodeKanban(this.#kanban) });
          break;
        case 'complete':
          this.#kanban = taskDone(this.#kanban);
          this.#log.emit('task_done', { task, kanban: encodeKanban(this.#kanban) });
          return this.#complete(result.output);
        case 'blocked':
          this.#kanban = taskBlocked(this.#kanban, result.item);
          this.#log.emit('task_blocked', { task, item: result.item, kanban: encodeKanban(this.#kanban) });
          if (this.#kanban.stalls > this.#limits.stallLimit) replan = 'stalled';
          break;
        case 'failed':
          this.#kanban = taskBlocked(this.#kanban, result.item);
          this.#log.emit('task_blocked', { task, item: result.item, kanban: encodeKanban(this.#kanban) });
          replan = 'judge failed';
          break;
        case 'replan':
          this.#kanban = idle(this.#kanban);
          replan = 'blocked';
          break;
      }
      if (replan !== null && !this.#replan(replan)) return;
    }
  }

  /** Plans (with the kanban as it stands) and makes the plan the todo; false when the run ended. */
  #adopt(): boolean {
    const kanban = this.#kanban;
    const adapter = this.#adapter;
    const outcome: PlanOutcome<P> = planOrHeuristic(
      this.#planner,
      {
        buildPrompt: (attempt) => adapter.plannerPrompt(kanban, attempt),
        parse: (output) => adapter.parsePlan(output, kanban),
        heuristic: () => adapter.heuristicPlan(kanban),
        items: (plan) => adapter.tasks(plan),
      },
      this.#log.emit,
    );
    this.#counts[outcome.source === 'model' ? 'modelPlans' : 'fallbackPlans']++;
    this.#plan = outcome.plan;
    if (outcome.source === 'model' && kanban.replans < this.#limits.maxReplans) {
      const doubted = (adapter.reconsider?.(outcome.plan, kanban, this.#readers, outcome.completion) ?? []).filter((item) => !kanban.blocked.includes(item));
      if (doubted.length > 0) return this.#planAgain('doubted', doubted);
    }
    const tasks = adapter.tasks(outcome.plan);
    const { plannerThreshold: threshold, askFloor } = this.#limits;
    // a rereading left comes before an offer: the next Planner may be sure (rule 8 before rule 7)
    const rereads = this.#rereadable();
    if (outcome.source === 'model' && outcome.completion.confidence < threshold) {
      const confidence = outcome.completion.confidence;
      if (confidence < askFloor || tasks.length === 0 || rereads) return this.#unsure('planner unsure', plannerUnsure(confidence, threshold, this.#readers));
      this.#asking ??= plannerClose(confidence, threshold, this.#readers);
    }
    const doubt = outcome.source === 'model' ? adapter.doubt?.(outcome.plan, kanban, this.#readers, outcome.completion) ?? null : null;
    if (doubt !== null && (!doubt.ask || rereads)) return this.#unsure('planner unsure', `${OUTSIDE}: ${doubt.message}`);
    if (doubt !== null) this.#asking ??= doubt.message;
    if (tasks.length === 0) {
      if (outcome.source === 'model') return this.#unsure('planner refused', plannerRefused(outcome.completion, this.#readers));
      this.#refuse('no decomposition', 'no decomposition into known pieces was found');
      return false;
    }
    // tasks an earlier plan already finished (a primitive's body) are not asked for again
    this.#kanban = planned(this.#kanban, tasks.filter((t) => !this.#kanban.done.includes(t)));
    return true;
  }

  /**
   * The Planner is unsure of its plan: on a first plan with a rereading left, the next Planner
   * reads the start afresh (rule 8); otherwise the run refuses. False: the run ended.
   */
  #unsure(reason: RefuseReason, message: string): boolean {
    const next = this.#rereadable() ? this.#rereadings.shift() : undefined;
    if (next === undefined) {
      this.#refuse(reason, message);
      return false;
    }
    this.#planner = next.planner;
    this.#readers = next.name;
    this.#limits = { ...this.#limits, plannerThreshold: next.plannerThreshold, askFloor: next.askFloor };
    this.#readings++;
    this.#asking = null;
    return this.#planAgain('unsure');
  }

  /** Whether the plan just made is a first reading (no replan but rereadings before it) with a rereading left. */
  #rereadable(): boolean {
    const first = this.#kanban.replans === this.#readings && this.#kanban.blocked.length === 0;
    return first && this.#rereadings.length > 0 && this.#kanban.replans < this.#limits.maxReplans;
  }

  #replan(reason: ReplanReason): boolean {
    if (this.#kanban.replans >= this.#limits.maxReplans) {
      this.#refuse('replan limit', `the Planner found no plan that passed after ${this.#limits.maxReplans} replans`);
      return false;
    }
    return this.#planAgain(reason);
  }

  /**
   * Every replan's one way (rules 3, 8 and 9): the plan given up joins `last`, `blocked` items
   * join the kanban's (rule 9's doubted steps), and the Planner plans again. False: the run ended.
   */
  #planAgain(reason: ReplanReason, blocked: readonly string[] = []): boolean {
    this.#enter('replan');
    this.#kanban = blocked.reduce(itemBlocked, planTried(idle(this.#kanban), this.#adapter.pattern(this.#plan!)));
    this.#log.emit('replan', { reason, kanban: encodeKanban(this.#kanban) });
    this.#kanban = replanned(this.#kanban);
    return this.#adopt();
  }

  #complete(output: string): void {
    const plan = this.#adapter.describe(this.#plan!);
    if (this.#asking !== null && !this.#acceptOffer) {
      this.#offer = { plan, words: this.#adapter.words?.(this.#plan!) ?? null, message: this.#asking, output };
      this.#enter('done');
      this.#log.emit('asked', { plan, words: this.#offer.words, message: this.#asking });
      return;
    }
    if (this.#asking !== null) this.#log.emit('accepted', { plan });
    this.#output = output;
    this.#enter('done');
    const { modelPlans, fallbackPlans } = this.#counts;
    this.#log.emit('composed', { code: output, plan, modelPlans, fallbackPlans });
  }

  #refuse(reason: RefuseReason, message: string): void {
    this.#refusal = { reason, message };
    this.#enter('done');
    this.#log.emit('refused', { reason, message });
  }
}
