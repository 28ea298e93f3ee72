// The Engine check page's speed check: a couple of seconds of the benchmark's 64K figures
// (training with the loss on every position, and one generation of a 36-character prompt),
// measured wherever it runs, so a visitor can set this device beside the project's figures;
// and the same training in several workers at once, to see how the device's cores add up.
import { BENCH_PROMPT, benchGeneration, benchOrganelle, counted, trainingStep } from './bench.ts';
import { moverBenchCorpus } from './mover-corpus.ts';
import { timeInTurns, type TimingOptions } from './timing.ts';

export interface SpeedCheck {
  shape: '64k';
  train_tokens_per_s: number;
  generate_ms: number;
  prompt_chars: number;
  seconds: number;
}

const SPEED_TIMING: TimingOptions = { samples: 5, sampleMs: 200, warmupMs: 200 };

export async function runSpeedCheck(module: WebAssembly.Module): Promise<SpeedCheck> {
  const started = performance.now();
  const corpusText = moverBenchCorpus(500, 7);
  const training = counted(trainingStep(await benchOrganelle(module, '64k', corpusText)));
  // generation gets its own organelle: training between calls would change its weights
  const generate = benchGeneration(await benchOrganelle(module, '64k', corpusText));
  const { ms } = timeInTurns([training.call, () => generate([0])], SPEED_TIMING);
  return {
    shape: '64k',
    train_tokens_per_s: (training.tokensPerCall() * 1000) / ms[0]!,
    generate_ms: ms[1]!,
    prompt_chars: BENCH_PROMPT.length,
    seconds: (performance.now() - started) / 1000,
  };
}

/** How long runs side by side are timed, each after a warm-up of its own. */
const SIDE_BY_SIDE_MS = 1500;

export interface SideBySideTiming {
  tokens_per_s: number;
  /** The timed stretch. */
  ms: number;
}

/**
 * The speed check's 64K training, built and warmed up in this worker, timed on request. The
 * Engine check prepares one in each of several workers, then times them all at once, as the
 * Train view's runs share the device: preparing apart from timing keeps the corpus builds and
 * warm-ups out of the timed stretch.
 */
export class SideBySideTraining {
  readonly #step: () => number;

  private constructor(step: () => number) {
    this.#step = step;
  }

  static async prepare(module: WebAssembly.Module): Promise<SideBySideTraining> {
    const step = trainingStep(await benchOrganelle(module, '64k', moverBenchCorpus(500, 7)));
    const warmEnd = performance.now() + SPEED_TIMING.warmupMs;
    do step();
    while (performance.now() < warmEnd);
    return new SideBySideTraining(step);
  }

  /** Trains for at least `ms` and reports the positions processed per second. */
  time(ms = SIDE_BY_SIDE_MS): SideBySideTiming {
    let tokens = 0;
    const t0 = performance.now();
    let t = t0;
    do {
      tokens += this.#step();
      t = performance.now();
    } while (t - t0 < ms);
    return { tokens_per_s: (tokens * 1000) / (t - t0), ms: t - t0 };
  }
}
