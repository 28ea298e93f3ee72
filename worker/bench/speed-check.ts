// The Engine check page's speed check: a couple of seconds of the benchmark's 64K figures
// (training with the loss on every position, and one generation of a 36-character prompt),
// measured wherever it runs, so a visitor can set this device beside the project's figures;
// the same training on every thread the device offers against one; and the same training in
// several workers at once, to see how the device's cores add up.
import { BENCH_PROMPT, benchGeneration, benchOrganelle, counted, trainingStep } from './bench.ts';
import { moverBenchCorpus } from './mover-corpus.ts';
import { repeatFor, timeInTurns, type TimingOptions } from './timing.ts';
import type { SideBySideTiming } from './side-by-side.ts';
import { speedupInTurns, threadedBenchOrganelle } from './threads.ts';
import { threadsOffered, type ThreadPlatform } from '../wasm/helper-threads.ts';

export interface SpeedCheck {
  shape: '64k';
  train_tokens_per_s: number;
  generate_ms: number;
  prompt_chars: number;
  seconds: number;
  /** The same training on every thread the device offers, in turns with one thread. */
  threads?: { threads: number; tokens_per_s: number; single_tokens_per_s: number; speedup: number };
  /** Why there is no `threads`: one core, or a page that cannot share memory. */
  threads_skipped?: string;
}

const SPEED_TIMING: TimingOptions = { samples: 5, sampleMs: 200, warmupMs: 200 };

export async function runSpeedCheck(module: WebAssembly.Module, platform?: ThreadPlatform): Promise<SpeedCheck> {
  const started = performance.now();
  const corpusText = moverBenchCorpus(500, 7);
  const training = counted(trainingStep(await benchOrganelle(module, '64k', corpusText)));
  // generation gets its own organelle: training between calls would change its weights
  const generate = benchGeneration(await benchOrganelle(module, '64k', corpusText));
  const available = threadsOffered(platform);
  const several = platform && available.threads > 1
    ? await threadedBenchOrganelle(module, platform, '64k', corpusText, available.threads)
    : undefined;
  try {
    const threaded = several ? counted(trainingStep(several)) : undefined;
    const fns = [training.call, () => generate([0]), ...(threaded ? [threaded.call] : [])];
    const { ms, relative } = timeInTurns(fns, SPEED_TIMING);
    const check: SpeedCheck = {
      shape: '64k',
      train_tokens_per_s: (training.tokensPerCall() * 1000) / ms[0]!,
      generate_ms: ms[1]!,
      prompt_chars: BENCH_PROMPT.length,
      seconds: (performance.now() - started) / 1000,
    };
    if (threaded) {
      check.threads = {
        threads: available.threads,
        tokens_per_s: (threaded.tokensPerCall() * 1000) / ms[2]!,
        single_tokens_per_s: check.train_tokens_per_s,
        speedup: speedupInTurns(training, threaded, relative[2]!),
      };
    } else check.threads_skipped = available.reason;
    return check;
  } finally {
    await several?.engine.close();
  }
}

/** How long runs side by side are timed, each after a warm-up of its own. */
const SIDE_BY_SIDE_MS = 1500;

/**
 * The speed check's 64K training, built and warmed up in this worker, timed on request: one
 * worker's part of the runs side by side (./side-by-side.ts). Preparing apart from timing
 * keeps the corpus builds and warm-ups out of the timed stretch.
 */
export class SideBySideTraining {
  readonly #step: () => number;

  private constructor(step: () => number) {
    this.#step = step;
  }

  static async prepare(module: WebAssembly.Module): Promise<SideBySideTraining> {
    const step = trainingStep(await benchOrganelle(module, '64k', moverBenchCorpus(500, 7)));
    repeatFor(step, SPEED_TIMING.warmupMs);
    return new SideBySideTraining(step);
  }

  /** Trains for at least `ms` and reports the positions processed per second. */
  time(ms = SIDE_BY_SIDE_MS): SideBySideTiming {
    let tokens = 0;
    const r = repeatFor(() => (tokens += this.#step()), ms);
    return { tokens_per_s: (tokens * 1000) / r.ms, ms: r.ms };
  }
}
