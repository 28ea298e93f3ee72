// The Readers' corpus option `unsaid` (corpus/compose.ts): family sentences read again with a
// step the plan does not have blocked as said by no word, answered with the plan itself, so a
// Reader learns that such a block means "leave it out", not "spell it another way" as a
// `low_conf` block does (docs/compose.md, session 63: an experiment, not the shipped corpus).
import { describe, expect, it } from 'vitest';
import { buildComposeCorpus } from '../../corpus/compose.ts';
import { COMPOSE_LIBRARY as LIB } from '../../worker/compose/library.ts';

const OPTIONS = { seed: 5, language: 'families' as const, plannerDocs: 4_000, wiringDocs: 10, singleDocs: 10 };
const documents = (corpus: string) => corpus.split('\n\n').map((d) => { const [prompt, plan] = d.split('\n'); return { prompt, plan }; });
const names = (plan: string) => plan.split('|').map((s) => s.replace(/\(.*/, ''));

describe('unsaid replans', () => {
  it('block a one-array step the plan does not have, in about the share asked, and answer the plan', () => {
    const docs = documents(buildComposeCorpus(LIB, { ...OPTIONS, unsaid: 30 }).planner);
    const unsaid = docs.filter((d) => d.prompt.includes('(unsaid)'));
    // about 30 of every 100 family sentences, which are 58 of every 100 documents
    expect(unsaid.length).toBeGreaterThan(0.1 * docs.length);
    expect(unsaid.length).toBeLessThan(0.25 * docs.length);
    for (const d of unsaid) {
      const blocked = /\|blocked=([a-z_0-9]+)\(unsaid\)$/.exec(d.prompt);
      expect(blocked, d.prompt).not.toBeNull();
      const step = LIB.lookup(blocked![1]);
      expect(step?.arrays).toBe(1);
      expect(d.plan).not.toBe('none');
      expect(names(d.plan)).not.toContain(blocked![1]);
    }
  });

  it('are none without the option: the shipped corpora are the bytes they were', () => {
    const plain = buildComposeCorpus(LIB, OPTIONS).planner;
    expect(plain).not.toContain('(unsaid)');
    expect(buildComposeCorpus(LIB, { ...OPTIONS, unsaid: 0 }).planner).toBe(plain);
  });
});
