// The loss a trained model is quoted by ("final loss"): plain cross-entropy (no label
// smoothing) of its weights on up to MAX_EVAL_DOCS of its corpus's usable documents, spread
// evenly through the corpus, in fixed batches. It depends on the weights and the corpus alone,
// so the same bytes give the same figure whatever thread count or slice lengths trained them.
// The batch loss a run prints as it goes does not: it is the mean over whichever steps the last
// slice of wall time happened to hold, so two byte-identical models printed 1.1337 and 0.9222.
import { normalizeCorpus, parseCorpus, type Document } from './corpus/documents.ts';
import { strided, usableDocuments } from './corpus/examples.ts';
import { MAX_EVAL_DOCS, meanLoss } from './browser/evaluation.ts';
import type { Organelle } from './organelle.ts';

/** The documents the model loss is measured on: the usable ones, at most MAX_EVAL_DOCS, spread evenly. */
export function lossDocuments(organelle: Organelle, documents: readonly Document[]): Document[] {
  return strided(usableDocuments(organelle, documents), MAX_EVAL_DOCS);
}

/** A model's loss and how many documents it was measured on. */
export interface ModelLoss {
  loss: number; // NaN when no document is usable
  documents: number;
}

/** The model's loss on its corpus's documents. */
export function modelLoss(organelle: Organelle, documents: readonly Document[]): ModelLoss {
  const measured = lossDocuments(organelle, documents);
  return { loss: meanLoss(organelle, measured), documents: measured.length };
}

/** The same, from the corpus text. */
export function modelLossOn(organelle: Organelle, corpusText: string): ModelLoss {
  return modelLoss(organelle, parseCorpus(normalizeCorpus(corpusText)));
}
