// What a finished training run reports, computed here for every run over a sample of the
// training documents and over held-out documents when there are any: plain cross-entropy (no
// label smoothing), and how many prompts the model answers as its corpus does; plus
// per-recipe evaluators that a game registers (solve rate, win rate...).
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

/** At most this many documents (or prompts) per measurement keeps evaluation to about a second. */
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

/** Every response the documents give each prompt: a prompt may rightly have several. */
export function answersByPrompt(docs: readonly Document[]): Map<string, Set<string>> {
  const answers = new Map<string, Set<string>>();
  for (const d of docs) {
    let set = answers.get(d.prompt);
    if (!set) answers.set(d.prompt, (set = new Set()));
    set.add(d.response);
  }
  return answers;
}

/** The documents' prompts, each once, in order of first appearance. */
export function distinctPrompts(docs: readonly Document[]): string[] {
  return [...new Set(docs.map((d) => d.prompt))];
}

/**
 * The share of `prompts` whose greedy answer is one the corpus gives that prompt (`answers`):
 * what a person asking the model sees, where a loss says only how sure it is of the right
 * characters. NaN for no prompts.
 */
export function answerRate(organelle: Organelle, prompts: readonly string[], answers: ReadonlyMap<string, ReadonlySet<string>>): number {
  if (prompts.length === 0) return NaN;
  let longest = 0;
  for (const p of prompts) for (const r of answers.get(p) ?? []) longest = Math.max(longest, r.length);
  let right = 0;
  for (const prompt of prompts) {
    // one character past the longest right answer shows an answer that runs on
    const text = organelle.complete(prompt, { maxNew: longest + 1 }).text;
    if (answers.get(prompt)?.has(text)) right++;
  }
  return right / prompts.length;
}

/** The model file refuses non-finite numbers (NaN when nothing could be measured): drop them. */
export function finiteOnly(e: Evaluation): Evaluation {
  const out: Evaluation = {};
  for (const [k, v] of Object.entries(e)) if (Number.isFinite(v)) out[k] = v;
  return out;
}
