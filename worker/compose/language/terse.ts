// Sentences the way a person types them, for the Planner corpus: shorter and looser than the
// templates' (templates.ts). A person leaves out what the steps work on ("compute the standard
// deviation", "smooth over 5 points, then differentiate"), names a step alone ("the variance",
// "softmax"), or asks for it ("give me the variance", "whats the max": the Planner's prompt drops
// an apostrophe). Some of them ask for a thing the library does not do, said the same way, so
// that a refusal is learned in this form too ("rank then softmax"). None of these words is a
// held-out template's, filler's or validation template's (tests/compose/held-out.test.ts checks
// every corpus document).

import type { Rng } from '../../games/rng.ts';
import { formatNumber } from '../plan.ts';
import type { Composition, Phrase, Primitive } from '../types.ts';
import { drawStep, phraseFits } from '../intents.ts';
import { PAIRS } from './words.ts';

/** How a person asks for one thing. */
export const TERSE_FRAMES: readonly string[] = ['give me', 'i want', 'get me', 'show me', 'what is', 'whats'];

/**
 * How a person joins steps said without their object: in order of application, with "then". A
 * bare comma or "and" is left out: the Planners read a new template worse when they learn those
 * as joins (docs/compose.md).
 */
export const TERSE_JOINS: readonly string[] = [', then ', ' then ', ' and then ', ', and then '];

/**
 * A phrase form without its argument and the word that introduces it: "the variance of {x}" is
 * "the variance", "smooth {x} over {p0} points" "smooth over {p0} points"; null where the form
 * reads wrong without it ("find where {x} is highest"). A form that opens with its argument keeps
 * it, as the array called x ("x without nans").
 */
export function elide(form: string): string | null {
  if (/\{x\} is\b/.test(form)) return null;
  if (form.startsWith('{x}')) return `x${form.slice(3)}`;
  return form.replace(/\s*\b(?:of|to|in|from)?\s*\{x\}/, '').replace(/\s+/g, ' ').trim();
}

function fill(form: string, args: readonly number[], pair: string): string {
  return form.replaceAll('{xy}', pair).replace(/\{p(\d)\}/g, (_, i: string) => formatNumber(args[Number(i)]));
}

interface Said { text: string; noun: boolean }

/**
 * A phrase said tersely: its verb or noun, without its object unless it takes two arrays
 * (`binary`). `alone`: the whole intent, where a binary step is its noun ("the dot product of the
 * two arrays"): its verb on its arrays is a template's sentence ("take the dot product of the two
 * arrays"), which the wording rule may hold out.
 */
function tersePhrase(rng: Rng, phrase: Phrase, args: readonly number[], binary: boolean, pair: string, alone: boolean): Said | null {
  const noun = rng.int(2) === 0 || (alone && binary);
  const form = noun ? phrase.noun : phrase.verb;
  const said = binary ? form : elide(form);
  return said === null ? null : { text: fill(said, args, pair), noun };
}

/** Steps said tersely as one intent: a step alone, bare or in a frame; more, joined in order. */
function join(rng: Rng, steps: readonly Said[]): string {
  if (steps.length === 1) {
    const [{ text, noun }] = steps;
    if (!noun) return text;
    const kind = rng.int(3);
    return kind === 0 ? text : kind === 1 ? text.replace(/^(?:the|a|an) /, '') : `${rng.pick(TERSE_FRAMES)} ${text}`;
  }
  return steps.map((s) => s.text).reduce((text, s) => `${text}${rng.pick(TERSE_JOINS)}${s}`);
}

/**
 * `composition` said tersely, or null when a step's phrase cannot be (the caller draws again).
 * One step: as it is, or a noun without its article, or in a frame ("give me the variance"); two
 * or three: joined in order of application.
 */
export function terseIntent(rng: Rng, composition: Composition, lookup: (name: string) => Primitive | undefined): string | null {
  const pair = rng.pick(PAIRS);
  const steps: Said[] = [];
  for (const step of composition) {
    const primitive = lookup(step.name);
    if (!primitive) throw new Error(`terseIntent: no primitive is called ${step.name}`);
    const phrases = primitive.phrases.filter((p) => phraseFits(p, primitive, step.args));
    if (phrases.length === 0) return null;
    const said = tersePhrase(rng, rng.pick(phrases), step.args, primitive.arrays === 2, pair, composition.length === 1);
    if (said === null) return null;
    steps.push(said);
  }
  return join(rng, steps);
}

/**
 * An intent said tersely that asks, at one of its 1-3 steps, for `concept`, a thing the library
 * does not do: the answer is a refusal. The other steps are drawn from the one-array primitives
 * that return an array, each allowed after the one before (`pairAllowed`). Null when the
 * concept's phrase cannot be said without its object.
 */
export function terseUnknownIntent(
  rng: Rng, chainable: readonly Primitive[], concept: Phrase, pairAllowed: (a: string, b: string) => boolean,
): string | null {
  const steps = 1 + rng.int(3);
  const at = rng.int(steps);
  const said: Said[] = [];
  let previous: Primitive | null = null;
  for (let s = 0; s < steps; s++) {
    let step: Said | null;
    if (s === at) {
      step = tersePhrase(rng, concept, [], false, '', steps === 1);
      previous = null;
    } else {
      const prev: Primitive | null = previous;
      const p: Primitive = rng.pick(prev === null ? chainable : chainable.filter((q) => pairAllowed(prev.name, q.name)));
      previous = p;
      const { step: drawn, phrase } = drawStep(rng, p);
      step = tersePhrase(rng, p.phrases[phrase], drawn.args, false, '', false);
    }
    if (step === null) return null;
    said.push(step);
  }
  return join(rng, said);
}
