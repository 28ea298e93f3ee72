// An organelle: one engine plus its tokenizer and training recipe. Text in, text out.
// It builds prompts the way the corpus documents were built (BOS prompt \n), runs the
// engine's shared-prefix ensemble, and reports confidence two ways: the winning answer's
// share of the votes and the mean probability the model gave its own tokens. Everything
// between text and the engine goes through the Tokenizer interface (worker/model/tokenizer.ts),
// so tokens, probabilities and lengths are units: characters for a char model, subword units
// (whole words, word pieces, single characters) for a subword one.
import { Engine, type EngineOptions } from './engine.ts';
import type { Tokenizer, TokenizerOptions } from './model/tokenizer.ts';
import { SubwordVocab } from './model/subword.ts';
import { encodeDocuments, parseCorpus, corpusFingerprint, normalizeCorpus, corpusTokenizer } from './corpus/documents.ts';
import { makeTrainConfig } from './model/recipe.ts';
import { decodeModelFile, encodeModelFile, modelTokenizer, type OrganelleModel } from './model/model-file.ts';
import type { ModelShape, ShapePreset } from './model/shape.ts';
import type { TrainConfig, TrainingRecipe } from './model/types.ts';

export interface Completion {
  text: string; // the winning answer
  confidence: number; // votes for the winner / votes
  meanTokenProb: number; // mean probability of the winner's tokens (best vote that produced it)
  tokenProbs: number[]; // each answer token's probability in that vote
  votes: string[]; // every vote's answer, in vote order
  voteProbs: number[]; // each vote's mean token probability, in vote order
}

export interface CompleteOptions {
  votes?: number; // default 1 (greedy)
  temperatures?: number[]; // overrides the default schedule; length = votes
  maxNew?: number; // most answer units (characters for a char model; default 24)
}

/** The reference project's ensemble temperatures, spread evenly for other vote counts. */
export function voteTemperatures(votes: number): number[] {
  if (votes === 1) return [0];
  const lo = 0.125, hi = 0.225;
  return Array.from({ length: votes }, (_, i) => lo + ((hi - lo) * i) / (votes - 1));
}

export interface NewOrganelleOptions {
  name: string;
  corpusId: string;
  corpusText: string;
  architecture: ShapePreset;
  seed: number;
  config?: Partial<TrainConfig>;
  engine?: Omit<EngineOptions, 'batchDocs'>;
  tokenizer?: TokenizerOptions; // default { kind: 'char' }
}

export class Organelle {
  readonly name: string;
  readonly engine: Engine;
  readonly vocab: Tokenizer;
  recipe: TrainingRecipe;

  private constructor(name: string, engine: Engine, vocab: Tokenizer, recipe: TrainingRecipe) {
    this.name = name;
    this.engine = engine;
    this.vocab = vocab;
    this.recipe = recipe;
  }

  /** A freshly initialised organelle, configured to train on `corpusText`. */
  static async create(module: WebAssembly.Module, o: NewOrganelleOptions): Promise<Organelle> {
    const text = normalizeCorpus(o.corpusText);
    const docs = parseCorpus(text);
    const vocab = corpusTokenizer(text, docs, o.tokenizer);
    const shape: ModelShape = { ...o.architecture, vocabSize: vocab.size };
    const config = makeTrainConfig(o.config ?? {});
    const engine = await Engine.create(module, shape, { ...o.engine, batchDocs: config.batchDocs });
    engine.initWeights(o.seed);
    engine.loadCorpus(encodeDocuments(docs, vocab, shape.block, { seed: o.seed }));
    engine.configure(config);
    const recipe: TrainingRecipe = {
      corpusId: o.corpusId,
      corpusVersion: corpusFingerprint(text),
      seed: o.seed >>> 0,
      config,
      stepsDone: 0,
    };
    return new Organelle(o.name, engine, vocab, recipe);
  }

  /**
   * Loads a model. With `corpusText` (same corpus version as the recipe) and optimizer
   * state in the file, training can resume exactly where it stopped.
   */
  static async fromModel(
    module: WebAssembly.Module, model: OrganelleModel, corpusText?: string, options: Omit<EngineOptions, 'batchDocs'> = {},
  ): Promise<Organelle> {
    const vocab = modelTokenizer(model);
    if (vocab.size !== model.shape.vocabSize) {
      throw new Error(`the model's vocabulary has ${vocab.size} units but its shape's vocabSize is ${model.shape.vocabSize}`);
    }
    const engine = await Engine.create(module, model.shape, { ...options, batchDocs: model.recipe.config.batchDocs });
    engine.setParams(model.params);
    const organelle = new Organelle(model.name ?? model.recipe.corpusId, engine, vocab, { ...model.recipe });
    if (corpusText !== undefined) {
      const text = normalizeCorpus(corpusText);
      const version = corpusFingerprint(text);
      if (version !== model.recipe.corpusVersion) {
        throw new Error(`corpus version ${version} differs from the model's recipe (${model.recipe.corpusVersion})`);
      }
      engine.loadCorpus(encodeDocuments(parseCorpus(text), vocab, model.shape.block, { seed: model.recipe.seed }));
      engine.configure(model.recipe.config);
      if (model.optimizer) engine.setOptimizerState(model.optimizer);
      else engine.wasm.train_set_steps_done(model.recipe.stepsDone);
    }
    return organelle;
  }

  static async fromFile(
    module: WebAssembly.Module, bytes: Uint8Array, corpusText?: string, options: Omit<EngineOptions, 'batchDocs'> = {},
  ): Promise<Organelle> {
    return Organelle.fromModel(module, decodeModelFile(bytes), corpusText, options);
  }

  get shape(): ModelShape {
    return this.engine.shape;
  }

  get stepsDone(): number {
    return this.engine.stepsDone;
  }

  /** One training step; returns the batch loss. */
  trainStep(): number {
    const loss = this.engine.trainStep();
    this.recipe.stepsDone = this.engine.stepsDone;
    return loss;
  }

  /** BOS prompt \n, refusing characters the model never saw. */
  encodePrompt(prompt: string): Int32Array {
    const body = this.vocab.encode(prompt, 'prompt');
    const ids = new Int32Array(body.length + 2);
    ids[0] = this.vocab.bos;
    ids.set(body, 1);
    ids[body.length + 1] = this.vocab.newline;
    return ids;
  }

  complete(prompt: string, options: CompleteOptions = {}): Completion {
    const votes = options.votes ?? 1;
    const temperatures = options.temperatures ?? voteTemperatures(votes);
    if (temperatures.length !== votes) throw new Error(`${votes} votes need ${votes} temperatures`);
    const ids = this.encodePrompt(prompt);
    const room = this.shape.block - ids.length;
    if (room < 1) {
      const units = this.vocab.kind === 'char' ? '' : ` (${ids.length - 2} units)`;
      throw new Error(`prompt of ${prompt.length} characters${units} does not fit the model's block of ${this.shape.block}`);
    }
    const generated = this.engine.generate({
      prompt: ids,
      temperatures,
      maxNew: Math.min(options.maxNew ?? 24, room),
      stop: [this.vocab.newline, this.vocab.bos],
    });
    const answers = generated.map((g) => this.vocab.decode(g.tokens));
    const meanProb = generated.map((g) => (g.probs.length ? g.probs.reduce((a, b) => a + b, 0) / g.probs.length : 0));
    // exact-string majority; ties go to the higher mean token probability, then vote order
    const tally = new Map<string, { count: number; prob: number; vote: number }>();
    answers.forEach((a, i) => {
      const t = tally.get(a) ?? { count: 0, prob: -1, vote: i };
      t.count++;
      if (meanProb[i] > t.prob) {
        t.prob = meanProb[i];
        t.vote = i;
      }
      tally.set(a, t);
    });
    let best = answers[0];
    for (const [answer, t] of tally) {
      const b = tally.get(best)!;
      if (t.count > b.count || (t.count === b.count && t.prob > b.prob)) best = answer;
    }
    const winner = tally.get(best)!;
    return {
      text: best,
      confidence: winner.count / votes,
      meanTokenProb: winner.prob,
      tokenProbs: [...generated[winner.vote].probs],
      votes: answers,
      voteProbs: meanProb,
    };
  }

  /**
   * The probability the model gives each unit (character, for a char model) of `answer` after `prompt`, read as one
   * document (BOS prompt \n answer) in a single forward pass: how sure it would have been of an
   * answer it did not write itself. Refuses characters the model never saw.
   */
  answerProbs(prompt: string, answer: string): number[] {
    const ids = this.encodePrompt(prompt);
    const body = this.vocab.encode(answer, 'answer');
    const n = ids.length + body.length;
    if (n > this.shape.block) throw new Error(`prompt and answer of ${n} tokens do not fit the model's block of ${this.shape.block}`);
    const tokens = new Int32Array(n);
    tokens.set(ids);
    tokens.set(body, ids.length);
    const targets = new Int32Array(n);
    targets.set(tokens.subarray(1));
    targets[n - 1] = this.vocab.bos;
    const mask = new Uint8Array(n);
    mask.fill(1, ids.length - 1, n - 1); // the positions that predict the answer's units
    if (body.length === 0) return [];
    this.engine.forwardBackward({ tokens, targets, mask, docStarts: Int32Array.from([0, n]) }, 0, false);
    const { rows, logits } = this.engine.lastLogits();
    const V = this.shape.vocabSize;
    const probs: number[] = [];
    rows.forEach((pos, r) => {
      if (!mask[pos]) return;
      const row = logits.subarray(r * V, (r + 1) * V);
      let max = -Infinity;
      for (const x of row) max = Math.max(max, x);
      let sum = 0;
      for (const x of row) sum += Math.exp(x - max);
      probs.push(Math.exp(row[targets[pos]] - max) / sum);
    });
    return probs;
  }

  /** The model as a file-ready object; with the optimizer state when `withOptimizer`. */
  toModel(withOptimizer = false, extra: Pick<OrganelleModel, 'evaluation' | 'createdAt' | 'examples'> = {}): OrganelleModel {
    return {
      shape: this.shape,
      vocabChars: this.vocab.chars,
      ...(this.vocab instanceof SubwordVocab ? { tokenizer: this.vocab.spec } : {}),
      recipe: { ...this.recipe, stepsDone: this.engine.stepsDone },
      params: this.engine.getParams(),
      optimizer: withOptimizer ? this.engine.getOptimizerState() : undefined,
      name: this.name,
      ...extra,
    };
  }

  toFile(withOptimizer = false, extra: Pick<OrganelleModel, 'evaluation' | 'createdAt' | 'examples'> = {}): Uint8Array {
    return encodeModelFile(this.toModel(withOptimizer, extra));
  }
}
