// Corpus text -> documents -> token sequences -> packed training batches.
// A corpus file holds documents `PROMPT\nRESPONSE` separated by blank lines. Each document
// becomes the sequence [BOS, ...prompt, '\n', ...response, BOS]: the model learns to answer
// after '\n' and to stop by emitting BOS.
import { fnv1a32 } from '../model/model-file.ts';
import type { PackedBatch } from '../model/types.ts';
import { Vocab } from '../model/vocab.ts';
import { SubwordVocab } from '../model/subword.ts';
import { Rng } from '../games/rng.ts';
import type { Tokenizer, TokenizerOptions } from '../model/tokenizer.ts';

export interface Document {
  prompt: string;
  response: string;
}

/** All documents' token sequences, concatenated, so a corpus is three typed arrays. */
export interface EncodedCorpus {
  tokens: Int32Array; // every sequence [BOS, prompt, '\n', response, BOS], back to back
  offsets: Int32Array; // (D+1) sequence d is tokens[offsets[d] .. offsets[d+1]-1]
  promptLens: Int32Array; // (D) 1 + prompt length in units = index of '\n' in the sequence
}

/** A document that does not fit the corpus format or the model; `doc` is 1-based (0: none). */
export class CorpusError extends Error {
  readonly doc: number;

  constructor(message: string, doc = 0) {
    super(message);
    this.name = 'CorpusError';
    this.doc = doc;
  }
}

// ---- text

/**
 * The canonical form of a corpus: '\r\n' becomes '\n', blank lines before the first document
 * and whitespace-only lines after the last one are dropped, and runs of blank lines between
 * documents become one. Whitespace inside a document (even a line of spaces in the middle)
 * is content and is kept, since board encodings may use it. A text of nothing but whitespace
 * normalizes to ''.
 */
export function normalizeCorpus(text: string): string {
  if (/^\s*$/.test(text)) return '';
  return text
    .replace(/\r\n/g, '\n')
    .replace(/^\n+/, '')
    .replace(/(?:\n[ \t]*)+$/, '')
    .replace(/\n{3,}/g, '\n\n');
}

/** Content hash of the normalized corpus text: FNV-1a 32-bit of its UTF-8, 8 hex digits. */
export function corpusFingerprint(text: string): string {
  const hash = fnv1a32(new TextEncoder().encode(normalizeCorpus(text)));
  return hash.toString(16).padStart(8, '0');
}

function preview(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 40) + '…' : text);
}

/** Splits a corpus into documents; a malformed one is reported by its 1-based index. */
export function parseCorpus(text: string): Document[] {
  const normalized = normalizeCorpus(text);
  if (normalized.length === 0) throw new CorpusError('corpus has no documents');
  return normalized.split('\n\n').map((block, i) => {
    const lines = block.split('\n');
    const n = i + 1;
    if (lines.length !== 2) {
      throw new CorpusError(
        `corpus document ${n} is malformed: expected 2 lines (PROMPT, RESPONSE), found ${lines.length}: ${preview(block)}`,
        n,
      );
    }
    const [prompt, response] = lines;
    if (prompt.length === 0 || response.length === 0) {
      const part = prompt.length === 0 ? 'prompt' : 'response';
      throw new CorpusError(`corpus document ${n} is malformed: empty ${part}: ${preview(block)}`, n);
    }
    return { prompt, response };
  });
}

// ---- tokens

/**
 * The tokenizer a model of this corpus gets: the char vocabulary (the default), or subword
 * merges learned from the documents' prompts and responses, each on its own, so that no merge
 * crosses the prompt/answer boundary. Deterministic: the same corpus and options give the same
 * vocabulary on any machine. Called by Organelle.create; a trainer that builds its own
 * organelles calls it where the corpus becomes token ids.
 */
export function corpusTokenizer(text: string, docs: readonly Document[], options: TokenizerOptions = { kind: 'char' }): Tokenizer {
  const normalized = normalizeCorpus(text);
  if (options.kind === 'char') return Vocab.fromCorpus(normalized);
  return SubwordVocab.train(normalized, docs.flatMap((d) => [d.prompt, d.response]), options);
}

/**
 * Encodes every document as [BOS, ...prompt, '\n', ...response, BOS], in the tokenizer's
 * units. A sequence of length T+1 feeds T input positions, so T may not exceed the model's
 * block size. A subword vocabulary with a merge dropout cuts the documents for training
 * (`training.seed`: the run's seed) with a PRNG per document, from the seed and the document's
 * index, so a run and its resumption cut every document alike; without `training` (a loss
 * measured, a sample shown) every document is cut as a prompt is at run time.
 */
export function encodeDocuments(docs: readonly Document[], vocab: Tokenizer, block: number, training?: { seed: number }): EncodedCorpus {
  const dropout = training && vocab instanceof SubwordVocab && vocab.mergeDropout > 0 ? { vocab, rng: new Rng(`merge dropout ${training.seed >>> 0}`) } : null;
  const D = docs.length;
  const offsets = new Int32Array(D + 1);
  const promptLens = new Int32Array(D);
  const prompts: Int32Array[] = [];
  const responses: Int32Array[] = [];
  for (let d = 0; d < D; d++) {
    const { prompt, response } = docs[d];
    const rng = dropout?.rng.fork(String(d));
    const cut = (text: string, what: string) => (dropout && rng ? dropout.vocab.encodeDropped(text, () => rng.next(), what) : vocab.encode(text, what));
    const p = cut(prompt, `document ${d + 1} prompt`);
    const r = cut(response, `document ${d + 1} response`);
    const inputs = p.length + r.length + 2;
    if (inputs > block) {
      throw new CorpusError(
        `corpus document ${d + 1} needs ${inputs} positions but the model's block size is ${block}: ${preview(prompt)}`,
        d + 1,
      );
    }
    prompts.push(p);
    responses.push(r);
    offsets[d + 1] = offsets[d] + inputs + 1;
    promptLens[d] = 1 + p.length;
  }
  const tokens = new Int32Array(offsets[D]);
  for (let d = 0; d < D; d++) {
    let at = offsets[d];
    tokens[at++] = vocab.bos;
    tokens.set(prompts[d], at);
    at += prompts[d].length;
    tokens[at++] = vocab.newline;
    tokens.set(responses[d], at);
    at += responses[d].length;
    tokens[at] = vocab.bos;
  }
  return { tokens, offsets, promptLens };
}

/** Positions each document takes in a model with this tokenizer: BOS, prompt, '\n', response (its units). */
export function positionsPerDocument(docs: readonly Document[], vocab: Tokenizer): Int32Array {
  return Int32Array.from(docs, (d, i) => vocab.encode(d.prompt, `document ${i + 1} prompt`).length + vocab.encode(d.response, `document ${i + 1} response`).length + 2);
}

/** Number of documents in an encoded corpus. */
export function documentCount(corpus: EncodedCorpus): number {
  return corpus.promptLens.length;
}

/**
 * Packs the chosen documents (repeats allowed) into one row. A document with sequence s of
 * length T+1 contributes inputs s[0..T-1] and targets s[1..T]. With `responseOnly`, only
 * inputs from the '\n' on count: '\n' predicts the first response character and the last
 * response character predicts the closing BOS.
 */
export function packBatch(corpus: EncodedCorpus, docIndices: ArrayLike<number>, responseOnly: boolean): PackedBatch {
  const D = documentCount(corpus);
  const docStarts = new Int32Array(docIndices.length + 1);
  for (let i = 0; i < docIndices.length; i++) {
    const d = docIndices[i];
    if (!Number.isInteger(d) || d < 0 || d >= D) {
      throw new RangeError(`packBatch: document index ${d} is outside the corpus (0..${D - 1})`);
    }
    docStarts[i + 1] = docStarts[i] + (corpus.offsets[d + 1] - corpus.offsets[d] - 1);
  }
  const N = docStarts[docIndices.length];
  const tokens = new Int32Array(N);
  const targets = new Int32Array(N);
  const mask = new Uint8Array(N);
  for (let i = 0; i < docIndices.length; i++) {
    const d = docIndices[i];
    const start = corpus.offsets[d];
    const T = corpus.offsets[d + 1] - start - 1;
    const at = docStarts[i];
    tokens.set(corpus.tokens.subarray(start, start + T), at);
    targets.set(corpus.tokens.subarray(start + 1, start + 1 + T), at);
    const first = responseOnly ? corpus.promptLens[d] : 0;
    mask.fill(1, at + first, at + T);
  }
  return { tokens, targets, mask, docStarts };
}
