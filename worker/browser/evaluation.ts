// What a finished training run reports: cheap loss numbers computed here for every run
// (plain cross-entropy, no label smoothing, over a sample of the training documents and
// over held-out documents when there are any), plus per-recipe evaluators that a game
// registers (solve rate, win rate...).
import { encodeDocuments, packBatch, type Document } from '../corpus/documents.ts';
import type { Organelle } from '../organelle.ts';
import type { Evaluation } from './messages.ts';

/** A game's measure of a trained organelle, e.g. { solveRate: 0.9 }. Runs in the worker. */
export type Evaluator = (organelle: Organelle) => Evaluation | Promise<Evaluation>;

const evaluators = new Map<string, Evaluator>();

/** Registers the evaluator run after training the recipe `recipeId`. */
export function registerEvaluator(recipeId: string, evaluate: Evaluator): void {
  if (evaluators.has(recipeId)) throw new Error(`evaluator for ${recipeId} registered twice`);
  evaluators.set(recipeId, evaluate);
}

export function evaluatorFor(recipeId: string): Evaluator | undefined {
  return evaluators.get(recipeId);
}

/** At most this many documents per loss measurement keeps evaluation to about a second. */
export const MAX_EVAL_DOCS = 256;

/**
 * Mean cross-entropy per counted target over `docs` (responses only when the model was
 * trained that way), without label smoothing or gradients. NaN for no documents.
 */
export function meanLoss(organelle: Organelle, docs: readonly Document[]): number {
  if (docs.length === 0) return NaN;
  const engine = organelle.engine;
  const corpus = encodeDocuments(docs, organelle.vocab, organelle.shape.block);
  const responseOnly = organelle.recipe.config.responseOnlyLoss;
  let total = 0;
  let counted = 0;
  for (let first = 0; first < docs.length; first += engine.batchDocs) {
    const ids = [];
    for (let d = first; d < Math.min(first + engine.batchDocs, docs.length); d++) ids.push(d);
    const batch = packBatch(corpus, ids, responseOnly);
    let n = 0;
    for (const m of batch.mask) n += m;
    if (n === 0) continue;
    total += engine.forwardBackward(batch, 0, false) * n;
    counted += n;
  }
  return counted ? total / counted : NaN;
}

/** The model file refuses non-finite numbers (NaN when nothing could be measured): drop them. */
export function finiteOnly(e: Evaluation): Evaluation {
  const out: Evaluation = {};
  for (const [k, v] of Object.entries(e)) if (Number.isFinite(v)) out[k] = v;
  return out;
}
