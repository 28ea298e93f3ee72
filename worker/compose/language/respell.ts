// The synonym and morphology layer of the Planner's corpus: a sentence said again with some of
// its words replaced by others of the same lexical family (lexicon.ts: "largest" by "biggest",
// "compute" by "work out", "values" by "readings"), and "-ize" spelled "-ise". The Planners learn
// that the members of a family ask for the same step; what each family holds, and where it came
// from (WordNet 3.1 or a hand), is in the generated lexicon.
import type { Rng } from '../../games/rng.ts';
import { LEXICON } from './lexicon.ts';
import type { LexicalFamily } from './lexical-family.ts';

interface Alternative {
  /** What stands in the sentence. */
  written: RegExp;
  /** What may stand in its place, in the same form. */
  others: readonly string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function alternatives(family: LexicalFamily): Alternative[] {
  const forms = family.slot === 'verb' ? [0, 1].map((k) => family.members.map((m) => m.split('/')[k])) : [family.members];
  return forms.flatMap((words) => words.map((w) => ({ written: new RegExp(`\\b${escape(w)}\\b`), others: words.filter((o) => o !== w) })));
}

const ALTERNATIVES: readonly Alternative[] = LEXICON.flatMap(alternatives);

/** "normalize" -> "normalise", "standardized" -> "standardised": the British spelling of a word in -ize. */
const IZE = /\b(\w{3,})iz(e|es|ed|ing|ation)\b/g;

/**
 * The sentence with each word of a lexical family replaced, with probability `p`, by another of
 * its family (the first match of each family only, so a sentence is not rewritten whole), and
 * with "-ize" spelled "-ise" half the time.
 */
export function respell(text: string, rng: Rng, p = 0.5): string {
  let out = text;
  for (const alt of ALTERNATIVES) {
    if (!alt.written.test(out) || rng.int(1000) >= p * 1000) continue;
    out = out.replace(alt.written, rng.pick(alt.others));
  }
  return rng.int(2) === 0 ? out.replace(IZE, '$1is$2') : out;
}
