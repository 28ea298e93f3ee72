// Positions per document with a subword vocabulary, measured on the real compose Planner corpus
// (issue 52's target: at least 3x fewer positions than characters). The figures are in
// docs/model.md; they are exact here, so a change to the tokenizer or the corpus shows.
import { describe, expect, it } from 'vitest';
import { buildComposeCorpus, DEFAULT_COMPOSE_CORPUS } from '../../corpus/compose.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { corpusTokenizer, normalizeCorpus, parseCorpus, positionsPerDocument } from '../../worker/corpus/documents.ts';
import { report } from '../helpers/wasm.ts';

function median(a: Int32Array): number {
  const s = Int32Array.from(a).sort();
  return s[s.length >> 1];
}

describe('subword positions on the compose Planner corpus', () => {
  it('halves and more the positions per document, 3.9x at 1,024 units, deterministically, every document round-tripping', () => {
    // the Planner's documents are built first, from their own fork of the seed: the same text
    // as the default build's, without the time the Wiring's and the baseline's take
    const text = normalizeCorpus(buildComposeCorpus(COMPOSE_LIBRARY, { ...DEFAULT_COMPOSE_CORPUS, wiringDocs: 1, singleDocs: 1 }).planner);
    const docs = parseCorpus(text);
    expect(docs.length).toBe(80_000);
    const char = median(positionsPerDocument(docs, corpusTokenizer(text, docs)));
    const medians: Record<number, number> = {};
    for (const vocabSize of [256, 512, 1024]) {
      const v = corpusTokenizer(text, docs, { kind: 'subword', vocabSize });
      expect(v.size).toBe(vocabSize);
      medians[vocabSize] = median(positionsPerDocument(docs, v));
      if (vocabSize === 1024) {
        const wrong = docs.filter((d) => v.decode(v.encode(d.prompt)) !== d.prompt || v.decode(v.encode(d.response)) !== d.response);
        expect(wrong.slice(0, 3)).toEqual([]);
        // the same vocabulary from the documents in reverse order
        const again = corpusTokenizer(text, [...docs].reverse(), { kind: 'subword', vocabSize });
        expect(again.encode(docs[123].prompt)).toEqual(v.encode(docs[123].prompt));
        expect((again as typeof v & { spec: unknown }).spec).toEqual((v as typeof v & { spec: unknown }).spec);
      }
    }
    // with the library's 76 primitive names (and low_conf) protected: one unit each, fewer merges
    const names = [...COMPOSE_LIBRARY.primitives.map((p) => p.name), 'low_conf'];
    const protectedMedians: Record<number, number> = {};
    for (const vocabSize of [256, 512, 1024]) {
      const v = corpusTokenizer(text, docs, { kind: 'subword', vocabSize, protected: names });
      protectedMedians[vocabSize] = median(positionsPerDocument(docs, v));
    }
    report(`Planner median positions: char ${char}, subword 256: ${medians[256]}, 512: ${medians[512]}, 1024: ${medians[1024]}`);
    report(`  names protected: 256: ${protectedMedians[256]}, 512: ${protectedMedians[512]}, 1024: ${protectedMedians[1024]}`);
    expect({ char, ...medians }).toEqual({ char: 86, 256: 35, 512: 27, 1024: 22 });
    expect(protectedMedians).toEqual({ 256: 34, 512: 25, 1024: 22 });
    expect(char / medians[1024]).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
