// One training job inside an engine worker: turns a TrainRequest into an organelle (fresh,
// or restored from a checkpoint), runs it as a TrainingSession, and evaluates and encodes
// the finished model. Runs unchanged in Node, which is how the tests drive it.
import { Organelle } from '../organelle.ts';
import type { TokenizerOptions } from '../model/tokenizer.ts';
import { parseCorpus, type Document } from '../corpus/documents.ts';
import { decodeModelFile, encodeModelFile } from '../model/model-file.ts';
import { findRecipe } from './recipes.ts';
import { TrainingSession } from './training-session.ts';
import { modelLoss } from '../model-loss.ts';
import { answerRate, answersByPrompt, distinctPrompts, evaluatorFor, finiteOnly, meanLoss, MAX_EVAL_DOCS } from './evaluation.ts';
import { pickExamples, strided, usableDocuments } from '../corpus/examples.ts';
import type { Evaluation, TrainCallbacks, TrainRequest, TrainResult } from './messages.ts';
import type { EngineOptions } from '../engine.ts';
import { threadsOffered, threadsWithin, type ThreadPlatform } from '../wasm/helper-threads.ts';

export interface ResolvedSource {
  corpusId: string;
  corpusText: string;
  documents: Document[];
  validation: Document[];
  recipeId?: string;
  config: Record<string, unknown>;
  /** The recipe's tokenizer, so a run in the browser makes the model the command line makes; characters when absent. */
  tokenizer?: TokenizerOptions;
}

/**
 * The request's corpus as documents: a recipe's is rebuilt here, unless `built` gives its text
 * (made by the same builder in another worker of this build); a visitor's is parsed.
 */
export function resolveSource(request: Pick<TrainRequest, 'source'>, built?: string): ResolvedSource {
  const s = request.source;
  if (s.kind === 'recipe') {
    const recipe = findRecipe(s.recipeId);
    const corpusText = built ?? recipe.buildCorpus();
    return {
      corpusId: recipe.id,
      corpusText,
      documents: parseCorpus(corpusText),
      validation: [],
      recipeId: recipe.id,
      config: recipe.config,
      ...(recipe.tokenizer ? { tokenizer: recipe.tokenizer } : {}),
    };
  }
  const validation = s.validationText?.trim() ? parseCorpus(s.validationText) : [];
  return { corpusId: s.corpusId, corpusText: s.corpusText, documents: parseCorpus(s.corpusText), validation, config: {} };
}

/**
 * The engine options of a run: the threads build, on the request's share of the cores, where
 * memory can be shared and there is more than one core (so the pool can change its share
 * later); otherwise the release build on one thread, and why.
 */
export function threadOptions(request: Pick<TrainRequest, 'threads'>, platform?: ThreadPlatform): { engine: EngineOptions; oneThreadBecause?: string } {
  const available = threadsOffered(platform);
  if (!platform || available.threads < 2) return { engine: {}, oneThreadBecause: available.reason };
  const count = threadsWithin(request.threads ?? 1, available.threads);
  return { engine: { threads: { count, platform } } };
}

/** A fresh organelle for the request, or the checkpoint's, ready to continue its run. */
export async function prepare(
  module: WebAssembly.Module, request: TrainRequest, source: ResolvedSource, engine: Omit<EngineOptions, 'batchDocs'> = {},
): Promise<Organelle> {
  if (request.checkpoint) {
    const model = decodeModelFile(request.checkpoint);
    if (!model.optimizer) throw new Error('the checkpoint has no optimizer state, so its run cannot continue');
    return Organelle.fromModel(module, { ...model, name: request.name }, source.corpusText, engine);
  }
  return Organelle.create(module, {
    engine,
    name: request.name,
    corpusId: source.corpusId,
    corpusText: source.corpusText,
    architecture: request.architecture,
    seed: request.seed,
    ...(source.tokenizer ? { tokenizer: source.tokenizer } : {}),
    config: { ...source.config, steps: request.steps },
  });
}

/** The documents of a run the model can read, training and held out, found once per run. */
interface Usable {
  training: Document[];
  heldOut: Document[];
}

/** The cheap numbers for every run, then the recipe's own evaluator if a game registered one. */
async function evaluate(organelle: Organelle, source: ResolvedSource, usable: Usable, finalLoss: number): Promise<Evaluation> {
  const held = strided(usable.heldOut, MAX_EVAL_DOCS);
  // the same figure `organelle train` prints as its final loss (worker/model-loss.ts)
  const evaluation: Evaluation = { finalLoss, trainLoss: modelLoss(organelle, usable.training).loss };
  if (held.length > 0) {
    evaluation.validationLoss = meanLoss(organelle, held);
    evaluation.validationDocs = held.length;
  }
  const answers = answersByPrompt([...usable.training, ...usable.heldOut]);
  const asked = strided(distinctPrompts(usable.training), MAX_EVAL_DOCS);
  evaluation.trainAnswerRate = answerRate(organelle, asked, answers);
  evaluation.trainAnswerPrompts = asked.length;
  const askedHeldOut = strided(distinctPrompts(usable.heldOut), MAX_EVAL_DOCS);
  if (askedHeldOut.length > 0) {
    evaluation.validationAnswerRate = answerRate(organelle, askedHeldOut, answers);
    evaluation.validationAnswerPrompts = askedHeldOut.length;
  }
  const game = source.recipeId ? evaluatorFor(source.recipeId) : undefined;
  if (game) Object.assign(evaluation, await game(organelle));
  return finiteOnly(evaluation);
}

export interface TrainOptions {
  /** Wraps outgoing bytes for transfer (Comlink.transfer in the worker; identity in Node). */
  transfer?: <T>(value: T, buffers: ArrayBuffer[]) => T;
  /** Receives the session as soon as it exists, so pause / resume / cancel can reach it. */
  onSession?: (session: TrainingSession) => void;
  /** Where helper threads come from (the browser's Web Workers); without it, one thread. */
  threads?: ThreadPlatform;
}

const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Trains one organelle to the end of its run (or until it is cancelled or diverges). */
export async function trainOrganelle(
  module: WebAssembly.Module,
  request: TrainRequest,
  callbacks: TrainCallbacks,
  options: TrainOptions = {},
): Promise<TrainResult> {
  // a recipe's corpus the page has built already (or is building) for several runs at once
  const built = request.source.kind === 'recipe' ? ((await callbacks.corpus?.(request.source.recipeId)) ?? undefined) : undefined;
  const source = resolveSource(request, built);
  const threading = threadOptions(request, options.threads);
  const organelle = await prepare(module, request, source, threading.engine);
  try {
    return await trainPrepared(organelle, source, request, callbacks, options, threading.oneThreadBecause);
  } finally {
    await organelle.engine.close();
  }
}

async function trainPrepared(
  organelle: Organelle, source: ResolvedSource, request: TrainRequest, callbacks: TrainCallbacks, options: TrainOptions,
  oneThreadBecause: string | undefined,
): Promise<TrainResult> {
  const transfer = options.transfer ?? (<T>(v: T) => v);
  const session = new TrainingSession(organelle, {
    sliceMs: request.sliceMs,
    checkpointMs: request.checkpointMs,
    elapsedMs: request.elapsedMs,
  });
  options.onSession?.(session);
  const usable: Usable = {
    training: usableDocuments(organelle, source.documents),
    heldOut: usableDocuments(organelle, source.validation),
  };
  await callbacks.started({
    paramCount: organelle.engine.paramCount,
    vocabSize: organelle.vocab.size,
    documents: source.documents.length,
    validationDocuments: usable.heldOut.length,
    step: organelle.stepsDone,
    steps: organelle.recipe.config.steps,
    threads: organelle.engine.threads,
    ...(oneThreadBecause ? { oneThreadBecause } : {}),
  });
  const quiet = (r: unknown) => void Promise.resolve(r).catch(() => {});
  // the page has taken every checkpoint before it hears how the run ended: they travel by
  // another port than the result, so a cancelled or diverged run's last one could come after
  let handedOver: Promise<unknown> = Promise.resolve();
  const outcome = await session.run({
    progress: (p) => quiet(callbacks.progress(p)),
    checkpoint: (c) => {
      const taken = Promise.resolve(callbacks.checkpoint(transfer(c, [c.bytes.buffer as ArrayBuffer]))).catch(() => {});
      handedOver = Promise.all([handedOver, taken]);
    },
    paused: (step) => quiet(callbacks.paused(step)),
  });
  await handedOver;
  if (outcome === 'cancelled') {
    const c = session.finalCheckpoint;
    // a stopped run's figure is its weights' loss, as a finished one's is
    const trainLoss = session.step > 0 ? modelLoss(organelle, usable.training).loss : NaN;
    const stopped = { status: 'cancelled' as const, step: session.step, ...(Number.isFinite(trainLoss) ? { trainLoss } : {}) };
    return c ? transfer({ ...stopped, checkpoint: c }, [c.bytes.buffer as ArrayBuffer]) : stopped;
  }
  if (outcome === 'diverged') {
    const d = session.diverged!;
    return { status: 'diverged', step: d.step, message: `${sentenceCase(d.message)}. ${d.advice()}` };
  }

  const evaluation = await evaluate(organelle, source, usable, session.progress.loss);
  const examples = pickExamples(usable.training, usable.heldOut);
  const model = encodeModelFile(organelle.toModel(false, { evaluation, examples, createdAt: new Date().toISOString() }));
  return transfer(
    {
      status: 'done',
      model,
      evaluation,
      paramCount: organelle.engine.paramCount,
      step: session.step,
      elapsedMs: session.elapsedMs,
    },
    [model.buffer as ArrayBuffer],
  );
}
