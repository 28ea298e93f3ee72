// Drives an organelle's training in time slices, so the caller decides what happens
// between slices: the CLI prints a progress line, the browser worker answers pause /
// cancel messages and writes checkpoints. Throughput counts every position processed
// (BOS and prompt included), like the reference project's figures.
import type { Organelle } from './organelle.ts';

export interface TrainProgress {
  step: number; // steps done
  steps: number; // steps planned
  loss: number; // mean batch loss over the last slice
  tokensPerSec: number; // over the last slice
  etaSeconds: number;
  elapsedMs: number; // total training time so far (excluding pauses)
}

export class TrainingRun {
  readonly organelle: Organelle;
  readonly steps: number;
  #elapsedMs = 0;
  #last: TrainProgress;
  readonly #now: () => number;

  constructor(organelle: Organelle, now: () => number = () => performance.now()) {
    this.organelle = organelle;
    this.steps = organelle.recipe.config.steps;
    this.#now = now;
    this.#last = { step: organelle.stepsDone, steps: this.steps, loss: NaN, tokensPerSec: 0, etaSeconds: NaN, elapsedMs: 0 };
  }

  get done(): boolean {
    return this.organelle.stepsDone >= this.steps;
  }

  get progress(): TrainProgress {
    return this.#last;
  }

  /** Trains until `budgetMs` has passed (at least one step) or the run is complete. */
  slice(budgetMs: number): TrainProgress {
    const start = this.#now();
    let tokens = 0;
    let lossSum = 0;
    let n = 0;
    while (!this.done) {
      lossSum += this.organelle.trainStep();
      tokens += this.organelle.engine.lastStepTokens;
      n++;
      if (this.#now() - start >= budgetMs) break;
    }
    const ms = Math.max(this.#now() - start, 1e-3);
    this.#elapsedMs += ms;
    const stepsPerSec = (n * 1000) / ms;
    const remaining = this.steps - this.organelle.stepsDone;
    this.#last = {
      step: this.organelle.stepsDone,
      steps: this.steps,
      loss: n ? lossSum / n : this.#last.loss,
      tokensPerSec: (tokens * 1000) / ms,
      etaSeconds: n ? remaining / stepsPerSec : NaN,
      elapsedMs: this.#elapsedMs,
    };
    return this.#last;
  }
}

/** 0.43 -> "0.4s", 45.4 -> "45s", 185 -> "3m05s": tenths under 10 s, so a short run is not "0s". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--';
  if (seconds < 9.95) return `${seconds.toFixed(1)}s`;
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** One progress line: step, loss, tokens/s, ETA. */
export function formatProgress(name: string, p: TrainProgress): string {
  const pct = ((100 * p.step) / p.steps).toFixed(1).padStart(5);
  return `${name} step ${p.step}/${p.steps} (${pct}%) loss ${p.loss.toFixed(4)} ${Math.round(p.tokensPerSec).toLocaleString('en-US')} tok/s eta ${formatDuration(p.etaSeconds)}`;
}
