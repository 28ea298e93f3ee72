// The multi-thread training benchmark (issue 34): the benchmark's organelle trained by one
// thread and by several, in turns, in one run, at the 64K and 460K shapes. Before timing, the
// two train the same steps from the same seed and their weights and losses are compared bit
// for bit. Runs wherever a ThreadPlatform does: Node's worker threads, a cross-origin
// isolated page's Web Workers.
//
// The two sides take turns in stretches of the same steps, seconds long, not in samples of a
// few hundred milliseconds: 40-400 ms samples read 1.11x, 1.45x and 1.74x in three runs of one
// comparison, while whole `organelle train` runs read 1.64x. A short sample catches a helper
// waking from sleep, a scheduler slice lost to another process, or one side alone in a quiet
// moment; a stretch of seconds averages them as a real run does. Both models train the same
// bits, so a stretch of the same steps is the same work on both sides (the same batches, the
// same sparsity), and the ratio of the two stretches' times is the speed-up itself.
import { Organelle } from '../organelle.ts';
import { SHAPE_PRESETS } from '../model/shape.ts';
import { float32Hash } from '../recipes/determinism.ts';
import type { ThreadPlatform } from '../wasm/helper-threads.ts';
import { BENCH_SHAPES, benchOrganelle, trainingStep, type BenchShape } from './bench.ts';
import { repeatFor } from './timing.ts';

/** The threads build on `threads` threads against the release build on one (threads 1: the threads build's own cost). */
export interface ThreadsResult {
  shape: BenchShape;
  threads: number;
  tokens_per_s: number;
  /** The release build's, on one thread, in turns with this one. */
  single_tokens_per_s: number;
  /** The median over turns of one thread's step time over this one's. */
  speedup: number;
  /** Weights and losses after the check's steps equal one thread's, bit for bit. */
  same_bits: boolean;
  /** How long each side trained: the stretches the speed-up is the median of (absent from reports made before them). */
  stretches?: Stretches;
}

/** The turns of one comparison: each side trains `steps` steps a turn, the same steps as the other. */
export interface Stretches {
  /** Steps each side trained before the first turn, untimed (after the bit check's). */
  warmup_steps: number;
  /** Steps of each stretch, on either side. */
  steps: number;
  /** Seconds each of the release build's stretches took, turn by turn. */
  single_s: number[];
  /** Seconds each of the threads build's stretches took, turn by turn. */
  threads_s: number[];
}

/** How long the stretches are: `seconds` of one thread's training each, `turns` of them a side. */
export interface StretchOptions {
  turns: number;
  seconds: number;
  warmupSeconds: number;
}

/** About 15 s of one thread's training a side (a 6,000-step 64K run takes about 20 s). */
export const FULL_STRETCHES: StretchOptions = { turns: 5, seconds: 3, warmupSeconds: 1 };
/** About 4 s a side: enough to land within the full run's noise, not to replace it. */
export const QUICK_STRETCHES: StretchOptions = { turns: 3, seconds: 1.2, warmupSeconds: 0.5 };

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Seconds that `steps` calls of `step` take. */
function timeSteps(step: () => number, steps: number): { seconds: number; tokens: number } {
  let tokens = 0;
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) tokens += step();
  return { seconds: (performance.now() - t0) / 1000, tokens };
}

/**
 * The two step functions (one thread first) in turns of the same number of steps, the number
 * one thread trains in `o.seconds` as its warm-up measured it. Both sides warm up by the same
 * steps, so each turn starts both at the same point of the same run.
 */
export function stretchesInTurns(
  single: () => number, several: () => number, o: StretchOptions,
): { stretches: Stretches; singleTokensPerSec: number; tokensPerSec: number; speedup: number } {
  const warm = repeatFor(single, o.warmupSeconds * 1000);
  timeSteps(several, warm.calls);
  const steps = Math.max(1, Math.round((warm.calls * o.seconds * 1000) / warm.ms));
  const stretches: Stretches = { warmup_steps: warm.calls, steps, single_s: [], threads_s: [] };
  let singleTokens = 0, severalTokens = 0;
  for (let turn = 0; turn < o.turns; turn++) {
    const a = timeSteps(single, steps);
    const b = timeSteps(several, steps);
    stretches.single_s.push(a.seconds);
    stretches.threads_s.push(b.seconds);
    singleTokens += a.tokens;
    severalTokens += b.tokens;
  }
  const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
  return {
    stretches,
    singleTokensPerSec: singleTokens / sum(stretches.single_s),
    tokensPerSec: severalTokens / sum(stretches.threads_s),
    // the same steps on both sides: the same tokens, so the ratio of times is the speed-up
    speedup: median(stretches.single_s.map((s, i) => s / stretches.threads_s[i])),
  };
}

/** The benchmark's organelle (seed 1, loss on every position): the threads build on `threads` threads. */
export function threadedBenchOrganelle(
  module: WebAssembly.Module, platform: ThreadPlatform, name: BenchShape, corpusText: string, threads: number,
): Promise<Organelle> {
  return Organelle.create(module, {
    name, corpusId: 'bench/mover', corpusText, architecture: SHAPE_PRESETS[name], seed: 1,
    config: { steps: 1_000_000, responseOnlyLoss: false }, engine: { threads: { count: threads, platform } },
  });
}

/**
 * How much faster `other` trains than `base`, from timeInTurns' median per-turn time ratio
 * (`relative`, other's over base's): the two sample batches of slightly different sizes per
 * call, so the ratio is scaled by their tokens per call.
 */
export function speedupInTurns(base: { tokensPerCall(): number }, other: { tokensPerCall(): number }, relative: number): number {
  return other.tokensPerCall() / base.tokensPerCall() / relative;
}

function trained(o: Organelle, steps: number): string {
  const losses: number[] = [];
  for (let i = 0; i < steps; i++) losses.push(o.trainStep());
  return `${float32Hash(o.engine.getParams())}/${float32Hash(losses)}`;
}

/** The thread counts worth timing here: 1 (what the threads build costs), 2, and every core when there are more. */
export function threadCounts(available: number): number[] {
  return available < 2 ? [] : [...new Set([1, 2, available])];
}

export async function benchThreads(
  module: WebAssembly.Module, platform: ThreadPlatform, corpusText: string, t: StretchOptions,
  options: { checkSteps?: number; log?: (line: string) => void } = {},
): Promise<ThreadsResult[]> {
  const checkSteps = options.checkSteps ?? 30;
  const results: ThreadsResult[] = [];
  for (const threads of threadCounts(platform.available().threads)) {
    for (const shape of BENCH_SHAPES) {
      options.log?.(`train ${shape} on ${threads} threads ...`);
      const single = await benchOrganelle(module, shape, corpusText);
      const several = await threadedBenchOrganelle(module, platform, shape, corpusText, threads);
      try {
        const same_bits = trained(single, checkSteps) === trained(several, checkSteps);
        const timed = stretchesInTurns(trainingStep(single), trainingStep(several), t);
        results.push({
          shape, threads, tokens_per_s: timed.tokensPerSec, single_tokens_per_s: timed.singleTokensPerSec, speedup: timed.speedup, same_bits,
          stretches: timed.stretches,
        });
      } finally {
        await several.engine.close();
      }
    }
  }
  return results;
}

export function formatThreads(rows: ThreadsResult[]): string {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const lines = ['one model on several threads (the threads build, every position counted, in turns with the release build on one thread)'];
  lines.push('  shape  threads  tokens/s  release, 1 thread  speed-up  same bits  stretches a side');
  for (const r of rows) {
    const s = r.stretches;
    const stretch = s ? `${s.single_s.length} x ${n(s.steps)} steps (${s.single_s.reduce((a, b) => a + b, 0).toFixed(1)} s / ${s.threads_s.reduce((a, b) => a + b, 0).toFixed(1)} s)` : '';
    lines.push(`  ${r.shape.padEnd(6)} ${String(r.threads).padStart(7)} ${n(r.tokens_per_s).padStart(9)} ${n(r.single_tokens_per_s).padStart(18)} ${r.speedup.toFixed(2).padStart(8)}x  ${(r.same_bits ? 'yes' : 'NO').padEnd(9)}  ${stretch}`);
  }
  return lines.join('\n');
}
