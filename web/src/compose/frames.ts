// A composition run as the Compose and shared views play it: one frame per step the
// orchestrator took (frame 0 the first plan; then each task taken up, each replan's new plan,
// and the ending), each with the kanban as the orchestrator held it, the organelle answer the
// step is about (its exact prompt, its answer, its confidence against the threshold) and the
// Judge's checks on a judge step; plus the event log with the frame each entry belongs to, and
// the run's summary (the code handed over, the plan offered instead, or the refusal; whether the
// code came on a yes to an offer; the last verdict, the counts). Pure
// functions of the event list, so a run being composed, a finished one and its replayed share
// link look the same.
import { confidenceText } from '../../../worker/orchestrator/confidence-text.ts';
import { decodeKanban, emptyKanban, planned, replanned, type Kanban } from '../../../worker/orchestrator/kanban.ts';
import type { EventOf, JudgeCheck, OrchestratorEvent, PlanFallbackReason, ReplanReason } from '../../../worker/orchestrator/events.ts';
import type { CallRow, OrganelleCall, ReplayFrame, ReplayOf } from '../replay/types.ts';
import { noAgreement, plannerLine, type PlanReader } from '../replay/planner-events.ts';
import { eventLogWriter } from '../replay/event-log.ts';
import { percent } from '../lib/format.ts';
import { promptKey } from '../lib/prompt-keys.ts';

/** Who answers in a composition (the Judge is no organelle: its checks are the step's). */
export type ComposeWho = 'Planner' | 'Wiring' | 'Code';

export interface ComposeCall extends OrganelleCall {
  who: ComposeWho;
  /** The task it answered (`codegen(rolling_mean)`), or null for a plan. */
  task: string | null;
}

export type ComposeStepKind = 'plan' | 'task' | 'replan' | 'end';

/** Where the run is: the kanban's task types, with planning, replanning and the ending. */
export type ComposePhase = 'plan' | 'wiring' | 'codegen' | 'judge' | 'replan' | 'done';

/** How a step ended: its task passed, was blocked below a threshold, failed the Judge, or left the plan unfinishable. */
export type StepOutcome = 'done' | 'blocked' | 'failed' | 'replan' | 'composed' | 'refused' | 'asked' | 'planned' | null;

export interface ComposeFrame extends ReplayFrame {
  kind: ComposeStepKind;
  phase: ComposePhase;
  /** The task taken up in this step. */
  task: string | null;
  /** The organelle answer this step is about: the Planner's plan, or the Wiring or Code organelle's answer. */
  call: ComposeCall | null;
  /** A judge step's checks, in order, up to the first that failed. */
  checks: readonly JudgeCheck[] | null;
  outcome: StepOutcome;
  /** What went into blocked: `rolling_mean(low_conf)`, `rolling_mean+diff_central(ran)`. */
  item: string | null;
  /** Each organelle's latest call up to this step, for the calls under the kanban. */
  latest: Readonly<Record<ComposeWho, ComposeCall | null>>;
  /** Replans so far (a replan step's own number). */
  replans: number;
}

export interface ComposeSummary {
  intent: string;
  /** False: the keyword decomposer planned alone (the ablation). */
  withPlanner: boolean;
  /** The Planner's threshold, from the run's configuration (null before the run started). */
  plannerThreshold: number | null;
  /** Null while the run goes on; asked: the run offered its plan and held the code back. */
  outcome: 'composed' | 'refused' | 'asked' | null;
  code: string | null;
  plan: string | null;
  refusal: { reason: string; message: string } | null;
  /** The plan the run asked about ("Did you mean ...?"), its words said back (or null), and why it asked. */
  offer: { plan: string; words: string | null; message: string } | null;
  /** The code was handed over because the person said yes to the plan the run offered. */
  accepted: boolean;
  /** The last verdict of the Judge, and the code it judged. */
  judged: { ok: boolean; checks: readonly JudgeCheck[]; code: string } | null;
  modelPlans: number;
  fallbackPlans: number;
  replans: number;
  tasks: number;
  blocked: string[];
  answers: number;
  error: string | null;
}

export interface ComposeReplay extends ReplayOf<ComposeFrame> {
  summary: ComposeSummary;
}

/** A plan's tasks as the log reads them; an empty plan is the Planner's or the decomposer's "none". */
const readTasks: PlanReader = (plan) => (plan.length ? plan.join(', ') : 'none (no known pieces make it)');

const FALLBACK_WHY: Record<PlanFallbackReason, string> = {
  'no planner': 'the Planner is switched off',
  'planner rejected twice': "the Planner's answers failed the plan grammar twice",
  'replan limit': 'the replan limit was reached',
};

const REPLAN_WHY: Record<ReplanReason, string> = {
  stalled: 'too many tasks in a row were blocked',
  blocked: 'a piece the plan needs was blocked',
  'judge failed': 'the Judge refused the code',
  'plan exhausted': 'the plan ran out',
  'no progress': 'no progress',
  unsure: 'the Planners were unsure, so the Readers read the intent again',
  doubted: 'no word of the intent asks for a step the Readers wrote, so they read it again without it',
};

const WHO: Record<string, ComposeWho> = { planner: 'Planner', wiring: 'Wiring', code: 'Code' };

function phaseOf(task: string): ComposePhase {
  if (task.startsWith('wiring(')) return 'wiring';
  if (task.startsWith('codegen(')) return 'codegen';
  return 'judge';
}

/** "0.97 ≥ 0.80": a confidence against its threshold, as the calls and the log write it. */
function againstThreshold(confidence: number, threshold: number): string {
  const text = confidenceText(confidence, threshold);
  return `${text.confidence} ${confidence >= threshold ? '≥' : '<'} ${text.threshold}`;
}

/**
 * What the Planners' answer means on the board. The two answer as one (worker/compose/
 * organelles.ts): different plans count for nothing, unless the settings weigh them into one.
 */
function planMeaning(e: EventOf<'plan_generated'>): string {
  const apart = noAgreement(e);
  if (apart !== null) return apart;
  const meaning = e.plan.length ? `${e.plan.length} tasks` : 'refused: no known pieces make it';
  return e.weighed ? `${meaning}, of two different plans weighed` : meaning;
}

/** Builds the frames, log and summary of a composition from its events. */
export function buildComposeReplay(events: readonly OrchestratorEvent[]): ComposeReplay {
  const summary: ComposeSummary = {
    intent: '', withPlanner: true, plannerThreshold: null, outcome: null, code: null, plan: null, refusal: null, offer: null, accepted: false, judged: null,
    modelPlans: 0, fallbackPlans: 0, replans: 0, tasks: 0, blocked: [], answers: 0, error: null,
  };
  const frames: ComposeFrame[] = [];
  let kanban: Kanban = emptyKanban();
  let latest: Record<ComposeWho, ComposeCall | null> = { Planner: null, Wiring: null, Code: null };
  let plannerPrompt = '';
  // a plan is adopted (its frame pushed) by the event after it: a refusal means it never was
  let pending: { kind: 'plan' | 'replan'; before: Kanban; call: ComposeCall | null; by: string } | null = null;
  // after run_started and after a replan, log entries belong to the frame about to open
  let opening = true;
  const { add, line, close } = eventLogWriter(() => (opening ? frames.length : Math.max(0, frames.length - 1)));
  const current = (): ComposeFrame | undefined => frames.at(-1);

  const push = (frame: Omit<ComposeFrame, 'index' | 'latest' | 'replans'>) => {
    frames.push({ ...frame, index: frames.length, latest: { ...latest }, replans: summary.replans });
    opening = false;
  };
  /** Pushes the pending plan's frame: adopted, or (refused) with the kanban as it was before it. */
  const flush = (adopted: boolean) => {
    if (!pending) return;
    const p = pending;
    pending = null;
    if (!adopted) kanban = p.before;
    const caption = p.kind === 'plan' ? `plan by ${p.by}` : `replan ${summary.replans}: plan by ${p.by}`;
    push({
      kind: p.kind, phase: p.kind, task: null, kanban, call: p.call, checks: null, outcome: adopted ? 'planned' : null, item: null,
      caption: p.call ? `${caption} ${percent(p.call.confidence)}` : caption,
    });
  };
  const adoptPlan = (tasks: readonly string[], call: ComposeCall | null, by: string) => {
    const before = kanban;
    kanban = planned(kanban, tasks.filter((t) => !kanban.done.includes(t)));
    pending = { kind: summary.replans > 0 ? 'replan' : 'plan', before, call, by };
  };

  // rereadings taken (task-loop.ts rule 8): the plans after one are the Readers', at their own threshold
  let readings = 0;
  let rereadThresholds: number[] = [];
  for (const e of events) {
    switch (e.type) {
      case 'run_started':
        rereadThresholds = Object.entries(e.config).filter(([k]) => /^rereadThreshold\d+$/.test(k)).map(([, v]) => Number(v));
        summary.intent = e.start;
        summary.withPlanner = e.config.planner !== false;
        summary.plannerThreshold = typeof e.config.plannerThreshold === 'number' ? e.config.plannerThreshold : null;
        add(e, 'start', 'Orchestrator', `Compose “${e.start}”${summary.withPlanner ? '' : ' (the keyword decomposer plans)'}`);
        break;
      case 'plan_requested':
        plannerPrompt = e.prompt;
        break;
      case 'plan_generated': {
        summary.answers++;
        const threshold = (readings > 0 ? rereadThresholds[readings - 1] : summary.plannerThreshold) ?? 0;
        const accepted = e.confidence >= threshold;
        const call: ComposeCall = {
          who: 'Planner', task: null, prompt: e.prompt, output: e.output, confidence: e.confidence, threshold, accepted,
          meaning: planMeaning(e), frame: frames.length,
          // "none", or no agreement: a sure no is still a no, never shown as a pass
          ...(e.plan.length === 0 ? { refusal: true } : {}),
        };
        latest = { ...latest, Planner: call };
        line(e, plannerLine(e, readTasks));
        summary.modelPlans++;
        adoptPlan(e.plan, call, readings > 0 ? 'the Readers' : 'the Planner');
        break;
      }
      case 'plan_rejected':
        summary.answers++;
        latest = {
          ...latest,
          Planner: { who: 'Planner', task: null, prompt: plannerPrompt, output: e.output, meaning: 'refused by the plan grammar', confidence: 0, frame: frames.length },
        };
        line(e, plannerLine(e));
        break;
      case 'plan_fallback':
        summary.fallbackPlans++;
        add(e, 'plan-fallback', 'Fallback', `Keyword decomposer: ${readTasks(e.plan)} (${FALLBACK_WHY[e.reason] ?? e.reason})`);
        adoptPlan(e.plan, null, 'the keyword decomposer');
        break;
      case 'task_started':
        flush(true);
        summary.tasks++;
        kanban = decodeKanban(e.kanban);
        push({
          kind: 'task', phase: phaseOf(e.task), task: e.task, kanban, call: null, checks: null, outcome: null, item: null, caption: e.task,
        });
        break;
      case 'task_answered': {
        summary.answers++;
        const who = WHO[e.organelle] ?? 'Code';
        const call: ComposeCall = {
          who, task: e.task, prompt: e.prompt, output: e.output, confidence: e.confidence, threshold: e.threshold, accepted: e.accepted,
          meaning: e.accepted ? 'accepted' : 'below its threshold: blocked', frame: Math.max(0, frames.length - 1),
        };
        latest = { ...latest, [who]: call };
        const frame = current();
        if (frame) {
          frame.call = call;
          frame.latest = { ...latest };
          frame.caption = `${e.task} · ${who} ${percent(e.confidence)}`;
        }
        const verdict = e.accepted ? 'accepted' : 'below its threshold';
        add(e, e.accepted ? 'answer' : 'blocked', who, `${e.task}: ${verdict} (${againstThreshold(e.confidence, e.threshold)})`, e.confidence);
        break;
      }
      case 'task_done':
        kanban = decodeKanban(e.kanban);
        if (current()) current()!.outcome = 'done';
        break;
      case 'task_blocked': {
        kanban = decodeKanban(e.kanban);
        summary.blocked.push(e.item);
        const judge = e.task === 'judge';
        const frame = current();
        if (frame) {
          frame.outcome = judge ? 'failed' : 'blocked';
          frame.item = e.item;
        }
        add(e, 'blocked', judge ? 'Judge' : 'Orchestrator', `Blocked ${e.item}`);
        break;
      }
      case 'judged': {
        summary.judged = { ok: e.ok, checks: e.checks, code: e.code };
        const frame = current();
        if (frame) {
          frame.checks = e.checks;
          frame.caption = `judge · ${e.ok ? 'passed' : `failed ${e.checks.find((c) => !c.ok)?.name ?? ''}`}`;
        }
        const failed = e.checks.find((c) => !c.ok);
        if (e.ok) add(e, 'judged', 'Judge', `Passed every check: ${e.checks.map((c) => c.name).join(', ')}`);
        else add(e, 'judge-failed', 'Judge', `Refused the code: ${failed?.message ?? 'a check failed'}`);
        break;
      }
      case 'replan': {
        const frame = current();
        if (frame && frame.kind === 'task' && frame.outcome === null) frame.outcome = 'replan';
        kanban = replanned(decodeKanban(e.kanban));
        summary.replans = kanban.replans;
        if (e.reason === 'unsure') readings++;
        opening = true;
        add(e, 'replan', 'Orchestrator', `Replan ${summary.replans}: ${REPLAN_WHY[e.reason] ?? e.reason}`);
        break;
      }
      case 'composed':
        flush(true);
        summary.outcome = 'composed';
        summary.code = e.code;
        summary.plan = e.plan;
        add(e, 'composed', 'Orchestrator', `Composed ${e.plan}: ${e.modelPlans} plan${e.modelPlans === 1 ? '' : 's'} by the Planner, ${e.fallbackPlans} by the keyword decomposer`);
        push({ kind: 'end', phase: 'done', task: null, kanban, call: null, checks: null, outcome: 'composed', item: null, caption: 'composed' });
        break;
      case 'asked':
        // the plan was built and passed the Judge: only its code is held back
        flush(true);
        summary.outcome = 'asked';
        summary.plan = e.plan;
        summary.offer = { plan: e.plan, words: e.words, message: e.message };
        add(e, 'asked', 'Orchestrator', `Asked “Did you mean: ${e.words ?? e.plan}?” (${e.message}); the code is held back until the plan is accepted`);
        push({ kind: 'end', phase: 'done', task: null, kanban, call: null, checks: null, outcome: 'asked', item: null, caption: 'asked: did you mean…?' });
        break;
      case 'accepted':
        summary.accepted = true;
        add(e, 'accepted', 'Person', `Said yes to the plan the run offered, ${e.plan}: its code is handed over`);
        break;
      case 'refused':
        flush(false);
        summary.outcome = 'refused';
        summary.refusal = { reason: e.reason, message: e.message };
        add(e, 'refused', 'Orchestrator', `Refused: ${e.message}`);
        push({ kind: 'end', phase: 'done', task: null, kanban, call: null, checks: null, outcome: 'refused', item: null, caption: 'refused' });
        break;
      case 'error':
        summary.error = e.message;
        add(e, 'error', 'Orchestrator', `Error: ${e.message}`);
        break;
      default:
        break; // phase changes: each frame says its phase
    }
  }
  flush(true); // a run still going: its plan so far
  if (frames.length === 0) {
    push({ kind: 'plan', phase: 'plan', task: null, kanban, call: null, checks: null, outcome: null, item: null, caption: 'starting' });
  }
  return { frames, log: close(frames.length), summary };
}

/** What the kanban shows at a frame, in words, above its columns. */
export function composeKanbanCaption(frame: ComposeFrame | null, summary: ComposeSummary | null): string {
  if (frame === null) return '';
  switch (frame.kind) {
    case 'plan':
      return frame.outcome === 'planned' ? 'After the first plan, before any task.' : 'Before any plan was adopted.';
    case 'replan':
      return `After replan ${frame.replans}: the new plan's tasks in todo (a task already done is not asked again).`;
    case 'task':
      return `As the orchestrator held it when ${frame.task} was taken up.`;
    case 'end':
      if (summary?.outcome === 'composed') return 'As the run ended: the code passed the Judge.';
      if (summary?.outcome === 'asked') return 'As the run ended: the code passed the Judge, and is held back until the plan is accepted.';
      return 'As the run ended, without code.';
  }
}

/** The Planner's, Wiring's and Code organelle's latest calls as of a frame, for the calls under the kanban. */
export function composeCalls(frame: ComposeFrame, summary: ComposeSummary): CallRow[] {
  const when = (call: ComposeCall | null, plan: string) => {
    if (!call) return '';
    if (call.task) return `· for ${call.task}${call.frame === frame.index ? '' : `, step ${call.frame}`}`;
    return `· for ${plan}`;
  };
  const planWhen = frame.replans > 0 ? `replan ${frame.replans}` : 'the first plan';
  return [
    {
      who: 'Planner',
      call: frame.latest.Planner,
      when: when(frame.latest.Planner, planWhen),
      none: summary.withPlanner ? 'The Planner has not been asked yet.' : 'The Planner was not asked: the keyword decomposer planned.',
    },
    { who: 'Wiring', call: frame.latest.Wiring, when: when(frame.latest.Wiring, ''), none: 'The Wiring organelle is asked for a plan’s function once there is a plan.' },
    { who: 'Code', call: frame.latest.Code, when: when(frame.latest.Code, ''), none: 'The Code organelle is asked for each primitive’s body once there is a plan.' },
  ];
}

/** How to read the kanban's items, under its columns. */
export const COMPOSE_LEGEND =
  'Tasks: wiring(A+B) asks the Wiring organelle for the function chaining A and B, codegen(A) asks the Code organelle for A’s body, judge runs the Judge on the assembled code. Blocked: NAME(low_conf) came back below its threshold; NAME(CHECK) failed that Judge check. Last: plans given up.';

/** How to read the prompts the organelles received. */
export const COMPOSE_PROMPT_KEY = promptKey('compose')!;
