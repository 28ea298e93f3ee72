// Checks an uploaded corpus before anything is trained on it, with the engine's own
// parser and vocabulary rules, and splits off held-out documents for a validation loss.
import { parseCorpus, type Document } from '../../../worker/corpus/documents.ts';
import { Vocab } from '../../../worker/model/vocab.ts';
import { errorMessage } from '../lib/format.ts';
import { sentence } from '../replay/shared-run.ts';

/** Held out: every 10th document, once a corpus has at least this many. */
export const MIN_DOCS_FOR_HOLDOUT = 20;
export const HOLDOUT_EVERY = 10;
/** Bigger files are refused before being read. */
export const MAX_CORPUS_BYTES = 64 * 1024 * 1024;

export interface CorpusAnalysis {
  documents: number; // training documents
  validationDocuments: number;
  vocabSize: number; // distinct characters + BOS
  longest: number; // positions the longest document needs (prompt + response + 2)
  trainingText: string;
  validationText: string;
}

const join = (docs: Document[]) => docs.map((d) => `${d.prompt}\n${d.response}`).join('\n\n');

/** The corpus's numbers, or the engine's message for its first problem, as a sentence to show. */
export function analyseCorpus(text: string, holdOut: boolean): CorpusAnalysis | { error: string } {
  let docs: Document[];
  try {
    docs = parseCorpus(text);
  } catch (err) {
    return { error: sentence(errorMessage(err)) };
  }
  const split = holdOut && docs.length >= MIN_DOCS_FOR_HOLDOUT;
  const training = split ? docs.filter((_, i) => i % HOLDOUT_EVERY !== HOLDOUT_EVERY - 1) : docs;
  const validation = split ? docs.filter((_, i) => i % HOLDOUT_EVERY === HOLDOUT_EVERY - 1) : [];
  const trainingText = join(training);
  let vocabSize: number;
  try {
    vocabSize = Vocab.fromCorpus(trainingText).size;
  } catch (err) {
    return { error: sentence(errorMessage(err)) };
  }
  let longest = 0;
  for (const d of docs) longest = Math.max(longest, d.prompt.length + d.response.length + 2);
  return {
    documents: training.length,
    validationDocuments: validation.length,
    vocabSize,
    longest,
    trainingText,
    validationText: join(validation),
  };
}
