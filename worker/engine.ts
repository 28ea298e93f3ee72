// The engine: one wasm instance holding one model. It owns the arena views and offers
// training steps, packed-batch forward/backward (for tests), generation with a shared
// prompt cache, and weight import/export. Token ids in, token ids out: text, vocabularies
// and files are worker/organelle.ts's business. Runs unchanged in Node and in a Web Worker.
import { instantiateOrganelle, type OrganelleWasm } from './wasm/exports.ts';
import { parameterCount, validateShape, decayStart, type ModelShape } from './model/shape.ts';
import type { OptimizerState, PackedBatch, TrainConfig } from './model/types.ts';
import type { EncodedCorpus } from './corpus/documents.ts';
import { INIT_STD } from './model/recipe.ts';
import { sharedMemory, validateThreadCount, type EngineThreads, type HelperThread, type ThreadPlatform } from './wasm/helper-threads.ts';

const TRAIN_RNG = 0;
const SAMPLE_RNG = 1;

export interface EngineOptions {
  batchDocs?: number; // documents per training step (default 8)
  voteSlots?: number; // most ensemble votes one generation may use (default 8)
  threads?: EngineThreads; // the threads build over shared memory, its products shared by `count` threads
}

export interface GenerateRequest {
  prompt: Int32Array; // token ids, BOS first
  temperatures: number[]; // one per vote; 0 = greedy
  maxNew: number; // most tokens per vote, stop token excluded
  stop: [number, number]; // token ids that end a vote
}

export interface GeneratedVote {
  tokens: Int32Array;
  probs: Float32Array; // each token's probability under the model (temperature 1)
}

export class Engine {
  readonly shape: ModelShape;
  readonly paramCount: number;
  readonly batchDocs: number;
  readonly voteSlots: number;
  /** The compiled module this engine was made from (more engines can be made from it). */
  readonly module: WebAssembly.Module;
  readonly #w: OrganelleWasm;
  #helpers: HelperThread[] = [];
  // what setThreads needs: an engine made with `threads` runs the threads build over shared memory
  #shared: { platform: ThreadPlatform; module: WebAssembly.Module; memory: WebAssembly.Memory; scratch: number[] } | undefined;
  #corpusDocs = 0;
  #config: TrainConfig | undefined;

  private constructor(module: WebAssembly.Module, w: OrganelleWasm, shape: ModelShape, batchDocs: number, voteSlots: number) {
    this.module = module;
    this.#w = w;
    this.shape = shape;
    this.batchDocs = batchDocs;
    this.voteSlots = voteSlots;
    const n = w.model_init(shape.vocabSize, shape.embd, shape.heads, shape.layers, shape.mlp, shape.block, batchDocs, voteSlots);
    if (n < 0) throw new Error('not enough memory for this model shape');
    this.paramCount = n;
    if (n !== parameterCount(shape)) throw new Error(`wasm parameter count ${n} != ${parameterCount(shape)}`);
    w.attention_set_alibi(shape.alibi ? 1 : 0);
  }

  static async create(module: WebAssembly.Module, shape: ModelShape, options: EngineOptions = {}): Promise<Engine> {
    validateShape(shape);
    const batchDocs = options.batchDocs ?? 8;
    const voteSlots = options.voteSlots ?? 8;
    if (!Number.isInteger(batchDocs) || batchDocs < 1 || batchDocs > 64) throw new Error(`batchDocs must be 1..64, got ${batchDocs}`);
    if (!Number.isInteger(voteSlots) || voteSlots < 1 || voteSlots > 32) throw new Error(`voteSlots must be 1..32, got ${voteSlots}`);
    if (!options.threads) return new Engine(module, await instantiateOrganelle(module), shape, batchDocs, voteSlots);
    const { platform, count } = options.threads;
    validateThreadCount(count);
    const threadsModule = await platform.threadsModule();
    const memory = sharedMemory();
    const engine = new Engine(module, await instantiateOrganelle(threadsModule, memory), shape, batchDocs, voteSlots);
    engine.#shared = { platform, module: threadsModule, memory, scratch: [] };
    await engine.setThreads(count);
    return engine;
  }

  /** Direct access to the kernels, for tests and benchmarks. */
  get wasm(): OrganelleWasm {
    return this.#w;
  }

  /** Threads taking part in this engine's products, its own included. */
  get threads(): number {
    return this.#w.threads_in_use();
  }

  /**
   * Shares the products among `count` threads from the next one on (an engine made with
   * `threads` only: the others have no shared memory). The bits do not change.
   */
  async setThreads(count: number): Promise<void> {
    validateThreadCount(count);
    const shared = this.#shared;
    if (!shared) throw new Error('this engine was made for one thread (no shared memory)');
    if (count === this.#helpers.length + 1) return;
    await this.close();
    const w = this.#w;
    const started: HelperThread[] = [];
    try {
      for (let tid = 1; tid < count; tid++) {
        // each thread's scratch is allocated once, after the model (model_init resets the
        // arena, nothing else does), and kept for the next setThreads
        shared.scratch[tid] ??= w.arena_alloc(w.scratch_bytes());
        const scratch = shared.scratch[tid];
        if (scratch === 0) {
          shared.scratch.length = tid;
          throw new Error(`not enough memory for thread ${tid + 1} of ${count}`);
        }
        const seen = w.threads_generation(); // nothing is posted until every helper has started
        started.push(await shared.platform.spawn({ module: shared.module, memory: shared.memory, tid, count, scratch, seen }));
      }
    } catch (err) {
      // none has had a product to share yet: they can be ended where they are
      for (const helper of started) helper.terminate();
      throw err;
    }
    this.#helpers = started;
    w.threads_use(count);
  }

  /** Helper threads started by setThreads, whether they take part in the steps now (share) or not. */
  get helpers(): number {
    return this.#helpers.length;
  }

  /**
   * From the next step on, the started helpers take part (true) or wait while this thread
   * works alone (false): at once, where setThreads starts and ends threads. A waiting helper
   * spins about a millisecond, then sleeps until it is given work. The bits do not change.
   */
  share(on: boolean): void {
    if (this.#helpers.length > 0) this.#w.threads_use(on ? this.#helpers.length + 1 : 1);
  }

  /** Ends the helper threads, if any: the engine works on alone, with the same bits. */
  async close(): Promise<void> {
    if (this.#helpers.length === 0) return;
    const helpers = this.#helpers;
    this.#helpers = [];
    this.#w.threads_use(1);
    this.#w.threads_stop();
    await Promise.all(helpers.map((helper) => helper.stopped()));
  }

  // Views are made per call: memory may have grown (corpus_alloc) since the last one.
  #f32(ptr: number, n: number): Float32Array {
    return new Float32Array(this.#w.memory.buffer, ptr, n);
  }
  #i32(ptr: number, n: number): Int32Array {
    return new Int32Array(this.#w.memory.buffer, ptr, n);
  }

  // ---- weights and optimizer state -------------------------------------------------

  /** Gaussian initialisation from `seed`; resets the optimizer and the step count. */
  initWeights(seed: number): void {
    this.#w.model_init_weights(seed >>> 0, INIT_STD);
  }

  /** A copy of the parameters (parameterLayout order). */
  getParams(): Float32Array {
    return this.#f32(this.#w.params_ptr(), this.paramCount).slice();
  }

  setParams(params: Float32Array): void {
    if (params.length !== this.paramCount) throw new Error(`expected ${this.paramCount} parameters, got ${params.length}`);
    this.#f32(this.#w.params_ptr(), this.paramCount).set(params);
    this.#w.params_written();
  }

  /** A copy of the gradients of the last forward/backward. */
  getGrads(): Float32Array {
    return this.#f32(this.#w.grads_ptr(), this.paramCount).slice();
  }

  getOptimizerState(): OptimizerState {
    const rng = new Uint32Array(this.#w.memory.buffer, this.#w.rng_state_ptr(TRAIN_RNG), 4);
    return {
      step: this.#w.train_steps_done(),
      m: this.#f32(this.#w.adam_m_ptr(), this.paramCount).slice(),
      v: this.#f32(this.#w.adam_v_ptr(), this.paramCount).slice(),
      rngState: [rng[0], rng[1], rng[2], rng[3]],
    };
  }

  setOptimizerState(state: OptimizerState): void {
    if (state.m.length !== this.paramCount || state.v.length !== this.paramCount) {
      throw new Error(`optimizer state has ${state.m.length} / ${state.v.length} entries, expected ${this.paramCount}`);
    }
    this.#f32(this.#w.adam_m_ptr(), this.paramCount).set(state.m);
    this.#f32(this.#w.adam_v_ptr(), this.paramCount).set(state.v);
    new Uint32Array(this.#w.memory.buffer, this.#w.rng_state_ptr(TRAIN_RNG), 4).set(state.rngState);
    this.#w.train_set_steps_done(state.step);
  }

  // ---- training --------------------------------------------------------------------

  /** Copies an encoded corpus into wasm memory; training steps sample from it. */
  loadCorpus(corpus: EncodedCorpus): void {
    const docs = corpus.offsets.length - 1;
    if (docs < 1) throw new Error('the corpus has no documents');
    for (let d = 0; d < docs; d++) {
      const inputs = corpus.offsets[d + 1] - corpus.offsets[d] - 1;
      if (inputs > this.shape.block) throw new Error(`document ${d + 1} needs ${inputs} positions, block is ${this.shape.block}`);
    }
    for (const t of corpus.tokens) {
      if (t < 0 || t >= this.shape.vocabSize) throw new Error(`corpus token ${t} outside vocabulary of ${this.shape.vocabSize}`);
    }
    const ptr = this.#w.corpus_alloc(corpus.tokens.length, docs);
    if (ptr === 0) throw new Error('not enough memory for the corpus');
    this.#i32(ptr, corpus.tokens.length).set(corpus.tokens);
    this.#i32(this.#w.corpus_offsets_ptr(), docs + 1).set(corpus.offsets);
    this.#i32(this.#w.corpus_prompt_lens_ptr(), docs).set(corpus.promptLens);
    this.#corpusDocs = docs;
  }

  configure(config: TrainConfig): void {
    if (config.batchDocs !== this.batchDocs) {
      throw new Error(`this engine was built for batches of ${this.batchDocs} documents, not ${config.batchDocs}`);
    }
    this.#config = config;
    this.#w.train_configure(
      config.steps, config.learningRate, config.warmupSteps, config.beta1, config.beta2, config.eps,
      config.weightDecay, config.gradClip, config.labelSmoothing, config.responseOnlyLoss ? 1 : 0,
    );
  }

  get stepsDone(): number {
    return this.#w.train_steps_done();
  }

  /** One step: sample a batch, forward, backward, clip, AdamW. Returns the batch loss. */
  trainStep(): number {
    if (!this.#config) throw new Error('configure() the training run first');
    if (this.#corpusDocs === 0) throw new Error('loadCorpus() first');
    try {
      return this.#w.train_step();
    } catch (err) {
      if (this.#shared && this.#w.threads_failed()) throw new Error('a helper thread of this training stopped with an error, so the run cannot go on');
      throw err;
    }
  }

  /** Positions processed by the last training step. */
  get lastStepTokens(): number {
    return this.#w.train_last_tokens();
  }

  get lastGradNorm(): number {
    return this.#w.train_last_grad_norm();
  }

  learningRateAt(step: number): number {
    return this.#w.learning_rate_at(step);
  }

  /**
   * Loss of a caller-packed batch, leaving its gradient in the gradient buffer when
   * `withGrad`. Used by correctness tests and validation loss.
   */
  forwardBackward(batch: PackedBatch, labelSmoothing: number, withGrad: boolean): number {
    const N = batch.tokens.length;
    const D = batch.docStarts.length - 1;
    if (N > this.#w.batch_capacity()) throw new Error(`batch of ${N} positions exceeds capacity ${this.#w.batch_capacity()}`);
    if (D > this.batchDocs) throw new Error(`batch of ${D} documents exceeds ${this.batchDocs}`);
    for (let d = 0; d < D; d++) {
      if (batch.docStarts[d + 1] - batch.docStarts[d] > this.shape.block) throw new Error(`document ${d} is longer than the block`);
    }
    this.#i32(this.#w.batch_tokens_ptr(), N).set(batch.tokens);
    this.#i32(this.#w.batch_targets_ptr(), N).set(batch.targets);
    new Uint8Array(this.#w.memory.buffer, this.#w.batch_mask_ptr(), N).set(batch.mask);
    this.#i32(this.#w.batch_doc_starts_ptr(), D + 1).set(batch.docStarts);
    return this.#w.forward_backward(N, D, labelSmoothing, withGrad ? 1 : 0);
  }

  /**
   * Logits of the last forwardBackward without gradient, for the positions whose output
   * the loss can use (each document's first counted position onward): `rows` are batch
   * positions, `logits` is (rows.length, V).
   */
  lastLogits(): { rows: Int32Array; logits: Float32Array } {
    const n = this.#w.logits_rows();
    return {
      rows: this.#i32(this.#w.logits_rows_ptr(), n).slice(),
      logits: this.#f32(this.#w.logits_ptr(), n * this.shape.vocabSize).slice(),
    };
  }

  // ---- generation ------------------------------------------------------------------

  seedSampling(seed: number): void {
    this.#w.rng_seed(SAMPLE_RNG, seed >>> 0);
  }

  /**
   * Runs the prompt once, then samples one continuation per temperature; the votes share
   * the prompt's keys and values and advance together.
   */
  generate(req: GenerateRequest): GeneratedVote[] {
    const n = req.prompt.length;
    const votes = req.temperatures.length;
    if (n < 1) throw new Error('empty prompt');
    if (n >= this.shape.block) throw new Error(`prompt of ${n} tokens leaves no room in a block of ${this.shape.block}`);
    if (votes < 1 || votes > this.voteSlots) throw new Error(`votes must be 1..${this.voteSlots}, got ${votes}`);
    for (const t of req.prompt) {
      if (t < 0 || t >= this.shape.vocabSize) throw new Error(`prompt token ${t} outside vocabulary of ${this.shape.vocabSize}`);
    }
    const w = this.#w;
    this.#i32(w.infer_tokens_ptr(), n).set(req.prompt);
    w.gen_prefill(n);
    const io = this.#genScratch(req.maxNew);
    this.#f32(io.temps, votes).set(req.temperatures);
    w.gen_sample(n, votes, req.maxNew, io.temps, req.stop[0], req.stop[1], io.tok, io.prob, io.len);
    const lens = this.#i32(io.len, votes);
    const out: GeneratedVote[] = [];
    for (let s = 0; s < votes; s++) {
      out.push({
        tokens: this.#i32(io.tok + 4 * s * req.maxNew, lens[s]).slice(),
        probs: this.#f32(io.prob + 4 * s * req.maxNew, lens[s]).slice(),
      });
    }
    return out;
  }

  // Generation's input and output buffers: allocated in the arena once, regrown (rarely)
  // when a request wants longer answers.
  #scratch: { cap: number; temps: number; tok: number; prob: number; len: number } | undefined;
  #genScratch(maxNew: number) {
    const need = this.voteSlots * Math.max(maxNew, 1);
    if (!this.#scratch || this.#scratch.cap < need) {
      const w = this.#w;
      this.#scratch = {
        cap: need,
        temps: w.arena_alloc(4 * this.voteSlots),
        tok: w.arena_alloc(4 * need),
        prob: w.arena_alloc(4 * need),
        len: w.arena_alloc(4 * this.voteSlots),
      };
      if (this.#scratch.len === 0) throw new Error('not enough memory for generation buffers');
    }
    return this.#scratch;
  }

  /** Index of the first parameter under weight decay. */
  get decayStart(): number {
    return decayStart(this.shape);
  }
}
