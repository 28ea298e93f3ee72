// Character vocabulary: id order, BOS placement, and errors that never map silently.
import { describe, expect, it } from 'vitest';
import { Vocab, VocabError } from '../../worker/model/vocab.ts';
import { caught } from '../helpers/errors.ts';

describe('Vocab.fromCorpus', () => {
  const v = Vocab.fromCorpus('ab\nba\n\ncab\nc b');

  it('sorts distinct characters by code unit and puts BOS last', () => {
    expect(v.chars).toBe('\n abc');
    expect(v.size).toBe(6);
    expect(v.bos).toBe(5);
    expect(v.newline).toBe(0);
    expect(v.idOf(' ')).toBe(1);
    expect(v.idOf('z')).toBe(-1);
  });

  it('encodes and decodes; BOS decodes to nothing', () => {
    const ids = v.encode('cab\nb');
    expect(Array.from(ids)).toEqual([4, 2, 3, 0, 3]);
    expect(v.decode(ids)).toBe('cab\nb');
    expect(v.decode([v.bos, 2, 3, v.bos])).toBe('ab');
  });

  it('rebuilds the same vocabulary from its chars', () => {
    const w = Vocab.fromChars(v.chars);
    expect(w.size).toBe(v.size);
    expect(Array.from(w.encode('a b\nc'))).toEqual(Array.from(v.encode('a b\nc')));
  });

  it('rejects non-printing characters and characters outside the BMP', () => {
    expect(() => Vocab.fromCorpus('a\tb\nc')).toThrow(/U\+0009 at index 1 is a non-printing character/);
    expect(() => Vocab.fromCorpus('a\r\nb')).toThrow(/carriage return/);
    const e = caught(() => Vocab.fromCorpus('ab\n😀'));
    expect(e).toBeInstanceOf(VocabError);
    expect((e as VocabError).message).toMatch(/'😀' \(U\+1F600\) at index 3 is outside the Basic Multilingual Plane/);
  });

  it('requires a newline and at least one character', () => {
    expect(() => Vocab.fromCorpus('abc')).toThrow(/no '\\n'/);
    expect(() => Vocab.fromCorpus('')).toThrow(/empty/);
  });

  it('refuses duplicate characters in a stored vocabulary', () => {
    expect(() => Vocab.fromChars('\naba')).toThrow(/'a' \(U\+0061\) appears twice/);
  });
});

describe('Vocab.encode errors', () => {
  const v = Vocab.fromCorpus('abc\nabc');

  it('names the out-of-vocabulary prompt character, its code and index', () => {
    const e = caught(() => v.encode('abcZ'));
    expect(e).toBeInstanceOf(VocabError);
    expect((e as VocabError).message).toBe(
      "prompt character 'Z' (U+005A) at index 3 is not in this model's vocabulary",
    );
    expect((e as VocabError).char).toBe('Z');
    expect((e as VocabError).index).toBe(3);
  });

  it('uses the caller label and shows non-printing characters by code only', () => {
    expect(() => v.encode('a\tb', 'board')).toThrow(
      "board character U+0009 at index 1 is not in this model's vocabulary",
    );
  });

  it('rejects ids outside the vocabulary when decoding', () => {
    expect(() => v.decode([0, 9])).toThrow(RangeError);
    expect(() => v.decode([-1])).toThrow(/outside this vocabulary/);
  });
});
