// A subword vocabulary: byte-pair merges learned from a corpus at corpus-build time (issue 52).
//
// Written here rather than taken from npm (checked in December): `tokenizers` (Hugging Face)
// trains BPE but is a native N-API binary, so it cannot run in a browser; `@huggingface/
// tokenizers` only loads and encodes a tokenizer.json; `gpt-tokenizer` and `js-tiktoken` only
// encode fixed vocabularies; `bpe-tokenizer` (one release, no dependencies) trains in both, but
// rescans the whole corpus for every merge, breaks ties by the order it first met the units,
// and merges across any boundary (no pre-tokenization, no protected words), so a merge could
// join a prompt to its answer or swallow a separator. What is needed is small (this file).
//
// The units, in id order:
//   0..A-1       the corpus alphabet, one unit per UTF-16 code unit, sorted (as the char
//                vocabulary): any text in the alphabet encodes, a typo in smaller pieces
//   A..A+P-1     protected words given by the caller, sorted: each one unit wherever it stands
//                as a whole word (primitive names: `rolling_mean`, `low_conf`)
//   A+P..V-2     merges, in the order they were learned
//   V-1          BOS
// Text is cut before merging, and no merge crosses a cut:
//   1. protected words, matched left to right (longest first) where they stand as whole words
//      (no word character joined to either end); a word character is an ASCII letter, digit or
//      '_', or any character from U+00C0 on but × ÷ and the General Punctuation block
//      (U+2000-U+206F): a fixed rule rather than the engine's Unicode tables, which differ
//      between engine versions, so no two machines can cut a corpus differently;
//   2. the rest into chunks: a run of word characters with at most one space before it
//      (" rolling_mean", "42"), or any other single character. So '\n' (the prompt/answer
//      boundary) and every separator the prompt formats use (| = ( ) , : . -) stay units of
//      their own, and a merge never joins two words.
// Training (byte-pair encoding over the distinct chunks, weighted by their counts): repeatedly
// merge the most frequent adjacent pair of units, ties going to the smaller (left id, right
// id), until the vocabulary is full or no pair occurs twice. Counts are kept per pair and
// updated only in the chunks a merge touches; the choice is a total order over (count, ids), so
// neither Map insertion order nor the machine can change it: the same corpus gives the same
// merges anywhere. Encoding applies merges by rank (lowest first), which cuts every training
// chunk exactly as training did.
// Merge dropout (BPE-dropout, Provilkov et al. 2020), training only: a vocabulary may say that
// its model's training documents were cut with each candidate merge skipped with probability
// p, by a PRNG seeded per document, so a word is seen whole in some documents and in smaller
// pieces in others, and a word the merges never met (a new template's join word, a typo) is
// cut into pieces the model has read in every place. Prompts at run time are cut as always.
import { Vocab, VocabError, decodeUnits, describeChar } from './vocab.ts';
import type { SubwordSpec, Tokenizer } from './tokenizer.ts';

/** The word characters (see the header): letters, digits and '_' of ASCII, and later scripts. */
export function isWordCode(code: number): boolean {
  if (code < 0x80) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  if (code < 0xc0 || code === 0xd7 || code === 0xf7) return false;
  return code < 0x2000 || code > 0x206f;
}
const SPACE = 32;
const NEWLINE = 10;
/** Pair key a * KEY + b: ids are below 2^16, so keys stay exact integers. */
const KEY = 0x10000;
/** Encoded chunks kept (a chunk is a word, so a corpus has a few thousand distinct ones). */
const CACHE_MAX = 1 << 16;

/** 1 for each code unit of `alphabet` that is a word character: a table read, not a regex, per character. */
function wordTable(alphabet: string): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let i = 0; i < alphabet.length; i++) if (isWordCode(alphabet.charCodeAt(i))) table[alphabet.charCodeAt(i)] = 1;
  return table;
}

/** A plain (unprotected) chunk, or a protected word's id. */
type Piece = string | number;

export interface SubwordTrainOptions {
  vocabSize: number; // V, BOS included
  protected?: readonly string[];
  mergeDropout?: number; // 0 (the default) .. < 1: see the header
}

/** A merge dropout is a probability below 1: 0 turns it off. */
export function checkMergeDropout(p: number): number {
  if (!(typeof p === 'number' && p >= 0 && p < 1)) throw new VocabError(`merge dropout must be a number in [0, 1), got ${JSON.stringify(p)}`);
  return p;
}

export class SubwordVocab implements Tokenizer {
  readonly kind = 'subword' as const;
  readonly chars: string;
  readonly size: number;
  readonly bos: number;
  readonly newline: number;
  /** Protected words, sorted; protected[i] has id A + i. */
  readonly protectedWords: readonly string[];
  /** merges[j] = [a, b] makes unit A + P + j. */
  readonly merges: readonly (readonly [number, number])[];
  /** The probability each merge was skipped with when the training documents were cut (0: never). */
  readonly mergeDropout: number;
  readonly #base: Vocab;
  readonly #word: Uint8Array; // code unit -> 1 for the alphabet's word characters
  readonly #texts: string[]; // every unit's text by id, BOS excluded
  readonly #ranks = new Map<number, number>(); // pair key -> merge index
  readonly #protectedByFirst = new Map<string, { word: string; id: number }[]>(); // longest first
  readonly #cache = new Map<string, Int32Array>();

  private constructor(base: Vocab, protectedWords: readonly string[], merges: readonly (readonly [number, number])[], mergeDropout = 0) {
    this.#base = base;
    this.mergeDropout = checkMergeDropout(mergeDropout);
    this.#word = wordTable(base.chars);
    this.chars = base.chars;
    this.newline = base.newline;
    this.protectedWords = protectedWords;
    const A = base.chars.length;
    this.#texts = [...base.chars, ...protectedWords];
    protectedWords.forEach((word, i) => {
      const list = this.#protectedByFirst.get(word[0]) ?? [];
      list.push({ word, id: A + i });
      list.sort((x, y) => y.word.length - x.word.length || (x.word < y.word ? -1 : 1));
      this.#protectedByFirst.set(word[0], list);
    });
    this.merges = merges;
    merges.forEach(([a, b], j) => {
      this.#ranks.set(a * KEY + b, j);
      this.#texts.push(this.#texts[a] + this.#texts[b]);
    });
    this.size = this.#texts.length + 1;
    this.bos = this.#texts.length;
  }

  // ---- training ------------------------------------------------------------------

  /**
   * Learns the merges from `pieces` (texts no merge may cross: a corpus's prompts and its
   * responses, each on its own) over the alphabet of `alphabetText` (every character in it,
   * checked as the char vocabulary checks a corpus). Stops early when no pair occurs twice.
   */
  static train(alphabetText: string, pieces: Iterable<string>, options: SubwordTrainOptions): SubwordVocab {
    const base = Vocab.fromCorpus(alphabetText);
    const words = checkProtected(base, options.protected ?? []);
    const A = base.chars.length;
    const P = words.length;
    const V = options.vocabSize;
    if (!Number.isInteger(V) || V > KEY) throw new Error(`subword vocabSize must be an integer of at most ${KEY}, got ${V}`);
    const budget = V - 1 - A - P;
    if (budget < 0) {
      throw new Error(`subword vocabSize ${V} is smaller than the alphabet (${A}) + protected words (${P}) + BOS`);
    }
    const cutter = new SubwordVocab(base, words, []);

    // distinct chunks, sorted by code unit (so nothing depends on the order they were met)
    const counts = new Map<string, number>();
    let index = 0;
    for (const piece of pieces) {
      base.encode(piece, `corpus piece ${++index}`); // a character outside the alphabet is refused here
      for (const p of cutter.#pieces(piece)) if (typeof p === 'string') counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    const chunks = [...counts.keys()].sort();
    const freq = chunks.map((c) => counts.get(c)!);
    const seqs = chunks.map((c) => Array.from(base.encode(c, 'corpus')));

    const pairs = new Map<number, number>();
    const count = (seq: number[], f: number) => {
      for (let j = 0; j + 1 < seq.length; j++) {
        const k = seq[j] * KEY + seq[j + 1];
        const c = (pairs.get(k) ?? 0) + f;
        if (c === 0) pairs.delete(k);
        else pairs.set(k, c);
      }
    };
    seqs.forEach((seq, w) => count(seq, freq[w]));

    const merges: [number, number][] = [];
    while (merges.length < budget) {
      // the most frequent pair; ties to the smaller key, i.e. the smaller (left, right) ids
      let best = -1;
      let bestCount = 1;
      for (const [k, c] of pairs) {
        if (c > bestCount || (c === bestCount && c > 1 && k < best)) {
          best = k;
          bestCount = c;
        }
      }
      if (best < 0) break;
      const a = Math.floor(best / KEY);
      const b = best % KEY;
      const id = A + P + merges.length;
      for (let w = 0; w < seqs.length; w++) {
        const seq = seqs[w];
        if (!hasPair(seq, a, b)) continue;
        count(seq, -freq[w]);
        seqs[w] = mergePair(seq, a, b, id);
        count(seqs[w], freq[w]);
      }
      merges.push([a, b]);
    }
    return new SubwordVocab(base, words, merges, options.mergeDropout ?? 0);
  }

  // ---- the file form ---------------------------------------------------------------

  /** The vocabulary a model file holds (beside the alphabet, its `vocab`). */
  get spec(): SubwordSpec {
    const P = this.protectedWords.length;
    const A = this.chars.length;
    return {
      kind: 'subword',
      protected: [...this.protectedWords],
      merges: this.merges.map(([a, b]) => [a, b]),
      units: this.#texts.slice(A, A + P + this.merges.length),
      ...(this.mergeDropout > 0 ? { mergeDropout: this.mergeDropout } : {}),
    };
  }

  /**
   * Rebuilds a vocabulary from a model file, refusing (VocabError) one whose parts disagree:
   * protected words not sorted, distinct, of alphabet characters; a merge of ids not below its
   * own or of '\n', or repeated; a unit whose text is not its merge's.
   */
  static fromSpec(alphabet: string, spec: SubwordSpec): SubwordVocab {
    const base = Vocab.fromChars(alphabet);
    const words = checkProtected(base, spec.protected);
    words.forEach((w, i) => {
      if (w !== spec.protected[i]) throw new VocabError(`protected words are not sorted and distinct (at ${i}: ${JSON.stringify(spec.protected[i])})`);
    });
    const A = base.chars.length;
    const P = words.length;
    if (spec.units.length !== P + spec.merges.length) {
      throw new VocabError(`the vocabulary lists ${spec.units.length} units but has ${P} protected words and ${spec.merges.length} merges`);
    }
    const seen = new Set<number>();
    spec.merges.forEach((m, j) => {
      const id = A + P + j;
      const ok = Array.isArray(m) && m.length === 2 && m.every((x) => Number.isInteger(x) && x >= 0 && x < id && x !== base.newline);
      if (!ok) throw new VocabError(`merge ${j} (${JSON.stringify(m)}) must join two units with ids below ${id}, neither '\\n'`);
      const k = m[0] * KEY + m[1];
      if (seen.has(k)) throw new VocabError(`merge ${j} (${JSON.stringify(m)}) repeats an earlier merge`);
      seen.add(k);
    });
    const vocab = new SubwordVocab(base, words, spec.merges.map(([a, b]) => [a, b] as const), spec.mergeDropout ?? 0);
    spec.units.forEach((u, i) => {
      const expected = vocab.#texts[A + i];
      if (u !== expected) {
        throw new VocabError(`unit ${A + i} is ${JSON.stringify(u)} but its ${i < P ? 'protected word' : 'merge'} gives ${JSON.stringify(expected)}`);
      }
    });
    return vocab;
  }

  // ---- encode and decode ---------------------------------------------------------

  idOf(char: string): number {
    return this.#base.idOf(char);
  }

  /** The text of one unit (BOS: ''). */
  unitText(id: number): string {
    if (id === this.bos) return '';
    const text = this.#texts[id];
    if (text === undefined) throw new RangeError(`unit id ${id} is outside this vocabulary (size ${this.size})`);
    return text;
  }

  encode(text: string, what = 'prompt'): Int32Array {
    return this.#encodeWith(text, what, (chunk) => this.#encodeChunk(chunk));
  }

  /**
   * `text` cut as a training document is when the vocabulary has a merge dropout: at each step
   * of a chunk's merging, every place a merge could apply is skipped when `random()` < p, and the
   * lowest-ranked place left is merged; the chunk is done when none is left. Protected words stay
   * whole. With p = 0 this is `encode`.
   */
  encodeDropped(text: string, random: () => number, what = 'prompt'): Int32Array {
    if (this.mergeDropout === 0) return this.encode(text, what);
    return this.#encodeWith(text, what, (chunk) => this.#dropChunk(chunk, random));
  }

  decode(ids: ArrayLike<number>): string {
    return decodeUnits(ids, this.#texts, this.bos);
  }

  /** `text`'s units: protected words as they are, every other chunk cut by `cut`. */
  #encodeWith(text: string, what: string, cut: (chunk: string) => Iterable<number>): Int32Array {
    this.#base.encode(text, what); // refuses a character outside the alphabet, naming it
    const out: number[] = [];
    for (const p of this.#pieces(text)) {
      if (typeof p === 'number') out.push(p);
      else for (const id of cut(p)) out.push(id);
    }
    return Int32Array.from(out);
  }

  /** A chunk's units with merge dropout: each step merges the lowest-ranked place `random` leaves. */
  #dropChunk(chunk: string, random: () => number): number[] {
    const seq = Array.from(this.#base.encode(chunk));
    const first = this.chars.length + this.protectedWords.length;
    for (;;) {
      let rank = Infinity;
      let at = -1;
      for (let j = 0; j + 1 < seq.length; j++) {
        const r = this.#ranks.get(seq[j] * KEY + seq[j + 1]);
        if (r === undefined || random() < this.mergeDropout) continue;
        if (r < rank) {
          rank = r;
          at = j;
        }
      }
      if (at < 0) return seq;
      seq.splice(at, 2, first + rank);
    }
  }

  /** `text` cut where no merge may cross: protected words (ids), then chunks (strings). */
  #pieces(text: string): Piece[] {
    const out: Piece[] = [];
    let plain = 0; // start of the text not yet cut
    for (let i = 0; i < text.length; ) {
      const hit = this.#protectedAt(text, i);
      if (hit === undefined) {
        i++;
        continue;
      }
      chunk(text.slice(plain, i), this.#word, out);
      out.push(hit.id);
      i += hit.word.length;
      plain = i;
    }
    chunk(text.slice(plain), this.#word, out);
    return out;
  }

  #isWord(text: string, i: number): boolean {
    return i >= 0 && i < text.length && this.#word[text.charCodeAt(i)] === 1;
  }

  #protectedAt(text: string, i: number): { word: string; id: number } | undefined {
    const list = this.#protectedByFirst.get(text[i]);
    if (!list) return undefined;
    for (const p of list) {
      const end = i + p.word.length;
      if (!text.startsWith(p.word, i)) continue;
      if (this.#isWord(p.word, 0) && this.#isWord(text, i - 1)) continue;
      if (this.#isWord(p.word, p.word.length - 1) && this.#isWord(text, end)) continue;
      return p;
    }
    return undefined;
  }

  /** A chunk's units: its characters, then every merge present, lowest rank first. */
  #encodeChunk(chunk: string): Int32Array {
    const cached = this.#cache.get(chunk);
    if (cached) return cached;
    let seq = Array.from(this.#base.encode(chunk));
    const first = this.chars.length + this.protectedWords.length;
    for (;;) {
      let rank = Infinity;
      for (let j = 0; j + 1 < seq.length; j++) {
        const r = this.#ranks.get(seq[j] * KEY + seq[j + 1]);
        if (r !== undefined && r < rank) rank = r;
      }
      if (rank === Infinity) break;
      const [a, b] = this.merges[rank];
      seq = mergePair(seq, a, b, first + rank);
    }
    const ids = Int32Array.from(seq);
    if (this.#cache.size >= CACHE_MAX) this.#cache.clear();
    this.#cache.set(chunk, ids);
    return ids;
  }
}

// ---- helpers

/** Cuts a protected-free text into chunks: a space and a run of word characters, or one other character. */
function chunk(text: string, word: Uint8Array, out: Piece[]): void {
  const n = text.length;
  const isWord = (i: number) => i < n && word[text.charCodeAt(i)] === 1;
  for (let i = 0; i < n; ) {
    const start = i;
    if (text.charCodeAt(i) === SPACE && isWord(i + 1)) i++;
    if (isWord(i)) {
      while (isWord(i)) i++;
    } else {
      i++;
    }
    out.push(text.slice(start, i));
  }
}

function hasPair(seq: number[], a: number, b: number): boolean {
  for (let j = 0; j + 1 < seq.length; j++) if (seq[j] === a && seq[j + 1] === b) return true;
  return false;
}

/** `seq` with every (a, b), left to right and not overlapping, replaced by `id`. */
function mergePair(seq: number[], a: number, b: number, id: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < seq.length; j++) {
    if (j + 1 < seq.length && seq[j] === a && seq[j + 1] === b) {
      out.push(id);
      j++;
    } else {
      out.push(seq[j]);
    }
  }
  return out;
}

/** The protected words sorted and distinct, each two or more alphabet characters without '\n'. */
function checkProtected(base: Vocab, words: readonly string[]): string[] {
  for (const w of words) {
    if (typeof w !== 'string' || w.length < 2) {
      throw new VocabError(`protected word ${JSON.stringify(w)} must be a string of two or more characters (one character is a unit already)`);
    }
    for (let i = 0; i < w.length; i++) {
      if (w.charCodeAt(i) === NEWLINE || base.idOf(w[i]) < 0) {
        throw new VocabError(
          `protected word ${JSON.stringify(w)}: character ${describeChar(w, i)} is ${w.charCodeAt(i) === NEWLINE ? "'\\n', the prompt/answer boundary" : 'not in the corpus alphabet'}`,
          w[i],
          i,
        );
      }
    }
  }
  return [...new Set(words)].sort();
}
