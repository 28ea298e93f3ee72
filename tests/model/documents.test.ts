// Corpus parsing, document encoding and batch packing, checked against hand-worked sequences.
import { describe, expect, it } from 'vitest';
import {
  CorpusError,
  corpusFingerprint,
  encodeDocuments,
  normalizeCorpus,
  packBatch,
  parseCorpus,
} from '../../worker/corpus/documents.ts';
import { Vocab } from '../../worker/model/vocab.ts';
import { caught } from '../helpers/errors.ts';

describe('parseCorpus', () => {
  it('splits documents on blank lines', () => {
    expect(parseCorpus('ab\nc\n\nb\ncab\n')).toEqual([
      { prompt: 'ab', response: 'c' },
      { prompt: 'b', response: 'cab' },
    ]);
  });

  it('tolerates CRLF, extra blank lines and trailing whitespace lines', () => {
    const messy = '\r\nab\r\nc\r\n\r\n\r\n\r\nb\r\ncab\r\n  \r\n\t\r\n';
    expect(parseCorpus(messy)).toEqual(parseCorpus('ab\nc\n\nb\ncab'));
    expect(normalizeCorpus(messy)).toBe('ab\nc\n\nb\ncab');
  });

  it('keeps whitespace that is part of a document', () => {
    expect(parseCorpus('   \n x \n\nq\nr  ')).toEqual([
      { prompt: '   ', response: ' x ' },
      { prompt: 'q', response: 'r  ' },
    ]);
  });

  it('reports a malformed document by 1-based index with its first 40 characters', () => {
    const long = 'x'.repeat(50);
    const e = caught(() => parseCorpus(`a\nb\n\nc\nd\n${long}\n\ne\nf`));
    expect(e).toBeInstanceOf(CorpusError);
    expect((e as CorpusError).doc).toBe(2);
    expect((e as CorpusError).message).toBe(
      `corpus document 2 is malformed: expected 2 lines (PROMPT, RESPONSE), found 3: "c\\nd\\n${'x'.repeat(36)}…"`,
    );
    expect(() => parseCorpus('a\nb\n\nlonely')).toThrow(/document 2 is malformed: expected 2 lines.*found 1: "lonely"/);
  });

  it('refuses an empty corpus', () => {
    expect(() => parseCorpus('\n\n  \n')).toThrow(/no documents/);
  });
});

describe('corpusFingerprint', () => {
  it('is an 8-digit hex hash of the normalized text', () => {
    const f = corpusFingerprint('ab\nc\n\nb\ncab');
    expect(f).toMatch(/^[0-9a-f]{8}$/);
    expect(corpusFingerprint('ab\r\nc\r\n\r\nb\r\ncab\r\n')).toBe(f);
    expect(corpusFingerprint('ab\nc\n\nb\ncaa')).not.toBe(f);
  });

  it('is FNV-1a 32-bit', () => {
    // Published FNV-1a test vectors.
    expect(corpusFingerprint('a')).toBe('e40c292c');
    expect(corpusFingerprint('foobar')).toBe('bf9cf968');
  });
});

// Hand-worked: vocab '\n'=0 a=1 b=2 c=3 BOS=4.
//   doc 0 "ab\nc":  [4, 1, 2, 0, 3, 4]     T=5, '\n' at 3
//   doc 1 "b\ncab": [4, 2, 0, 3, 1, 2, 4]  T=6, '\n' at 2
const TEXT = 'ab\nc\n\nb\ncab';
const vocab = Vocab.fromCorpus(normalizeCorpus(TEXT));
const docs = parseCorpus(TEXT);

describe('encodeDocuments', () => {
  it('builds [BOS, prompt, newline, response, BOS] per document', () => {
    expect(vocab.chars).toBe('\nabc');
    const c = encodeDocuments(docs, vocab, 6);
    expect(Array.from(c.tokens)).toEqual([4, 1, 2, 0, 3, 4, 4, 2, 0, 3, 1, 2, 4]);
    expect(Array.from(c.offsets)).toEqual([0, 6, 13]);
    expect(Array.from(c.promptLens)).toEqual([3, 2]);
  });

  it('refuses a document with more input positions than the block', () => {
    const e = caught(() => encodeDocuments(docs, vocab, 5));
    expect(e).toBeInstanceOf(CorpusError);
    expect((e as CorpusError).doc).toBe(2);
    expect((e as CorpusError).message).toBe(
      'corpus document 2 needs 6 positions but the model\'s block size is 5: "b"',
    );
  });

  it('names the document and part holding an unknown character', () => {
    expect(() => encodeDocuments([...docs, { prompt: 'a', response: 'bZ' }], vocab, 64)).toThrow(
      "document 3 response character 'Z' (U+005A) at index 1 is not in this model's vocabulary",
    );
  });
});

describe('packBatch', () => {
  const corpus = encodeDocuments(docs, vocab, 64);

  it('packs inputs, shifted targets and document starts', () => {
    const b = packBatch(corpus, [1, 0], false);
    expect(Array.from(b.tokens)).toEqual([4, 2, 0, 3, 1, 2, /**/ 4, 1, 2, 0, 3]);
    expect(Array.from(b.targets)).toEqual([2, 0, 3, 1, 2, 4, /**/ 1, 2, 0, 3, 4]);
    expect(Array.from(b.mask)).toEqual([1, 1, 1, 1, 1, 1, /**/ 1, 1, 1, 1, 1]);
    expect(Array.from(b.docStarts)).toEqual([0, 6, 11]);
  });

  it('masks prompt targets when training on responses only', () => {
    const b = packBatch(corpus, [1, 0, 1], true);
    // The '\n' input predicts the first response char; the closing BOS target counts.
    expect(Array.from(b.mask)).toEqual([0, 0, 1, 1, 1, 1, /**/ 0, 0, 0, 1, 1, /**/ 0, 0, 1, 1, 1, 1]);
    expect(Array.from(b.docStarts)).toEqual([0, 6, 11, 17]);
    for (let i = 0; i < b.mask.length; i++) {
      if (b.mask[i]) expect(b.targets[i] === vocab.bos || b.tokens[i] !== vocab.bos).toBe(true);
    }
  });

  it('handles an empty selection and refuses unknown documents', () => {
    const b = packBatch(corpus, [], true);
    expect(b.tokens.length).toBe(0);
    expect(Array.from(b.docStarts)).toEqual([0]);
    expect(() => packBatch(corpus, [2], false)).toThrow(/document index 2 is outside the corpus/);
  });
});
