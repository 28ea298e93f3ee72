// The orchestrator loop for two-player games (tic-tac-toe, connect-4): the organelles play one
// side, an opponent (a scripted function or a human) the other. Each organelle turn is
//
//   plan     the Planner reads the board and writes a priority list of moves (threat
//            analysis: `w4` wins at 4, `b2` blocks at 2); its output is checked against the
//            game's grammar, gets one retry, then the game's heuristic plan (reported)
//   propose  the Player reads the board, the plan and the kanban's blocked list; answers a move
//   judge    deterministic: parsed, not already refused this turn, legal
//   apply    or, after maxRejectsPerMove refusals, the deterministic fallback (reported)
//
// Opponent moves are events too, and a game ends with game_over. The event list is the
// game's trace: replayGame() rebuilds every position from it, so a shared trace replays
// anywhere. playGame() and playMatch() run whole games against a scripted opponent.
//
// Step by step (the web app), with organelleFn(trained organelle) as each organelle:
//   const s = new GameSession(ticTacToeAdapter, { planner, player }, { side: 'second', opponent: 'human', onEvent });
//   s.toMove                 'organelles' | 'opponent' | null (over)
//   s.opponentMove('4')      a human move; IllegalOpponentMove leaves everything unchanged
//   s.organelleMove()        plan, propose, judge, apply; every event goes to onEvent as it happens
//   s.state / s.kanban / s.result / s.counts / s.events
//   toJsonl(s.events) -> share; replayGame(adapter, parseJsonl(text)) -> every position again

import { CycleDetector } from './cycle.ts';
import { EventLog, type GameResult, type OrchestratorEvent, type Phase } from './events.ts';
import { chooseFallback, judgeProposal } from './judge.ts';
import { emptyKanban, encodeKanban, moveAccepted, moveForced, moveRejected, planned, stalled, type Kanban } from './kanban.ts';
import { planOrHeuristic, type PlanParse } from './planner.ts';
import type { MoveSource, Organelle } from './types.ts';
import { Rng, type Seed } from '../games/rng.ts';

export type { GameResult } from './events.ts';

/**
 * What a two-player game provides. Moves are short strings without '|', ',', '=' or newlines.
 * Plan items are moves, optionally tagged (e.g. 'w4'); planMove() strips the tag. Everything
 * must be deterministic.
 */
export interface GameAdapter<S> {
  game: string;
  /** The two sides, the one that moves first first (e.g. ['X', 'O']). */
  sides: readonly [string, string];
  initial(): S;
  /** The position as text for events and traces; parse() reads it back. */
  describe(state: S): string;
  /** Reads describe()'s text (a shared trace); throws with a reason on bad text. */
  parse(text: string): S;
  /** The side to move, e.g. 'X' or 'O' (also defined once the game is over). */
  sideToMove(state: S): string;
  /** 'ongoing', 'draw', or the winning side. */
  status(state: S): string;
  /** Empty once the game is over. */
  legalMoves(state: S): string[];
  /** Only called with a legal move. */
  apply(state: S, move: string): S;
  plannerPrompt(state: S, attempt: number): string;
  parsePlan(output: string, state: S): PlanParse;
  /** The deterministic plan used when there is no Planner or it failed twice. */
  heuristicPlan(state: S): string[];
  /** The Player's prompt: the board, the plan (kanban.todo) and the refused moves (kanban.blocked). */
  playerPrompt(state: S, kanban: Kanban): string;
  parseMove(output: string): string | null;
  /** The move a plan item names ('w4' -> '4'). */
  planMove(item: string): string;
  /** A legal move outside `avoid`, or null. Deterministic. */
  fallbackMove(state: S, avoid: ReadonlySet<string>): string | null;
}

/** A scripted opponent: a legal move for the side to move, drawing only from `rng`. */
export type Opponent<S> = (state: S, rng: Rng) => string;

/** No planner = the ablation: heuristic plans only (each one reported as plan_fallback). */
export interface GameOrganelles {
  planner?: Organelle;
  player: Organelle;
}

export interface GameLimits {
  /** Refused Player proposals per turn before the fallback moves (0 = fallback only). */
  maxRejectsPerMove: number;
  /** How many recent organelle moves the kanban's `last` keeps. */
  lastCap: number;
}

export const DEFAULT_GAME_LIMITS: Readonly<GameLimits> = { maxRejectsPerMove: 3, lastCap: 3 };

export type OrganelleSide = 'first' | 'second';

export interface GameOptions<S> {
  /** Which side the organelles play (default 'first'). */
  side?: OrganelleSide;
  /** The opponent's name in events (default 'opponent'; 'human' for a person). */
  opponent?: string;
  limits?: Partial<GameLimits>;
  /** Start from this position instead of adapter.initial() (it must be ongoing or over). */
  start?: S;
  onEvent?: (event: OrchestratorEvent) => void;
}

/** One organelle turn, as the caller sees it. */
export interface TurnOutcome {
  move: string;
  by: MoveSource;
  /** The plan the Player saw, and where it came from. */
  plan: string[];
  planSource: 'model' | 'fallback';
  /** The move the plan's first item names, if any. */
  planHead: string | null;
  rejections: number;
  parseErrors: number;
  ms: number;
}

/** Per-game counters; model and fallback counts are organelle-side moves only. */
export interface GameCounts {
  modelMoves: number;
  fallbackMoves: number;
  opponentMoves: number;
  parseErrors: number;
  rejections: number;
  plannerFallbacks: number;
  /** Model moves equal to the plan's first move. */
  planFollowed: number;
  /** Turns whose plan had a first move (a model move can follow it or override it). */
  planTurns: number;
  /** Wall time spent in organelle turns (Planner, Player, Judge). */
  organelleMs: number;
}

export class IllegalOpponentMove extends Error {
  override name = 'IllegalOpponentMove';
}

function resolveGameLimits(overrides: Partial<GameLimits> = {}): GameLimits {
  const limits: GameLimits = { ...DEFAULT_GAME_LIMITS };
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in DEFAULT_GAME_LIMITS)) throw new RangeError(`limits: unknown key '${key}'`);
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`limits: ${key} must be an integer >= 0, got ${value}`);
    limits[key as keyof GameLimits] = value;
  }
  return limits;
}

// ---- the step-by-step session

/**
 * One game, one move at a time. The caller alternates organelleMove() and opponentMove()
 * as `toMove` says; every step appends to `events`. A throwing Player ends the game with
 * error + failed events (result stays null): falling back forever would hide the bug.
 */
export class GameSession<S> {
  readonly adapter: GameAdapter<S>;
  readonly side: OrganelleSide;
  readonly opponent: string;
  readonly #organelles: GameOrganelles;
  readonly #limits: GameLimits;
  readonly #log: EventLog;
  // placements never repeat, so nothing is ever pushed: the Judge's cycle check is a no-op
  readonly #cycles = new CycleDetector();
  readonly #organelleSide: string;
  #state: S;
  #kanban: Kanban = emptyKanban();
  #phase: Phase | null = null;
  #moves: string[] = [];
  #result: GameResult | null = null;
  #aborted = false;
  #counts: GameCounts = {
    modelMoves: 0, fallbackMoves: 0, opponentMoves: 0, parseErrors: 0, rejections: 0, plannerFallbacks: 0,
    planFollowed: 0, planTurns: 0, organelleMs: 0,
  };

  constructor(adapter: GameAdapter<S>, organelles: GameOrganelles, options: GameOptions<S> = {}) {
    this.adapter = adapter;
    this.#organelles = organelles;
    this.side = options.side ?? 'first';
    this.opponent = options.opponent ?? 'opponent';
    this.#limits = resolveGameLimits(options.limits);
    this.#log = new EventLog(options.onEvent);
    this.#organelleSide = adapter.sides[this.side === 'first' ? 0 : 1];
    this.#state = options.start ?? adapter.initial();
    const config = {
      ...this.#limits, side: this.side, organelleSide: this.#organelleSide, opponent: this.opponent,
      planner: organelles.planner !== undefined,
    };
    this.#log.emit('run_started', { game: adapter.game, start: adapter.describe(this.#state), config });
    this.#checkOver();
  }

  get state(): S {
    return this.#state;
  }

  get events(): readonly OrchestratorEvent[] {
    return this.#log.events;
  }

  /** Every move so far, both sides, in order. */
  get moves(): readonly string[] {
    return this.#moves;
  }

  get over(): boolean {
    return this.#result !== null || this.#aborted;
  }

  /** The outcome for the organelles' side; null while playing or after an error. */
  get result(): GameResult | null {
    return this.#result;
  }

  /** The piece the organelles play ('X' / 'O'). */
  get organelleSide(): string {
    return this.#organelleSide;
  }

  get toMove(): 'organelles' | 'opponent' | null {
    if (this.over) return null;
    return this.adapter.sideToMove(this.#state) === this.#organelleSide ? 'organelles' : 'opponent';
  }

  get counts(): Readonly<GameCounts> {
    return this.#counts;
  }

  /** The kanban as it stands (the UI shows it beside the board). */
  get kanban(): Kanban {
    return this.#kanban;
  }

  /** Applies the opponent's (or a human's) move. An illegal move throws and changes nothing. */
  opponentMove(move: string): void {
    if (this.toMove !== 'opponent') throw new Error(`it is not the opponent's turn (${this.over ? 'the game is over' : 'organelles to move'})`);
    const legal = this.adapter.legalMoves(this.#state);
    if (!legal.includes(move)) throw new IllegalOpponentMove(`'${move}' is not a legal move (legal: ${legal.join(', ')})`);
    this.#state = this.adapter.apply(this.#state, move);
    this.#moves.push(move);
    this.#counts.opponentMoves++;
    this.#log.emit('opponent_move', { move, opponent: this.opponent, state: this.adapter.describe(this.#state) });
    this.#checkOver();
  }

  /** Plans, proposes, judges and applies the organelles' move. */
  organelleMove(): TurnOutcome {
    if (this.toMove !== 'organelles') throw new Error(`it is not the organelles' turn (${this.over ? 'the game is over' : 'opponent to move'})`);
    const t0 = performance.now();
    try {
      const turn = this.#turn();
      turn.ms = performance.now() - t0;
      this.#counts.organelleMs += turn.ms;
      this.#checkOver();
      return turn;
    } catch (err) {
      this.#counts.organelleMs += performance.now() - t0;
      this.#log.emit('error', { message: err instanceof Error ? err.message : String(err) });
      this.#aborted = true;
      this.#enter('done');
      this.#log.emit('failed', { reason: 'error', moves: [...this.#moves] });
      throw err;
    }
  }

  #enter(to: Phase): void {
    if (this.#phase === to) return;
    this.#log.emit('phase_change', { from: this.#phase, to });
    this.#phase = to;
  }

  #plan(): { plan: string[]; source: 'model' | 'fallback' } {
    const { adapter } = this;
    const state = this.#state;
    const outcome = planOrHeuristic(
      this.#organelles.planner,
      {
        buildPrompt: (attempt) => adapter.plannerPrompt(state, attempt),
        parse: (output) => adapter.parsePlan(output, state),
        heuristic: () => adapter.heuristicPlan(state),
      },
      this.#log.emit,
    );
    if (outcome.source === 'fallback') this.#counts.plannerFallbacks++;
    return { plan: outcome.plan, source: outcome.source };
  }


  #turn(): TurnOutcome {
    const { adapter } = this;
    const legal = adapter.legalMoves(this.#state);
    this.#enter('plan');
    const { plan, source } = this.#plan();
    // a new turn: the plan is this turn's todo, and refusals of the last turn are forgotten
    this.#kanban = planned({ ...this.#kanban, blocked: [] }, plan);
    const planHead = plan.length > 0 ? adapter.planMove(plan[0]) : null;
    let rejections = 0;
    let parseErrors = 0;
    let chosen: { move: string; by: MoveSource } | null = null;
    for (let attempt = 1; attempt <= this.#limits.maxRejectsPerMove && chosen === null; attempt++) {
      this.#enter('propose');
      const prompt = adapter.playerPrompt(this.#state, this.#kanban);
      const completion = this.#organelles.player(prompt, attempt);
      const move = adapter.parseMove(completion.text);
      this.#log.emit('move_proposed', {
        prompt, output: completion.text, move, by: 'model', confidence: completion.confidence,
        ...(completion.votes ? { votes: [...completion.votes] } : {}), organelle: 'player',
      });
      this.#enter('judge');
      const verdict = judgeProposal(move, legal, this.#kanban, this.#cycles);
      if (verdict.ok) {
        chosen = { move: verdict.move, by: 'model' };
        break;
      }
      this.#log.emit('move_rejected', { move, reason: verdict.reason, by: 'model' });
      rejections++;
      if (move === null) {
        parseErrors++;
        this.#kanban = stalled(this.#kanban);
      } else {
        this.#kanban = moveRejected(this.#kanban, move);
      }
    }
    if (chosen === null) {
      const state = this.#state;
      const move = chooseFallback((avoid) => adapter.fallbackMove(state, avoid), legal, this.#kanban, this.#cycles);
      if (move === null) throw new Error(`${adapter.game}: fallbackMove found no move although ${legal.length} are legal`);
      this.#enter('propose');
      this.#log.emit('move_proposed', { prompt: '', output: '', move, by: 'fallback', confidence: 1, organelle: 'fallback' });
      chosen = { move, by: 'fallback' };
    }
    this.#enter('apply');
    const { move, by } = chosen;
    this.#state = adapter.apply(this.#state, move);
    this.#moves.push(move);
    const counts = this.#counts;
    counts.rejections += rejections;
    counts.parseErrors += parseErrors;
    if (planHead !== null) counts.planTurns++;
    if (by === 'model') {
      counts.modelMoves++;
      if (move === planHead) counts.planFollowed++;
      this.#kanban = moveAccepted(this.#kanban, move, this.#limits.lastCap);
    } else {
      counts.fallbackMoves++;
      this.#kanban = moveForced(this.#kanban, move, this.#limits.lastCap);
    }
    // the plan was for this position only
    this.#kanban = planned(this.#kanban, []);
    this.#log.emit('move_applied', { move, by, state: adapter.describe(this.#state), kanban: encodeKanban(this.#kanban) });
    return { move, by, plan: [...plan], planSource: source, planHead, rejections, parseErrors, ms: 0 };
  }

  #checkOver(): void {
    const st = this.adapter.status(this.#state);
    if (st === 'ongoing') return;
    const winner = st === 'draw' ? null : st;
    this.#result = winner === null ? 'draw' : winner === this.#organelleSide ? 'win' : 'loss';
    this.#enter('done');
    const { modelMoves, fallbackMoves } = this.#counts;
    this.#log.emit('game_over', { result: this.#result, winner, moves: [...this.#moves], modelMoves, fallbackMoves });
  }
}

// ---- whole games

export interface GameRecord {
  result: GameResult | null; // null: the game ended in an error
  /** The position the game began from (describe()'s text): the initial one, or an opening's end. */
  start: string;
  moves: string[];
  events: OrchestratorEvent[];
  counts: GameCounts;
  /** Organelle turns (model or fallback moves). */
  turns: number;
}

/** Plays one game to the end against a scripted opponent drawing from `rng`. */
export function playGame<S>(
  adapter: GameAdapter<S>,
  organelles: GameOrganelles,
  opponent: Opponent<S>,
  rng: Rng,
  options: GameOptions<S> = {},
): GameRecord {
  const session = new GameSession(adapter, organelles, options);
  const start = adapter.describe(options.start ?? adapter.initial());
  while (!session.over) {
    if (session.toMove === 'organelles') {
      try {
        session.organelleMove();
      } catch {
        break; // already recorded as error + failed
      }
    } else {
      session.opponentMove(opponent(session.state, rng));
    }
  }
  const counts = { ...session.counts };
  return { result: session.result, start, moves: [...session.moves], events: [...session.events], counts, turns: counts.modelMoves + counts.fallbackMoves };
}

// ---- replay

export interface ReplayStep<S> {
  move: string;
  /** 'model' / 'fallback' for organelle moves, the opponent's name otherwise. */
  by: string;
  state: S;
}

/**
 * Rebuilds a game from its trace: the start position, then every applied move (organelle
 * and opponent) re-played through the rules and checked against the recorded position.
 * A trace that disagrees with the rules throws, naming the event.
 */
export function replayGame<S>(adapter: GameAdapter<S>, events: readonly OrchestratorEvent[]): { start: S; steps: ReplayStep<S>[] } {
  const started = events.find((e) => e.type === 'run_started');
  if (!started || started.type !== 'run_started') throw new Error('trace has no run_started event');
  if (started.game !== adapter.game) throw new Error(`trace is a ${started.game} game, not ${adapter.game}`);
  const start = adapter.parse(started.start);
  let state = start;
  const steps: ReplayStep<S>[] = [];
  for (const e of events) {
    if (e.type !== 'move_applied' && e.type !== 'opponent_move') continue;
    if (!adapter.legalMoves(state).includes(e.move)) throw new Error(`trace step ${e.step}: '${e.move}' is not legal in ${adapter.describe(state)}`);
    state = adapter.apply(state, e.move);
    if (adapter.describe(state) !== e.state) throw new Error(`trace step ${e.step}: the position after '${e.move}' is ${adapter.describe(state)}, the trace says ${e.state}`);
    steps.push({ move: e.move, by: e.type === 'move_applied' ? e.by : e.opponent, state });
  }
  return { start, steps };
}

// ---- matches

/** Wilson score interval for k successes in n trials (z = 1.96: 95%). */
export function wilsonInterval(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface MatchOptions {
  games: number;
  seed: Seed;
  side: OrganelleSide;
  opponentName: string;
  limits?: Partial<GameLimits>;
  /** Called before game i, e.g. to reseed the organelles' sampling so games do not depend on order. */
  beforeGame?: (index: number) => void;
  onGame?: (record: GameRecord, index: number) => void;
  /** Keep every game's events in the summary (default false: only counts). */
  keepTraces?: boolean;
  /**
   * Random plies, uniform over the legal moves of whichever side is to move, played before
   * each game (default 0). Greedy organelles against a search that only randomises among
   * equal moves play the same few games over and over; openings make the games differ.
   */
  opening?: number;
}

export interface MatchSummary {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Games ended by an organelle error. */
  errors: number;
  win_rate: number;
  draw_rate: number;
  loss_rate: number;
  /** 95% Wilson intervals. */
  win_ci: [number, number];
  draw_ci: [number, number];
  loss_ci: [number, number];
  organelle_moves: number;
  /** Organelle-side moves chosen by a model / by the fallback. */
  model_move_share: number;
  fallback_move_share: number;
  parse_errors: number;
  rejections: number;
  planner_fallbacks: number;
  /** Model moves that played the plan's first move, over turns that had a plan. */
  plan_follow_rate: number;
  /** Mean wall time of an organelle turn (Planner + Player + Judge). */
  ms_per_move: number;
  /**
   * Games that differ in their start or in a move. Wilson intervals treat the games as
   * independent draws, which they are not when this is much smaller than `games`.
   */
  distinct_games: number;
  traces?: OrchestratorEvent[][];
}

/**
 * `plies` uniformly random legal moves from the initial position. Throws when they end the
 * game: an opening must leave a game to play.
 */
export function randomOpening<S>(adapter: GameAdapter<S>, plies: number, rng: Rng): S {
  if (!Number.isInteger(plies) || plies < 0) throw new RangeError(`an opening must be a whole number of plies >= 0, got ${plies}`);
  let state = adapter.initial();
  for (let i = 0; i < plies; i++) {
    state = adapter.apply(state, rng.pick(adapter.legalMoves(state)));
    if (adapter.status(state) !== 'ongoing') {
      throw new RangeError(`a ${plies}-ply random opening can end a ${adapter.game} game (this one ended after ${i + 1}): use fewer plies`);
    }
  }
  return state;
}

/**
 * Plays `games` games; game i's opponent draws from Rng(seed).fork(`game i`) and its opening
 * from Rng(seed).fork(`opening i`), so any game replays alone and every comparison run
 * with the same seed meets the same openings.
 */
export function playMatch<S>(adapter: GameAdapter<S>, organelles: GameOrganelles, opponent: Opponent<S>, o: MatchOptions): MatchSummary {
  const root = new Rng(o.seed);
  const records: GameRecord[] = [];
  for (let i = 0; i < o.games; i++) {
    o.beforeGame?.(i);
    const start = o.opening ? randomOpening(adapter, o.opening, root.fork(`opening ${i}`)) : undefined;
    const record = playGame(adapter, organelles, opponent, root.fork(`game ${i}`), {
      side: o.side, opponent: o.opponentName, ...(o.limits ? { limits: o.limits } : {}), ...(start !== undefined ? { start } : {}),
    });
    o.onGame?.(record, i);
    records.push(o.keepTraces ? record : { ...record, events: [] });
  }
  return summarizeMatch(records, o.keepTraces ?? false);
}

export function summarizeMatch(records: readonly GameRecord[], keepTraces = false): MatchSummary {
  const n = records.length;
  const count = (r: GameResult) => records.filter((g) => g.result === r).length;
  const sum = (f: (c: GameCounts) => number) => records.reduce((a, g) => a + f(g.counts), 0);
  const wins = count('win');
  const draws = count('draw');
  const losses = count('loss');
  const moves = sum((c) => c.modelMoves + c.fallbackMoves);
  const planTurns = sum((c) => c.planTurns);
  return {
    games: n, wins, draws, losses, errors: records.filter((g) => g.result === null).length,
    win_rate: n ? wins / n : 0, draw_rate: n ? draws / n : 0, loss_rate: n ? losses / n : 0,
    win_ci: wilsonInterval(wins, n), draw_ci: wilsonInterval(draws, n), loss_ci: wilsonInterval(losses, n),
    organelle_moves: moves,
    model_move_share: moves ? sum((c) => c.modelMoves) / moves : 0,
    fallback_move_share: moves ? sum((c) => c.fallbackMoves) / moves : 0,
    parse_errors: sum((c) => c.parseErrors),
    rejections: sum((c) => c.rejections),
    planner_fallbacks: sum((c) => c.plannerFallbacks),
    plan_follow_rate: planTurns ? sum((c) => c.planFollowed) / planTurns : 0,
    ms_per_move: moves ? sum((c) => c.organelleMs) / moves : 0,
    distinct_games: new Set(records.map((g) => `${g.start} ${g.moves.join(' ')}`)).size,
    ...(keepTraces ? { traces: records.map((g) => g.events) } : {}),
  };
}
