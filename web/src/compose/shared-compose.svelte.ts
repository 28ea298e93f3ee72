// A shared composition (#/c/<payload>) in this browser: the link is replayed in an engine worker
// with no model (its recorded answers through the same pipeline, the keyword decomposer and the
// Judge running the code again in the sandbox), its events shown as they come and then played
// back, its code run on a signal in the sandbox on request. A link that does not replay says
// which check it failed. One instance per shared view, ended with it.
import * as Comlink from 'comlink';
import type { ComposeRun } from '../../../worker/browser/messages.ts';
import type { OrchestratorEvent } from '../../../worker/orchestrator/events.ts';
import { KeptEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import { Playback, type Clock } from '../replay/playback.svelte.ts';
import { buildComposeReplay, type ComposeReplay } from './frames.ts';
import { SignalBench } from './signal-bench.svelte.ts';
import { closestAfter, type ClosestSteps } from './suggestions.ts';
import type { LibraryStep } from '../../../worker/browser/messages.ts';
import { linkRefusal } from './share.ts';

export type SharedStatus = 'idle' | 'replaying' | 'done' | 'refused';

export class SharedCompose {
  readonly playback: Playback<ComposeReplay>;
  readonly bench: SignalBench;
  readonly #engine: KeptEngine;
  #status = $state<SharedStatus>('idle');
  #run = $state.raw<ComposeRun | null>(null);
  #refusal = $state.raw<{ check: string; what: string; message: string } | null>(null);
  #steps = $state.raw<LibraryStep[]>([]);
  #live: OrchestratorEvent[] = [];
  #payload: string | null = null;

  constructor(spawn: SpawnEngine, clock?: Clock) {
    this.playback = new Playback(buildComposeReplay, clock);
    this.#engine = new KeptEngine(spawn, (message) => {
      if (this.#status === 'replaying') this.#refuse('error', `the replay stopped: ${message}`);
    });
    this.bench = new SignalBench((request) => this.#engine.api.runComposed(request));
  }

  get status(): SharedStatus { return this.#status; }
  get run(): ComposeRun | null { return this.#run; }
  /** Why the link does not replay: the check it failed, what that means, and the message. */
  get refusal(): { check: string; what: string; message: string } | null { return this.#refusal; }
  /** After a refused run: the library's steps closest to its intent, or the words no step holds. */
  get closest(): ClosestSteps {
    const run = this.#run;
    return run ? closestAfter(run, this.#steps) : { suggestions: [], unmatched: [] };
  }
  /** How many steps the library has (0 until listed): the refusal links to them. */
  get stepCount(): number { return this.#steps.length; }

  /** Replays `payload` (once per payload); the events show as they come, then play from the start. */
  async open(payload: string): Promise<void> {
    if (this.#payload === payload) return;
    this.#payload = payload;
    this.#status = 'replaying';
    this.#run = null;
    this.#refusal = null;
    this.#live = [];
    this.playback.clear();
    this.bench.setTarget(null);
    try {
      const outcome = await this.#engine.api.replayCompose(payload, Comlink.proxy((event: OrchestratorEvent) => this.#onLive(event, payload)));
      if (this.#payload !== payload) return;
      if (!outcome.ok) {
        this.#refusal = linkRefusal(outcome);
        this.#status = 'refused';
        this.playback.clear();
        return;
      }
      const run = outcome.run;
      this.#run = run;
      this.#status = 'done';
      this.playback.load(run.events, true);
      if (run.code !== null && run.plan !== null && run.inputs !== null && run.returns !== null) {
        this.bench.setTarget({ code: run.code, plan: run.plan, inputs: run.inputs, returns: run.returns });
      }
      if (run.code === null) void this.#loadSteps();
    } catch (err) {
      if (this.#payload === payload) this.#refuse('error', `the link could not be replayed: ${errorMessage(err)}`);
    }
  }

  #onLive(event: OrchestratorEvent, payload: string): void {
    if (this.#status !== 'replaying' || this.#payload !== payload) return;
    this.#live.push(event);
    this.playback.show(this.#live);
  }

  #refuse(check: 'error', message: string): void {
    this.#refusal = linkRefusal({ ok: false, check, message });
    this.#status = 'refused';
    this.playback.clear();
  }

  async #loadSteps(): Promise<void> {
    try {
      this.#steps = (await this.#engine.api.composeExamples()).steps;
    } catch {
      this.#steps = [];
    }
  }

  dispose(): void {
    this.playback.pause();
    this.#engine.close();
    this.#payload = null;
  }
}
