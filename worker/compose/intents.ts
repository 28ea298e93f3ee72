// The intent generator: a composition put into words, deterministically from a seeded stream.
// An intent is a chain of 1-3 primitives, each said with one of its phrases (parameters in
// words: "over 5 points", "by a factor of 4"; a phrase without a parameter means its default),
// joined by a template ("X then Y", "Y after X-ing", ...), on an object ("the signal") that
// later steps call "it" or "the result".

import { formatNumber, primitiveOf, type Lookup } from './plan.ts';
import type { Composition, Phrase, Primitive, Step } from './types.ts';
import { CONNECTIVES, templateById, type StepWords, type Template } from './language/templates.ts';
import { OBJECTS, PAIRS, REFS } from './language/words.ts';
import type { Rng } from '../games/rng.ts';

export interface Intent {
  /** The sentence, lower case, no final punctuation. */
  text: string;
  /** What it asks for, in order of application. */
  composition: Composition;
  /** Which template joined the steps. */
  template: string;
}

/** The slot names a phrase form fills, e.g. ['p0'] for "over {p0} points". */
export function phraseSlots(form: string): string[] {
  return [...form.matchAll(/\{(p\d)\}/g)].map((m) => m[1]);
}

/** Whether a phrase says parameter `i` (every form of a phrase says the same ones). */
export function phraseSays(phrase: Phrase, i: number): boolean {
  return phrase.verb.includes(`{p${i}}`);
}

/** A phrase can say this step when every argument it leaves out is at its default. */
export function phraseFits(phrase: Phrase, primitive: Primitive, args: readonly number[]): boolean {
  return primitive.params.every((spec, i) => phraseSays(phrase, i) || args[i] === spec.default);
}

/** A phrase form with what it works on (`{x}`, `{xy}`) and its parameters' values (`{p0}`, ...) filled in. */
export function fillForm(form: string, x: string, args: readonly number[]): string {
  return form
    .replaceAll('{x}', x)
    .replaceAll('{xy}', x)
    .replace(/\{p(\d)\}/g, (_, i: string) => formatNumber(args[Number(i)]));
}

export function stepWords(phrase: Phrase, args: readonly number[]): StepWords {
  return {
    verb: (x) => fillForm(phrase.verb, x, args),
    gerund: (x) => fillForm(phrase.gerund, x, args),
    noun: (x) => fillForm(phrase.noun, x, args),
  };
}

/** Templates whose first-mentioned step is not the first applied cannot start with a binary step. */
const OBJECT_ON_LAST = new Set(['after']);

export function templateFits(template: Template, composition: Composition, lookup: Lookup): boolean {
  if (!template.steps.includes(composition.length)) return false;
  const binary = lookup(composition[0].name)?.arrays === 2;
  return !(binary && OBJECT_ON_LAST.has(template.id));
}

export interface Wording {
  template: string;
  /** Index into each step's primitive's phrases. */
  phrases: readonly number[];
  object: string;
  /** The references later steps use, in the order the template asks for them. */
  refs: readonly string[];
  /** The connectives the 'connective' template joins steps with, in order. */
  connectives?: readonly string[];
}

/** Puts a composition into words exactly as `wording` says. */
export function renderIntent(composition: Composition, wording: Wording, lookup: Lookup): Intent {
  const template = templateById(wording.template);
  if (!templateFits(template, composition, lookup)) throw new Error(`template ${template.id} cannot say a ${composition.length}-step composition starting with ${composition[0].name}`);
  const words = composition.map((step, i) => {
    const primitive = primitiveOf(step.name, lookup);
    const phrase = primitive.phrases[wording.phrases[i]];
    if (!phrase) throw new Error(`${step.name} has no phrase ${wording.phrases[i]}`);
    if (!phraseFits(phrase, primitive, step.args)) throw new Error(`phrase ${wording.phrases[i]} of ${step.name} cannot say its arguments ${step.args.join(', ')}`);
    return stepWords(phrase, step.args);
  });
  let r = 0;
  const ref = () => {
    if (r >= wording.refs.length) throw new Error('renderIntent: the template asked for more references than the wording has');
    return wording.refs[r++];
  };
  let k = 0;
  const connective = () => {
    const connectives = wording.connectives ?? [];
    if (k >= connectives.length) throw new Error('renderIntent: the template asked for more connectives than the wording has');
    return connectives[k++];
  };
  const text = template.render(words, { object: wording.object, ref, connective });
  return { text, composition, template: template.id };
}

// ---- sampling

/** A value of a parameter's grid: min, min + step, ..., max. */
export function drawParam(rng: Rng, spec: Primitive['params'][number]): number {
  const slots = Math.round((spec.max - spec.min) / spec.step);
  const v = spec.min + rng.int(slots + 1) * spec.step;
  return Number(formatNumber(v));
}

/** A phrase for the primitive and arguments that phrase can say (defaults where it is silent). */
export function drawStep(rng: Rng, primitive: Primitive): { step: Step; phrase: number } {
  const phrase = rng.int(primitive.phrases.length);
  const args = primitive.params.map((spec, i) => (phraseSays(primitive.phrases[phrase], i) ? drawParam(rng, spec) : spec.default));
  return { step: { name: primitive.name, args }, phrase };
}

export interface ChainRules {
  /** Whether b may follow a (composition splits hold some ordered pairs out). */
  pairAllowed(a: string, b: string): boolean;
}

/**
 * A chain of `length` primitives whose kinds fit, the first drawn from `firsts`; null when the
 * draw runs into a primitive with no allowed successor (the caller draws again).
 */
export function drawChain(rng: Rng, primitives: readonly Primitive[], firsts: readonly Primitive[], length: number, rules: ChainRules): Primitive[] | null {
  const chain = [rng.pick(firsts)];
  while (chain.length < length) {
    const prev = chain[chain.length - 1];
    if (prev.returns !== 'array') return null;
    const next = primitives.filter((p) => p.arrays === 1 && rules.pairAllowed(prev.name, p.name));
    if (next.length === 0) return null;
    chain.push(rng.pick(next));
  }
  return chain;
}

/** Words for a drawn chain: its phrases and arguments, a template, the object and references. */
export function drawWording(rng: Rng, chain: readonly Primitive[], templates: readonly Template[], lookup: Lookup): { composition: Step[]; wording: Wording } | null {
  const drawn = chain.map((p) => drawStep(rng, p));
  const composition = drawn.map((d) => d.step);
  const fitting = templates.filter((t) => templateFits(t, composition, lookup));
  if (fitting.length === 0) return null;
  const template = rng.pick(fitting);
  const object = rng.pick(chain[0].arrays === 2 ? PAIRS : OBJECTS);
  const refs = Array.from({ length: chain.length }, () => rng.pick(REFS));
  const connectives = template.id === 'connective' ? Array.from({ length: chain.length - 1 }, () => rng.pick(CONNECTIVES)) : [];
  return { composition, wording: { template: template.id, phrases: drawn.map((d) => d.phrase), object, refs, connectives } };
}
