// The subword vocabulary (issue 52, item 1): deterministic training, every alphabet character a
// unit, round trips, refusals, protected words, and no merge across '\n' or a separator.
import { describe, expect, it } from 'vitest';
import { isWordCode, SubwordVocab } from '../../worker/model/subword.ts';
import { Vocab, VocabError } from '../../worker/model/vocab.ts';
import { corpusTokenizer, encodeDocuments, normalizeCorpus, parseCorpus } from '../../worker/corpus/documents.ts';

// planner-like documents: intents over a kanban, answered by plans of primitive names
const DOCS: [string, string][] = [
  ['compute the arithmetic mean of the signal|blocked=', 'mean'],
  ['find the mean squared deviation of x|blocked=', 'variance'],
  ['return the middle value of the data|blocked=', 'median'],
  ['return the percentile 95 value of my data|blocked=percentile(low_conf)', 'none'],
  ['apply a rolling mean to my signal with a window of 6 and then compute the squared norm of that|blocked=', 'rolling_mean(6)|energy'],
  ['take a moving std of the array over 18 points|blocked=', 'rolling_std(18)'],
  ['tracking the maximum of the samples over a window of 13 followed by applying tanh to it|blocked=', 'rolling_max(13)|tanh_values'],
  ['reutrn the range of my signal|blocked=', 'value_range'],
  ['compute the rolling mean of the signal over 4 points|blocked=', 'rolling_mean(4)'],
  ['shift the series up by 0.5 before taking the mean|blocked=', 'add_constant(0.5)|mean'],
  ['smooth the data with a window of 5, then differentiate|blocked=', 'rolling_mean(5)|diff'],
  ['compute the minimum of the signal|blocked=', 'minimum'],
];
const CORPUS = DOCS.map(([p, r]) => `${p}\n${r}`).join('\n\n');
const docs = parseCorpus(CORPUS);
const pieces = docs.flatMap((d) => [d.prompt, d.response]);
const PROTECTED = ['rolling_mean', 'low_conf', 'tanh_values'];

function train(vocabSize: number, protectedWords: readonly string[] = [], from: readonly string[] = pieces): SubwordVocab {
  return SubwordVocab.train(CORPUS, from, { vocabSize, protected: protectedWords });
}

/** A deterministic shuffle (LCG), so the test itself is the same on every run. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('training', () => {
  it('gives the same vocabulary twice, and whatever order the documents come in', () => {
    const a = train(120, PROTECTED);
    const b = train(120, PROTECTED);
    expect(b.spec).toEqual(a.spec);
    expect(a.merges.length).toBeGreaterThan(20);
    // another order of documents (and of protected words) fills every Map in another order
    for (const seed of [1, 2, 3]) {
      const c = train(120, shuffled(PROTECTED, seed), shuffled(pieces, seed));
      expect(c.spec, `documents shuffled with seed ${seed}`).toEqual(a.spec);
    }
    expect(train(120, PROTECTED, [...pieces].reverse()).spec).toEqual(a.spec);
  });

  it('breaks a tie of counts by the smaller (left, right) ids, not by which pair came first', () => {
    // "zy" and "ba" occur twice each ('|' parts them); 'a' < 'b' < 'y' < 'z', so (b, a) is
    // merged first, then (z, y), whichever comes first in the text
    for (const text of ['zy|ba\nzy|ba', 'ba|zy\nba|zy']) {
      const [prompt, response] = text.split('\n');
      const v = SubwordVocab.train(text, [prompt, response], { vocabSize: 64 });
      const id = (c: string) => v.idOf(c);
      expect(v.merges.slice(0, 2), text).toEqual([
        [id('b'), id('a')],
        [id('z'), id('y')],
      ]);
    }
  });

  it('stops when no pair occurs twice, and refuses a vocabulary smaller than its alphabet', () => {
    const full = train(10_000);
    expect(full.size).toBeLessThan(10_000);
    expect(train(full.size + 50).spec).toEqual(full.spec);
    const alphabet = Vocab.fromCorpus(normalizeCorpus(CORPUS)).chars.length;
    expect(() => train(alphabet)).toThrow(`subword vocabSize ${alphabet} is smaller than the alphabet (${alphabet}) + protected words (0) + BOS`);
    expect(train(alphabet + 1).size).toBe(alphabet + 1); // the alphabet and BOS, no merges
  });

  it('never merges across the prompt/answer boundary or a separator, nor two words', () => {
    const v = train(10_000);
    const A = v.chars.length;
    for (const unit of v.spec.units) {
      expect(unit).not.toContain('\n');
      // a merged unit is a word with at most one space before it: no '|', '=', '(', ',', '.', ...
      expect(unit, `unit ${JSON.stringify(unit)}`).toMatch(/^ ?[\p{L}\p{N}_]+$/u);
    }
    expect(v.size).toBe(A + v.merges.length + 1);
    // the separators of the planner prompt stay one unit each, wherever they stand
    const ids = v.encode('rolling_mean(6)|energy');
    const texts = Array.from(ids, (id) => v.decode([id]));
    for (const sep of ['(', ')', '|']) expect(texts).toContain(sep);
  });
});

describe('word characters', () => {
  it('are a fixed rule, not the engine\'s Unicode tables: ASCII letters, digits, _, and later scripts', () => {
    const word = (c: string) => isWordCode(c.charCodeAt(0));
    for (const c of ['a', 'Z', '0', '9', '_', 'é', 'ß', 'Ω', 'ж', '中']) expect(word(c), c).toBe(true);
    for (const c of [' ', '\n', '|', '=', '(', ')', ',', '.', '-', ':', '\u00a0', '«', '°', '×', '÷', '–', '…', '\u2019']) expect(word(c), c).toBe(false);
  });
});

describe('encoding', () => {
  const v = train(160, PROTECTED);

  it('round-trips every document of the corpus, in fewer units than characters', () => {
    let chars = 0;
    let units = 0;
    for (const d of docs) {
      for (const text of [d.prompt, d.response]) {
        const ids = v.encode(text);
        expect(v.decode(ids)).toBe(text);
        chars += text.length;
        units += ids.length;
      }
    }
    expect(units).toBeLessThan(chars / 2);
  });

  it('encodes every alphabet character alone, as its own unit, with BOS last', () => {
    for (let i = 0; i < v.chars.length; i++) {
      const c = v.chars[i];
      expect(Array.from(v.encode(c)), JSON.stringify(c)).toEqual([i]);
      expect(v.decode([i])).toBe(c);
    }
    expect(v.bos).toBe(v.size - 1);
    expect(v.decode([v.bos])).toBe('');
    expect(Array.from(v.encode('\n'))).toEqual([v.newline]);
  });

  it('encodes a typo in smaller pieces, never refusing it', () => {
    const right = v.encode('compute the rolling mean of the signal');
    const typo = v.encode('cmopute the rollign mean of the sginal');
    expect(v.decode(typo)).toBe('cmopute the rollign mean of the sginal');
    expect(typo.length).toBeGreaterThan(right.length);
  });

  it('refuses a character outside the alphabet, naming it and where it stands', () => {
    expect(() => v.encode('mean of Z')).toThrow("prompt character 'Z' (U+005A) at index 8 is not in this model's vocabulary");
    let caught: unknown;
    try {
      v.encode('meanZ', 'answer');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(VocabError);
    expect((caught as VocabError).char).toBe('Z');
    expect((caught as VocabError).message).toMatch(/^answer character 'Z'/);
    expect(() => v.decode([v.size])).toThrow(/outside this vocabulary/);
  });

  it('keeps protected words one unit where they stand whole, and only there', () => {
    const P = v.chars.length;
    const unit = (w: string) => P + v.protectedWords.indexOf(w);
    expect(v.protectedWords).toEqual([...PROTECTED].sort());
    expect(Array.from(v.encode('rolling_mean'))).toEqual([unit('rolling_mean')]);
    const plan = Array.from(v.encode('rolling_mean(6)|tanh_values'));
    expect(plan[0]).toBe(unit('rolling_mean'));
    expect(plan[plan.length - 1]).toBe(unit('tanh_values'));
    expect(Array.from(v.encode('percentile(low_conf)'))).toContain(unit('low_conf'));
    // inside a longer word it is not the protected unit
    for (const text of ['rolling_means', 'xrolling_mean', 'low_confs']) {
      expect(Array.from(v.encode(text)), text).not.toContain(unit(text.includes('low') ? 'low_conf' : 'rolling_mean'));
      expect(v.decode(v.encode(text))).toBe(text);
    }
    expect(() => train(200, ['rolling\nmean'])).toThrow(/'\\n' \(U\+000A\) is '\\n', the prompt\/answer boundary/);
    expect(() => train(200, ['meanZ'])).toThrow(/'Z' \(U\+005A\) is not in the corpus alphabet/);
  });

  it('rebuilds from its file form, and refuses a file form whose parts disagree', () => {
    const back = SubwordVocab.fromSpec(v.chars, v.spec);
    expect(back.spec).toEqual(v.spec);
    expect(Array.from(back.encode(DOCS[4][0]))).toEqual(Array.from(v.encode(DOCS[4][0])));
    const spec = v.spec;
    const P = spec.protected.length;
    const badUnit = { ...spec, units: spec.units.map((u, i) => (i === P + 3 ? u + 'x' : u)) };
    expect(() => SubwordVocab.fromSpec(v.chars, badUnit)).toThrow(/unit \d+ is ".*x" but its merge gives/);
    const forward = { ...spec, merges: spec.merges.map((m, j) => (j === 0 ? ([m[0], v.size] as [number, number]) : m)) };
    expect(() => SubwordVocab.fromSpec(v.chars, forward)).toThrow(/merge 0 .* must join two units with ids below/);
    const unsorted = { ...spec, protected: [...spec.protected].reverse() };
    expect(() => SubwordVocab.fromSpec(v.chars, unsorted)).toThrow(/protected words are not sorted and distinct/);
  });
});

describe('corpus encoding', () => {
  it('encodes documents in units: BOS, prompt, \\n, response, BOS, with the prompt length in units', () => {
    const v = corpusTokenizer(CORPUS, docs, { kind: 'subword', vocabSize: 160, protected: PROTECTED });
    expect(v.kind).toBe('subword');
    const c = encodeDocuments(docs, v, 128);
    for (let d = 0; d < docs.length; d++) {
      const seq = c.tokens.subarray(c.offsets[d], c.offsets[d + 1]);
      const p = v.encode(docs[d].prompt);
      expect(seq[0]).toBe(v.bos);
      expect(seq[seq.length - 1]).toBe(v.bos);
      expect(c.promptLens[d]).toBe(1 + p.length);
      expect(seq[c.promptLens[d]]).toBe(v.newline);
      expect(v.decode(seq.subarray(1, c.promptLens[d]))).toBe(docs[d].prompt);
      expect(v.decode(seq.subarray(c.promptLens[d] + 1))).toBe(docs[d].response);
    }
    // the char default is the char vocabulary, as before
    expect(corpusTokenizer(CORPUS, docs)).toBeInstanceOf(Vocab);
  });
});

describe('merge dropout (training documents only)', () => {
  const opts = { kind: 'subword' as const, vocabSize: 160, protected: PROTECTED };
  const plain = corpusTokenizer(CORPUS, docs, opts) as SubwordVocab;
  const dropped = corpusTokenizer(CORPUS, docs, { ...opts, mergeDropout: 0.3 }) as SubwordVocab;

  it('learns the same merges, and cuts a prompt at run time as without it', () => {
    expect(dropped.merges).toEqual(plain.merges);
    for (const d of docs) expect(Array.from(dropped.encode(d.prompt))).toEqual(Array.from(plain.encode(d.prompt)));
  });

  it('cuts training documents into more, smaller units that decode to the same text, the same for the same seed', () => {
    const a = encodeDocuments(docs, dropped, 256, { seed: 7 });
    const again = encodeDocuments(docs, dropped, 256, { seed: 7 });
    const other = encodeDocuments(docs, dropped, 256, { seed: 8 });
    const whole = encodeDocuments(docs, plain, 256, { seed: 7 });
    expect(Array.from(again.tokens)).toEqual(Array.from(a.tokens));
    expect(Array.from(other.tokens)).not.toEqual(Array.from(a.tokens));
    expect(a.tokens.length).toBeGreaterThan(whole.tokens.length);
    for (let d = 0; d < docs.length; d++) {
      const seq = a.tokens.subarray(a.offsets[d], a.offsets[d + 1]);
      expect(dropped.decode(seq.subarray(1, a.promptLens[d]))).toBe(docs[d].prompt);
      expect(dropped.decode(seq.subarray(a.promptLens[d] + 1))).toBe(docs[d].response);
    }
    // protected words stay whole: every answer's primitive name is still one unit
    const rolling = dropped.encode('rolling_mean')[0];
    expect(Array.from(a.tokens.subarray(a.offsets[4], a.offsets[5]))).toContain(rolling);
    // without a seed (a loss measured) every document is cut as a prompt is
    expect(Array.from(encodeDocuments(docs, dropped, 256).tokens)).toEqual(Array.from(whole.tokens));
  });

  it('is kept in the file form, and a probability outside [0, 1) is refused', () => {
    expect(dropped.spec.mergeDropout).toBe(0.3);
    expect('mergeDropout' in plain.spec).toBe(false);
    expect(SubwordVocab.fromSpec(dropped.chars, dropped.spec).mergeDropout).toBe(0.3);
    expect(() => SubwordVocab.fromSpec(dropped.chars, { ...dropped.spec, mergeDropout: 1 })).toThrow(/merge dropout must be a number in \[0, 1\), got 1/);
    expect(() => corpusTokenizer(CORPUS, docs, { ...opts, mergeDropout: -0.1 })).toThrow(/merge dropout/);
  });
});
