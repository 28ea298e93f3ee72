// The character vocabulary of one model: one token per UTF-16 code unit that appears in the
// corpus, sorted by code unit, plus a BOS token with the last id (V-1). BOS opens every
// document and also closes it, so generation stops when the model emits it.
// Unknown characters are always an error: silently mapping them to something else would
// let the model answer a question nobody asked. A subword vocabulary (worker/model/subword.ts)
// keeps this alphabet as its base units; both behind worker/model/tokenizer.ts's interface.
import type { Tokenizer } from './tokenizer.ts';

/** A character the vocabulary cannot hold or encode; `index` is its position in the text. */
export class VocabError extends Error {
  readonly char: string;
  readonly index: number;

  constructor(message: string, char = '', index = -1) {
    super(message);
    this.name = 'VocabError';
    this.char = char;
    this.index = index;
  }
}

const NEWLINE = 10;

// Control, format, surrogate and line/paragraph separator characters do not print; '\n' is
// the one exception because it separates a prompt from its response.
const NON_PRINTING = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

function hex(code: number): string {
  return 'U+' + code.toString(16).toUpperCase().padStart(4, '0');
}

/** `'Z' (U+005A)` for printing characters, `U+0009` alone for the rest. */
export function describeChar(text: string, index: number): string {
  const code = text.codePointAt(index) ?? 0;
  if (code === NEWLINE) return `'\\n' (${hex(code)})`;
  const char = String.fromCodePoint(code);
  if (code <= 0xffff && NON_PRINTING.test(char)) return hex(code);
  return `'${char}' (${hex(code)})`;
}

/** Throws when the code unit at `index` of `text` cannot be a vocabulary character. */
function checkChar(text: string, index: number, where: string): void {
  const code = text.charCodeAt(index);
  const char = String.fromCodePoint(text.codePointAt(index) ?? code);
  if (code >= 0xd800 && code <= 0xdfff) {
    throw new VocabError(
      `${where} character ${describeChar(text, index)} at index ${index} is outside the Basic ` +
        'Multilingual Plane; models use one token per UTF-16 code unit',
      char,
      index,
    );
  }
  if (code !== NEWLINE && NON_PRINTING.test(text[index])) {
    const hint = code === 13 ? ' (a carriage return: normalize line endings first)' : '';
    throw new VocabError(
      `${where} character ${describeChar(text, index)} at index ${index} is a non-printing ` +
        `character; only '\\n' is allowed${hint}`,
      char,
      index,
    );
  }
}

/**
 * The text of unit `ids` whose texts are `texts` (by id, BOS the id after the last): BOS decodes
 * to nothing, an id outside the vocabulary throws. Characters and subword units decode alike.
 */
export function decodeUnits(ids: ArrayLike<number>, texts: ArrayLike<string>, bos: number): string {
  let text = '';
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (id === bos) continue;
    if (!Number.isInteger(id) || id < 0 || id > bos) {
      throw new RangeError(`token id ${id} at index ${i} is outside this vocabulary (size ${bos + 1})`);
    }
    text += texts[id];
  }
  return text;
}

export class Vocab implements Tokenizer {
  readonly kind = 'char' as const;
  /** The non-BOS characters in id order: chars[i] has id i. */
  readonly chars: string;
  /** V: characters + 1 BOS. */
  readonly size: number;
  /** Id of BOS, always size - 1. */
  readonly bos: number;
  /** Id of '\n'. */
  readonly newline: number;
  // Code unit -> id, or -1. A flat table (256 KB) keeps encode a single array read per char.
  readonly #ids: Int32Array;

  private constructor(chars: string) {
    const ids = new Int32Array(0x10000).fill(-1);
    for (let i = 0; i < chars.length; i++) {
      checkChar(chars, i, 'vocabulary');
      const code = chars.charCodeAt(i);
      if (ids[code] !== -1) {
        throw new VocabError(`vocabulary character ${describeChar(chars, i)} appears twice`, chars[i], i);
      }
      ids[code] = i;
    }
    if (ids[NEWLINE] === -1) {
      throw new VocabError("vocabulary has no '\\n'; every document is PROMPT\\nRESPONSE");
    }
    this.chars = chars;
    this.size = chars.length + 1;
    this.bos = chars.length;
    this.newline = ids[NEWLINE];
    this.#ids = ids;
  }

  /** The distinct characters of `text`, sorted by UTF-16 code unit, then BOS. */
  static fromCorpus(text: string): Vocab {
    const seen = new Uint8Array(0x10000);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (seen[code]) continue;
      checkChar(text, i, 'corpus');
      seen[code] = 1;
    }
    let chars = '';
    for (let code = 0; code < seen.length; code++) if (seen[code]) chars += String.fromCharCode(code);
    if (chars.length === 0) throw new VocabError('corpus is empty: no characters to build a vocabulary from');
    return new Vocab(chars);
  }

  /** Rebuilds the vocabulary stored in a model file (characters in id order, without BOS). */
  static fromChars(chars: string): Vocab {
    return new Vocab(chars);
  }

  /** Id of one character, or -1 when it is not in the vocabulary. */
  idOf(char: string): number {
    return char.length === 1 ? this.#ids[char.charCodeAt(0)] : -1;
  }

  /**
   * Token ids of `text` (no BOS added). `what` names the text in the error, e.g. 'prompt'
   * gives: prompt character 'Z' (U+005A) at index 3 is not in this model's vocabulary.
   */
  encode(text: string, what = 'prompt'): Int32Array {
    const out = new Int32Array(text.length);
    for (let i = 0; i < text.length; i++) {
      const id = this.#ids[text.charCodeAt(i)];
      if (id === -1) {
        const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
        throw new VocabError(
          `${what} character ${describeChar(text, i)} at index ${i} is not in this model's vocabulary`,
          char,
          i,
        );
      }
      out[i] = id;
    }
    return out;
  }

  /** Text of `ids`. BOS is not a character and decodes to nothing; other bad ids throw. */
  decode(ids: ArrayLike<number>): string {
    return decodeUnits(ids, this.chars, this.bos);
  }
}
