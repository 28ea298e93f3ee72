// The evaluation sets, each built deterministically from its own seed and spread over the
// primitives (the first step cycles through the library) and the templates (cycled too):
//   wording      held-out sentences over known words and templates, no held-out pair
//   template     chains said with a held-out template only
//   composition  chains holding a held-out ordered pair, said with known templates
//   perturbed    held-out sentences with two slips each
//   oov          intents on a concept no corpus holds: the right answer is a refusal
//   validation   other held-out sentences, slipped ones, and unknown concepts of a third list:
//                where the confidence thresholds are chosen, never on the sets above
// splits.ts holds the rules; tests/compose/held-out.test.ts proves no corpus holds any of it.

import { Rng } from '../games/rng.ts';
import { drawChain, drawStep, drawWording, renderIntent, stepWords, type Intent } from './intents.ts';
import { CONNECTIVES, heldOutTemplates, trainingTemplates, validationTemplates, type Template, type StepWords } from './language/templates.ts';
import { OBJECTS, REFS } from './language/words.ts';
import { TEST_UNKNOWN, VALIDATION_UNKNOWN, VALIDATION_UNKNOWN_PHRASES } from './language/oov.ts';
import { perturb } from './language/slips.ts';
import { isHeldOutPair, holdsOutPair, isHeldOutWording, isValidationWording } from './splits.ts';
import type { Lookup } from './plan.ts';
import { MAX_INTENT } from './prompts.ts';
import type { Composition, Phrase, Primitive } from './types.ts';

export const SET_NAMES = ['wording', 'template', 'composition', 'perturbed', 'oov', 'validation'] as const;
export type SetName = (typeof SET_NAMES)[number];

export function isSetName(name: string): name is SetName {
  return (SET_NAMES as readonly string[]).includes(name);
}

/** One evaluation case: the intent and what it asks for (null: the right answer is a refusal). */
export interface Case {
  intent: string;
  expected: Composition | null;
  template: string;
  /** Where it came from, for reports: 'clean', 'perturbed' or 'unknown'. */
  kind: 'clean' | 'perturbed' | 'unknown';
}

export const SET_SIZES: Readonly<Record<SetName, number>> = {
  wording: 300,
  template: 240,
  composition: 300,
  perturbed: 300,
  oov: 150,
  validation: 560,
};

export interface Library {
  primitives: readonly Primitive[];
  lookup: Lookup;
}

const lengthOf = (rng: Rng) => [1, 2, 2, 2, 3, 3][rng.int(6)];

/**
 * Draws until `size` distinct cases are taken; `draw(i)` gets the draw's number, which the
 * builders cycle through the library with. Throws if the rules leave too few.
 */
function collect(size: number, draw: (i: number) => Case | null): Case[] {
  const seen = new Set<string>();
  const out: Case[] = [];
  for (let attempt = 0; out.length < size; attempt++) {
    if (attempt > size * 400) throw new Error(`only ${out.length} of ${size} cases after ${attempt} draws`);
    const c = draw(attempt);
    // every case is an intent the pipeline takes (prompts.ts checkIntent)
    if (c === null || seen.has(c.intent) || c.intent.length > MAX_INTENT) continue;
    seen.add(c.intent);
    out.push(c);
  }
  return out;
}

/** A clean intent whose chain starts at the i-th primitive (cycling) and avoids held-out pairs. */
function knownIntent(rng: Rng, lib: Library, i: number, templates: (steps: number) => ReturnType<typeof trainingTemplates>, pairAllowed = (a: string, b: string) => !isHeldOutPair(a, b)): Intent | null {
  const first = lib.primitives[i % lib.primitives.length];
  const steps = first.returns === 'number' ? 1 : lengthOf(rng);
  const chain = drawChain(rng, lib.primitives, [first], steps, { pairAllowed });
  if (chain === null) return null;
  const drawn = drawWording(rng, chain, templates(steps), lib.lookup);
  if (drawn === null) return null;
  return renderIntent(drawn.composition, drawn.wording, lib.lookup);
}

function wordingSet(lib: Library, size: number): Case[] {
  const rng = new Rng('compose/set/wording');
  return collect(size, (i) => {
    const intent = knownIntent(rng, lib, i, trainingTemplates);
    if (intent === null || !isHeldOutWording(intent.text) || isValidationWording(intent.text)) return null;
    return { intent: intent.text, expected: intent.composition, template: intent.template, kind: 'clean' };
  });
}

function templateSet(lib: Library, size: number): Case[] {
  return templateSetOf(lib, size, 'compose/set/template', heldOutTemplates);
}

/** Sentences on templates no corpus uses, each chain starting at the next primitive. */
function templateSetOf(lib: Library, size: number, seed: string, templates: (steps: number) => Template[]): Case[] {
  const rng = new Rng(seed);
  const chainable = lib.primitives.filter((p) => p.returns === 'array');
  return collect(size, (i) => {
    const first = chainable[i % chainable.length];
    const steps = 2 + rng.int(2);
    const chain = drawChain(rng, lib.primitives, [first], steps, { pairAllowed: (a, b) => !isHeldOutPair(a, b) });
    if (chain === null) return null;
    const drawn = drawWording(rng, chain, templates(steps), lib.lookup);
    if (drawn === null) return null;
    const intent = renderIntent(drawn.composition, drawn.wording, lib.lookup);
    return { intent: intent.text, expected: intent.composition, template: intent.template, kind: 'clean' };
  });
}

function compositionSet(lib: Library, size: number): Case[] {
  const rng = new Rng('compose/set/composition');
  // every held-out pair that can occur (a returns an array; b takes one array)
  const pairs = lib.primitives.flatMap((a) =>
    a.returns === 'array' ? lib.primitives.filter((b) => b.arrays === 1 && isHeldOutPair(a.name, b.name)).map((b) => [a, b] as const) : [],
  );
  return collect(size, (i) => {
    const [a, b] = pairs[i % pairs.length];
    let chain: Primitive[] = [a, b];
    if (rng.int(3) === 0 && b.returns === 'array') {
      const third = lib.primitives.filter((p) => p.arrays === 1);
      chain = [...chain, rng.pick(third)];
    }
    const drawn = drawWording(rng, chain, trainingTemplates(chain.length), lib.lookup);
    if (drawn === null || !holdsOutPair(drawn.composition)) return null;
    const intent = renderIntent(drawn.composition, drawn.wording, lib.lookup);
    return { intent: intent.text, expected: intent.composition, template: intent.template, kind: 'clean' };
  });
}

function perturbedSet(lib: Library, size: number): Case[] {
  const rng = new Rng('compose/set/perturbed');
  return collect(size, (i) => {
    const intent = knownIntent(rng, lib, i, trainingTemplates);
    if (intent === null || !isHeldOutWording(intent.text) || isValidationWording(intent.text)) return null;
    const slipped = perturb(intent.text, rng);
    if (slipped === intent.text) return null;
    return { intent: slipped, expected: intent.composition, template: intent.template, kind: 'perturbed' };
  });
}

/**
 * An intent with an unknown concept in it: alone, or as one step of a chain of known
 * primitives, said with a known template.
 */
export function unknownIntent(rng: Rng, lib: Library, concept: Phrase, pairAllowed: (a: string, b: string) => boolean = () => true): { text: string; template: string } {
  const steps = lengthOf(rng);
  const at = rng.int(steps);
  const chainable = lib.primitives.filter((p) => p.arrays === 1 && p.returns === 'array');
  const words: StepWords[] = [];
  let previous: Primitive | null = null;
  for (let s = 0; s < steps; s++) {
    if (s === at) {
      words.push(stepWords(concept, []));
      previous = null;
    } else {
      const prev = previous;
      const p: Primitive = rng.pick(prev === null ? chainable : chainable.filter((q) => pairAllowed(prev.name, q.name)));
      previous = p;
      const { step, phrase } = drawStep(rng, p);
      words.push(stepWords(p.phrases[phrase], step.args));
    }
  }
  const template = rng.pick(trainingTemplates(steps));
  const refs = Array.from({ length: steps }, () => rng.pick(REFS));
  const connectives = Array.from({ length: steps }, () => rng.pick(CONNECTIVES));
  let r = 0;
  let k = 0;
  const text = template.render(words, { object: rng.pick(OBJECTS), ref: () => refs[r++], connective: () => connectives[k++] });
  return { text, template: template.id };
}

function oovSet(lib: Library, size: number, concepts: readonly Phrase[], seed: string): Case[] {
  const rng = new Rng(seed);
  return collect(size, (i) => {
    const u = unknownIntent(rng, lib, concepts[i % concepts.length]);
    return { intent: u.text, expected: null, template: u.template, kind: 'unknown' };
  });
}

function validationSet(lib: Library, size: number): Case[] {
  const rng = new Rng('compose/set/validation');
  // the first 400 as they were before the validation templates came: 60% clean, 20% slipped, 20%
  // unknown concepts; then sentences on the two validation templates (the next 80), then unknown
  // concepts of the second list (the last 80)
  const part = (n: number) => Math.round(size * (n / SET_SIZES.validation));
  const clean = collect(part(240), (i) => {
    const intent = knownIntent(rng, lib, i, trainingTemplates);
    if (intent === null || !isValidationWording(intent.text)) return null;
    return { intent: intent.text, expected: intent.composition, template: intent.template, kind: 'clean' };
  });
  const slipped = collect(part(80), (i) => {
    const intent = knownIntent(rng, lib, i + 7, trainingTemplates);
    if (intent === null || !isValidationWording(intent.text)) return null;
    const text = perturb(intent.text, rng);
    return text === intent.text ? null : { intent: text, expected: intent.composition, template: intent.template, kind: 'perturbed' };
  });
  const unknown = oovSet(lib, part(80), VALIDATION_UNKNOWN, 'compose/set/validation-oov');
  const shapes = templateSetOf(lib, part(80), 'compose/set/validation-template', validationTemplates);
  const phrases = oovSet(lib, size - clean.length - slipped.length - unknown.length - shapes.length, VALIDATION_UNKNOWN_PHRASES, 'compose/set/validation-oov-phrases');
  return [...clean, ...slipped, ...unknown, ...shapes, ...phrases];
}

/** A named evaluation set, the same on every machine. */
export function buildSet(name: SetName, lib: Library, size = SET_SIZES[name]): Case[] {
  switch (name) {
    case 'wording': return wordingSet(lib, size);
    case 'template': return templateSet(lib, size);
    case 'composition': return compositionSet(lib, size);
    case 'perturbed': return perturbedSet(lib, size);
    case 'oov': return oovSet(lib, size, TEST_UNKNOWN, 'compose/set/oov');
    case 'validation': return validationSet(lib, size);
  }
}
