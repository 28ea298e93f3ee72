// The typed event stream: everything the orchestrator does is one of these events. The UI
// renders them, a trace file is them as JSONL, a share link replays them. Each event is
// declared once, in EventPayloads; the union is derived from it. Events carry a step counter
// and no wall-clock time, so the same run always yields the same trace.

import type { MoveSource } from './types.ts';

export type Phase = 'plan' | 'propose' | 'judge' | 'apply' | 'replan' | 'done' | 'wiring' | 'codegen';

/** Why the deterministic Judge refused a proposal. */
export type RejectReason = 'unparseable' | 'blocked' | 'illegal' | 'cycle';

export type ReplanReason = 'plan exhausted' | 'stalled' | 'no progress' | 'blocked' | 'judge failed' | 'unsure' | 'doubted';

/** How every refusal of the Planner's begins (rule 6): the run says it cannot, rather than guess. */
export const OUTSIDE = 'this intent is outside what the organelles know';

/** Why code composition ended without handing code over. */
export type RefuseReason =
  | 'bad intent'
  | 'planner refused'
  | 'planner unsure'
  | 'no decomposition'
  | 'replan limit'
  | 'iteration limit'
  | 'error';

/** One of the code Judge's checks, passed or failed, with what it found. */
export interface JudgeCheck {
  name: string;
  ok: boolean;
  message: string;
}

/** Why a heuristic plan was used instead of the Planner's. */
export type PlanFallbackReason = 'no planner' | 'planner rejected twice' | 'replan limit';

export type FailReason = 'move limit' | 'no legal moves' | 'error';

/** A two-player game's outcome for the organelles' side. */
export type GameResult = 'win' | 'draw' | 'loss';

export interface EventPayloads {
  /** config: the resolved limits and switches, flat so it survives JSON unchanged. */
  run_started: { game: string; start: string; config: Record<string, string | number | boolean> };
  phase_change: { from: Phase | null; to: Phase };
  plan_requested: { prompt: string; attempt: number };
  /**
   * votes: what each of several Planners wrote; weighed: each vote's confidence when different
   * votes were weighed; none: the highest of their confidences that nothing known builds it,
   * when they were asked (organelles.ts agreeingPlanners).
   */
  plan_generated: { prompt: string; output: string; plan: string[]; attempt: number; confidence: number; votes?: string[]; weighed?: number[]; none?: number };
  plan_rejected: { output: string; reason: string; attempt: number };
  plan_fallback: { reason: PlanFallbackReason; plan: string[] };
  /** move is null when the output did not parse; a fallback proposal has empty prompt/output. */
  move_proposed: {
    prompt: string;
    output: string;
    move: string | null;
    by: MoveSource;
    confidence: number;
    votes?: string[];
    organelle: string;
  };
  move_rejected: { move: string | null; reason: RejectReason; by: MoveSource };
  /** state: the adapter's description after the move; kanban: its pipe encoding after the move. */
  move_applied: { move: string; by: MoveSource; state: string; progress?: number; kanban: string };
  /** A proposal refused because it would close a loop, and the move taken instead. */
  cycle_break: { move: string; alternative: string; kind: string };
  replan: { reason: ReplanReason; kanban: string };
  solved: { moves: string[]; modelMoves: number; fallbackMoves: number };
  failed: { reason: FailReason; moves: string[] };
  error: { message: string };
  // ---- two-player games (worker/orchestrator/game-loop.ts)
  /** The other side's move (a scripted opponent or a human); state: the board after it. */
  opponent_move: { move: string; opponent: string; state: string };
  /** The end of a game, seen from the organelles' side; winner: the winning side, null on a draw. */
  game_over: { result: GameResult; winner: string | null; moves: string[]; modelMoves: number; fallbackMoves: number };
  // ---- code composition (worker/orchestrator/task-loop.ts, worker/compose/)
  /** A kanban task popped for work: `wiring(a+b)`, `codegen(a)` or `judge`. */
  task_started: { task: string; kanban: string };
  /** A worker organelle's answer for a task, and its confidence against the threshold. */
  task_answered: { task: string; organelle: string; prompt: string; output: string; confidence: number; threshold: number; accepted: boolean };
  task_done: { task: string; kanban: string };
  /** A task that did not pass; item is what went into blocked, e.g. `rolling_mean(low_conf)`. */
  task_blocked: { task: string; item: string; kanban: string };
  /** The Judge's verdict on the assembled code: its checks in order, up to the first that failed. */
  judged: { ok: boolean; checks: JudgeCheck[]; code: string };
  /** The code handed over, and the plan it implements. */
  composed: { code: string; plan: string; modelPlans: number; fallbackPlans: number };
  /** The run ended without code, and why, in words a person can act on. */
  refused: { reason: RefuseReason; message: string };
  /**
   * The run built a plan that passed the Judge but was not sure it is what was meant (the
   * Planner's confidence between the ask floor and its threshold, or the intent's words do not
   * say it): the code is held back and the plan offered. words: the plan said back, or null.
   */
  asked: { plan: string; words: string | null; message: string };
  /** The person said yes to the plan the run asked about: the code is handed over. */
  accepted: { plan: string };
}

export type EventType = keyof EventPayloads;

export type OrchestratorEvent = { [K in EventType]: { type: K; step: number } & EventPayloads[K] }[EventType];

export type EventOf<K extends EventType> = Extract<OrchestratorEvent, { type: K }>;

/** How producers add an event; the log stamps the step. */
export type Emit = <K extends EventType>(type: K, payload: EventPayloads[K]) => void;

/** Collects events in order, numbering them, and optionally forwards each one as it happens. */
export class EventLog {
  readonly events: OrchestratorEvent[] = [];
  readonly #listener: ((event: OrchestratorEvent) => void) | undefined;

  constructor(listener?: (event: OrchestratorEvent) => void) {
    this.#listener = listener;
  }

  readonly emit: Emit = (type, payload) => {
    const event = { type, step: this.events.length, ...payload } as OrchestratorEvent;
    this.events.push(event);
    this.#listener?.(event);
  };
}

// ---- JSONL

export function toJsonl(events: readonly OrchestratorEvent[]): string {
  return events.map((e) => JSON.stringify(e) + '\n').join('');
}

// The field table below is typed against EventPayloads: adding, removing or retyping a payload
// field without updating it is a compile error, so the runtime check cannot drift.
type Kind<T> = [T] extends [number]
  ? 'number'
  : [T] extends [boolean]
    ? 'boolean'
    : [T] extends [string]
      ? 'string'
      : [T] extends [string | null]
        ? 'string|null'
        : [T] extends [readonly string[]]
          ? 'string[]'
          : [T] extends [readonly number[]]
            ? 'number[]'
            : [T] extends [readonly object[]]
              ? 'object[]'
              : [T] extends [Record<string, unknown>]
                ? 'object'
                : never;
type FieldKinds<P> = { [F in keyof P]-?: {} extends Pick<P, F> ? `${Kind<Exclude<P[F], undefined>>}?` : Kind<P[F]> };

const FIELDS: { [K in EventType]: FieldKinds<EventPayloads[K]> } = {
  run_started: { game: 'string', start: 'string', config: 'object' },
  phase_change: { from: 'string|null', to: 'string' },
  plan_requested: { prompt: 'string', attempt: 'number' },
  plan_generated: { prompt: 'string', output: 'string', plan: 'string[]', attempt: 'number', confidence: 'number', votes: 'string[]?', weighed: 'number[]?', none: 'number?' },
  plan_rejected: { output: 'string', reason: 'string', attempt: 'number' },
  plan_fallback: { reason: 'string', plan: 'string[]' },
  move_proposed: {
    prompt: 'string', output: 'string', move: 'string|null', by: 'string', confidence: 'number', votes: 'string[]?', organelle: 'string',
  },
  move_rejected: { move: 'string|null', reason: 'string', by: 'string' },
  move_applied: { move: 'string', by: 'string', state: 'string', progress: 'number?', kanban: 'string' },
  cycle_break: { move: 'string', alternative: 'string', kind: 'string' },
  replan: { reason: 'string', kanban: 'string' },
  solved: { moves: 'string[]', modelMoves: 'number', fallbackMoves: 'number' },
  failed: { reason: 'string', moves: 'string[]' },
  error: { message: 'string' },
  opponent_move: { move: 'string', opponent: 'string', state: 'string' },
  game_over: { result: 'string', winner: 'string|null', moves: 'string[]', modelMoves: 'number', fallbackMoves: 'number' },
  task_started: { task: 'string', kanban: 'string' },
  task_answered: {
    task: 'string', organelle: 'string', prompt: 'string', output: 'string', confidence: 'number', threshold: 'number', accepted: 'boolean',
  },
  task_done: { task: 'string', kanban: 'string' },
  task_blocked: { task: 'string', item: 'string', kanban: 'string' },
  judged: { ok: 'boolean', checks: 'object[]', code: 'string' },
  composed: { code: 'string', plan: 'string', modelPlans: 'number', fallbackPlans: 'number' },
  refused: { reason: 'string', message: 'string' },
  asked: { plan: 'string', words: 'string|null', message: 'string' },
  accepted: { plan: 'string' },
};

function isKind(value: unknown, kind: string): boolean {
  switch (kind) {
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'string': return typeof value === 'string';
    case 'string|null': return value === null || typeof value === 'string';
    case 'boolean': return typeof value === 'boolean';
    case 'string[]': return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'number[]': return Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v));
    case 'object[]': return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
    default: throw new Error(`events: unknown field kind '${kind}'`);
  }
}

/** Checks one decoded JSON value against the union; the error says what is wrong, not where. */
function validateEvent(value: unknown): OrchestratorEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  const record = value as Record<string, unknown>;
  const { type, step } = record;
  if (typeof type !== 'string') throw new Error(`missing string 'type'`);
  if (!Object.hasOwn(FIELDS, type)) throw new Error(`unknown event type '${type}'`);
  if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) throw new Error(`'${type}' needs a non-negative integer 'step'`);
  const fields = FIELDS[type as EventType] as Record<string, string>;
  for (const [name, spec] of Object.entries(fields)) {
    const optional = spec.endsWith('?');
    if (!(name in record)) {
      if (optional) continue;
      throw new Error(`'${type}' is missing field '${name}'`);
    }
    const kind = optional ? spec.slice(0, -1) : spec;
    if (!isKind(record[name], kind)) throw new Error(`'${type}' field '${name}' should be ${kind}`);
  }
  for (const name of Object.keys(record)) {
    if (name !== 'type' && name !== 'step' && !(name in fields)) throw new Error(`'${type}' has unexpected field '${name}'`);
  }
  return value as OrchestratorEvent;
}

/** Parses a JSONL trace (blank lines ignored). Any bad line throws an error naming its number. */
export function parseJsonl(text: string): OrchestratorEvent[] {
  const events: OrchestratorEvent[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      throw new Error(`trace line ${i + 1}: invalid JSON (${(err as Error).message})`);
    }
    try {
      events.push(validateEvent(value));
    } catch (err) {
      throw new Error(`trace line ${i + 1}: ${(err as Error).message}`);
    }
  });
  return events;
}
