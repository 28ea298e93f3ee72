// The Planner corpus with sentence families (corpus/compose.ts language 'families',
// compose-families.ts): every family is there, every document's plan is one the library can
// run, and it holds nothing held out: no evaluation intent, no held-out pair, no test set's
// unknown word, no held-out template marker or filler (the build refuses those), and no intent
// typed by hand (docs/intents).
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildComposeCorpus, evaluationIntents, type ComposeCorpus } from '../../corpus/compose.ts';
import { respell } from '../../worker/compose/language/respell.ts';
import { COMPOSE_LIBRARY as LIB } from '../../worker/compose/library.ts';
import { parsePlan } from '../../worker/compose/plan.ts';
import { holdsOutPair } from '../../worker/compose/splits.ts';
import { TEST_UNKNOWN_WORDS } from '../../worker/compose/language/oov.ts';
import { intentKey } from '../../worker/compose/language/intent-key.ts';
import { Rng } from '../../worker/games/rng.ts';
import { SENTENCE_FAMILIES, withoutObject } from '../../corpus/compose-families.ts';

let corpus: ComposeCorpus;
let docs: { intent: string; plan: string }[];
beforeAll(() => {
  corpus = buildComposeCorpus(LIB, { seed: 7, plannerDocs: 8_000, wiringDocs: 10, singleDocs: 10, language: 'families' });
  docs = corpus.planner.split('\n\n').map((d) => {
    const [prompt, plan] = d.split('\n');
    return { intent: prompt.slice(0, prompt.lastIndexOf('|blocked=')), plan };
  });
}, 120_000);

describe("the Planner corpus's sentence families", () => {
  it('holds every family beside the table\'s sentences, and the table\'s share stays', () => {
    const kinds = corpus.stats.plannerByKind;
    for (const family of SENTENCE_FAMILIES) expect(kinds[family] ?? 0, family).toBeGreaterThan(200);
    expect(kinds.clean + kinds.noisy).toBeGreaterThan(1_500);
    expect(kinds.unknown).toBeGreaterThan(600);
  });

  it('plans only what the library runs, through no held-out pair', () => {
    for (const d of docs) {
      const plan = parsePlan(d.plan, LIB.lookup);
      expect(plan.ok, `${d.intent} -> ${d.plan}`).toBe(true);
      if (plan.ok && 'composition' in plan) expect(holdsOutPair(plan.composition), d.plan).toBe(false);
    }
  });

  it('holds no evaluation intent, no test set\'s unknown word, no intent typed by hand', () => {
    const held = new Set([...evaluationIntents(LIB)].map(intentKey));
    const typed = new Set(readdirSync('docs/intents').filter((f) => f.endsWith('.tsv')).flatMap((f) =>
      readFileSync(`docs/intents/${f}`, 'utf8').split('\n').filter((l) => l.includes('\t') && !l.startsWith('#')).map((l) => intentKey(l.split('\t')[0]))));
    const testWord = new RegExp(`\\b(?:${TEST_UNKNOWN_WORDS.join('|')})\\b`, 'i');
    for (const d of docs) {
      expect(held.has(intentKey(d.intent)), d.intent).toBe(false);
      expect(typed.has(intentKey(d.intent)), d.intent).toBe(false);
      expect(testWord.test(d.intent), d.intent).toBe(false);
    }
  });
});

describe('respell', () => {
  it('swaps a word for another of its family, the same way for the same seed', () => {
    const text = 'compute the largest value of the signal';
    const seen = new Set<string>();
    for (let k = 0; k < 40; k++) seen.add(respell(text, new Rng(`respell/${k}`), 1));
    expect(seen.size).toBeGreaterThan(5);
    for (const s of seen) expect(s).toMatch(/^(calculate|compute|work out|determine|find|get|obtain|measure|evaluate) the (largest|biggest|greatest|highest) value of the signal$/);
    expect(respell(text, new Rng('respell/same'), 1)).toBe(respell(text, new Rng('respell/same'), 1));
  });

  it('spells -ize as -ise some of the time, and leaves a sentence of no family alone', () => {
    const spelled = new Set(Array.from({ length: 20 }, (_, k) => respell('normalize it', new Rng(`ise/${k}`), 0)));
    expect(spelled).toEqual(new Set(['normalize it', 'normalise it']));
    expect(respell('apply relu to x', new Rng('none'), 1)).toBe('apply relu to x');
  });
});

describe('withoutObject', () => {
  it('leaves the object out of a verb form with the word that introduces it, and nothing else', () => {
    expect(withoutObject('smooth {x} over {p0} points')).toBe('smooth over {p0} points');
    expect(withoutObject('take the absolute value of {x}')).toBe('take the absolute value');
    expect(withoutObject('apply relu to {x}')).toBe('apply relu');
    expect(withoutObject('count how many samples of {x} exceed {p0}')).toBe('count how many samples exceed {p0}');
    expect(withoutObject('negate {x}')).toBe('negate');
    expect(withoutObject('rectify the values')).toBe('rectify the values');
  });
});
