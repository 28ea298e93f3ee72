// Documents picked from a corpus: an even sample for measuring losses, and the few examples
// a model file keeps so that a person asking it knows what its prompts look like (held-out
// documents first: their answers were never trained on).
import { normalizeCorpus, parseCorpus, type Document } from './documents.ts';
import type { CorpusExample } from '../model/model-file.ts';
import type { Organelle } from '../organelle.ts';

/** Examples a model file keeps: up to 3 held-out documents, then training ones, 6 in all. */
export const EXAMPLES_HELD_OUT = 3;
export const EXAMPLES = 6;

/** Every k-th document so that at most `max` remain, spread over the whole corpus. */
export function strided<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const stride = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * stride)]);
}

/** Documents the model can read: every character in its vocabulary, short enough (in units) for its block. */
export function usableDocuments(organelle: Organelle, docs: readonly Document[]): Document[] {
  const { vocab } = organelle;
  const known = (s: string) => [...s].every((c) => vocab.idOf(c) >= 0);
  // a char model's units are its characters: no need to encode
  const units = (s: string) => (vocab.kind === 'char' ? s.length : vocab.encode(s).length);
  return docs.filter(
    (d) => known(d.prompt) && known(d.response) && units(d.prompt) + units(d.response) + 2 <= organelle.shape.block,
  );
}

/**
 * Up to EXAMPLES documents with distinct prompts, spread evenly over each list: held-out
 * ones first (at most EXAMPLES_HELD_OUT), then training ones. Deterministic, so a recipe's
 * model file stays the same bit for bit.
 */
export function pickExamples(training: readonly Document[], heldOut: readonly Document[]): CorpusExample[] {
  const seen = new Set<string>();
  const distinct = (docs: readonly Document[]) => docs.filter((d) => !seen.has(d.prompt) && seen.add(d.prompt));
  const held = strided(distinct(heldOut), EXAMPLES_HELD_OUT);
  const trained = strided(distinct(training), EXAMPLES - held.length);
  return [
    ...held.map((d) => ({ prompt: d.prompt, response: d.response, heldOut: true })),
    ...trained.map((d) => ({ prompt: d.prompt, response: d.response, heldOut: false })),
  ];
}

/** The examples a model file keeps from a corpus's text, as `organelle train` writes them. */
export function corpusExamples(organelle: Organelle, corpusText: string): CorpusExample[] {
  return pickExamples(usableDocuments(organelle, parseCorpus(normalizeCorpus(corpusText))), []);
}
