// What a model's text is cut into: the interface the organelle, the corpus encoder and the
// model file share, whichever tokenizer a model has. Two kinds:
//   char     one unit per UTF-16 code unit of the corpus alphabet (worker/model/vocab.ts),
//            every model made before issue 52 and still the default
//   subword  the same alphabet as base units, plus caller-protected whole words and byte-pair
//            merges learned from the corpus (worker/model/subword.ts)
// Either way the ids are: the alphabet sorted by code unit (0..A-1), then (subword only) the
// protected words and the merged units, then BOS, always the last id (V-1). BOS opens and
// closes every document and '\n' (the prompt/answer boundary) is always one unit of its own.

/** A model's tokenizer: text to unit ids and back. */
export interface Tokenizer {
  readonly kind: 'char' | 'subword';
  /** The alphabet, the base units in id order: chars[i] has id i (no BOS). */
  readonly chars: string;
  /** V: every unit + 1 BOS. */
  readonly size: number;
  /** Id of BOS, always size - 1. */
  readonly bos: number;
  /** Id of '\n'. */
  readonly newline: number;
  /** Id of one alphabet character, or -1 when it is not in the alphabet. */
  idOf(char: string): number;
  /**
   * Unit ids of `text` (no BOS added); a character outside the alphabet is refused with a
   * VocabError naming it: `what` names the text ('prompt character 'Z' (U+005A) at index 3...').
   */
  encode(text: string, what?: string): Int32Array;
  /** Text of `ids`; BOS decodes to nothing, an id outside the vocabulary throws. */
  decode(ids: ArrayLike<number>): string;
}

/**
 * A subword vocabulary as a model file holds it, beside the alphabet (the header's `vocab`).
 * Unit ids: alphabet 0..A-1, protected[i] is A+i, merges[j] makes unit A+P+j from the units
 * merges[j][0] and merges[j][1] (ids below it), whose text units[P+j] is theirs joined; units
 * is every non-alphabet unit's text in id order (so a reader sees the vocabulary, and a file
 * whose units and merges disagree is refused).
 */
export interface SubwordSpec {
  kind: 'subword';
  protected: string[];
  merges: [number, number][];
  units: string[];
  mergeDropout?: number; // training only: each merge skipped with this probability when the documents were cut (absent: 0)
}

/** How to make a model's tokenizer from its corpus (Organelle.create's `tokenizer`). */
export type TokenizerOptions =
  | { kind: 'char' }
  | {
      kind: 'subword';
      vocabSize: number; // V, BOS included: alphabet + protected + merges + 1 at most
      protected?: readonly string[]; // whole words kept as one unit each (e.g. primitive names)
      mergeDropout?: number; // cut the training documents with merges skipped this often (worker/model/subword.ts)
    };
