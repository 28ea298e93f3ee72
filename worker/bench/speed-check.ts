// The Engine check page's speed check: a couple of seconds of the benchmark's 64K figures
// (training with the loss on every position, and one generation of a 36-character prompt),
// measured wherever it runs, so a visitor can set this device beside the project's figures.
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
