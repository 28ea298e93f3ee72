// The Compose view's state: the intent being written and its check, the examples to pick, which
// two Planners, Wiring and Code compose it (with the confidence settings chosen for the built-in
// ones), the engine worker that runs the pipeline (one, started on first need and kept; it
// starts the code sandbox when the Judge first needs it), the run as it happens and then its
// playback, the composed function run on a signal, and the share link. A run that offers its
// plan instead of its code ("Did you mean ...?") is accepted with one call, `accept`: the same
// intent composed again with the offer accepted, so the code comes from a run of its own whose
// link says so (worker/share/compose-link.ts). One instance for the app, so a composition
// survives moving between views. Whether a plan the intent's words do not say is asked about or
// refused starts as the settings chose it on validation, and the person may change it. Its setup
// (the intent, the models, the Planners or the keyword decomposer, asking on words) goes to and
// from the address, `#/compose/<intent>?…`.
import * as Comlink from 'comlink';
import type { ComposeModels, ComposeRun, ComposeSettings, ExampleIntent, LibraryStep } from '../../../worker/browser/messages.ts';
import type { OrchestratorEvent } from '../../../worker/orchestrator/events.ts';
import { checkIntent } from '../../../worker/compose/prompts.ts';
import { KeptEngine } from '../lib/engine-worker.ts';
import { copyText, type CopyState } from '../lib/clipboard.ts';
import { errorMessage, listed } from '../lib/format.ts';
import { ModelChoice } from '../library/model-choice.svelte.ts';
import type { ModelMeta } from '../library/model-store.ts';
import type { ComposeSetup } from '../lib/routes.ts';
import { Playback } from '../replay/playback.svelte.ts';
import type { RunSessionDeps } from '../replay/session-deps.ts';
import { buildComposeReplay, type ComposeReplay } from './frames.ts';
import { byRole, COMPOSE_ROLES, isPlannerRole, READER_TITLES, ROLE_TITLES, settingsFor, type ComposeRole } from './models.ts';
import { SECOND_READERS } from '../../../worker/compose/settings.ts';
import { SignalBench } from './signal-bench.svelte.ts';
import { closestAfter, type ClosestSteps } from './suggestions.ts';
import { composeShareUrl } from './share.ts';

export type ComposeStatus = 'idle' | 'loading-models' | 'composing' | 'done' | 'error';

export interface ComposeDeps extends RunSessionDeps {
  /** The settings shipped beside the built-in models (null: this build has none). */
  settings: ComposeSettings | null;
}

/** The roles a run uses: without the Planner, neither Planner. */
function rolesUsed(withPlanner: boolean): ComposeRole[] {
  return COMPOSE_ROLES.filter((role) => withPlanner || !isPlannerRole(role));
}

export class ComposeSession {
  readonly #deps: ComposeDeps;
  readonly playback: Playback<ComposeReplay>;
  readonly bench: SignalBench;
  /** The two Planners, Wiring and Code that compose. */
  readonly choice: ModelChoice<ComposeRole>;

  #input = $state('');
  #touched = $state(false);
  #check = $derived<string | null>(checkIntent(this.#input));
  /** Off: the ablation, the keyword decomposer in the place of both Planners. */
  withPlanner = $state(true);
  /** On: a plan the intent's words do not say is asked about ("Did you mean …?"), not refused. */
  askOnWords = $state(false);
  #status = $state<ComposeStatus>('idle');
  #error = $state<string | null>(null);
  #run = $state.raw<ComposeRun | null>(null);
  #runModels = $state.raw<Readonly<Record<string, string>>>({});
  /** Whether the run's thresholds were chosen for its very models (the built-in ones). */
  #runMeasured = $state(true);
  #fingerprint = $state<string | null>(null);
  #copy = $state<CopyState>('idle');
  /** The intent last sent to be composed: the address's intent, composed or not (yet). */
  #asked = $state<string | null>(null);
  #examples = $state.raw<ExampleIntent[]>([]);
  #steps = $state.raw<LibraryStep[]>([]);
  #examplesStatus = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  /** Events of the run going on, as they arrive. */
  #live: OrchestratorEvent[] = [];

  readonly #engine: KeptEngine;
  #loadedKey: string | null = null;

  constructor(deps: ComposeDeps) {
    this.#deps = deps;
    this.askOnWords = this.askOnWordsByDefault;
    this.choice = new ModelChoice('compose', COMPOSE_ROLES, () => deps.library.models);
    this.playback = new Playback(buildComposeReplay, deps.clock);
    this.#engine = new KeptEngine(deps.spawn, (message) => {
      this.#loadedKey = null;
      this.#error = `The composer stopped: ${message}`;
      if (this.busy) this.#status = 'error';
    });
    this.bench = new SignalBench((request) => this.#engine.api.runComposed(request));
  }

  // ---- the intent

  get input(): string { return this.#input; }
  set input(text: string) {
    this.#input = text;
    this.#copy = 'idle';
  }
  /** What is wrong with the intent (null: it can go to the Planner). */
  get check(): string | null { return this.#check; }
  /** Show the check's message: after a compose attempt, or on leaving a field with something in it. */
  get showCheck(): boolean {
    return this.#check !== null && this.#touched;
  }
  touch(): void {
    if (this.#input !== '') this.#touched = true;
  }
  /** Takes an example (or an address's intent) into the field. */
  pick(intent: string): void {
    this.input = intent;
    this.#touched = true;
  }
  get examples(): readonly ExampleIntent[] { return this.#examples; }
  get examplesStatus(): 'idle' | 'loading' | 'ready' | 'error' { return this.#examplesStatus; }
  /** Every primitive with each of its phrases said on its own: the words the organelles know (listed with the examples). */
  get steps(): readonly LibraryStep[] { return this.#steps; }

  // ---- models

  /** The loaded pipeline's fingerprint (null until models are loaded). */
  get fingerprint(): string | null { return this.#fingerprint; }
  /** The shipped settings, or null when this build has none. */
  get settings(): ComposeSettings | null { return this.#deps.settings; }
  /** Whether the shipped settings ask about plans the words do not say (chosen on validation; absent: they refuse them). */
  get askOnWordsByDefault(): boolean { return this.#deps.settings?.askOnWords ?? false; }
  /** Whether the chosen models are the ones the shipped thresholds were chosen for. */
  get chosenMeasured(): boolean {
    const settings = this.#deps.settings;
    return settings !== null && COMPOSE_ROLES.every((role) => this.choice.model(role)?.fingerprint === settings.models[role]);
  }

  // ---- the address

  /** The setup as the address says it: the intent last composed (or being composed), the models chosen, the plans, asking on words where it is not the settings' way. */
  get setup(): ComposeSetup {
    return {
      ...(this.#asked !== null ? { intent: this.#asked } : {}),
      ...this.choice.address,
      ...(this.withPlanner ? {} : { withPlanner: false }),
      ...(this.askOnWords === this.askOnWordsByDefault ? {} : { askOnWords: this.askOnWords }),
    };
  }

  /**
   * Takes an address's setup: the models and plans it names, and its intent, which goes in the
   * field and is composed unless that very composition is on screen (back to it from another
   * view). What it leaves out stays as it was.
   */
  async setUp(setup: ComposeSetup): Promise<void> {
    if (this.busy) return;
    this.choice.take(setup.choose);
    if (setup.withPlanner !== undefined) this.withPlanner = setup.withPlanner;
    if (setup.askOnWords !== undefined) this.askOnWords = setup.askOnWords;
    if (setup.intent === undefined) return;
    this.pick(setup.intent);
    if (this.#check !== null) return; // the field says what is wrong with it
    this.#asked = setup.intent;
    await this.#deps.library.loaded();
    if (!this.#shows(setup.intent)) await this.compose();
  }

  /** Whether the run on screen is `intent` composed by the chosen models with the chosen plans and asking. */
  #shows(intent: string): boolean {
    if (this.#status !== 'done' || this.#run?.intent !== intent || this.#run.askOnWords !== this.askOnWords) return false;
    const made = this.#runModels;
    const roles = rolesUsed(this.withPlanner); // without the Planner, whichever Planners are chosen will do
    return this.#run.planner === this.withPlanner && roles.every((role) => made[ROLE_TITLES[role]] === this.choice.model(role)?.id);
  }

  // ---- the run

  get status(): ComposeStatus { return this.#status; }
  get busy(): boolean { return this.#status === 'loading-models' || this.#status === 'composing'; }
  get error(): string | null { return this.#error; }
  get run(): ComposeRun | null { return this.#run; }
  /** The library ids of the models that made the run, by role title ('Planner', 'Second Planner', 'Wiring', 'Code'). */
  get runModels(): Readonly<Record<string, string>> { return this.#runModels; }
  /** Whether the run's thresholds were chosen on validation for its very models. */
  get runMeasured(): boolean { return this.#runMeasured; }
  get shareUrl(): string | null {
    return this.#run?.link ? composeShareUrl(this.#run.link, this.#deps.pageUrl?.() ?? location.href) : null;
  }
  get copy(): CopyState { return this.#copy; }
  /** After a refusal or an offer: the library's steps closest to what was said, or the words no step holds. */
  get closest(): ClosestSteps {
    const run = this.#run;
    return run ? closestAfter(run, this.#steps) : { suggestions: [], unmatched: [] };
  }

  /** Called when the Compose view opens: lists the examples (they come from the worker's sets). */
  open(): void {
    void this.#loadExamples();
  }

  /** Composes the intent in the field with the chosen models; the run shows as it happens, then plays from its start. */
  compose(): Promise<void> {
    return this.#compose(false);
  }

  /**
   * Says yes to the plan the run on screen offered: its intent composed again, with the same
   * plans and asking, the offer accepted, so the code is handed over. Nothing when no offer is on screen.
   */
  async accept(): Promise<void> {
    const run = this.#run;
    if (!run?.offer || this.busy) return;
    this.pick(run.intent);
    this.withPlanner = run.planner;
    this.askOnWords = run.askOnWords;
    await this.#compose(true);
  }

  async #compose(acceptOffer: boolean): Promise<void> {
    this.#touched = true;
    const intent = this.#input;
    if (this.#check !== null || this.busy) return;
    this.#asked = intent;
    this.#error = null;
    this.#copy = 'idle';
    // pressed before the library was read, the models would look missing: wait for it
    this.#status = 'loading-models';
    await this.#deps.library.loaded();
    const chosen = byRole((role) => this.choice.model(role));
    const missing = COMPOSE_ROLES.filter((role) => !chosen[role]);
    if (missing.length) {
      this.#status = 'error';
      this.#error = `There is no compose ${listed(missing.map((r) => ROLE_TITLES[r]), 'or')} in your library. Import a .organelle file, or use a build that ships them.`;
      return;
    }
    const settings = this.#deps.settings;
    if (!settings) {
      this.#status = 'error';
      this.#error = 'This build ships no compose settings (the confidence thresholds chosen for the models), so nothing can be composed.';
      return;
    }
    const models = chosen as Record<ComposeRole, ModelMeta>;
    try {
      const { settings: used, measured, readers } = settingsFor(settings, models, this.#deps.library.models);
      const key = [...COMPOSE_ROLES.map((r) => models[r].id), ...(readers ? SECOND_READERS.map((r) => readers[r].id) : [])].join('|');
      if (this.#loadedKey !== key || !this.#engine.running) {
        const files = await Promise.all(COMPOSE_ROLES.map((r) => this.#deps.library.file(models[r].id)));
        const readerFiles = readers ? await Promise.all(SECOND_READERS.map((r) => this.#deps.library.file(readers[r].id))) : [];
        const bytes: ComposeModels = { ...byRole((_, i) => files[i].bytes), ...(readers ? { reader: readerFiles[0].bytes, reader2: readerFiles[1].bytes } : {}) };
        const buffers = [...files, ...readerFiles].map((f) => f.bytes.buffer);
        const loaded = await this.#engine.api.loadCompose(Comlink.transfer(bytes, buffers), used);
        this.#loadedKey = key;
        this.#fingerprint = loaded.fingerprint;
      }
      this.#status = 'composing';
      this.#run = null;
      this.bench.setTarget(null);
      this.#live = [];
      this.playback.clear();
      const withPlanner = this.withPlanner;
      const onEvent = Comlink.proxy((event: OrchestratorEvent) => this.#onLive(event));
      const run = await this.#engine.api.compose(intent, { planner: withPlanner, acceptOffer, askOnWords: this.askOnWords }, onEvent);
      this.#run = run;
      const reread = run.events.some((e) => e.type === 'replan' && e.reason === 'unsure');
      this.#runModels = Object.fromEntries([
        ...rolesUsed(withPlanner).map((r) => [ROLE_TITLES[r], models[r].id]),
        ...(readers && reread ? SECOND_READERS.map((r) => [READER_TITLES[r], readers[r].id]) : []),
      ]);
      this.#runMeasured = measured;
      this.#status = 'done';
      this.playback.load(run.events, true);
      this.#target(run);
    } catch (err) {
      this.#status = 'error';
      this.#error = errorMessage(err);
    }
  }

  /** An event of the run going on: the kanban follows it (its last step shown) until the run is done. */
  #onLive(event: OrchestratorEvent): void {
    if (this.#status !== 'composing') return;
    this.#live.push(event);
    this.playback.show(this.#live);
  }

  /** Points the bench at a composed run's code, and runs it once on the default signal. */
  #target(run: ComposeRun): void {
    if (run.code === null || run.plan === null || run.inputs === null || run.returns === null) {
      this.bench.setTarget(null);
      return;
    }
    this.bench.setTarget({ code: run.code, plan: run.plan, inputs: run.inputs, returns: run.returns });
    void this.bench.run();
  }

  async copyLink(): Promise<void> {
    const url = this.shareUrl;
    if (url) this.#copy = await copyText(url, this.#deps.clipboard);
  }

  /** Stops playback and ends the worker (its wasm memory and the sandbox go with it). */
  dispose(): void {
    this.playback.pause();
    this.#engine.close();
    this.#loadedKey = null;
  }

  // ---- the examples

  async #loadExamples(): Promise<void> {
    if (this.#examplesStatus === 'loading' || this.#examplesStatus === 'ready') return;
    this.#examplesStatus = 'loading';
    try {
      const { examples, steps } = await this.#engine.api.composeExamples();
      // the shipped settings name the examples the built-in models compose as asked
      this.#examples = this.#deps.settings?.examples ?? examples;
      this.#steps = steps;
      this.#examplesStatus = 'ready';
    } catch {
      this.#examplesStatus = 'error';
    }
  }
}
