// The multi-thread training benchmark (issue 34): the benchmark's organelle trained by one
// thread and by several, in turns, in one run, at the 64K and 460K shapes. Before timing, the
// two train the same steps from the same seed and their weights and losses are compared bit
// for bit. Runs wherever a ThreadPlatform does: Node's worker threads, a cross-origin
// isolated page's Web Workers.
import { Organelle } from '../organelle.ts';
import { SHAPE_PRESETS } from '../model/shape.ts';
import { float32Hash } from '../recipes/determinism.ts';
import type { ThreadPlatform } from '../wasm/helper-threads.ts';
import { BENCH_SHAPES, benchOrganelle, counted, trainingStep, type BenchShape } from './bench.ts';
import { timeInTurns, type TimingOptions } from './timing.ts';

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
  module: WebAssembly.Module, platform: ThreadPlatform, corpusText: string, t: TimingOptions,
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
        const runs = [counted(trainingStep(single)), counted(trainingStep(several))];
        const { ms, relative } = timeInTurns(runs.map((r) => r.call), t);
        const [one, many] = runs.map((r, i) => (r.tokensPerCall() * 1000) / ms[i]);
        results.push({ shape, threads, tokens_per_s: many, single_tokens_per_s: one, speedup: speedupInTurns(runs[0], runs[1], relative[1]), same_bits });
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
  lines.push('  shape  threads  tokens/s  release, 1 thread  speed-up  same bits');
  for (const r of rows) {
    lines.push(`  ${r.shape.padEnd(6)} ${String(r.threads).padStart(7)} ${n(r.tokens_per_s).padStart(9)} ${n(r.single_tokens_per_s).padStart(18)} ${r.speedup.toFixed(2).padStart(8)}x  ${r.same_bits ? 'yes' : 'NO'}`);
  }
  return lines.join('\n');
}
