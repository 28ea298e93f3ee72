// What the page says back to a person after a refusal, so that they can say it the way the
// organelles were taught: the Planners' plan in the library's own words (when it was refused as
// too unsure, or not said in the intent's words), to compose if it is what was meant; and the
// words of the intent that no phrase of the library holds ("fft"), which no organelle was taught
// a step by.
import { phraseFits, phraseSays, renderIntent, templateFits } from './intents.ts';
import { primitiveOf, type Lookup } from './plan.ts';
import { templateById } from './language/templates.ts';
import { libraryDecomposer } from './keywords.ts';
import { plainObject } from './language/words.ts';
import type { Composition } from './types.ts';

/**
 * `composition` as one sentence: each step's first phrase that says its arguments, on "the
 * signal" (or "the two signals"), a single step as a verb ("smooth the signal over 8 points"),
 * a chain joined in order ("... then differentiate it"); null where no template or phrase can
 * say it (then the page offers nothing rather than a wrong sentence). With `everyNumber`, a
 * phrase that says every parameter comes first, defaults too: what is put to a person says
 * every number the plan runs with ("band-pass filter the signal between 0.05 and 0.2", not
 * "band-pass filter the signal", whose defaults those are).
 */
export function planInWords(composition: Composition, lookup: Lookup, { everyNumber = false } = {}): string | null {
  const template = templateById(composition.length === 1 ? 'verb' : 'then');
  if (!templateFits(template, composition, lookup)) return null;
  const phrases = composition.map((step) => {
    const primitive = primitiveOf(step.name, lookup);
    const all = everyNumber ? primitive.phrases.findIndex((p) => primitive.params.every((_, i) => phraseSays(p, i))) : -1;
    return all >= 0 ? all : primitive.phrases.findIndex((p) => phraseFits(p, primitive, step.args));
  });
  if (phrases.includes(-1)) return null;
  const object = plainObject(primitiveOf(composition[0].name, lookup).arrays);
  const wording = { template: template.id, phrases, object, refs: composition.map(() => 'it') };
  return renderIntent(composition, wording, lookup).text;
}

/**
 * Words a person uses around a request that name no step ("but", "does", "using"): not worth
 * naming as words the library lacks.
 */
const COMMON_WORDS = new Set([
  'i', 'me', 'you', 'we', 'it', 'is', 'are', 'was', 'be', 'do', 'does', 'did', 'don', 't', 's', 'can', 'could', 'would',
  'should', 'will', 'want', 'need', 'give', 'get', 'show', 'tell', 'make', 'let', 'just', 'so', 'but', 'or', 'and', 'not',
  'no', 'yes', 'ok', 'what', 'whats', 'which', 'who', 'how', 'many', 'much', 'why', 'when', 'where', 'this', 'these',
  'those', 'there', 'here', 'some', 'any', 'every', 'each', 'other', 'another', 'same', 'using', 'use', 'via', 'as',
  'for', 'like', 'about', 'than', 'too', 'very', 'also', 'only', 'one', 'ones', 'thing', 'things', 'number', 'numbers',
]);

/**
 * The intent's words that no phrase, template or filler of the library holds as written, each
 * once, in order, less the common words around a request: "fft" in "hamming window then fft
 * magnitude".
 */
export function wordsNoPhraseHolds(intent: string): string[] {
  return libraryDecomposer().unknownWords(intent).filter((w) => !COMMON_WORDS.has(w) && !/\d/.test(w));
}
