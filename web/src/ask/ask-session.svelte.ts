// The Ask view's state: which model of the library is asked, the engine worker holding it
// (one, started on first need and kept), the prompt and how it is answered (votes,
// temperature, seed), and the answers so far, newest first. One instance for the app, so
// the answers survive moving between views; choosing another model starts a new list. The
// prompt's length is counted by the worker in the loaded model's units as it is typed, the
// count its refusal uses.
import * as Comlink from 'comlink';
import type { AskAnswer, AskModelInfo, AskTemperature } from '../../../worker/browser/ask.ts';
import type { CorpusExample } from '../../../worker/model/model-file.ts';
import { KeptEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import type { ModelMeta } from '../library/model-store.ts';
import type { LibraryReader } from '../library/pipelines.ts';
import { modelsFitting, promptMisfit, type LibraryRoom, type MeasurePrompt } from './prompt-fit.ts';

export interface AskDeps {
  spawn: SpawnEngine;
  library: LibraryReader;
}

export type AskStatus = 'idle' | 'loading-model' | 'ready' | 'asking' | 'error';

/** Answers kept per model: enough to compare settings, few enough to read. */
export const KEPT_ANSWERS = 20;

export class AskSession {
  readonly #deps: AskDeps;
  readonly #engine: KeptEngine;

  #modelId = $state<string | null>(null);
  #info = $state.raw<AskModelInfo | null>(null);
  #loadedId: string | null = null;
  #status = $state<AskStatus>('idle');
  #modelError = $state<string | null>(null);
  #askError = $state<string | null>(null);
  #answers = $state.raw<AskAnswer[]>([]);
  /** When the prompt does not fit the model: the library's models it does fit (null: no misfit). */
  #fitting = $state.raw<ModelMeta[] | null>(null);
  readonly #rooms = new Map<string, LibraryRoom>();
  #loading: Promise<void> = Promise.resolve();
  #prompt = $state('');
  /** The prompt's length in the loaded model's units, as last measured (null: no model, or not yet measured). */
  #promptLength = $state<number | null>(null);
  #measures = 0; // numbers each measurement, so only the newest one is shown

  votes = $state(1);
  temperature = $state<AskTemperature>('reference');
  seed = $state(1);

  constructor(deps: AskDeps) {
    this.#deps = deps;
    this.#engine = new KeptEngine(deps.spawn, (message) => {
      this.#loadedId = null;
      this.#info = null;
      this.#promptLength = null;
      this.#status = 'error';
      this.#modelError = `The model's worker stopped: ${message}`;
    });
  }

  get model(): ModelMeta | undefined { return this.#deps.library.models.find((m) => m.id === this.#modelId); }
  get modelId(): string | null { return this.#modelId; }
  /** What the loaded model accepts: its characters and longest prompt. */
  get info(): AskModelInfo | null { return this.#info; }
  get status(): AskStatus { return this.#status; }
  get busy(): boolean { return this.#status === 'loading-model' || this.#status === 'asking'; }
  /** Why the chosen model cannot be asked (missing, refused, worker gone). */
  get modelError(): string | null { return this.#modelError; }
  /** Why the last prompt got no answer. */
  get askError(): string | null { return this.#askError; }
  get answers(): readonly AskAnswer[] { return this.#answers; }
  /** After a prompt the model cannot read: the models of the library that can (maybe none); null otherwise. */
  get fitting(): readonly ModelMeta[] | null { return this.#fitting; }

  /** The prompt field's text; each change is measured in the loaded model's units. */
  get prompt(): string { return this.#prompt; }
  set prompt(text: string) {
    this.#prompt = text;
    this.#measure();
  }

  /** The prompt's length in the loaded model's units, counted by the worker: characters, or a subword model's units. */
  get promptLength(): number | null { return this.#promptLength; }

  // one message a keystroke, nothing to debounce: typing a 125-character prompt into a
  // 512-unit vocabulary costs the worker about 35 µs a keystroke (Node, measured once)
  #measure(): void {
    const loaded = this.#loadedId;
    const turn = ++this.#measures;
    if (loaded === null) return;
    this.#engine.api.askPromptLength(this.#prompt).then(
      (n) => {
        if (turn === this.#measures && loaded === this.#loadedId) this.#promptLength = n;
      },
      () => {}, // a worker that stopped says so through the crash handler
    );
  }

  /** A library model's units, for the models offered after a misfit: counted by the same worker. */
  readonly #measureFor: MeasurePrompt = (prompt, vocabulary) => this.#engine.api.promptUnits(prompt, vocabulary);

  /**
   * Called when the view opens: asks `modelId` if given, else keeps the current model while
   * the library holds it, else the newest of the library (the visitor's own before the
   * built-in ones). A `prompt` is put in the field and asked.
   */
  async open(modelId?: string, prompt?: string): Promise<void> {
    await this.#deps.library.loaded();
    // the current model, unless it has left the library since (deleted in the Library view)
    const id = modelId ?? (this.model ? this.#modelId : null) ?? this.#deps.library.models[0]?.id;
    if (id === undefined) {
      this.#modelError = 'There are no models in your library yet. Train one, or import a .organelle file.';
      this.#status = 'error';
      return;
    }
    await this.choose(id);
    // a prompt in the address (from a run's "Ask it yourself") is asked at once
    if (prompt !== undefined && this.#status === 'ready') {
      this.prompt = prompt;
      await this.ask();
    }
  }

  /** Loads another model; its answers start a new list. Choosing the loaded one changes nothing. */
  async choose(id: string): Promise<void> {
    if (id === this.#loadedId && this.#engine.running && this.#modelId === id) return;
    this.#modelId = id;
    this.#answers = [];
    this.#askError = null;
    this.#fitting = null;
    this.#modelError = null;
    this.#info = null;
    this.#loadedId = null;
    this.#promptLength = null;
    const meta = this.model;
    if (!meta) {
      this.#status = 'error';
      this.#modelError = `There is no model “${id}” in your library: it may have been deleted. Choose another.`;
      return;
    }
    this.#status = 'loading-model';
    this.#loading = this.#load(meta);
    await this.#loading;
  }

  async #load(meta: ModelMeta): Promise<void> {
    try {
      const file = await this.#deps.library.file(meta.id);
      const info = await this.#engine.api.loadAskModel(Comlink.transfer(file.bytes, [file.bytes.buffer as ArrayBuffer]));
      if (this.#modelId !== meta.id) return; // another model was chosen meanwhile
      this.#loadedId = meta.id;
      this.#info = info;
      this.#status = 'ready';
      this.#measure();
    } catch (err) {
      if (this.#modelId !== meta.id) return;
      this.#status = 'error';
      this.#modelError = `“${meta.name}” could not be loaded: ${errorMessage(err)}`;
    }
  }

  /**
   * Asks the loaded model the prompt; pressed while the model loads, it asks once the model
   * is in. A second press while a question is being answered is ignored.
   */
  async ask(): Promise<void> {
    if (this.#status === 'loading-model') await this.#loading;
    if (this.busy || this.#loadedId === null) return;
    const prompt = this.prompt;
    this.#askError = null;
    this.#fitting = null;
    this.#status = 'asking';
    try {
      // a prompt with characters the model never saw (or too long for it) is said so here, with
      // the models it does fit, rather than as the vocabulary's error from the worker; its
      // length is measured afresh, so the refusal never rests on a count a keystroke old
      const info = this.#info;
      const misfit = info && prompt.length > 0 ? promptMisfit(prompt, info, await this.#engine.api.askPromptLength(prompt)) : null;
      if (misfit) {
        const asked = this.#modelId;
        const fitting = await modelsFitting(prompt, this.#deps.library, asked, this.#rooms, this.#measureFor);
        if (this.#modelId === asked) {
          this.#askError = misfit;
          this.#fitting = fitting;
          this.#status = 'ready';
        }
        return;
      }
      const answer = await this.#engine.api.ask({ prompt, votes: this.votes, temperature: this.temperature, seed: this.seed });
      this.#answers = [answer, ...this.#answers].slice(0, KEPT_ANSWERS);
      this.#status = 'ready';
    } catch (err) {
      this.#askError = errorMessage(err);
      if (this.#status === 'asking') this.#status = 'ready';
    }
  }

  /** Asks the prompt of another model, one that can read it (from `fitting`). */
  async askWith(id: string): Promise<void> {
    if (this.busy) return;
    const prompt = this.prompt;
    await this.choose(id);
    this.prompt = prompt;
    await this.ask();
  }

  /** Documents of the model's corpus kept in its file: what to ask it, and what the corpus answers. */
  get examples(): readonly CorpusExample[] { return this.#info?.examples ?? []; }

  /** The corpus document with this prompt, if the model's file keeps one. */
  example(prompt: string): CorpusExample | undefined {
    return this.examples.find((e) => e.prompt === prompt);
  }

  /** Puts an example's prompt in the field and asks it. */
  async askExample(example: CorpusExample): Promise<void> {
    if (this.busy) return;
    this.prompt = example.prompt;
    await this.ask();
  }
}
