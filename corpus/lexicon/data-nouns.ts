// The data nouns (worker/compose/language/data-nouns.ts): things people measure and name their
// data by ("the glucose readings", "my pump values", "the skin temperature trace"), drawn from
// WordNet 3.1 at corpus-build time. The 110 domain objects written by hand (domains.ts) taught
// the Readers that "the heart rate readings" is data, but people name their data by thousands
// of things: on the blind files of session 57 a noun no corpus held ("urine", "glucose",
// "pleth") was read as an unknown concept, and the Readers answered `none` for 137 of their 161
// wrong readings of typed-8 .. typed-11. A noun of the physical world in the data's place says
// what the data is, never what to compute, wherever it is drawn from.
// Kept: the hyponyms (transitively, instances aside) of WordNet's `physical entity` (substances,
// body parts, devices, animals, plants, places) whose commonest sense is one of them, 3-12
// letters, with a sense tagged in use, and no verb in use ("pump", "drain"); not
// people (WordNet's `person` holds insults as well as patients, and the domain objects already
// name the patients, students and players people measure). Abstractions
// (where "trend", "rank" or "forecast" live: words for operations) are never reached. Kept out:
// every word of the generator's own sentences (so no data noun is a word for a step or a training
// unknown concept) and the held-out sets' own words.
import { wordListSource, type WordNet } from './wordnet.ts';
import { generatorWords, heldOutWords } from './distractors.ts';

/** A noun of the physical world that is also said as the name of an operation or a shape a plan could hold. */
export const NOT_DATA_NOUNS: readonly string[] = ['filter', 'window', 'spike', 'peak', 'crossing', 'ramp', 'step', 'envelope', 'bin', 'block', 'chain', 'clip', 'stack', 'sieve'];

/** The data nouns: sorted, each a single lower-case word. */
export function buildDataNouns(wordnet: WordNet, generator: ReadonlySet<string> = generatorWords()): string[] {
  const tagged = new Set(wordnet.taggedLemmas('n', 1));
  const verbs = new Set(wordnet.taggedLemmas('v', 1));
  const out = new Set([...generator, ...heldOutWords(), ...NOT_DATA_NOUNS]);
  const root = wordnet.synsets('physical entity', 'n')[0];
  const person = wordnet.synsets('person', 'n')[0];
  const seen = new Set<number>([root.offset, person.offset]);
  const queue = [root];
  const lemmas = new Set<string>();
  while (queue.length > 0) {
    const synset = queue.shift()!;
    for (const lemma of synset.lemmas) if (/^[a-z]{3,12}$/.test(lemma) && tagged.has(lemma) && !verbs.has(lemma) && !out.has(lemma)) lemmas.add(lemma);
    for (const p of synset.pointers) {
      if (p.symbol !== '~' || p.pos !== 'n' || seen.has(p.offset)) continue;
      seen.add(p.offset);
      queue.push(wordnet.synset(p.offset, 'n'));
    }
  }
  // a lemma whose commonest sense is physical: "decline" and "release" have a physical sense too
  return [...lemmas].filter((l) => seen.has(wordnet.synsets(l, 'n')[0].offset)).sort();
}

/** The TypeScript file worker/compose/language/data-nouns.ts holds. */
export function dataNounsSource(words: readonly string[], wordnetVersion: string): string {
  const about = 'Nouns of the physical world that name what the\n// data is ("the glucose readings"), which the Readers\' corpus puts in the data\'s place\n// (corpus/compose-families.ts nounDataNamer).';
  return wordListSource('corpus/lexicon/data-nouns.ts', wordnetVersion, about, 'DATA_NOUNS', words);
}
