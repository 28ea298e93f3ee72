// The Compose lexicon (worker/compose/language/lexicon.ts) is what `organelle corpus lexicon`
// builds from WordNet 3.1 and the curated families, and the hashes of the intents typed by hand
// (typed-keys.ts) are those of every file in docs/intents: a family changed by hand, or a file
// added without them, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildLexicon, gerund, lexiconSource, plural, superlative } from '../../corpus/lexicon/build.ts';
import { typedKeysSource } from '../../corpus/lexicon/typed-keys.ts';
import { WordNet } from '../../corpus/lexicon/wordnet.ts';
import { LEXICON } from '../../worker/compose/language/lexicon.ts';
import { buildDistractors, distractorsSource, generatorWords, heldOutWords, NOT_DISTRACTORS } from '../../corpus/lexicon/distractors.ts';
import { DISTRACTORS } from '../../worker/compose/language/distractors.ts';
import { buildComposeCorpus, DEFAULT_COMPOSE_CORPUS, FAMILIES_COMPOSE_CORPUS, READER_COMPOSE_CORPUS } from '../../corpus/compose.ts';
import { buildDataNouns, dataNounsSource, NOT_DATA_NOUNS } from '../../corpus/lexicon/data-nouns.ts';
import { DATA_NOUNS } from '../../worker/compose/language/data-nouns.ts';
import { alignmentEvidence, trainAlignment } from '../../corpus/compose-alignment.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';

const wordnet = new WordNet();
// the words of the generator's own sentences, which neither word list may hold (built once: it builds a corpus)
const generator = generatorWords();

describe('WordNet 3.1', () => {
  it('reads a lemma\'s synsets, most frequent sense first, with their lemmas and gloss', () => {
    const [first] = wordnet.synsets('calculate', 'v');
    expect(first.lemmas).toContain('compute');
    expect(first.gloss).toMatch(/calculation/);
    expect(wordnet.synsets('no such lemma', 'n')).toEqual([]);
  });
});

describe('the lexicon', () => {
  it('is what corpus/lexicon/build.ts builds (organelle corpus lexicon)', () => {
    const built = lexiconSource(buildLexicon(wordnet), wordnet.version);
    expect(readFileSync(new URL('../../worker/compose/language/lexicon.ts', import.meta.url), 'utf8')).toBe(built);
  });

  it('draws each family from WordNet, with what was added by hand named apart', () => {
    for (const family of LEXICON) {
      expect(family.members.length, family.id).toBeGreaterThanOrEqual(2);
      expect(family.from.wordnet.length, family.id).toBeGreaterThanOrEqual(1);
    }
    const largest = LEXICON.find((f) => f.id === 'largest')!;
    expect(largest.members).toEqual(expect.arrayContaining(['largest', 'biggest', 'highest']));
  });

  it('gives no word to two families (a swap would change the step)', () => {
    const owner = new Map<string, string>();
    for (const family of LEXICON) {
      for (const member of family.members.flatMap((m) => m.split('/'))) {
        expect(owner.get(member), `${member} in ${family.id}`).toBeUndefined();
        owner.set(member, family.id);
      }
    }
  });

  it('inflects as English does', () => {
    expect(['large', 'big', 'tiny', 'low', 'great'].map(superlative)).toEqual(['largest', 'biggest', 'tiniest', 'lowest', 'greatest']);
    expect(['sample', 'entry', 'data point', 'index'].map(plural)).toEqual(['samples', 'entries', 'data points', 'indexes']);
    expect(['compute', 'get', 'work out', 'smooth'].map(gerund)).toEqual(['computing', 'getting', 'working out', 'smoothing']);
  });
});

describe('the intents typed by hand, as hashes', () => {
  it('are those of every file in docs/intents (organelle corpus lexicon writes them)', () => {
    const { source } = typedKeysSource(new URL('../../docs/intents/', import.meta.url).pathname);
    expect(readFileSync(new URL('../../worker/compose/language/typed-keys.ts', import.meta.url), 'utf8')).toBe(source);
  });
});

describe('the distractor adverbs', () => {
  it('are what corpus/lexicon/distractors.ts builds from WordNet (organelle corpus lexicon)', () => {
    expect(readFileSync(new URL('../../worker/compose/language/distractors.ts', import.meta.url), 'utf8')).toBe(distractorsSource(buildDistractors(wordnet, generator), wordnet.version));
    expect(DISTRACTORS.length).toBeGreaterThan(500);
  });

  it('hold no word of the generator\'s sentences, of the held-out sets or of the words kept out by hand', () => {
    const kept = new Set([...generator, ...heldOutWords(), ...NOT_DISTRACTORS]);
    expect(DISTRACTORS.filter((w) => kept.has(w))).toEqual([]);
    expect(heldOutWords()).toEqual(expect.arrayContaining(['please', 'once', 'kurtosis']));
    expect(DISTRACTORS).toEqual(expect.arrayContaining(['honestly', 'carefully']));
  });

  it('are scattered through a Planner corpus only when asked, in about the share asked for', () => {
    const small = { ...DEFAULT_COMPOSE_CORPUS, plannerDocs: 3_000, wiringDocs: 10, singleDocs: 10 };
    const words = new Set(DISTRACTORS);
    const share = (planner: string) => {
      const prompts = planner.split('\n\n').map((d) => d.slice(0, d.indexOf('|blocked=')));
      return prompts.filter((p) => p.split(/[^a-z]+/).some((w) => words.has(w))).length / prompts.length;
    };
    expect(share(buildComposeCorpus(COMPOSE_LIBRARY, small).planner)).toBe(0);
    const distracted = buildComposeCorpus(COMPOSE_LIBRARY, { ...small, distractors: 30 }).planner;
    expect(share(distracted)).toBeGreaterThan(0.2);
    expect(share(distracted)).toBeLessThan(0.4);
  });
});

describe('the data nouns', () => {
  it('are what corpus/lexicon/data-nouns.ts builds from WordNet (organelle corpus lexicon)', () => {
    expect(readFileSync(new URL('../../worker/compose/language/data-nouns.ts', import.meta.url), 'utf8')).toBe(dataNounsSource(buildDataNouns(wordnet, generator), wordnet.version));
    expect(DATA_NOUNS.length).toBeGreaterThan(1_000);
  });

  it('are things of the physical world, never a word of the generator\'s sentences, of the held-out sets or a person', () => {
    const kept = new Set([...generator, ...heldOutWords(), ...NOT_DATA_NOUNS]);
    expect(DATA_NOUNS.filter((w) => kept.has(w))).toEqual([]);
    expect(DATA_NOUNS).toEqual(expect.arrayContaining(['urine', 'oak', 'engine']));
    // abstractions (words for what is done), verbs in use and people are not data nouns
    for (const w of ['trend', 'forecast', 'rank', 'decline', 'pump', 'drain', 'teacher', 'idiot']) expect(DATA_NOUNS).not.toContain(w);
  });

  it("name the data in the Readers' corpus only, in known and unknown concepts' documents alike", () => {
    const small = { plannerDocs: 4_000, wiringDocs: 10, singleDocs: 10 };
    const nouns = new Set(DATA_NOUNS);
    const named = (planner: string, answer: (a: string) => boolean) => {
      const docs = planner.split('\n\n').map((d) => d.split('\n')).filter(([, a]) => answer(a));
      return docs.filter(([p]) => p.split(/[^a-z]+/).some((w) => nouns.has(w))).length / docs.length;
    };
    expect(named(buildComposeCorpus(COMPOSE_LIBRARY, { ...FAMILIES_COMPOSE_CORPUS, ...small }).planner, () => true)).toBe(0);
    const readers = buildComposeCorpus(COMPOSE_LIBRARY, { ...READER_COMPOSE_CORPUS, ...small }).planner;
    expect(named(readers, (a) => a !== 'none')).toBeGreaterThan(0.1);
    expect(named(readers, (a) => a === 'none')).toBeGreaterThan(0.05);
  });
});

describe('IBM Model 1 evidence', () => {
  it('counts a word for a step only when the corpus shows it saying the step often enough', () => {
    // "zork" is met twice, both times in a plan of mean: a coincidence, however high its t
    const docs = [
      ...Array.from({ length: 30 }, () => 'the average of x|blocked=\nmean'),
      ...Array.from({ length: 30 }, () => 'the largest of x|blocked=\nmaximum'),
      'the average of the zork readings|blocked=\nmean',
      'the average of my zork data|blocked=\nmean',
    ].join('\n\n');
    const evidence = alignmentEvidence(trainAlignment(docs), 1.5);
    expect(evidence.steps.get('mean')!.has('average')).toBe(true);
    expect(evidence.steps.get('mean')!.has('zork')).toBe(false);
    expect(alignmentEvidence(trainAlignment(docs), 1.5, 1).steps.get('mean')!.has('zork')).toBe(true);
  });
});

describe("the Readers' evidence (worker/compose/language/alignment.ts)", () => {
  it('is what IBM Model 1 learns from the Readers\' corpus as their recipes build it (organelle corpus lexicon)', async () => {
    const { readerAlignmentSource } = await import('../../corpus/lexicon/alignment.ts');
    expect(readFileSync(new URL('../../worker/compose/language/alignment.ts', import.meta.url), 'utf8')).toBe(readerAlignmentSource().source);
  }, 180_000);
});
