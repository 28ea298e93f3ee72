// Why people want a step (language/purposes.ts): four purposes for every primitive, none with a
// number, a primitive's name or a word that names an operation, so that a purpose never asks for
// a step; and the corpus with purposes gives them to known intents, of one of their steps, and
// to unknown concepts alike, the plan unchanged.
import { describe, expect, it } from 'vitest';
import { PURPOSES, withPurpose } from '../../worker/compose/language/purposes.ts';
import { buildComposeCorpus } from '../../corpus/compose.ts';
import { COMPOSE_LIBRARY as LIB } from '../../worker/compose/library.ts';
import { Rng } from '../../worker/games/rng.ts';

/** Words that name an operation of the library: the rules the purposes were written under. */
const OPERATION_WORDS = [
  'mean', 'average', 'sum', 'total', 'maximum', 'max', 'minimum', 'min', 'count', 'difference', 'derivative', 'smooth',
  'filter', 'normalise', 'normalize', 'standardise', 'standardize', 'window', 'spectrum', 'transform', 'fourier', 'fft',
  'cumulative', 'running', 'rolling', 'sort', 'clip', 'square', 'root', 'log', 'median', 'percentile', 'variance',
  'deviation', 'correlation', 'integral', 'index',
];

describe('purposes', () => {
  it('are four a primitive, for every primitive of the library and no other', () => {
    expect(Object.keys(PURPOSES).sort()).toEqual(LIB.primitives.map((p) => p.name).sort());
    for (const [name, purposes] of Object.entries(PURPOSES)) {
      expect(purposes, name).toHaveLength(4);
      expect(new Set(purposes).size, name).toBe(4);
    }
  });

  it('say no number, no primitive name and no word that names an operation', () => {
    const names = LIB.primitives.map((p) => p.name);
    for (const purpose of Object.values(PURPOSES).flat()) {
      expect(purpose).toMatch(/^[a-z' ,;:.()!?/-]+$/);
      expect(purpose.length).toBeLessThanOrEqual(60);
      const words = purpose.split(/[^a-z']+/);
      expect(words.filter((w) => OPERATION_WORDS.includes(w) || names.includes(w)), purpose).toEqual([]);
    }
  });

  it('follow the request', () => {
    const rng = new Rng('tests/purposes');
    const said = Array.from({ length: 200 }, () => withPurpose('median filter the trace', 'median_filter', rng));
    expect(said.every((s) => s.startsWith('median filter the trace') && PURPOSES.median_filter.some((p) => s.endsWith(p)))).toBe(true);
    expect(new Set(said).size).toBeGreaterThan(8);
    expect(() => withPurpose('x', 'no_such_step', rng)).toThrow(/no purposes for "no_such_step"/);
  });

  it('come to known intents, of one of their steps, and to unknown concepts alike in the corpus', () => {
    const purposes = Object.entries(PURPOSES).flatMap(([name, ps]) => ps.map((p) => [p, name] as const));
    const corpus = buildComposeCorpus(LIB, { seed: 5, language: 'families', purposes: 40, plannerDocs: 4_000, wiringDocs: 10, singleDocs: 10 });
    const docs = corpus.planner.split('\n\n').map((d) => d.split('\n'));
    // the longest purpose a prompt holds (one may hold another: "to get rid of the negative signs")
    const purposeIn = (prompt: string) => purposes.filter(([p]) => prompt.includes(p)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];
    const withOne = docs.map(([prompt, plan]) => ({ plan, of: purposeIn(prompt) })).filter((d) => d.of !== undefined);
    const known = withOne.filter((d) => d.plan !== 'none');
    expect(known.length).toBeGreaterThan(500);
    // a purpose is of a step the plan has (a replan's prompt has none)
    expect(known.filter((d) => !d.plan.split('|').some((step) => step.replace(/\(.*/, '') === d.of))).toEqual([]);
    expect(withOne.filter((d) => d.plan === 'none').length).toBeGreaterThan(20);
    // without the option, no purpose: the shipped corpora are the bytes they were
    const plain = buildComposeCorpus(LIB, { seed: 5, language: 'families', plannerDocs: 4_000, wiringDocs: 10, singleDocs: 10 });
    expect(purposes.some(([p]) => plain.planner.includes(p))).toBe(false);
  });
});
