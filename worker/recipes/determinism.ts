// A small fixed training recipe for the determinism check: a built-in tiny corpus, a
// 30k-style shape with a short block, seed 1234, 60 AdamW steps, then one seeded
// three-vote generation. The same function runs in Node (tests) and in a Web Worker
// (the web app's Engine check view), so both can be compared bit for bit. It runs in three
// variants, each with its own reference: learned positions alone (the games' models); with
// ALiBi on too (shape.alibi, the compose organelles'), whose distance penalty is more
// arithmetic in the attention scores of training, prefill and cached decoding; and on subword
// units (worker/model/subword.ts) learned from the corpus, whose merges must come out the same
// everywhere before any weight does.
import { Engine } from '../engine.ts';
import type { EngineThreads } from '../wasm/helper-threads.ts';
import { corpusTokenizer, encodeDocuments, parseCorpus, type Document } from '../corpus/documents.ts';
import { fnv1a32 } from '../model/model-file.ts';
import { makeTrainConfig } from '../model/recipe.ts';
import type { ModelShape } from '../model/shape.ts';
import type { Tokenizer } from '../model/tokenizer.ts';

/** 36 toy 8-puzzle documents: per-direction distances, the blank, the legal moves -> best move. */
export const DETERMINISM_CORPUS = [
  'm=x,5,x,13|b=0|valid=down,right\ndown',
  'm=x,14,x,21|b=0|valid=down,right\ndown',
  'm=x,6,x,20|b=0|valid=down,right\ndown',
  'm=x,4,x,10|b=0|valid=down,right\ndown',
  'm=x,16,15,4|b=1|valid=down,left,right\nright',
  'm=x,8,7,7|b=1|valid=down,left,right\nleft',
  'm=x,20,10,15|b=1|valid=down,left,right\nleft',
  'm=x,15,12,5|b=1|valid=down,left,right\nright',
  'm=x,7,17,x|b=2|valid=down,left\ndown',
  'm=x,10,9,x|b=2|valid=down,left\nleft',
  'm=x,18,11,x|b=2|valid=down,left\nleft',
  'm=x,7,20,x|b=2|valid=down,left\ndown',
  'm=12,11,x,13|b=3|valid=up,down,right\ndown',
  'm=15,13,x,8|b=3|valid=up,down,right\nright',
  'm=8,21,x,11|b=3|valid=up,down,right\nup',
  'm=11,7,x,16|b=3|valid=up,down,right\ndown',
  'm=13,19,21,13|b=4|valid=up,down,left,right\nup',
  'm=14,16,10,6|b=4|valid=up,down,left,right\nright',
  'm=9,10,11,21|b=4|valid=up,down,left,right\nup',
  'm=14,4,4,19|b=4|valid=up,down,left,right\ndown',
  'm=15,10,19,x|b=5|valid=up,down,left\ndown',
  'm=5,9,9,x|b=5|valid=up,down,left\nup',
  'm=13,21,7,x|b=5|valid=up,down,left\nleft',
  'm=21,7,15,x|b=5|valid=up,down,left\ndown',
  'm=5,x,x,12|b=6|valid=up,right\nup',
  'm=4,x,x,16|b=6|valid=up,right\nup',
  'm=21,x,x,6|b=6|valid=up,right\nright',
  'm=10,x,x,9|b=6|valid=up,right\nright',
  'm=18,x,13,21|b=7|valid=up,left,right\nleft',
  'm=16,x,10,7|b=7|valid=up,left,right\nright',
  'm=17,x,17,18|b=7|valid=up,left,right\nup',
  'm=11,x,17,5|b=7|valid=up,left,right\nright',
  'm=5,x,9,x|b=8|valid=up,left\nup',
  'm=16,x,19,x|b=8|valid=up,left\nup',
  'm=11,x,12,x|b=8|valid=up,left\nup',
  'm=16,x,7,x|b=8|valid=up,left\nleft',
].join('\n\n');

/** The 30k preset's widths with a block that fits the corpus. */
export const DETERMINISM_SHAPE = { embd: 32, heads: 4, layers: 2, mlp: 128, block: 64 } as const;
export const DETERMINISM_SEED = 1234;
export const DETERMINISM_STEPS = 60;
export const DETERMINISM_SAMPLING_SEED = 4321;
export const DETERMINISM_TEMPERATURES = [0.125, 0.175, 0.225];
/** A prompt that is not in the corpus, so the sample depends on what the model learned. */
export const DETERMINISM_PROMPT = 'm=9,x,6,11|b=7|valid=up,left,right';
const MAX_NEW = 12;
/** The subword variant's vocabulary: the corpus's 36 characters, BOS, and 27 merges. */
export const DETERMINISM_SUBWORD_UNITS = 64;

export interface DeterminismOptions {
  seed?: number; // weight initialisation and batch order (default DETERMINISM_SEED)
  alibi?: boolean; // the ALiBi variant: the same recipe with shape.alibi on (default off)
  subword?: boolean; // the subword variant: DETERMINISM_SUBWORD_UNITS units learned from the corpus (default characters)
}

export interface DeterminismResult {
  alibi: boolean; // which variant ran
  subword: boolean;
  threads: number; // threads that trained it (the same bits on any count)
  paramsHash: string; // FNV-1a 32 of the float32 parameters' little-endian bytes, 8 hex digits
  losses: number[]; // the batch loss of every training step
  sample: string; // the votes' text, one line per vote
  probsHash: string; // FNV-1a 32 of the votes' float32 token probabilities
  paramCount: number;
}

/** FNV-1a 32 over the little-endian bytes of `values`, as 8 hex digits. */
export function float32Hash(values: ArrayLike<number>): string {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(4 * i, values[i], true);
  return fnv1a32(bytes).toString(16).padStart(8, '0');
}

/**
 * What this build's engine gives for the recipe, recorded from a Node run (tests/engine/
 * determinism.test.ts checks Node still gives it). A browser that gives the same is running
 * the very same arithmetic. A kernel change that reorders sums changes these bits: record
 * them again then, on purpose.
 */
export const DETERMINISM_REFERENCE = {
  paramsHash: '9bee5916',
  lossesHash: '69301ce8',
  probsHash: '66a6512b',
  sample: 'u\nu\nup',
} as const;

export type DeterminismCheck = keyof typeof DETERMINISM_REFERENCE;
export type DeterminismReference = Readonly<Record<DeterminismCheck, string>>;

/** The same for the ALiBi variant (`{ alibi: true }`), recorded from a Node run likewise. */
export const DETERMINISM_ALIBI_REFERENCE: DeterminismReference = {
  paramsHash: '7567a41f',
  lossesHash: '47c1bfec',
  probsHash: '544fea4d',
  sample: 'u\nu\nup',
};

/** The same for the subword variant (`{ subword: true }`), recorded from a Node run likewise. */
export const DETERMINISM_SUBWORD_REFERENCE: DeterminismReference = {
  paramsHash: '853d96f5',
  lossesHash: '9b677268',
  probsHash: 'f26cc41e',
  sample: 'down\ndown\ndown',
};

/** The reference a run of the recipe with `options` is compared with (subword and ALiBi are not combined). */
export function determinismReference(options: Pick<DeterminismOptions, 'alibi' | 'subword'> = {}): DeterminismReference {
  if (options.subword) return DETERMINISM_SUBWORD_REFERENCE;
  return options.alibi ? DETERMINISM_ALIBI_REFERENCE : DETERMINISM_REFERENCE;
}

/** A run's parts as the reference records them (the losses by their hash). */
export function determinismParts(result: DeterminismResult): Record<DeterminismCheck, string> {
  return { paramsHash: result.paramsHash, lossesHash: float32Hash(result.losses), probsHash: result.probsHash, sample: result.sample };
}

/** The parts that differ from the reference bits (the plain recipe's by default); none when the run is bit-identical. */
export function differencesFromReference(parts: Record<DeterminismCheck, string>, reference: DeterminismReference = DETERMINISM_REFERENCE): DeterminismCheck[] {
  return (Object.keys(reference) as DeterminismCheck[]).filter((k) => parts[k] !== reference[k]);
}

/**
 * Trains the fixed recipe in a fresh engine made from `module` and reports its fingerprints.
 * With `threads`, the threads build on that many threads trains it: the bits must not change.
 */
export async function runDeterminismRecipe(
  module: WebAssembly.Module,
  options: DeterminismOptions = {},
  threads?: EngineThreads,
): Promise<DeterminismResult> {
  const seed = options.seed ?? DETERMINISM_SEED;
  const docs = parseCorpus(DETERMINISM_CORPUS);
  const vocab = corpusTokenizer(DETERMINISM_CORPUS, docs, options.subword ? { kind: 'subword', vocabSize: DETERMINISM_SUBWORD_UNITS } : { kind: 'char' });
  const shape: ModelShape = { vocabSize: vocab.size, ...DETERMINISM_SHAPE, ...(options.alibi ? { alibi: true } : {}) };
  const engine = await Engine.create(module, shape, threads ? { threads } : {});
  try {
    return trainRecipe(engine, docs, vocab, seed, !!options.alibi);
  } finally {
    await engine.close();
  }
}

function trainRecipe(engine: Engine, docs: readonly Document[], vocab: Tokenizer, seed: number, alibi: boolean): DeterminismResult {
  engine.initWeights(seed);
  engine.loadCorpus(encodeDocuments(docs, vocab, engine.shape.block));
  engine.configure(makeTrainConfig({ steps: DETERMINISM_STEPS, warmupSteps: 10 }));
  const losses: number[] = [];
  for (let i = 0; i < DETERMINISM_STEPS; i++) losses.push(engine.trainStep());

  engine.seedSampling(DETERMINISM_SAMPLING_SEED);
  const prompt = new Int32Array([vocab.bos, ...vocab.encode(DETERMINISM_PROMPT), vocab.newline]);
  const votes = engine.generate({
    prompt,
    temperatures: DETERMINISM_TEMPERATURES,
    maxNew: MAX_NEW,
    stop: [vocab.bos, vocab.newline],
  });
  const probs: number[] = [];
  for (const v of votes) probs.push(...v.probs);
  return {
    alibi,
    subword: vocab.kind === 'subword',
    threads: engine.threads,
    paramsHash: float32Hash(engine.getParams()),
    losses,
    sample: votes.map((v) => vocab.decode(v.tokens)).join('\n'),
    probsHash: float32Hash(probs),
    paramCount: engine.paramCount,
  };
}
