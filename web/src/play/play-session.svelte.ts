// The Play view's state: which game, whether the visitor plays the organelles or watches them
// play a scripted opponent, which side, which Planner and Player, the engine worker that runs
// the pipeline (one, started on first need and kept), the game so far and its share link.
// One instance for the app, so a game survives moving between views. The game and the models
// chosen and who plays the organelles go to and from the address, `#/play/<game>?…` (routes.ts).
//
// A person's game is live: the page shows the last frame, and after the person's move it
// shows that move first and the organelles' reply a moment later (they answer in about a
// millisecond; the pause lets a person see what happened). A watched game is played whole in
// the worker and then played back like a solve.
import * as Comlink from 'comlink';
import type { GameRun, GameUpdate } from '../../../worker/browser/messages.ts';
import type { GameCounts, OrganelleSide } from '../../../worker/orchestrator/game-loop.ts';
import type { OrchestratorEvent } from '../../../worker/orchestrator/events.ts';
import { KeptEngine } from '../lib/engine-worker.ts';
import { copyText, type CopyState } from '../lib/clipboard.ts';
import { errorMessage } from '../lib/format.ts';
import type { ModelMeta } from '../library/model-store.ts';
import type { PlayMatch, PlaySetup } from '../lib/routes.ts';
import { ModelChoice } from '../library/model-choice.svelte.ts';
import { Playback, type Clock } from '../replay/playback.svelte.ts';
import { shareUrl } from '../replay/shared-run.ts';
import type { RunSessionDeps } from '../replay/session-deps.ts';
import { buildGameReplay, type GameReplay, type PlayGame } from './game-frames.ts';
import { PLAY_GAME_IDS, PLAY_GAMES, PLAY_ROLES, unplayableMoveText, type PlayRole } from './games.ts';

export type PlayMode = 'human' | 'watch';

/**
 * idle: no game yet · loading-models · thinking: the worker is playing · your-turn ·
 * over: the game ended (or a watched game is ready to play back) · error
 */
export type PlayStatus = 'idle' | 'loading-models' | 'thinking' | 'your-turn' | 'over' | 'error';

const otherSide = (side: OrganelleSide): OrganelleSide => (side === 'first' ? 'second' : 'first');

/** How long the person's own move shows before the organelles' reply appears. */
export const REPLY_DELAY_MS = 350;

export class PlaySession {
  readonly #deps: RunSessionDeps;
  readonly #clock: Clock;
  readonly playback: Playback<GameReplay>;
  readonly #choices: Record<PlayGame, ModelChoice<PlayRole>>;

  #game = $state<PlayGame>('tictactoe');
  #mode = $state<PlayMode>('human');
  /** The organelles' side (in a person's game the person has the other one). */
  #side = $state<OrganelleSide>('second');
  #opponent = $state<Record<PlayGame, string>>({ tictactoe: 'random', connect4: 'random' });
  #status = $state<PlayStatus>('idle');
  #error = $state<string | null>(null);
  #moveError = $state<string | null>(null);
  #events = $state.raw<OrchestratorEvent[]>([]);
  #legal = $state.raw<string[]>([]);
  #counts = $state.raw<GameCounts | null>(null);
  #turnMs = $state.raw<number[]>([]);
  #link = $state<string | null>(null);
  #played = $state<{ game: PlayGame; mode: PlayMode } | null>(null);
  /** The whole setup of the game on the board (playHref of it, models included), to know a link for it is already shown. */
  #playedAddress: string | null = null;
  #pendingArrival: PlaySetup | null = null;
  #playedModels = $state.raw<Readonly<Record<string, string>>>({});
  #copy = $state<CopyState>('idle');
  #started = $state(0);

  readonly #engine: KeptEngine;
  #loaded = new Map<PlayGame, string>(); // game -> the planner|player ids loaded for it
  #fingerprints = $state<Partial<Record<PlayGame, string>>>({});
  #replyTimer: unknown = null;

  constructor(deps: RunSessionDeps) {
    this.#deps = deps;
    const library = () => deps.library.models;
    this.#choices = Object.fromEntries(PLAY_GAME_IDS.map((game) => [game, new ModelChoice(game, PLAY_ROLES, library)])) as Record<PlayGame, ModelChoice<PlayRole>>;
    this.#clock = deps.clock ?? { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    this.playback = new Playback(buildGameReplay, deps.clock);
    this.#engine = new KeptEngine(deps.spawn, (message) => {
      this.#loaded.clear();
      this.#error = `The game engine stopped: ${message}`;
      this.#status = 'error';
    });
  }

  // ---- setup

  get game(): PlayGame { return this.#game; }
  set game(game: PlayGame) {
    if (this.busy) return;
    this.#game = game;
  }
  get mode(): PlayMode { return this.#mode; }
  set mode(mode: PlayMode) {
    if (this.busy) return;
    this.#mode = mode;
  }
  /** The organelles' side; in a person's game the person plays the other. */
  get side(): OrganelleSide { return this.#side; }
  set side(side: OrganelleSide) {
    if (this.busy) return;
    this.#side = side;
  }
  get opponent(): string { return this.#opponent[this.#game]; }
  set opponent(name: string) {
    if (this.busy || !PLAY_GAMES[this.#game].opponents.some((o) => o.name === name)) return;
    this.#opponent[this.#game] = name;
  }

  /** The Planner and Player the game shown plays with (each game keeps its own choice). */
  get choice(): ModelChoice<PlayRole> {
    return this.#choices[this.#game];
  }

  /** The setup as the address says it: the game, the models chosen for it, who plays the organelles. */
  get setup(): PlaySetup {
    const match: PlayMatch = this.#mode === 'human' ? { you: otherSide(this.#side) } : { watch: this.opponent, as: this.#side };
    return { game: this.#game, ...this.choice.address, match };
  }

  /**
   * Takes an address's setup: its game, the models it names, and who plays the organelles (an
   * opponent this game does not have leaves the opponent as it was); what it leaves out stays.
   */
  setUp(setup: PlaySetup): void {
    if (this.busy) return;
    if (setup.game) this.#game = setup.game;
    this.choice.take(setup.choose);
    const match = setup.match;
    if (match && 'you' in match) {
      this.#mode = 'human';
      this.#side = otherSide(match.you);
    } else if (match) {
      this.#mode = 'watch';
      this.opponent = match.watch;
      if (match.as) this.#side = match.as;
    }
  }

  /**
   * Takes an address's setup as setUp does and, when it names who plays (`?you=first`,
   * `?watch=tactical`), starts that game, as a Solve link solves its board on arrival; unless
   * that very game is already on the board (back to it from another view), which stays.
   */
  async arrive(setup: PlaySetup): Promise<void> {
    if (this.busy) {
      // an address that arrives while a game is being played (a link followed while the
      // organelles watch one through) is taken as soon as that game is done, not dropped
      this.#pendingArrival = setup;
      return;
    }
    this.setUp(setup);
    if (!setup.match) return;
    await this.#deps.library.loaded();
    if (this.#playedAddress !== null && this.#playedAddress === this.#address()) return;
    await this.start();
  }

  /** The setup with the models it would play (the newest where the address named none), as one string. */
  #address(): string {
    const models = PLAY_ROLES.map((role) => this.choice.model(role)?.id ?? '');
    return JSON.stringify([this.#game, this.setup.match, models]);
  }

  /** The loaded pipeline's fingerprint for the current game (null until its models are loaded). */
  get fingerprint(): string | null { return this.#fingerprints[this.#game] ?? null; }

  // ---- the game

  get status(): PlayStatus { return this.#status; }
  get busy(): boolean { return this.#status === 'loading-models' || this.#status === 'thinking'; }
  get error(): string | null { return this.#error; }
  /** Why the person's last move was refused (it changed nothing). */
  get moveError(): string | null { return this.#moveError; }
  /** The game and mode of what is on the board (the setup may have changed since). */
  get played(): { game: PlayGame; mode: PlayMode } | null { return this.#played; }
  /** The library ids of the models playing the current game, by role ('Planner', 'Player'). */
  get playedModels(): Readonly<Record<string, string>> { return this.#playedModels; }
  get events(): readonly OrchestratorEvent[] { return this.#events; }
  /** The moves the person may play now (none unless it is their turn and the board shows the latest move). */
  get legal(): readonly string[] {
    return this.#status === 'your-turn' && this.playback.atEnd ? this.#legal : [];
  }
  get counts(): GameCounts | null { return this.#counts; }
  /** Wall time of each organelle turn in the worker (Planner, Player and Judge), in ms. */
  get turnMs(): readonly number[] { return this.#turnMs; }
  get shareUrl(): string | null {
    return this.#link ? shareUrl(this.#link, this.#deps.pageUrl?.() ?? location.href) : null;
  }
  get copy(): CopyState { return this.#copy; }
  /** How many games have reached the board; the view brings each new one into view. */
  get started(): number { return this.#started; }

  /** Starts a game with the current setup: the person's own, or a watched one played whole. */
  async start(): Promise<void> {
    if (this.busy) return;
    const game = this.#game;
    const mode = this.#mode;
    this.#cancelReply();
    this.#error = null;
    this.#moveError = null;
    this.#copy = 'idle';
    try {
      // pressed before the library was read, the models would look missing: wait for it
      this.#status = 'loading-models';
      await this.#deps.library.loaded();
      const models = await this.#loadModels(game);
      if (!models) return;
      this.#status = 'thinking';
      const seed = Math.floor((this.#deps.random ?? Math.random)() * 0x7fffffff);
      this.#played = { game, mode };
      this.#playedAddress = this.#address();
      this.#playedModels = { Planner: models.planner.id, Player: models.player.id };
      if (mode === 'human') {
        const update = await this.#engine.api.startGame(game, this.#side, seed);
        this.#events = [];
        this.#apply(update, false);
        this.#started++;
      } else {
        const run: GameRun = await this.#engine.api.watchGame(game, this.#side, this.opponent, seed);
        this.#events = run.events;
        this.#legal = [];
        this.#counts = run.counts;
        this.#turnMs = run.turnMs;
        this.#link = run.link;
        this.#status = 'over';
        this.playback.load(run.events, true);
        this.#started++;
      }
    } catch (err) {
      this.#status = 'error';
      this.#error = errorMessage(err);
    }
    await this.#takePendingArrival();
  }

  /** The address that arrived while the game was busy, now that it is not. */
  async #takePendingArrival(): Promise<void> {
    const pending = this.#pendingArrival;
    if (pending === null || this.busy) return; // still busy: the game's next turn takes it
    this.#pendingArrival = null;
    await this.arrive(pending);
  }

  /**
   * The person's move. One that cannot be played (a taken cell, a full column) is refused with
   * the reason, without asking the worker; one the worker refuses too; neither changes anything.
   */
  async play(move: string): Promise<void> {
    if (this.#status !== 'your-turn' || !this.playback.atEnd) return;
    if (!this.legal.includes(move)) {
      const board = this.playback.frame?.state ?? '';
      this.#moveError = unplayableMoveText(this.#played?.game ?? this.#game, move, board);
      return;
    }
    this.#moveError = null;
    this.#status = 'thinking';
    try {
      this.#apply(await this.#engine.api.humanMove(move), true);
    } catch (err) {
      // the worker refused the move before changing anything: the person can try again
      this.#moveError = errorMessage(err);
      this.#status = 'your-turn';
    }
    await this.#takePendingArrival();
  }

  async copyLink(): Promise<void> {
    const url = this.shareUrl;
    if (url) this.#copy = await copyText(url, this.#deps.clipboard);
  }

  /** Stops playback and ends the worker (its wasm memory goes with it). */
  dispose(): void {
    this.#cancelReply();
    this.playback.pause();
    this.#engine.close();
    this.#loaded.clear();
  }

  // ---- internals

  /** Takes an update into the game; with `pause`, the person's move shows before the reply. */
  #apply(update: GameUpdate, pause: boolean): void {
    const events = [...this.#events, ...update.events];
    this.#events = events;
    this.#legal = update.legal;
    this.#counts = update.counts;
    this.#turnMs = update.turnMs;
    this.#link = update.link;
    const status: PlayStatus = update.toMove === 'opponent' ? 'your-turn' : 'over';
    this.playback.show(events);
    const replied = update.events.some((e) => e.type === 'move_applied');
    if (pause && replied && this.playback.moves > 0) {
      // show the person's move, then the organelles' reply
      this.playback.seek(this.playback.moves - 1);
      this.#replyTimer = this.#clock.set(() => {
        this.#replyTimer = null;
        this.playback.toEnd();
        this.#status = status;
        void this.#takePendingArrival();
      }, REPLY_DELAY_MS);
    } else {
      this.#status = status;
    }
  }

  #cancelReply(): void {
    if (this.#replyTimer !== null) this.#clock.clear(this.#replyTimer);
    this.#replyTimer = null;
  }

  /** Loads the chosen Planner and Player for `game` unless they are loaded; null when one is missing. */
  async #loadModels(game: PlayGame): Promise<{ planner: ModelMeta; player: ModelMeta } | null> {
    const planner = this.#choices[game].model('planner');
    const player = this.#choices[game].model('player');
    if (!planner || !player) {
      this.#status = 'error';
      this.#error = `There is no ${PLAY_GAMES[game].title.toLowerCase()} ${planner ? 'Player' : 'Planner'} in your library. Train one, or import a .organelle file.`;
      return null;
    }
    const key = `${planner.id}|${player.id}`;
    if (this.#loaded.get(game) === key && this.#engine.running) return { planner, player };
    this.#status = 'loading-models';
    const [p, q] = await Promise.all([this.#deps.library.file(planner.id), this.#deps.library.file(player.id)]);
    const models = { planner: p.bytes, player: q.bytes };
    const loaded = await this.#engine.api.loadGame(game, Comlink.transfer(models, [p.bytes.buffer, q.bytes.buffer]));
    this.#loaded.set(game, key);
    this.#fingerprints[game] = loaded.fingerprint;
    return { planner, player };
  }
}
