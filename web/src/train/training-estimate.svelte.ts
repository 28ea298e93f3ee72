// How long the run the Train form describes would take on this device, known before it
// starts. A worker of its own trains a moment of that very run (worker/browser/train-timing.ts);
// the rate it measures turns any number of steps into a duration, so changing the steps or
// the seed needs no new timing, while a new corpus, recipe or shape does. The form changes
// in bursts while someone types, so a timing starts only once it has held still a moment.
// The timing outlives the view; the worker does not.
import { KeptEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import type { TrainSource, TrainTiming, TrainTimingRequest } from '../../../worker/browser/messages.ts';
import { sameWidths } from '../../../worker/model/shape.ts';

export type EstimateStatus = 'idle' | 'timing' | 'ready' | 'failed';

/** How long the form must hold still before a timing starts (ms). */
export const SETTLE_MS = 400;

function sameSource(a: TrainSource, b: TrainSource): boolean {
  if (a.kind === 'recipe') return b.kind === 'recipe' && a.recipeId === b.recipeId;
  // held-out documents are never trained on, so they do not change the rate
  return b.kind === 'corpus' && a.corpusText === b.corpusText;
}

/** Whether one timing serves both requests: the seed only reorders batches. */
export function sameRun(a: TrainTimingRequest, b: TrainTimingRequest): boolean {
  return sameSource(a.source, b.source) && sameWidths(a.architecture, b.architecture) && a.architecture.block === b.architecture.block;
}

export class TrainingEstimate {
  readonly #engine: KeptEngine;
  readonly #settleMs: number;
  #status = $state<EstimateStatus>('idle');
  #timing = $state.raw<TrainTiming | null>(null);
  #error = $state<string | null>(null);
  #wanted: TrainTimingRequest | null = null; // what the form describes now
  #timer: ReturnType<typeof setTimeout> | undefined;
  #generation = 0; // bumped by every change, so a stale timing is dropped when it arrives

  constructor(spawn: SpawnEngine, settleMs = SETTLE_MS) {
    this.#settleMs = settleMs;
    this.#engine = new KeptEngine(spawn, (message) => this.#fail(`the timing worker stopped: ${message}`));
  }

  get status(): EstimateStatus { return this.#status; }
  get timing(): TrainTiming | null { return this.#timing; }
  get error(): string | null { return this.#error; }

  /** Seconds of training for `steps` at the measured rate; NaN until a timing is in. */
  seconds(steps: number): number {
    return this.#timing ? steps / this.#timing.stepsPerSec : NaN;
  }

  /** The run the form now describes (null: nothing to time); times it once it holds still. */
  update(request: TrainTimingRequest | null): void {
    if (request && this.#wanted && sameRun(request, this.#wanted)) {
      this.#wanted = request;
      return;
    }
    this.#wanted = request;
    this.#generation++;
    clearTimeout(this.#timer);
    this.#timing = null;
    this.#error = null;
    if (!request) {
      this.#status = 'idle';
      return;
    }
    this.#status = 'timing';
    const generation = this.#generation;
    this.#timer = setTimeout(() => void this.#time(request, generation), this.#settleMs);
  }

  async #time(request: TrainTimingRequest, generation: number): Promise<void> {
    try {
      const timing = await this.#engine.api.timeTraining(request);
      if (generation !== this.#generation) return;
      this.#timing = timing;
      this.#status = 'ready';
    } catch (err) {
      if (generation === this.#generation) this.#fail(errorMessage(err));
    }
  }

  #fail(message: string): void {
    this.#error = message;
    this.#timing = null;
    this.#status = 'failed';
  }

  /**
   * Ends the worker (and the memory its corpus holds) when the form is out of sight. A finished
   * timing stays, so the same run shows it again at once; one under way is abandoned and
   * starts afresh on the next update.
   */
  release(): void {
    this.#engine.close();
    if (this.#status !== 'timing') return;
    clearTimeout(this.#timer);
    this.#generation++;
    this.#wanted = null;
    this.#status = 'idle';
  }
}
