// Drives an organelle's training in time slices, so the caller decides what happens
// between slices: the CLI prints a progress line, the browser worker answers pause /
// cancel messages and writes checkpoints. Throughput counts every position processed
// (BOS and prompt included), like the reference project's figures.
//
// A run that diverges stops: a step whose loss or gradient norm is not a finite number
// (the engine computes the norm for clipping anyway, so reading it costs one call), or
// weights that are not, at the end or before a checkpoint, throws TrainingDiverged. The
// checks only read what the step computed, so the weights of a run that does not diverge
// are the same, bit for bit.
import { RunEta } from './run-eta.ts';
import type { Organelle } from './organelle.ts';
import { firstNonFinite } from './model/model-file.ts';
import { DEFAULT_TRAIN_CONFIG } from './model/recipe.ts';
import { ThreadGovernor } from './thread-governor.ts';

export interface TrainProgress {
  step: number; // steps done
  steps: number; // steps planned
  loss: number; // mean batch loss over the last slice
  tokensPerSec: number; // over the last slice
  etaSeconds: number;
  elapsedMs: number; // total training time so far (excluding pauses)
  /** Threads that trained the slice's last step: fewer than threadsGiven while one thread trains faster on this device (ThreadGovernor). */
  threads: number;
  /** Threads the run has: its own and its engine's started helpers. */
  threadsGiven: number;
}

/**
 * Training stopped because it diverged: after `step` steps (the bad one included) the loss,
 * the gradient norm or a weight was not a finite number. The weights are unusable from then
 * on; whatever was saved before is the last good state.
 */
export class TrainingDiverged extends Error {
  readonly step: number;
  readonly learningRate: number; // the run's peak learning rate

  constructor(step: number, what: string, learningRate: number) {
    super(`training diverged at step ${step.toLocaleString('en-US')}: ${what}`);
    this.name = 'TrainingDiverged';
    this.step = step;
    this.learningRate = learningRate;
  }

  /** What usually prevents it, naming how the caller sets the rate: "--lr" on the command line. */
  advice(option = 'learning rate'): string {
    const lr = this.learningRate;
    const deflt = DEFAULT_TRAIN_CONFIG.learningRate;
    return lr > deflt
      ? `Try a lower ${option}: this run's is ${lr}, the default ${deflt}.`
      : `Try a lower ${option} than this run's ${lr}, or another seed.`;
  }
}

export class TrainingRun {
  readonly organelle: Organelle;
  readonly steps: number;
  #elapsedMs = 0;
  #eta = new RunEta();
  #last: TrainProgress;
  #diverged: TrainingDiverged | null = null;
  readonly #now: () => number;
  // whether the engine's helper threads pay on this device now, for as many helpers as it had
  #governor: { helpers: number; governor: ThreadGovernor } | null = null;

  constructor(organelle: Organelle, now: () => number = () => performance.now()) {
    this.organelle = organelle;
    this.steps = organelle.recipe.config.steps;
    this.#now = now;
    this.#last = { step: organelle.stepsDone, steps: this.steps, loss: NaN, tokensPerSec: 0, etaSeconds: NaN, elapsedMs: 0, threads: organelle.engine.threads, threadsGiven: organelle.engine.helpers + 1 };
  }

  // The governor for the engine's helpers now (a new one when setThreads changed them), or null with none.
  #governed(): ThreadGovernor | null {
    const helpers = this.organelle.engine.helpers;
    if (helpers === 0) return (this.#governor = null);
    if (this.#governor?.helpers !== helpers) this.#governor = { helpers, governor: new ThreadGovernor() };
    return this.#governor.governor;
  }

  get done(): boolean {
    return this.organelle.stepsDone >= this.steps;
  }

  get progress(): TrainProgress {
    return this.#last;
  }

  /** Whether the run is comparing one thread against all just now (ThreadGovernor): its rate is then neither's. */
  get comparingThreads(): boolean {
    return this.#governed()?.comparing ?? false;
  }

  /** Why the run stopped early, once it has diverged. */
  get diverged(): TrainingDiverged | null {
    return this.#diverged;
  }

  /**
   * Trains until `budgetMs` has passed (at least one step) or the run is complete. Throws
   * TrainingDiverged at a step whose loss or gradient norm is not finite (the progress then
   * covers the steps before it), and at the end if a weight is not finite; every later call
   * throws it again.
   */
  slice(budgetMs: number): TrainProgress {
    if (this.#diverged) throw this.#diverged;
    const start = this.#now();
    let tokens = 0;
    let lossSum = 0;
    let n = 0;
    let bad: string | null = null;
    const engine = this.organelle.engine;
    const governor = this.#governed();
    let stepStart = start;
    while (!this.done) {
      if (governor) engine.share(governor.sharing);
      const loss = this.organelle.trainStep();
      const norm = engine.lastGradNorm;
      if (!Number.isFinite(loss) || !Number.isFinite(norm)) {
        bad = Number.isFinite(loss) ? `the gradient norm is ${norm} (loss ${Number(loss.toPrecision(4))})` : `the loss is ${loss}`;
        break;
      }
      lossSum += loss;
      tokens += engine.lastStepTokens;
      n++;
      const now = this.#now();
      governor?.step(now - stepStart, engine.lastStepTokens);
      stepStart = now;
      if (now - start >= budgetMs) break;
    }
    const ms = Math.max(this.#now() - start, 1e-3);
    this.#elapsedMs += ms;
    this.#eta.observe(this.organelle.stepsDone, this.steps, this.#elapsedMs);
    this.#last = {
      step: this.organelle.stepsDone,
      steps: this.steps,
      loss: n ? lossSum / n : this.#last.loss,
      tokensPerSec: (tokens * 1000) / ms,
      // smoothed over the run's last minute (run-eta.ts), not this slice's own rate, which jumps
      etaSeconds: this.#eta.seconds,
      elapsedMs: this.#elapsedMs,
      // while the governor compares, the last step's thread count says nothing of the device
      threads: governor?.comparing ? engine.helpers + 1 : engine.threads,
      threadsGiven: engine.helpers + 1,
    };
    if (bad !== null) throw this.#diverge(this.organelle.stepsDone, bad);
    if (this.done) this.checkWeights();
    return this.#last;
  }

  /**
   * Throws TrainingDiverged if a weight is not a finite number: the last check before the
   * weights are saved (a checkpoint, the finished model). One pass over a copy of them.
   */
  checkWeights(): void {
    if (this.#diverged) throw this.#diverged;
    const params = this.organelle.engine.getParams();
    const i = firstNonFinite(params);
    if (i >= 0) {
      throw this.#diverge(this.organelle.stepsDone, `parameter ${i.toLocaleString('en-US')} is ${params[i]}`);
    }
  }

  #diverge(step: number, what: string): TrainingDiverged {
    this.#diverged = new TrainingDiverged(step, what, this.organelle.recipe.config.learningRate);
    return this.#diverged;
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
  const line = `${name} step ${p.step}/${p.steps} (${pct}%) loss ${p.loss.toFixed(4)} ${Math.round(p.tokensPerSec).toLocaleString('en-US')} tok/s eta ${formatDuration(p.etaSeconds)}`;
  return p.threads < p.threadsGiven ? `${line} on ${p.threads} of ${p.threadsGiven} threads (faster on this busy machine now)` : line;
}
