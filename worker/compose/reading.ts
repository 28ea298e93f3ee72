// A plan said back in the library's own words: what the page offers after the Planners' plan was
// refused (too unsure, or not said in the intent's words), so that a person can see what they
// read and, if it is what was meant, compose it said the way the organelles were taught.
import { phraseFits, renderIntent, templateFits } from './intents.ts';
import { primitiveOf, type Lookup } from './plan.ts';
import { templateById } from './language/templates.ts';
import type { Composition } from './types.ts';

/**
 * `composition` as one sentence: each step's first phrase that says its arguments, on "the
 * signal" (or "the two signals"), a single step as a verb ("smooth the signal over 8 points"),
 * a chain joined in order ("... then differentiate it"); null where no template or phrase can
 * say it (then the page offers nothing rather than a wrong sentence).
 */
export function planInWords(composition: Composition, lookup: Lookup): string | null {
  const template = templateById(composition.length === 1 ? 'verb' : 'then');
  if (!templateFits(template, composition, lookup)) return null;
  const phrases = composition.map((step) => {
    const primitive = primitiveOf(step.name, lookup);
    return primitive.phrases.findIndex((p) => phraseFits(p, primitive, step.args));
  });
  if (phrases.includes(-1)) return null;
  const object = primitiveOf(composition[0].name, lookup).arrays === 2 ? 'the two signals' : 'the signal';
  const wording = { template: template.id, phrases, object, refs: composition.map(() => 'it') };
  return renderIntent(composition, wording, lookup).text;
}
