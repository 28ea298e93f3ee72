// What is held out of every corpus, by fixed rules (like the 8-puzzle's FNV-1a rule), so the
// same intents are held out in every build, browser and machine:
//   composition  an ordered pair of primitives (a then b) whose hash falls in the lowest 17 of
//                100: no corpus document composes a then b; the `composition` set is made of
//                chains holding such a pair
//   template     the two templates of language/templates.ts's HELD_OUT_TEMPLATES
//   wording      an intent sentence whose hash falls in the lowest 21 of 100: no corpus holds
//                it; the `wording` set (new sentences over known words and templates) and the
//                validation set are drawn from these
//   perturbed    held-out sentences with slips (language/slips.ts), never in a corpus
//   oov          intents on concept words no corpus holds (language/oov.ts)
// tests/compose/held-out.test.ts checks every corpus document against all of them.

import { fnv1a32 } from '../games/puzzle8/heldout.ts';
import type { Composition } from './types.ts';

// The rule is asked for every candidate step of every chain a corpus build draws (about 60% of
// the Planner corpus's build was hashing these strings): each pair is hashed once.
const heldOutPairs = new Map<string, Map<string, boolean>>();

export function isHeldOutPair(a: string, b: string): boolean {
  let after = heldOutPairs.get(a);
  if (after === undefined) heldOutPairs.set(a, (after = new Map()));
  let held = after.get(b);
  if (held === undefined) after.set(b, (held = fnv1a32(`pair:${a}>${b}`) % 100 < 17));
  return held;
}

/** Whether any step of the chain follows its predecessor through a held-out pair. */
export function holdsOutPair(composition: Composition): boolean {
  for (let i = 1; i < composition.length; i++) if (isHeldOutPair(composition[i - 1].name, composition[i].name)) return true;
  return false;
}

/** A held-out sentence (compared lower case, as the clean generator writes it). */
export function isHeldOutWording(text: string): boolean {
  return fnv1a32(`intent:${text.toLowerCase()}`) % 100 < 21;
}

/** Among held-out sentences, the quarter that makes the validation split (thresholds are chosen there). */
export function isValidationWording(text: string): boolean {
  return isHeldOutWording(text) && fnv1a32(`validation:${text.toLowerCase()}`) % 4 === 0;
}
