// What people say beside a request (language/asides.ts): no aside says a word the library's
// steps are said with, so an aside never asks for a step; a restatement says the same step again
// with the same values; and the corpus with asides gives them to known and unknown intents alike
// and keeps a step said twice as one step.
import { describe, expect, it } from 'vitest';
import { asideWords, restated, withAside } from '../../worker/compose/language/asides.ts';
import { buildComposeCorpus, phraseWords } from '../../corpus/compose.ts';
import { sayAgain } from '../../corpus/compose-families.ts';
import { DESCRIPTIONS } from '../../worker/compose/language/descriptions.ts';
import { COMPOSE_LIBRARY as LIB } from '../../worker/compose/library.ts';
import { Rng } from '../../worker/games/rng.ts';

/** Words any sentence says, a step's words or not. */
const FUNCTION_WORDS = new Set(['a', 'all', 'as', 'by', 'do', 'does', 'for', 'from', 'how', 'i', 'in', 'into', 'is', 'it', 'like', 'not', 'on', 'or', 'so', 'that', 'the', 'to']);

function stepWords(): Set<string> {
  const words = new Set(phraseWords(LIB.primitives));
  for (const d of Object.values(DESCRIPTIONS)) {
    const forms = [...d.describe.flatMap((p) => [p.verb, p.gerund, p.noun]), ...d.ask, ...d.bare, ...d.code];
    for (const f of forms) for (const w of f.replace(/\{[^}]+\}/g, ' ').toLowerCase().split(/[^a-z']+/)) if (w) words.add(w);
  }
  return words;
}

describe('asides', () => {
  it('say no word a step is said with, function words aside', () => {
    const steps = stepWords();
    expect(asideWords().length).toBeGreaterThan(80);
    expect(asideWords().filter((w) => steps.has(w) && !FUNCTION_WORDS.has(w))).toEqual([]);
  });

  it('go after a request or before it, with the things named', () => {
    const rng = new Rng('tests/asides');
    const said = Array.from({ length: 400 }, () => withAside('take the mean of x', rng, ['glucose']));
    expect(said.every((s) => s.includes('take the mean of x'))).toBe(true);
    expect(said.some((s) => s.startsWith('take the mean of x') && s.length > 'take the mean of x'.length)).toBe(true);
    expect(said.some((s) => s.endsWith('take the mean of x'))).toBe(true);
    expect(said.every((s) => !/[{}]/.test(s))).toBe(true);
    expect(said.some((s) => s.includes('glucose'))).toBe(true);
  });

  it('say a step again with its own values', () => {
    const rng = new Rng('tests/asides/again');
    const again = sayAgain(rng, LIB, { name: 'rolling_mean', args: [7] });
    expect(again).not.toBeNull();
    expect(again).not.toMatch(/\{/);
    // a number said again is the step's own: no draw says another
    const numbers = Array.from({ length: 60 }, () => sayAgain(rng, LIB, { name: 'rolling_mean', args: [7] })!.match(/\d+/g) ?? []).flat();
    expect(numbers.length).toBeGreaterThan(0);
    expect(new Set(numbers)).toEqual(new Set(['7']));
    expect(restated('the running total of x', 'the cumulative sum', rng)).toMatch(/^the running total of x\W.*the cumulative sum\)?$/);
  });

  it('come to known and unknown intents alike in the corpus, and a step said twice stays one step', () => {
    const corpus = buildComposeCorpus(LIB, { seed: 5, language: 'families', asides: 30, restatements: 50, plannerDocs: 6_000, wiringDocs: 10, singleDocs: 10 });
    const docs = corpus.planner.split('\n\n').map((d) => d.split('\n'));
    const withAnAside = docs.filter(([prompt]) => /so i can |my (teacher|boss|manager|colleague) |thanks in advance/.test(prompt));
    expect(withAnAside.filter(([, plan]) => plan === 'none').length).toBeGreaterThan(10);
    expect(withAnAside.filter(([, plan]) => plan !== 'none').length).toBeGreaterThan(100);
    const twice = docs.filter(([prompt]) => /, i\.e\. |, in plain words |, aka /.test(prompt) && !prompt.includes(' then '));
    expect(twice.length).toBeGreaterThan(50);
    expect(twice.filter(([, plan]) => plan.includes('|')).length / twice.length).toBeLessThan(0.05);
  });
});
