// The orchestrator loop for a single-agent puzzle (seed 000, section 4), generic over a game
// adapter: plan, pop a task, ask the Mover with the kanban in its prompt, let the
// deterministic Judge accept or refuse, fall back after too many refusals, replan when the
// plan runs out or progress stalls, stop on the goal or the move limit. Every step is an event.

import { CycleDetector, type CycleKind } from './cycle.ts';
import { EventLog, type FailReason, type OrchestratorEvent, type Phase, type ReplanReason } from './events.ts';
import { chooseFallback, judgeProposal } from './judge.ts';
import {
  emptyKanban, encodeKanban, idle, moveAccepted, moveForced, moveRejected, planned, replanned, stalled, startTask,
  type Kanban,
} from './kanban.ts';
import { planOrHeuristic, type PlanParse } from './planner.ts';
import type { MoveSource, Organelle } from './types.ts';

/**
 * What a game must provide. Moves are plain strings without '|', ',', '=' or newlines (they
 * travel inside the kanban encoding). Everything here must be deterministic.
 */
export interface PuzzleAdapter<S> {
  game: string;
  /** For events, e.g. the board string. */
  describe(state: S): string;
  /** Identifies a state for the revisit rule (Limits.maxVisits); default: describe. */
  stateKey?(state: S): string;
  isGoal(state: S): boolean;
  /** Lower is better (e.g. Manhattan distance); drives the no-progress replan trigger. */
  progress(state: S): number;
  legalMoves(state: S): string[];
  /** Only called with a legal move. */
  apply(state: S, move: string): S;
  /** Reversible games: the move that undoes `move`, so the cycle detector refuses immediate undos. */
  inverse?(move: string): string;
  /** Action-repetition periods the cycle detector refuses (default [2, 3]). */
  cyclePeriods?: readonly number[];
  /** Whether a repeated block of moves returns to where it started (see CycleOptions.loops). */
  cycleLoops?: (block: readonly string[]) => boolean;
  plannerPrompt(state: S, kanban: Kanban, attempt: number): string;
  parsePlan(output: string, state: S): PlanParse;
  heuristicPlan(state: S, kanban: Kanban): string[];
  moverPrompt(state: S, kanban: Kanban): string;
  parseMove(output: string): string | null;
  /** A legal move outside `avoid`, or null if there is none. Deterministic. */
  fallbackMove(state: S, kanban: Kanban, avoid: Set<string>): string | null;
}

/** No planner = ablation: heuristic plans only (each one still reported as plan_fallback). */
export interface Organelles {
  planner?: Organelle;
  mover: Organelle;
}

export interface Limits {
  /** Applied moves before the run is declared failed. */
  maxMoves: number;
  /** Refused Mover proposals per move before the fallback picks one (0 = fallback only). */
  maxRejectsPerMove: number;
  /** Replan when kanban.stalls exceeds this. */
  stallLimit: number;
  /** Replan when progress has not improved for this many moves. */
  noProgressLimit: number;
  /** Planner calls after the first plan; beyond it an empty todo is refilled by the heuristic. */
  maxReplans: number;
  /** How many recent moves the kanban's `last` keeps. */
  lastCap: number;
  /**
   * Revisit rule (0 = off): the Judge refuses a move into a state the run has already entered
   * this many times (the start counts) when another legal, unblocked move leads to a state
   * entered fewer times. It catches the long loops through the same states that a ring of
   * recent actions cannot see; the Mover, told the move is blocked, picks another.
   */
  maxVisits: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxMoves: 100,
  maxRejectsPerMove: 3,
  stallLimit: 4,
  noProgressLimit: 6,
  maxReplans: 20,
  lastCap: 3,
  maxVisits: 0,
};

export interface RunOptions {
  /** Receives each event as it is emitted (live UI); the full list is also in the result. */
  onEvent?: (event: OrchestratorEvent) => void;
}

export interface RunResult {
  events: OrchestratorEvent[];
  solved: boolean;
  moves: string[];
  /** Applied moves that came from the Mover's own output. */
  modelMoves: number;
  /** Applied moves picked by the deterministic fallback. */
  fallbackMoves: number;
  /** Mover outputs that did not parse as a move. */
  parseErrors: number;
  /** Proposals refused as cycles where a different move was then taken. */
  cycleBreaks: number;
  replans: number;
  /** Plans that came from the heuristic (no planner, rejected twice, or replan limit). */
  plannerFallbacks: number;
  /** Why the run failed, or null when it was solved. */
  failure: FailReason | null;
}

export function resolveLimits(overrides: Partial<Limits> = {}): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`limits: ${key} must be an integer >= 0, got ${value}`);
    limits[key] = value;
  }
  for (const key of Object.keys(overrides)) {
    if (!(key in DEFAULT_LIMITS)) throw new RangeError(`limits: unknown key '${key}'`);
  }
  if (limits.maxMoves < 1) throw new RangeError('limits: maxMoves must be at least 1');
  return limits;
}

export function runPuzzle<S>(
  adapter: PuzzleAdapter<S>,
  start: S,
  organelles: Organelles,
  limits: Partial<Limits> = {},
  options: RunOptions = {},
): RunResult {
  const run = new PuzzleRun(adapter, start, organelles, resolveLimits(limits), new EventLog(options.onEvent));
  run.execute();
  return run.result();
}

// ---- the run

interface Choice {
  move: string;
  by: MoveSource;
  /** Moves the Judge refused this turn because they would close a loop. */
  cycleRefusals: { move: string; kind: CycleKind }[];
}

class PuzzleRun<S> {
  readonly #adapter: PuzzleAdapter<S>;
  readonly #organelles: Organelles;
  readonly #limits: Limits;
  readonly #log: EventLog;
  readonly #cycles: CycleDetector;

  #state: S;
  /** How many times the run has entered each state (by stateKey), the start included. */
  readonly #visits = new Map<string, number>();
  #kanban: Kanban = emptyKanban();
  #phase: Phase | null = null;
  #moves: string[] = [];
  #bestProgress: number;
  #movesSinceImprovement = 0;
  #counts = { modelMoves: 0, fallbackMoves: 0, parseErrors: 0, cycleBreaks: 0, plannerFallbacks: 0 };
  #solved = false;
  #failure: FailReason | null = null;

  constructor(adapter: PuzzleAdapter<S>, start: S, organelles: Organelles, limits: Limits, log: EventLog) {
    this.#adapter = adapter;
    this.#organelles = organelles;
    this.#limits = limits;
    this.#log = log;
    this.#state = start;
    this.#visit(start);
    this.#bestProgress = adapter.progress(start);
    const inverse = adapter.inverse?.bind(adapter);
    this.#cycles = new CycleDetector({
      ...(inverse ? { inverse } : {}),
      ...(adapter.cyclePeriods ? { periods: adapter.cyclePeriods } : {}),
      ...(adapter.cycleLoops ? { loops: adapter.cycleLoops } : {}),
    });
  }

  execute(): void {
    const config = { ...this.#limits, planner: this.#organelles.planner !== undefined, inverse: this.#adapter.inverse !== undefined };
    this.#log.emit('run_started', { game: this.#adapter.game, start: this.#adapter.describe(this.#state), config });
    try {
      this.#loop();
    } catch (err) {
      // an event listener failing after the ending is the caller's problem, not the run's
      if (this.#solved || this.#failure !== null) throw err;
      // a throwing organelle or adapter ends the run: falling back forever would hide the bug
      this.#log.emit('error', { message: err instanceof Error ? err.message : String(err) });
      this.#fail('error');
    }
  }

  result(): RunResult {
    return {
      events: this.#log.events,
      solved: this.#solved,
      moves: [...this.#moves],
      ...this.#counts,
      replans: this.#kanban.replans,
      failure: this.#failure,
    };
  }

  #loop(): void {
    const adapter = this.#adapter;
    if (adapter.isGoal(this.#state)) return this.#solve();
    this.#enter('plan');
    this.#kanban = planned(this.#kanban, this.#plan());
    for (;;) {
      if (adapter.isGoal(this.#state)) return this.#solve();
      if (this.#moves.length >= this.#limits.maxMoves) return this.#fail('move limit');
      this.#maybeReplan();
      this.#kanban = this.#kanban.todo.length > 0 ? startTask(this.#kanban) : idle(this.#kanban);
      const choice = this.#chooseMove();
      if (choice === null) return this.#fail('no legal moves');
      this.#apply(choice);
    }
  }

  #enter(to: Phase): void {
    if (this.#phase === to) return;
    this.#log.emit('phase_change', { from: this.#phase, to });
    this.#phase = to;
  }

  // ---- planning

  /** Asks the Planner (validated, one retry) or, in the ablation, uses the heuristic. */
  #plan(): string[] {
    const adapter = this.#adapter;
    const state = this.#state;
    const kanban = this.#kanban;
    const outcome = planOrHeuristic(
      this.#organelles.planner,
      {
        buildPrompt: (attempt) => adapter.plannerPrompt(state, kanban, attempt),
        parse: (output) => adapter.parsePlan(output, state),
        heuristic: () => adapter.heuristicPlan(state, kanban),
      },
      this.#log.emit,
    );
    if (outcome.source === 'fallback') this.#counts.plannerFallbacks++;
    return outcome.plan;
  }

  #replanReason(): ReplanReason | null {
    if (this.#kanban.todo.length === 0) return 'plan exhausted';
    if (this.#kanban.stalls > this.#limits.stallLimit) return 'stalled';
    if (this.#movesSinceImprovement >= this.#limits.noProgressLimit) return 'no progress';
    return null;
  }

  #maybeReplan(): void {
    const reason = this.#replanReason();
    if (reason === null) return;
    if (this.#kanban.replans >= this.#limits.maxReplans) {
      // out of Planner calls: keep the Mover's prompt fed with the heuristic, say so, move on
      if (this.#kanban.todo.length === 0) {
        const plan = this.#adapter.heuristicPlan(this.#state, this.#kanban);
        this.#log.emit('plan_fallback', { reason: 'replan limit', plan: [...plan] });
        this.#counts.plannerFallbacks++;
        this.#kanban = planned(this.#kanban, plan);
      }
      return;
    }
    this.#enter('replan');
    this.#log.emit('replan', { reason, kanban: encodeKanban(this.#kanban) });
    // the Planner sees the kanban as it stands (stalls included); the counters reset after
    const plan = this.#plan();
    this.#kanban = planned(replanned(this.#kanban), plan);
    this.#movesSinceImprovement = 0;
  }

  // ---- the revisit rule

  #key(state: S): string {
    return this.#adapter.stateKey ? this.#adapter.stateKey(state) : this.#adapter.describe(state);
  }

  #visit(state: S): void {
    const key = this.#key(state);
    this.#visits.set(key, (this.#visits.get(key) ?? 0) + 1);
  }

  /**
   * Legal moves into a state entered maxVisits times or more while some legal move outside
   * `blocked` leads to a state entered fewer times (so there is always a move left to take).
   */
  #revisits(legal: readonly string[]): Set<string> {
    const limit = this.#limits.maxVisits;
    if (limit === 0) return new Set();
    const visits = new Map(legal.map((m) => [m, this.#visits.get(this.#key(this.#adapter.apply(this.#state, m))) ?? 0]));
    const open = legal.filter((m) => !this.#kanban.blocked.includes(m)).map((m) => visits.get(m)!);
    const least = open.length ? Math.min(...open) : Infinity;
    return new Set(legal.filter((m) => visits.get(m)! >= limit && visits.get(m)! > least));
  }

  // ---- proposing and judging

  /** Mover proposals until one passes the Judge or the attempts run out, then the fallback. */
  #chooseMove(): Choice | null {
    const adapter = this.#adapter;
    const legal = adapter.legalMoves(this.#state);
    if (legal.length === 0) return null;
    const cycleRefusals: Choice['cycleRefusals'] = [];
    for (let attempt = 0; attempt < this.#limits.maxRejectsPerMove; attempt++) {
      this.#enter('propose');
      const prompt = adapter.moverPrompt(this.#state, this.#kanban);
      const completion = this.#organelles.mover(prompt);
      const move = adapter.parseMove(completion.text);
      this.#log.emit('move_proposed', {
        prompt,
        output: completion.text,
        move,
        by: 'model',
        confidence: completion.confidence,
        ...(completion.votes ? { votes: [...completion.votes] } : {}),
        organelle: 'mover',
      });
      this.#enter('judge');
      const verdict = judgeProposal(move, legal, this.#kanban, this.#cycles, this.#revisits(legal));
      if (verdict.ok) return { move: verdict.move, by: 'model', cycleRefusals };
      this.#log.emit('move_rejected', { move, reason: verdict.reason, by: 'model' });
      if (move === null) {
        this.#counts.parseErrors++;
        this.#kanban = stalled(this.#kanban);
      } else {
        this.#kanban = moveRejected(this.#kanban, move);
        if (verdict.reason === 'cycle') cycleRefusals.push({ move, kind: verdict.kind });
      }
    }
    const state = this.#state;
    const kanban = this.#kanban;
    const move = chooseFallback((avoid) => adapter.fallbackMove(state, kanban, avoid), legal, kanban, this.#cycles, this.#revisits(legal));
    if (move === null) throw new Error(`${adapter.game}: fallbackMove found no move although ${legal.length} are legal`);
    this.#enter('propose');
    // confidence 1: the fallback is a deterministic rule, not a sample
    this.#log.emit('move_proposed', { prompt: '', output: '', move, by: 'fallback', confidence: 1, organelle: 'fallback' });
    return { move, by: 'fallback', cycleRefusals };
  }

  // ---- applying

  #apply({ move, by, cycleRefusals }: Choice): void {
    this.#enter('apply');
    this.#state = this.#adapter.apply(this.#state, move);
    this.#visit(this.#state);
    this.#moves.push(move);
    if (by === 'model') {
      this.#counts.modelMoves++;
      this.#kanban = moveAccepted(this.#kanban, move, this.#limits.lastCap);
    } else {
      this.#counts.fallbackMoves++;
      this.#kanban = moveForced(this.#kanban, move, this.#limits.lastCap);
    }
    this.#cycles.push(move);
    const progress = this.#adapter.progress(this.#state);
    if (progress < this.#bestProgress) {
      this.#bestProgress = progress;
      this.#movesSinceImprovement = 0;
    } else {
      this.#movesSinceImprovement++;
    }
    for (const refused of cycleRefusals) {
      // a dead end can force the refused move after all; that is no break
      if (refused.move === move) continue;
      this.#counts.cycleBreaks++;
      this.#log.emit('cycle_break', { move: refused.move, alternative: move, kind: refused.kind });
    }
    this.#log.emit('move_applied', {
      move,
      by,
      state: this.#adapter.describe(this.#state),
      progress,
      kanban: encodeKanban(this.#kanban),
    });
  }

  // ---- endings

  #solve(): void {
    this.#solved = true;
    this.#enter('done');
    const { modelMoves, fallbackMoves } = this.#counts;
    this.#log.emit('solved', { moves: [...this.#moves], modelMoves, fallbackMoves });
  }

  #fail(reason: FailReason): void {
    this.#failure = reason;
    this.#enter('done');
    this.#log.emit('failed', { reason, moves: [...this.#moves] });
  }
}
