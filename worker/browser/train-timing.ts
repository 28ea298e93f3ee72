// How fast a training run would go on this device, before it starts: a short stretch of the
// very run the form describes (same corpus, shape and seed) is trained and timed, and the page
// turns the rate into a duration for any number of steps. A measurement, not a cost model:
// the rate depends on the device, the wasm compiler's tiers and the corpus's document
// lengths, which no formula here knows. Runs unchanged in Node, which is how it is tested.
import { TrainingRun } from '../trainer.ts';
import type { Organelle } from '../organelle.ts';
import { prepare, resolveSource, threadOptions } from './train.ts';
import type { ThreadPlatform } from '../wasm/helper-threads.ts';
import type { TrainTiming, TrainTimingRequest } from './messages.ts';

export interface TrainTimingOptions {
  /** Training before the timed stretch, so the wasm compiler's optimising tier is in (default 150). */
  warmupMs?: number;
  /** The timed stretch; it runs at least one step (default 500). */
  timedMs?: number;
  now?: () => number;
}

// The throwaway run's planned steps: far more than a stretch reaches, so it never ends early.
// The learning-rate schedule they imply costs the same per step as any other.
const PLANNED_STEPS = 1_000_000;

/**
 * A throwaway copy of the described run, its corpus built and its model made, ready to be
 * timed. Preparing apart from timing lets runs that will train side by side be timed side by
 * side: each is prepared in its own worker, and only then are they all timed at once.
 */
export class PreparedTiming {
  readonly #organelle: Organelle;

  private constructor(organelle: Organelle) {
    this.#organelle = organelle;
  }

  /** With `platform`, the run is timed on the threads the request asks for (its share of the cores), as it would train. */
  static async prepare(module: WebAssembly.Module, request: TrainTimingRequest, platform?: ThreadPlatform): Promise<PreparedTiming> {
    const source = resolveSource(request, request.corpus);
    const full = { ...request, name: 'timing', steps: PLANNED_STEPS };
    return new PreparedTiming(await prepare(module, full, source, threadOptions(full, platform).engine));
  }

  /** Ends the run's helper threads, if it has any. */
  close(): Promise<void> {
    return this.#organelle.engine.close();
  }

  /** Trains for a moment and reports the rate. */
  time(options: TrainTimingOptions = {}): TrainTiming {
    const organelle = this.#organelle;
    const run = new TrainingRun(organelle, options.now);
    run.slice(options.warmupMs ?? 150);
    // the run's first steps compare one thread against all (ThreadGovernor): a real run's
    // first few dozen, which the timed stretch would otherwise take for its rate
    for (let i = 0; i < 100 && run.comparingThreads; i++) run.slice(0);
    const stepsBefore = organelle.stepsDone;
    const msBefore = run.progress.elapsedMs;
    const timed = run.slice(options.timedMs ?? 500);
    const timedSteps = organelle.stepsDone - stepsBefore;
    const timedMs = timed.elapsedMs - msBefore;
    return {
      paramCount: organelle.engine.paramCount,
      vocabSize: organelle.vocab.size,
      timedSteps,
      timedMs,
      stepsPerSec: (timedSteps * 1000) / timedMs,
      tokensPerSec: timed.tokensPerSec,
    };
  }
}
