// The synonym and morphology families of the Compose lexicon, as curated by hand: for each
// concept a person may name in other words, where its members come from. Members are drawn from
// WordNet 3.1 (a synset of a seed lemma, in the sense given: the senses are WordNet's own order,
// 0 the most frequent) and filtered by hand (`drop`: members that would name another primitive
// of the library, or nothing a person means here); `hand` adds what WordNet does not hold
// (abbreviations, "running" for cumulative). build.ts turns this into
// worker/compose/language/lexicon.ts; each family's slot says how its members are inflected.
import type { Pos } from './wordnet.ts';
import type { Slot } from '../../worker/compose/language/lexical-family.ts';

export interface FamilySpec {
  id: string;
  slot: Slot;
  /** Synsets to draw from: a lemma, its part of speech, and which of its senses. */
  wordnet: readonly (readonly [lemma: string, pos: Pos, sense: number])[];
  /** Members WordNet does not give. */
  hand?: readonly string[];
  /** WordNet's members that are left out, and why (in a comment beside them). */
  drop?: readonly string[];
}

export const FAMILY_SPECS: readonly FamilySpec[] = [
  {
    // "compute the mean of x": the verbs that ask for a quantity
    id: 'compute',
    slot: 'verb',
    wordnet: [['calculate', 'v', 0], ['determine', 'v', 0]],
    hand: ['get', 'obtain', 'measure', 'evaluate'],
    drop: ['cipher', 'cypher', 'reckon', 'figure', 'find out', 'ascertain'], // archaic, or a question's verb
  },
  {
    id: 'largest',
    slot: 'superlative',
    wordnet: [['large', 'a', 0], ['great', 'a', 0], ['high', 'a', 0]],
  },
  {
    id: 'smallest',
    slot: 'superlative',
    wordnet: [['small', 'a', 0], ['low', 'a', 0]],
    drop: ['little'], // "littlest" is a child's word
    hand: ['tiny'],
  },
  {
    // what the data is made of: "each value of x", "the values"
    id: 'value',
    slot: 'plural',
    wordnet: [['value', 'n', 0], ['item', 'n', 2], ['entry', 'n', 0]],
    hand: ['element', 'sample', 'data point', 'number', 'reading', 'observation'],
  },
  {
    id: 'average',
    slot: 'noun',
    wordnet: [['mean', 'n', 0], ['average', 'n', 0]],
    drop: ['norm', 'mean value'], // "norm" is l2_norm's
  },
  {
    // "the running sum": what adds up from the start
    id: 'cumulative',
    slot: 'adjective',
    wordnet: [['cumulative', 'a', 0]],
    hand: ['running'],
  },
  {
    // a window that moves along: "a moving average", "a rolling max"
    id: 'moving',
    slot: 'adjective',
    wordnet: [['moving', 'a', 0], ['sliding', 'a', 0]],
    hand: ['rolling'],
  },
  {
    id: 'sum',
    slot: 'noun',
    wordnet: [['sum', 'n', 1], ['total', 'n', 0]],
    drop: ['amount', 'totality', 'aggregate'],
  },
  {
    id: 'spread',
    slot: 'noun',
    wordnet: [['dispersion', 'n', 1], ['spread', 'n', 0]],
    hand: ['variability', 'scatter'],
    drop: ['distribution', 'spreading'], // a distribution is a histogram's
  },
  {
    id: 'position',
    slot: 'noun',
    wordnet: [['position', 'n', 0], ['location', 'n', 0]],
    hand: ['index'],
    drop: ['place'],
  },
  {
    id: 'smooth',
    slot: 'verb',
    wordnet: [['smooth', 'v', 0]],
    hand: ['even out'],
  },
  {
    id: 'subtract',
    slot: 'verb',
    wordnet: [['subtract', 'v', 0]],
    hand: ['take away'],
  },
  {
    id: 'derivative',
    slot: 'noun',
    wordnet: [['derivative', 'n', 0], ['slope', 'n', 1]],
    drop: ['derived function', 'differential coefficient', 'differential', 'first derivative'], // names a calculus course, not a step
    hand: ['rate of change'],
  },
  {
    id: 'reverse',
    slot: 'verb',
    wordnet: [['reverse', 'v', 0]],
    drop: ['change by reversal', 'turn'],
    hand: ['flip', 'invert the order of'],
  },
];
