// How long a training run has left, as one figure that moves smoothly. The Train view's "Time
// left" used to divide the steps left by a rate smoothed over a few 100 ms slices, so a slice
// that started up, a thread comparison of the governor's, or a run starting beside it swung the
// figure (14:03, 8:30, 6:29, 8:18, 7:02 for one Planner whose form had said 8 min 40 s). Here:
// - the rate is the run's own over its last RATE_WINDOW_MS of training time, and the rate timed on
//   this device before it started (the form's estimate) fills the part of that window the run has
//   not trained yet: at the start the figure is the form's, and the run's own takes over as it goes;
// - the figure shown counts down with training time and moves toward each new reckoning by a share
//   dt / SETTLE_MS of the gap, so a change of pace shows over tens of seconds, never as a jump.
// Training time, not wall time: a paused run's figure waits with it. No DOM, no model math.

/** How much of the run's recent training its rate is taken over (ms of training). */
export const RATE_WINDOW_MS = 60_000;
/** How long the figure shown takes to cover about two thirds of a change of pace (ms of training). */
export const SETTLE_MS = 20_000;
/** Training the run needs of its own before it has a rate without a prior (ms). */
export const MIN_OWN_MS = 2_000;

interface Sample {
  step: number;
  ms: number;
}

export class RunEta {
  readonly #prior: number; // steps a second timed before the run started; NaN: none
  #samples: Sample[] = [];
  #shown = NaN; // seconds left as last shown
  #shownAt = NaN; // the training time (ms) it was shown at

  /** `priorStepsPerSec`: the run's rate timed on this device before it started, if it was. */
  constructor(priorStepsPerSec?: number) {
    this.#prior = priorStepsPerSec !== undefined && priorStepsPerSec > 0 ? priorStepsPerSec : NaN;
  }

  /** Steps a second: the run's own over its recent training, the prior filling what it has not trained yet. */
  get stepsPerSec(): number {
    const first = this.#samples[0];
    const last = this.#samples.at(-1);
    const ownMs = first && last ? last.ms - first.ms : 0;
    const ownSteps = first && last ? last.step - first.step : 0;
    if (Number.isNaN(this.#prior)) return ownMs >= MIN_OWN_MS ? (ownSteps * 1000) / ownMs : NaN;
    const priorMs = Math.max(0, RATE_WINDOW_MS - ownMs);
    return ((ownSteps + (this.#prior * priorMs) / 1000) * 1000) / (ownMs + priorMs);
  }

  /** Seconds left as shown now; NaN until there is a rate. */
  get seconds(): number {
    return this.#shown;
  }

  /** The run's progress: `step` of `steps` done after `elapsedMs` of training. */
  observe(step: number, steps: number, elapsedMs: number): void {
    this.#samples.push({ step, ms: elapsedMs });
    // keep one sample at or before the window's start, so the window is full
    while (this.#samples.length > 2 && this.#samples[1].ms <= elapsedMs - RATE_WINDOW_MS) this.#samples.shift();
    if (step >= steps) {
      this.#shown = 0;
      this.#shownAt = elapsedMs;
      return;
    }
    const reckoned = (steps - step) / this.stepsPerSec;
    if (!Number.isFinite(reckoned)) return;
    if (Number.isNaN(this.#shown)) {
      this.#shown = reckoned;
    } else {
      const dt = Math.max(0, elapsedMs - this.#shownAt);
      const counted = Math.max(0, this.#shown - dt / 1000);
      this.#shown = counted + Math.min(1, dt / SETTLE_MS) * (reckoned - counted);
    }
    this.#shownAt = elapsedMs;
  }
}
