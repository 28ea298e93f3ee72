// The engine benchmark: matmul kernels in each layout, training throughput and generation
// latency, each against the plain-TypeScript reference in the same run. Runs in Node (the
// CLI) and could run in a browser worker: it only needs a compiled wasm module.
import { Engine, type GeneratedVote } from '../engine.ts';
import { Organelle } from '../organelle.ts';
import { SHAPE_PRESETS } from '../model/shape.ts';
import { referenceMatmul, referenceMatmulABT, referenceMatmulATB, referenceForwardBackward, referenceAdamW, learningRateAt } from '../reference/gpt.ts';
import { encodeDocuments, normalizeCorpus, packBatch, parseCorpus } from '../corpus/documents.ts';
import { makeTrainConfig } from '../model/recipe.ts';
import { moverBenchCorpus } from './mover-corpus.ts';
import { timeInTurns, FULL_TIMING, QUICK_TIMING, type TimingOptions } from './timing.ts';
import { benchThreads, formatThreads, FULL_STRETCHES, QUICK_STRETCHES, type StretchOptions, type ThreadsResult } from './threads.ts';
import { threadsOffered, type ThreadPlatform } from '../wasm/helper-threads.ts';

export type Layout = 'ab' | 'atb' | 'abt';
/** The two shapes the targets name. */
export type BenchShape = '64k' | '460k';
export const BENCH_SHAPES: readonly BenchShape[] = ['64k', '460k'];

export interface MatmulResult { layout: Layout; m: number; k: number; n: number; gflops: number; reference_gflops: number; speedup: number }
/**
 * tokens_per_s: loss on every position, so every position runs through every layer (the C
 * reference's setting: the like-for-like figure). tokens_per_s_response_only: the default
 * recipe, whose last layer runs its query side only from each response on.
 */
export interface TrainResult {
  shape: BenchShape; params: number; tokens_per_s: number; tokens_per_s_response_only: number;
  reference_tokens_per_s: number; speedup: number; steps_per_s: number; mean_doc_chars: number;
  /**
   * Share of the full-loss run's layer steps whose MLP ran over its nonzero activations alone
   * (assembly/sparse.ts); absent from reports made before it did.
   */
  mlp_sparse_share?: number;
  /** Estimated useful GFLOP/s of the full-loss step (trainingFlopsPerToken): compare with the matmul rows. */
  gflops: number;
}

/**
 * Floating-point work of one trained token (forward and backward, all positions counted):
 * 6 flops per weight of every matmul (2 forward, 4 backward), plus causal attention, whose
 * scores and weighted sums cost about 6 (n + 1) E per token and layer in an n-token document.
 * An estimate for reading the training rate against the kernels' rate, not a measurement.
 */
export function trainingFlopsPerToken(s: { embd: number; layers: number; mlp: number; vocabSize: number }, docTokens: number): number {
  const weights = s.layers * (4 * s.embd * s.embd + 2 * s.embd * s.mlp) + s.embd * s.vocabSize;
  return 6 * weights + 6 * (docTokens + 1) * s.embd * s.layers;
}
/**
 * single_ms and ensemble3_ms read layer 0's q|k|v from the engine's (token, position) table,
 * which the repeated prompt has filled; single_ms_layer0_computed is the same generation
 * with the table switched off, as a prompt of pairs never met before costs.
 */
export interface GenerateResult {
  shape: BenchShape; prompt_chars: number; answer_chars: number; single_ms: number; ensemble3_ms: number; ensemble_ratio: number;
  single_ms_layer0_computed: number;
}
export interface BenchReport {
  quick: boolean; matmul: MatmulResult[]; train: TrainResult[]; generate: GenerateResult[];
  /** One model on several threads, where the platform offers more than one (absent before issue 34). */
  train_threads?: ThreadsResult[];
  /** Why there is no train_threads: one core, or memory that cannot be shared. */
  train_threads_skipped?: string;
}

export const MATMUL_SHAPES: [number, number, number][] = [[64, 48, 48], [128, 48, 192], [128, 192, 48]];

function fillRandom(a: Float32Array, seed: number): void {
  let s = seed >>> 0;
  for (let i = 0; i < a.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    a[i] = s / 4294967296 - 0.5;
  }
}

function benchMatmul(module: WebAssembly.Module, t: TimingOptions): Promise<MatmulResult[]> {
  return (async () => {
    // any engine gives access to the kernels and the arena
    const engine = await Engine.create(module, { vocabSize: 2, embd: 4, heads: 1, layers: 1, mlp: 4, block: 4 }, { batchDocs: 1, voteSlots: 1 });
    const w = engine.wasm;
    const results: MatmulResult[] = [];
    for (const [M, K, N] of MATMUL_SHAPES) {
      const a = w.arena_alloc(4 * M * K), b = w.arena_alloc(4 * K * N), c = w.arena_alloc(4 * M * N), s = w.arena_alloc(4 * K * N);
      fillRandom(new Float32Array(w.memory.buffer, a, M * K), 1);
      fillRandom(new Float32Array(w.memory.buffer, b, K * N), 2);
      const ja = new Float32Array(M * K), jb = new Float32Array(K * N), jc = new Float32Array(M * N);
      fillRandom(ja, 1);
      fillRandom(jb, 2);
      const flops = 2 * M * K * N;
      const cases: [Layout, () => void, () => void][] = [
        ['ab', () => w.matmul_ab(c, a, b, M, K, N, 0), () => referenceMatmul(jc, ja, jb, M, K, N)],
        ['atb', () => w.matmul_atb(c, a, b, M, K, N, 0), () => referenceMatmulATB(jc, ja, jb, M, K, N)],
        ['abt', () => w.matmul_abt(c, a, b, M, K, N, 0, s), () => referenceMatmulABT(jc, ja, jb, M, K, N)],
      ];
      for (const [layout, wasmFn, refFn] of cases) {
        const { ms, relative } = timeInTurns([wasmFn, refFn], t);
        results.push({ layout, m: M, k: K, n: N, gflops: flops / ms[0] / 1e6, reference_gflops: flops / ms[1] / 1e6, speedup: relative[1] });
      }
    }
    return results;
  })();
}

/** The benchmark's organelle of one shape, on the mover-like corpus, seed 1. */
export function benchOrganelle(module: WebAssembly.Module, name: BenchShape, corpusText: string, responseOnlyLoss = false): Promise<Organelle> {
  return Organelle.create(module, {
    name, corpusId: 'bench/mover', corpusText, architecture: SHAPE_PRESETS[name], seed: 1,
    config: { steps: 1_000_000, responseOnlyLoss },
  });
}

/** Milliseconds that `steps` training steps of `organelle` take. */
export function trainFor(organelle: Organelle, steps: number): number {
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) organelle.trainStep();
  return performance.now() - t0;
}

/** The benchmark's generation: a 36-character prompt, then one vote per temperature. */
export const BENCH_PROMPT = 'm=14,x,12,12|b=7|valid=up,left,right';
export function benchGeneration(organelle: Organelle): (temperatures: number[]) => GeneratedVote[] {
  const prompt = organelle.encodePrompt(BENCH_PROMPT);
  // A 5-character answer then its newline: 6 tokens sampled, 5 decode steps. Stop ids are
  // out of range so every vote runs the full length whatever the (untrained) weights say.
  return (temperatures) => organelle.engine.generate({ prompt, temperatures, maxNew: 6, stop: [-1, -1] });
}

/** One training step of `o` on a fresh batch; returns the positions it processed. */
export function trainingStep(o: Organelle): () => number {
  return () => {
    o.trainStep();
    return o.engine.lastStepTokens;
  };
}

/** Counts, over the steps `step` runs, the layers whose MLP ran sparse (assembly/sparse.ts). */
export function sparseTally(o: Organelle, step: () => number): { step: () => number; share: () => number } {
  let sparse = 0, layers = 0;
  return {
    step: () => {
      const tokens = step();
      for (let bits = o.engine.wasm.train_last_sparse_layers(); bits !== 0; bits >>>= 1) sparse += bits & 1;
      layers += o.shape.layers;
      return tokens;
    },
    share: () => (layers === 0 ? 0 : sparse / layers),
  };
}

/** One training step per call, counting the positions it processed. */
export function counted(step: () => number): { call: () => void; tokensPerCall: () => number } {
  let tokens = 0, calls = 0;
  return {
    call: () => {
      tokens += step();
      calls++;
    },
    tokensPerCall: () => tokens / calls,
  };
}

async function benchTrain(module: WebAssembly.Module, name: BenchShape, corpusText: string, t: TimingOptions): Promise<TrainResult> {
  const docs = parseCorpus(normalizeCorpus(corpusText));
  const mean_doc_chars = docs.reduce((a, d) => a + d.prompt.length + 1 + d.response.length, 0) / docs.length;
  const organelle = await benchOrganelle(module, name, corpusText);
  const responseOnly = await benchOrganelle(module, name, corpusText, true);
  // reference: float32 plain TypeScript forward + backward + AdamW on comparable batches
  const vocab = organelle.vocab;
  const enc = encodeDocuments(docs, vocab, organelle.shape.block);
  const params = organelle.engine.getParams();
  const m = new Float32Array(params.length), v = new Float32Array(params.length);
  const cfg = makeTrainConfig({ steps: 1_000_000, responseOnlyLoss: false });
  // batches packed ahead, so that only the step is timed
  const batches = Array.from({ length: 64 }, (_, i) =>
    packBatch(enc, Array.from({ length: cfg.batchDocs }, (_, j) => (i * 8 + j * 131) % docs.length), cfg.responseOnlyLoss));
  let step = 0;
  const referenceStep = () => {
    const batch = batches[step % batches.length];
    const { grads } = referenceForwardBackward(organelle.shape, params, batch, cfg.labelSmoothing);
    referenceAdamW(params, grads, m, v, step, learningRateAt(step, cfg), cfg, organelle.engine.decayStart);
    step++;
    return batch.tokens.length;
  };
  const full = sparseTally(organelle, trainingStep(organelle));
  const runs = [counted(full.step), counted(trainingStep(responseOnly)), counted(referenceStep)];
  const { ms, relative } = timeInTurns(runs.map((r) => r.call), t);
  const tokensPerCall = runs.map((r) => r.tokensPerCall());
  const [fullRate, ro, ref] = tokensPerCall.map((n, i) => (n * 1000) / ms[i]); // tokens/s
  // the reference step's time per WASM step, in turns, scaled by their batches' token counts
  const speedup = (relative[2] * tokensPerCall[0]) / tokensPerCall[2];
  return {
    shape: name, params: organelle.engine.paramCount, tokens_per_s: fullRate, tokens_per_s_response_only: ro,
    reference_tokens_per_s: ref, speedup, steps_per_s: 1000 / ms[0], mean_doc_chars, mlp_sparse_share: full.share(),
    // a document is BOS + its characters
    gflops: (fullRate * trainingFlopsPerToken(organelle.shape, mean_doc_chars + 1)) / 1e9,
  };
}

async function benchGenerate(module: WebAssembly.Module, name: BenchShape, corpusText: string, t: TimingOptions): Promise<GenerateResult> {
  const generate = benchGeneration(await benchOrganelle(module, name, corpusText));
  const withoutTable = await benchOrganelle(module, name, corpusText);
  withoutTable.engine.wasm.infer_use_qkv0_table(0);
  const computeLayer0 = benchGeneration(withoutTable);
  const { ms, relative } = timeInTurns([() => generate([0]), () => generate([0.125, 0.175, 0.225]), () => computeLayer0([0])], t);
  return {
    shape: name, prompt_chars: BENCH_PROMPT.length, answer_chars: 5, single_ms: ms[0], ensemble3_ms: ms[1], ensemble_ratio: relative[1],
    single_ms_layer0_computed: ms[2],
  };
}

export async function runBench(
  module: WebAssembly.Module,
  options: {
    quick?: boolean; log?: (line: string) => void; threads?: ThreadPlatform;
    /** The thread comparison's stretches and bit check, when neither the full nor the quick ones are wanted (a test that only needs every figure to exist). */
    stretches?: StretchOptions; checkSteps?: number;
  } = {},
): Promise<BenchReport> {
  const quick = options.quick ?? false;
  const log = options.log ?? (() => {});
  const t = quick ? QUICK_TIMING : FULL_TIMING;
  const corpusText = moverBenchCorpus(quick ? 500 : 2000, 7);
  log('matmul ...');
  const matmul = await benchMatmul(module, t);
  const train: TrainResult[] = [];
  const generate: GenerateResult[] = [];
  for (const name of BENCH_SHAPES) {
    log(`train ${name} ...`);
    train.push(await benchTrain(module, name, corpusText, quick ? QUICK_TIMING : { ...FULL_TIMING, sampleMs: 400 }));
    log(`generate ${name} ...`);
    generate.push(await benchGenerate(module, name, corpusText, t));
  }
  const report: BenchReport = { quick, matmul, train, generate };
  const available = threadsOffered(options.threads);
  if (options.threads && available.threads > 1) {
    report.train_threads = await benchThreads(module, options.threads, corpusText, options.stretches ?? (quick ? QUICK_STRETCHES : FULL_STRETCHES), { log, checkSteps: options.checkSteps });
  } else {
    report.train_threads_skipped = available.reason;
  }
  return report;
}

/** The report as aligned text tables. */
export function formatBench(r: BenchReport): string {
  const lines: string[] = [];
  const f = (x: number, d = 1) => x.toFixed(d);
  lines.push('matmul (single thread)        WASM GFLOP/s   TS GFLOP/s   speed-up');
  for (const m of r.matmul) {
    lines.push(`  ${m.layout.padEnd(4)} ${`${m.m}x${m.k}x${m.n}`.padEnd(22)} ${f(m.gflops).padStart(8)} ${f(m.reference_gflops, 2).padStart(12)} ${f(m.speedup).padStart(9)}x`);
  }
  lines.push('training (batch 8 mover-like documents, every position counted; full = loss on every position)');
  lines.push('  shape  params  tokens/s full  TS tokens/s  speed-up  steps/s  tokens/s response-only  est. GFLOP/s full  MLP sparse');
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  for (const x of r.train) {
    lines.push(`  ${x.shape.padEnd(6)} ${String(x.params).padStart(7)} ${n(x.tokens_per_s).padStart(13)} ${n(x.reference_tokens_per_s).padStart(12)} ${f(x.speedup).padStart(8)}x ${f(x.steps_per_s).padStart(8)} ${n(x.tokens_per_s_response_only).padStart(12)} ${f(x.gflops).padStart(18)} ${(x.mlp_sparse_share === undefined ? '-' : `${Math.round(100 * x.mlp_sparse_share)}%`).padStart(11)}`);
  }
  lines.push('generation (36-char prompt, 5-char answer)');
  lines.push('  shape  single ms  3-vote ms  ratio  single ms, layer 0 computed (not read from its table)');
  for (const g of r.generate) {
    lines.push(`  ${g.shape.padEnd(6)} ${f(g.single_ms, 3).padStart(9)} ${f(g.ensemble3_ms, 3).padStart(10)} ${f(g.ensemble_ratio, 2).padStart(6)}x  ${f(g.single_ms_layer0_computed, 3).padStart(9)}`);
  }
  if (r.train_threads) lines.push(formatThreads(r.train_threads));
  else if (r.train_threads_skipped) lines.push(`one model on several threads: not measured (${r.train_threads_skipped})`);
  lines.push('(each figure: a median over turns in which WASM, TypeScript and the variants take turns; a');
  lines.push(' speed-up or ratio is the median of the per-turn ratios, so it can differ from the quotient of two medians)');
  return lines.join('\n');
}
