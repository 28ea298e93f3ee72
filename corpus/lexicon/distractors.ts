// The distractor words (worker/compose/language/distractors.ts): adverbs people put in a request
// that say nothing about what to compute ("honestly", "carefully", "anyway"), drawn from WordNet
// 3.1 at corpus-build time. The Planner's corpus scatters them through some of its intents,
// known and unknown concepts alike, so that a word the Planners never met does not by itself
// read as an unknown concept: a subword model sees such a word as pieces it met in every place.
// Kept out: every word the generator's own sentences hold (so no distractor stands for an
// operation the corpus names), the held-out fillers and template markers (the held-out sets'),
// and the adverbs below, which say an order, a direction, a number, an amount or a negation a
// plan could depend on, or are not words for a product's corpus.
import { wordListSource, type WordNet } from './wordnet.ts';
import { buildComposeCorpus, FAMILIES_COMPOSE_CORPUS } from '../compose.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { HELD_OUT_FILLERS } from '../../worker/compose/language/slips.ts';
import { HELD_OUT_TEMPLATE_MARKERS, VALIDATION_TEMPLATE_MARKERS } from '../../worker/compose/language/templates.ts';
import { TEST_UNKNOWN_WORDS, VALIDATION_UNKNOWN_PHRASE_WORDS } from '../../worker/compose/language/oov.ts';

export const NOT_DISTRACTORS: readonly string[] = [
  // order, time and place a plan could read as a lag, a shift or a direction
  'afterward', 'afterwards', 'again', 'ago', 'ahead', 'anew', 'backward', 'behind', 'downward', 'downstream', 'earlier', 'earliest', 'early', 'finally', 'first',
  'forth', 'forthwith', 'inward', 'inwardly', 'lastly', 'late', 'lately', 'later', 'outward', 'outwardly', 'past', 'previously', 'rearward', 'secondly',
  'sooner', 'successively', 'upstream', 'upwards', 'westward', 'westwards', 'eastward', 'northward', 'southward', 'homeward', 'across', 'inside',
  'counter', 'conversely', 'inversely', 'transversely', 'alternately', 'respectively', 'periodically', 'repeatedly',
  // numbers, amounts and sizes
  'doubly', 'fourth', 'halfway', 'midway', 'singly', 'tenfold', 'third', 'thrice', 'twice', 'less', 'little', 'worse', 'better', 'best',
  'closer', 'farther', 'farthest', 'faster', 'quicker', 'longer', 'long', 'short', 'near', 'nearer', 'nearly', 'nearby', 'almost',
  'roughly', 'exactly', 'precisely', 'entirely', 'totally', 'completely', 'fully', 'wholly', 'partially', 'partly', 'equally', 'unequally',
  'unevenly', 'uniformly', 'sparsely', 'relatively', 'locally', 'centrally', 'separately', 'jointly', 'individually', 'collectively',
  // words near an operation's name (absolute, square, normal, positive, log, random, smooth)
  'absolutely', 'squarely', 'normally', 'positively', 'logically', 'randomly', 'rough', 'sharp', 'sharply', 'steeply',
  // negation
  'never', 'nowhere', 'nowise', 'nay', 'hardly', 'scarcely', 'barely', 'seldom', 'rarely', 'scarce',
  // not for a product's corpus
  'damn', 'damned', 'sexually',
];

/** Every word of the generator's own Planner sentences, the families' included, without distractors. */
export function generatorWords(): Set<string> {
  const { planner } = buildComposeCorpus(COMPOSE_LIBRARY, { ...FAMILIES_COMPOSE_CORPUS, distractors: 0 });
  return new Set(planner.toLowerCase().split(/[^a-z]+/));
}

/** The words only the held-out and validation sets may hold: their fillers, template markers and unknown concepts. */
export function heldOutWords(): string[] {
  const phrases = [...HELD_OUT_FILLERS, ...HELD_OUT_TEMPLATE_MARKERS, ...VALIDATION_TEMPLATE_MARKERS, ...TEST_UNKNOWN_WORDS, ...VALIDATION_UNKNOWN_PHRASE_WORDS];
  return phrases.flatMap((p) => p.split(' '));
}

/**
 * The distractors: WordNet adverbs of 3-12 letters with at least one sense tagged in use, minus
 * every word of the generator's sentences, the held-out sets' own words and NOT_DISTRACTORS;
 * sorted.
 */
export function buildDistractors(wordnet: WordNet, generator: ReadonlySet<string> = generatorWords()): string[] {
  const out = new Set([...generator, ...heldOutWords(), ...NOT_DISTRACTORS]);
  return wordnet.taggedLemmas('r', 1).filter((w) => /^[a-z]{3,12}$/.test(w) && !out.has(w));
}

/** The TypeScript file worker/compose/language/distractors.ts holds. */
export function distractorsSource(words: readonly string[], wordnetVersion: string): string {
  const about = 'Adverbs that say nothing about what to compute,\n// which the Planner\'s corpus scatters through some intents (corpus/compose.ts, `distractors`).';
  return wordListSource('corpus/lexicon/distractors.ts', wordnetVersion, about, 'DISTRACTORS', words);
}
