// One organelle's training run, driven in time slices (TrainingRun.slice) with a yield to
// the event loop between slices, so that pause(), resume() and cancel() take effect within
// one slice. It reports progress after every slice and hands out a checkpoint (the model
// with its optimizer state) every `checkpointMs` of training and whenever it pauses; a
// cancelled run keeps one at the step it stopped (finalCheckpoint), so it can be resumed
// or saved. Resuming from a checkpoint continues the same run bit for bit. A run that
// diverges stops with no checkpoint after the last good one. No DOM, no storage: the
// caller decides where progress and checkpoints go.
import type { Organelle } from '../organelle.ts';
import { TrainingDiverged, TrainingRun, type TrainProgress as RunProgress } from '../trainer.ts';
import type { LossCurve, TrainCheckpoint, TrainProgress } from './messages.ts';
import { yieldToEventLoop } from './yield.ts';

export interface SessionOptions {
  sliceMs?: number; // length of one slice of training (default 100)
  checkpointMs?: number; // training time between checkpoints (default 3000)
  elapsedMs?: number; // training time spent before this session (a resumed run)
  now?: () => number;
  yieldFn?: () => Promise<void>;
}

export interface SessionEvents {
  progress(p: TrainProgress): void;
  checkpoint(c: TrainCheckpoint): void;
  paused?(step: number): void;
}

export type SessionOutcome = 'done' | 'cancelled' | 'diverged';

type State = 'idle' | 'running' | 'paused' | 'cancelled';

// weight of the newest slice in the smoothed throughput
const RATE_SMOOTHING = 0.3;
// loss points per slice: each slice runs as this many shorter TrainingRun slices
const POINTS_PER_SLICE = 5;

export class TrainingSession {
  readonly organelle: Organelle;
  readonly #run: TrainingRun;
  readonly #sliceMs: number;
  readonly #checkpointMs: number;
  readonly #elapsedBefore: number;
  readonly #now: () => number;
  readonly #yield: () => Promise<void>;
  #state: State = 'idle';
  #wake: (() => void) | null = null;
  #tokensPerSec = NaN;
  #loss = NaN;
  #curve: LossCurve = { steps: [], losses: [] };
  #lastCheckpointStep: number;
  #final: TrainCheckpoint | null = null;

  constructor(organelle: Organelle, options: SessionOptions = {}) {
    this.organelle = organelle;
    this.#now = options.now ?? (() => performance.now());
    this.#run = new TrainingRun(organelle, this.#now);
    this.#sliceMs = options.sliceMs ?? 100;
    this.#checkpointMs = options.checkpointMs ?? 3000;
    this.#elapsedBefore = options.elapsedMs ?? 0;
    this.#yield = options.yieldFn ?? yieldToEventLoop;
    this.#lastCheckpointStep = organelle.stepsDone;
  }

  get step(): number {
    return this.organelle.stepsDone;
  }

  get elapsedMs(): number {
    return this.#elapsedBefore + this.#run.progress.elapsedMs;
  }

  get paused(): boolean {
    return this.#state === 'paused';
  }

  /** Why the run stopped early, once it has diverged. */
  get diverged(): TrainingDiverged | null {
    return this.#run.diverged;
  }

  /** A cancelled run's checkpoint at the step it stopped, when none was handed out there. */
  get finalCheckpoint(): TrainCheckpoint | null {
    return this.#final;
  }

  pause(): void {
    if (this.#state === 'running' || this.#state === 'idle') this.#state = 'paused';
  }

  resume(): void {
    if (this.#state !== 'paused') return;
    this.#state = 'running';
    this.#wakeUp();
  }

  cancel(): void {
    this.#state = 'cancelled';
    this.#wakeUp();
  }

  #wakeUp(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** The model with its optimizer state at the current step; TrainingDiverged if its weights are not finite. */
  checkpoint(): TrainCheckpoint {
    this.#run.checkWeights();
    this.#lastCheckpointStep = this.step;
    const { loss, tokensPerSec } = this.progress;
    return { step: this.step, bytes: this.organelle.toFile(true), elapsedMs: this.elapsedMs, loss, tokensPerSec };
  }

  /**
   * One slice of training, run as a few shorter TrainingRun slices so that the loss curve
   * gets several points per slice. Updates the slice's loss, its curve and the smoothed
   * rates; returns its duration. A slice that diverges ends there, its steps before the bad
   * one counted (the run's `diverged` says so).
   */
  #slice(): number {
    const stepBefore = this.step;
    const msBefore = this.#run.progress.elapsedMs;
    const curve: LossCurve = { steps: [], losses: [] };
    let tokens = 0;
    let lossSum = 0;
    do {
      const from = this.step;
      const ms = this.#run.progress.elapsedMs;
      let p: RunProgress;
      try {
        p = this.#run.slice(this.#sliceMs / POINTS_PER_SLICE);
      } catch (err) {
        if (!(err instanceof TrainingDiverged)) throw err;
        p = this.#run.progress;
      }
      curve.steps.push(p.step);
      curve.losses.push(p.loss);
      lossSum += p.loss * (p.step - from);
      tokens += (p.tokensPerSec * (p.elapsedMs - ms)) / 1000;
    } while (!this.#run.done && !this.#run.diverged && this.#run.progress.elapsedMs - msBefore < this.#sliceMs);
    const ms = Math.max(this.#run.progress.elapsedMs - msBefore, 1e-3);
    const steps = this.step - stepBefore;
    this.#loss = steps ? lossSum / steps : this.#loss;
    this.#curve = curve;
    const a = Number.isNaN(this.#tokensPerSec) ? 1 : RATE_SMOOTHING;
    this.#tokensPerSec = a * ((tokens * 1000) / ms) + (1 - a) * (this.#tokensPerSec || 0);
    return ms;
  }

  get progress(): TrainProgress {
    const p = this.#run.progress;
    return {
      step: p.step,
      steps: p.steps,
      loss: this.#loss,
      curve: this.#curve,
      tokensPerSec: Number.isNaN(this.#tokensPerSec) ? 0 : this.#tokensPerSec,
      elapsedMs: this.elapsedMs,
      threads: p.threads,
    };
  }

  /** Trains until the run completes, is cancelled or diverges. */
  async run(events: SessionEvents): Promise<SessionOutcome> {
    try {
      return await this.#train(events);
    } catch (err) {
      if (err instanceof TrainingDiverged) return 'diverged';
      throw err;
    }
  }

  async #train(events: SessionEvents): Promise<SessionOutcome> {
    if (this.#state === 'idle') this.#state = 'running';
    let sinceCheckpoint = 0;
    while (!this.#run.done) {
      if (this.#state === 'cancelled') {
        if (this.step !== this.#lastCheckpointStep) this.#final = this.checkpoint();
        return 'cancelled';
      }
      if (this.#state === 'paused') {
        if (this.step !== this.#lastCheckpointStep) events.checkpoint(this.checkpoint());
        sinceCheckpoint = 0;
        events.paused?.(this.step);
        await new Promise<void>((resolve) => (this.#wake = resolve));
        continue;
      }
      const sliceMs = this.#slice();
      events.progress(this.progress);
      if (this.#run.diverged) return 'diverged';
      sinceCheckpoint += sliceMs;
      if (sinceCheckpoint >= this.#checkpointMs && !this.#run.done) {
        events.checkpoint(this.checkpoint());
        sinceCheckpoint = 0;
      }
      await this.#yield();
    }
    return this.#state === 'cancelled' ? 'cancelled' : 'done';
  }
}
