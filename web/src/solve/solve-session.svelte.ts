// The Solve view's state: the board being entered and its check, which Planner and Mover
// solve it, the engine worker that runs the pipeline (one, started on first need and kept),
// the recorded run and its playback, and the share link. One instance for the app, so a
// solve survives moving between views. Its setup (the board solved, the models chosen, the
// Planner or heuristic plans) goes to and from the address, `#/solve/<board>?…` (routes.ts).
import * as Comlink from 'comlink';
import type { BoardChoice, Puzzle8Run } from '../../../worker/browser/messages.ts';
import { KeptEngine } from '../lib/engine-worker.ts';
import { copyText, type CopyState } from '../lib/clipboard.ts';
import { errorMessage } from '../lib/format.ts';
import { ModelChoice } from '../library/model-choice.svelte.ts';
import type { SolveSetup } from '../lib/routes.ts';
import { checkBoard, compactBoard, type BoardCheck } from './board-input.ts';
import { ROLES, type Puzzle8Role } from './models.ts';
import { Playback } from '../replay/playback.svelte.ts';
import { buildReplay, type Replay } from './frames.ts';
import { shareUrl } from '../replay/shared-run.ts';
import type { RunSessionDeps } from '../replay/session-deps.ts';

export type SolveStatus = 'idle' | 'loading-models' | 'solving' | 'done' | 'error';

export class SolveSession {
  readonly #deps: RunSessionDeps;
  readonly playback: Playback<Replay>;
  /** The Planner and Mover that solve. */
  readonly choice: ModelChoice<Puzzle8Role>;

  #input = $state('');
  #touched = $state(false);
  #check = $derived<BoardCheck>(checkBoard(this.#input));
  /** Off: the ablation, heuristic plans in the Planner's place, to see what it adds. */
  withPlanner = $state(true);
  #status = $state<SolveStatus>('idle');
  #error = $state<string | null>(null);
  #run = $state.raw<Puzzle8Run | null>(null);
  #runModels = $state.raw<Readonly<Record<string, string>>>({});
  #fingerprint = $state<string | null>(null);
  #choices = $state.raw<BoardChoice[]>([]);
  #choicesStatus = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  #scrambling = $state(false);
  #scrambled = $state.raw<BoardChoice[]>([]);
  #copy = $state<CopyState>('idle');
  /** The board last sent to be solved: the address's board, solved or not (yet). */
  #asked = $state<string | null>(null);

  readonly #engine: KeptEngine;
  #loadedKey: string | null = null;

  constructor(deps: RunSessionDeps) {
    this.#deps = deps;
    this.choice = new ModelChoice('puzzle8', ROLES, () => deps.library.models);
    this.playback = new Playback(buildReplay, deps.clock);
    this.#engine = new KeptEngine(deps.spawn, (message) => {
      this.#loadedKey = null;
      this.#error = `The solver stopped: ${message}`;
      if (this.busy) this.#status = 'error';
    });
  }

  // ---- board

  get input(): string { return this.#input; }
  set input(text: string) {
    this.#input = text;
    this.#copy = 'idle';
  }
  get check(): BoardCheck { return this.#check; }
  /** Show the check's message: after a solve attempt, on leaving the field, or once nine characters are in. */
  get showCheck(): boolean {
    return !this.#check.ok && (this.#touched || compactBoard(this.#input).length >= 9);
  }
  touch(): void {
    if (this.#input !== '') this.#touched = true;
  }
  get choices(): readonly BoardChoice[] { return this.#choices; }
  get choicesStatus(): 'idle' | 'loading' | 'ready' | 'error' { return this.#choicesStatus; }
  get scrambling(): boolean { return this.#scrambling; }
  /** The optimal length of a board the picker or Scramble offered, if known. */
  optimalOf(board: string): number | undefined {
    return (this.#choices.find((c) => c.board === board) ?? this.#scrambled.find((c) => c.board === board))?.optimal;
  }

  /** Takes a board from the picker (or elsewhere) into the field. */
  pick(board: string): void {
    this.input = board;
    this.#touched = true;
  }

  // ---- the address

  /** The setup as the address says it: the board last solved (or being solved), the models chosen, the plans. */
  get setup(): SolveSetup {
    return {
      ...(this.#asked !== null ? { board: this.#asked } : {}),
      ...this.choice.address,
      ...(this.withPlanner ? {} : { withPlanner: false }),
    };
  }

  /**
   * Takes an address's setup: the models and plans it names, and its board, which goes in the
   * field and is solved unless that very solve is on screen (back to it from another view).
   * What it leaves out stays as it was.
   */
  async setUp(setup: SolveSetup): Promise<void> {
    if (this.busy) return;
    this.choice.take(setup.choose);
    if (setup.withPlanner !== undefined) this.withPlanner = setup.withPlanner;
    if (setup.board === undefined) return;
    this.pick(setup.board);
    if (!this.#check.ok) return; // the field says what is wrong with it
    this.#asked = this.#check.board;
    await this.#deps.library.loaded();
    if (!this.#shows(this.#check.board)) await this.solve();
  }

  /** Whether the run on screen is `board` solved by the chosen models with the chosen plans. */
  #shows(board: string): boolean {
    if (this.#status !== 'done' || this.#run?.start !== board) return false;
    const made = this.#runModels;
    return made.Mover === this.choice.model('mover')?.id && made.Planner === (this.withPlanner ? this.choice.model('planner')?.id : undefined);
  }
  /** The loaded pipeline's fingerprint (null until models are loaded). */
  get fingerprint(): string | null { return this.#fingerprint; }

  // ---- run

  get status(): SolveStatus { return this.#status; }
  get busy(): boolean { return this.#status === 'loading-models' || this.#status === 'solving'; }
  get error(): string | null { return this.#error; }
  get run(): Puzzle8Run | null { return this.#run; }
  /** The library ids of the models that made the run, by role ('Planner', 'Mover'). */
  get runModels(): Readonly<Record<string, string>> { return this.#runModels; }
  /** Whether the Planner made the run's plans (false: the ablation's heuristic plans). */
  get runWithPlanner(): boolean { return this.#runModels.Planner !== undefined; }
  get shareUrl(): string | null {
    return this.#run ? shareUrl(this.#run.link, this.#deps.pageUrl?.() ?? location.href) : null;
  }
  get copy(): CopyState { return this.#copy; }

  /** Called when the Solve view opens: lists the evaluation boards. */
  open(): void {
    void this.#loadChoices();
  }

  async scramble(): Promise<void> {
    if (this.#scrambling) return;
    this.#scrambling = true;
    try {
      const seed = Math.floor((this.#deps.random ?? Math.random)() * 0x7fffffff);
      const choice = await this.#engine.api.scramblePuzzle8(seed);
      this.#scrambled = [choice, ...this.#scrambled.slice(0, 9)];
      this.pick(choice.board);
    } catch (err) {
      this.#error = `No board could be scrambled: ${errorMessage(err)}`;
    } finally {
      this.#scrambling = false;
    }
  }

  /** Solves the board in the field with the chosen models; the run then plays from its start. */
  async solve(): Promise<void> {
    this.#touched = true;
    const check = this.#check;
    if (!check.ok || this.busy) return;
    this.#asked = check.board;
    this.#error = null;
    this.#copy = 'idle';
    // pressed before the library was read, the models would look missing: wait for it
    this.#status = 'loading-models';
    await this.#deps.library.loaded();
    const planner = this.choice.model('planner');
    const mover = this.choice.model('mover');
    if (!planner || !mover) {
      this.#status = 'error';
      this.#error = `There is no 8-puzzle ${planner ? 'Mover' : 'Planner'} in your library. Train one, or import a .organelle file.`;
      return;
    }
    try {
      const key = `${planner.id}|${mover.id}`;
      if (this.#loadedKey !== key || !this.#engine.running) {
        this.#status = 'loading-models';
        const [p, m] = await Promise.all([this.#deps.library.file(planner.id), this.#deps.library.file(mover.id)]);
        const models = { planner: p.bytes, mover: m.bytes };
        const api = this.#engine.api;
        const loaded = await api.loadPuzzle8(Comlink.transfer(models, [p.bytes.buffer, m.bytes.buffer]));
        this.#loadedKey = key;
        this.#fingerprint = loaded.fingerprint;
      }
      this.#status = 'solving';
      const withPlanner = this.withPlanner;
      const run = await this.#engine.api.solvePuzzle8(check.board, withPlanner);
      this.#run = run;
      this.#runModels = withPlanner ? { Planner: planner.id, Mover: mover.id } : { Mover: mover.id };
      this.#status = 'done';
      this.playback.load(run.events, true);
    } catch (err) {
      this.#status = 'error';
      this.#error = errorMessage(err);
    }
  }

  async copyLink(): Promise<void> {
    const url = this.shareUrl;
    if (url) this.#copy = await copyText(url, this.#deps.clipboard);
  }

  /** Stops playback and ends the worker (its wasm memory goes with it). */
  dispose(): void {
    this.playback.pause();
    this.#engine.close();
    this.#loadedKey = null;
  }

  // ---- the evaluation boards

  async #loadChoices(): Promise<void> {
    if (this.#choicesStatus === 'loading' || this.#choicesStatus === 'ready') return;
    this.#choicesStatus = 'loading';
    try {
      this.#choices = await this.#engine.api.puzzle8Choices();
      this.#choicesStatus = 'ready';
    } catch {
      this.#choicesStatus = 'error';
    }
  }
}
