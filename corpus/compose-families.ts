// The Planner corpus's sentence families beyond the library's phrase table (issue 51): each
// primitive said in the words people use for it (language/descriptions.ts: descriptions,
// questions, bare requests, code-flavoured forms), chains joined in more ways and orders, the
// data named by its domain (language/domains.ts), polite and hurried openings, and the words of
// each sentence varied by the lexicon's synonym and morphology families (language/respell.ts).
// corpus/compose.ts mixes these with the table's sentences when its `language` option says
// 'families'; every document still passes the same held-out checks there.
import type { Rng } from '../worker/games/rng.ts';
import { drawChain, drawParam, drawWording, fillForm, renderIntent, type Intent } from '../worker/compose/intents.ts';
import { trainingTemplates } from '../worker/compose/language/templates.ts';
import { DESCRIPTIONS } from '../worker/compose/language/descriptions.ts';
import { PARTICIPLES, premodify } from '../worker/compose/language/participles.ts';
import { REDUCTION_ADJECTIVES, VALUE_MODIFIERS, VALUE_NOUNS } from '../worker/compose/language/compounds.ts';
import { EQUIVALENTS } from '../worker/compose/equivalents.ts';
import { ALL_DOMAIN_OBJECTS, DOMAIN_PAIRS } from '../worker/compose/language/domains.ts';
import { OBJECTS, PAIRS, REFS } from '../worker/compose/language/words.ts';
import { respell } from '../worker/compose/language/respell.ts';
import type { Library } from '../worker/compose/sets.ts';
import type { Phrase, Primitive, Step } from '../worker/compose/types.ts';

/** The families a family sentence is drawn from; corpus stats count documents by them. */
export const SENTENCE_FAMILIES = ['described', 'question', 'bare', 'code', 'chain', 'participle', 'compound'] as const;
export type SentenceFamily = (typeof SENTENCE_FAMILIES)[number];

/** Openings people put before a request (none is a held-out filler: slips.ts HELD_OUT_FILLERS). */
export const OPENINGS: readonly string[] = [
  'can you', 'i want to', 'help me', 'i need to', 'let me', "i'd like to", 'would you', 'how do i', 'how can i', 'we need to',
  'i wanna', 'now', 'ok so', 'hey,', 'for this data,', 'next,', 'write a function to', 'write code to', 'give me code to', 'i have to',
];

/** Openings before a question. */
const QUESTION_OPENINGS: readonly string[] = ['quick question:', 'do you know', 'tell me', 'i wonder', 'hey,'];

/** How a chain's clauses are joined, in the order they are applied. */
const JOINS: readonly string[] = [', ', ' then ', '; ', ' -> ', ', then ', ' and then ', '. then ', '; then ', ' and ', ', and ', ' => ', ' and on that, ', '; on the result, '];

/** A chain said the other way round: the second clause's gerund, then the first's verb ("before smoothing it, take the log of x"). */
const BEFORE = (first: string, secondGerund: string) => `before ${secondGerund}, ${first}`;

/** What a sentence works on, for a step of `arrays` inputs: a name of the data. */
export type DataNamer = (rng: Rng, arrays: number) => string;

/** The library's own objects or a domain's (language/domains.ts). */
export const domainObject: DataNamer = (rng, arrays) => {
  if (arrays === 2) return rng.int(2) === 0 ? rng.pick(PAIRS) : rng.pick(DOMAIN_PAIRS);
  return rng.int(5) < 2 ? rng.pick(OBJECTS) : rng.pick(ALL_DOMAIN_OBJECTS);
};

/** What people call a series of numbers about a thing ("the glucose readings", "my pump log"). */
const DATA_HEADS: readonly string[] = ['readings', 'values', 'levels', 'data', 'measurements', 'samples', 'series', 'counts', 'trace', 'recording', 'log', 'signal', 'figures', 'numbers'];
const DETERMINERS: readonly string[] = ['the', 'the', 'the', 'my', 'our'];

/**
 * The library's objects, a domain's, or the data named by a thing of the physical world
 * (`nouns`, language/data-nouns.ts): "the glucose readings", "my turbine log", "the elm and the
 * oak counts". Three names in five are drawn as domainObject draws them (the library's objects
 * or a domain's), two are made from a noun.
 */
export function nounDataNamer(nouns: readonly string[]): DataNamer {
  return (rng, arrays) => {
    const roll = rng.int(5);
    if (roll < 3) return domainObject(rng, arrays);
    const head = rng.pick(DATA_HEADS);
    if (arrays === 2) return `the ${rng.pick(nouns)} and the ${rng.pick(nouns)} ${head}`;
    return `${rng.pick(DETERMINERS)} ${rng.pick(nouns)} ${head}`;
  };
}

/** The primitive with its descriptions beside the table's phrases: what the described family says steps with. */
function widened(p: Primitive): Primitive {
  const words = DESCRIPTIONS[p.name];
  return words ? { ...p, phrases: [...p.phrases, ...words.describe] } : p;
}

/** Each library widened once: its primitives with their descriptions, and a lookup of those. */
const WIDENED = new WeakMap<Library, { primitives: Primitive[]; lookup: (name: string) => Primitive | undefined }>();
function widenedLibrary(lib: Library) {
  let w = WIDENED.get(lib);
  if (!w) {
    const primitives = lib.primitives.map(widened);
    const byName = new Map(primitives.map((q) => [q.name, q]));
    w = { primitives, lookup: (name) => byName.get(name) };
    WIDENED.set(lib, w);
  }
  return w;
}

/** Values for a step whose words say the slots in `form` (a default where they are silent). */
function argsFor(rng: Rng, p: Primitive, form: string): number[] {
  return p.params.map((spec, i) => (form.includes(`{p${i}}`) ? drawParam(rng, spec) : spec.default));
}

/**
 * A verb form with its object left out, as people write a step of a chain ("smooth over 5
 * points, then take the absolute value, then softmax"): `{x}` and the word that introduces it.
 */
export function withoutObject(form: string): string {
  return form.replace(/(?:\s+(?:of|to|in|from|on|for))?\s*\{x\}/, '').replace(/\s{2,}/g, ' ').trim();
}

/** One clause saying step `p` on `x`, from a family's forms: [the clause, its gerund or null, the step]; `elide`: the verb without its object. */
function clause(rng: Rng, p: Primitive, x: string, first: boolean, elide = false): { verb: string; gerund: string | null; step: Step } {
  const words = DESCRIPTIONS[p.name];
  const kind = words ? rng.int(10) : 0;
  // a bare or code form (three in ten after the first clause; the first, code only): the step named alone ("diff", "np.cumsum(x)")
  if (kind >= 7 && words && (!first || kind === 9)) {
    const form = kind === 9 && words.code.length > 0 ? rng.pick(words.code) : rng.pick(words.bare);
    const args = argsFor(rng, p, form);
    return { verb: fillForm(form, x, args), gerund: null, step: { name: p.name, args } };
  }
  const phrase: Phrase = rng.pick(widened(p).phrases);
  const args = argsFor(rng, p, phrase.verb);
  const verb = elide && p.arrays === 1 ? fillForm(withoutObject(phrase.verb), x, args) : fillForm(phrase.verb, x, args);
  return { verb, gerund: fillForm(phrase.gerund, x, args), step: { name: p.name, args } };
}

/** A sentence of one family, and the plan it asks for; null when the draw finds nothing to say. */
export function familyIntent(rng: Rng, lib: Library, family: SentenceFamily, i: number, allowedPair: (a: string, b: string) => boolean, object: DataNamer = domainObject): Intent | null {
  const p = lib.primitives[i % lib.primitives.length];
  const words = DESCRIPTIONS[p.name];
  if (family === 'described') {
    const steps = p.returns === 'number' ? 1 : [1, 2, 2, 3][rng.int(4)];
    const { primitives, lookup } = widenedLibrary(lib);
    const chain = drawChain(rng, primitives, [lookup(p.name)!], steps, { pairAllowed: allowedPair });
    if (chain === null) return null;
    const drawn = drawWording(rng, chain, trainingTemplates(steps), lookup);
    if (drawn === null) return null;
    const wording = { ...drawn.wording, object: object(rng, chain[0].arrays) };
    return renderIntent(drawn.composition, wording, lookup);
  }
  if (!words) return null;
  if (family === 'question') {
    const form = rng.pick(words.ask);
    const args = argsFor(rng, p, form);
    const text = fillForm(form, object(rng, p.arrays), args) + (rng.int(3) === 0 ? '' : '?');
    return { text, composition: [{ name: p.name, args }], template: 'question' };
  }
  if (family === 'bare' || family === 'code') {
    const form = family === 'code' && words.code.length > 0 ? rng.pick(words.code) : rng.pick(words.bare);
    const args = argsFor(rng, p, form);
    const said = fillForm(form, 'x', args);
    const on = object(rng, p.arrays);
    const text = family === 'code' ? said : [said, `${said} of ${on}`, `${on}: ${said}`, `${said} on ${on}`][rng.int(4)];
    return { text, composition: [{ name: p.name, args }], template: family };
  }
  if (family === 'participle') return participleIntent(rng, lib, i, allowedPair, object);
  if (family === 'compound') return compoundIntent(rng, lib, i, allowedPair, object);
  // a chain of 2-3 clauses of any family, joined in one of many ways
  if (p.returns === 'number') return null;
  const chain = drawChain(rng, lib.primitives, [p], 2 + rng.int(2), { pairAllowed: allowedPair });
  if (chain === null) return null;
  const x = object(rng, chain[0].arrays);
  // a third of the chains name no object in their clauses, as people write them ("rectify, low-pass at 0.05, then find the peaks")
  const elide = rng.int(3) === 0;
  const clauses = chain.map((q, k) => clause(rng, q, k === 0 ? x : rng.pick(REFS), k === 0, elide));
  const composition = clauses.map((c) => c.step);
  const second = clauses[1];
  let text: string;
  if (clauses.length === 2 && second.gerund !== null && rng.int(4) === 0) text = BEFORE(clauses[0].verb, second.gerund);
  else {
    const join = rng.pick(JOINS);
    text = clauses.map((c) => c.verb).join(join);
  }
  return { text, composition, template: 'chain' };
}

/** What is said before the last step's words when it is a noun ("the max of ..."): nothing, or a request or question. */
const NOUN_OPENINGS: readonly string[] = ['', '', 'compute ', 'give me ', 'find ', 'return ', 'what is ', "what's "];

/**
 * A chain of 2-3 steps said with the first as done to the data ("the maximum of the smoothed
 * signal", "the range of the cumulative sum of the prices with the mean removed"), or the last
 * said of the data after the rest ("the rms of the signal after high-pass filtering it").
 */
function participleIntent(rng: Rng, lib: Library, i: number, allowedPair: (a: string, b: string) => boolean, object: DataNamer): Intent | null {
  const firsts = lib.primitives.filter((q) => PARTICIPLES[q.name] !== undefined);
  if (firsts.length === 0) return null;
  const first = firsts[i % firsts.length];
  const done = PARTICIPLES[first.name];
  // three steps only with the first said before the noun: one said after it would follow the
  // middle step's words and read as done last ("a low-pass of the values with a rolling max applied")
  const steps = done.pre.length > 0 && rng.int(3) === 0 ? 3 : 2;
  const chain = drawChain(rng, lib.primitives, [first], steps, { pairAllowed: allowedPair });
  if (chain === null) return null;
  const { lookup } = widenedLibrary(lib);
  const data = object(rng, 1);
  const forms = [...done.pre.map((f) => ({ f, pre: true })), ...(steps === 2 ? done.post.map((f) => ({ f, pre: false })) : [])];
  const said = rng.pick(forms);
  const firstArgs = argsFor(rng, first, said.f);
  let inner = said.pre ? premodify(data, fillForm(said.f, '', firstArgs)) : fillForm(said.f, data, firstArgs);
  const composition: Step[] = [{ name: first.name, args: firstArgs }];
  // a middle step as a noun of the data done ("the cumulative sum of the demeaned series")
  for (const q of chain.slice(1, -1)) {
    const phrase = rng.pick(lookup(q.name)!.phrases);
    const args = argsFor(rng, q, phrase.noun);
    inner = fillForm(phrase.noun, inner, args);
    composition.push({ name: q.name, args });
  }
  const last = chain[chain.length - 1];
  const words = DESCRIPTIONS[last.name];
  const kind = rng.int(10);
  let text: string;
  let args: number[];
  if (kind < 2 && chain.length === 2) {
    // the last step of the data, after the first: "the rms of the signal after high-pass filtering it"
    const phrase = rng.pick(lookup(last.name)!.phrases);
    const before = rng.pick(lookup(first.name)!.phrases);
    const beforeArgs = argsFor(rng, first, before.gerund);
    args = argsFor(rng, last, phrase.noun);
    text = `${rng.pick(NOUN_OPENINGS)}${fillForm(phrase.noun, data, args)} after ${fillForm(before.gerund, rng.pick(REFS), beforeArgs)}`;
    composition[0] = { name: first.name, args: beforeArgs };
  } else if (kind < 4 && words && words.ask.length > 0) {
    const form = rng.pick(words.ask);
    args = argsFor(rng, last, form);
    text = fillForm(form, inner, args);
  } else if (kind < 5 && words && words.bare.length > 0) {
    const form = rng.pick(words.bare);
    args = argsFor(rng, last, form);
    text = `${fillForm(form, '', args)} of ${inner}`;
  } else {
    const phrase = rng.pick(lookup(last.name)!.phrases);
    const verb = rng.int(2) === 0;
    args = argsFor(rng, last, verb ? phrase.verb : phrase.noun);
    text = verb ? fillForm(phrase.verb, inner, args) : `${rng.pick(NOUN_OPENINGS)}${fillForm(phrase.noun, inner, args)}`;
  }
  composition.push({ name: last.name, args });
  return { text, composition, template: 'participle' };
}

/** How a compound is put to the data: [before, after] the noun phrase; `{x}` the data. */
const COMPOUND_FRAMES: readonly (readonly [string, string])[] = [
  ['the ', ' of {x}'], ['the ', ' in {x}'], ['', ' of {x}'], ['', ' in {x}'], ['the ', ''], ['', ''],
  ['what is the ', ' in {x}'], ["what's the ", ' of {x}'], ['find the ', ' in {x}'], ['compute the ', ' of {x}'], ['give me the ', ''],
];

/** Step `name` of `lib` with every parameter at its default (a compound says no parameter). */
function atDefaults(lib: Library, name: string): Step {
  return { name, args: lib.lookup(name)!.params.map((p) => p.default) };
}

/** Two steps the library has one step for, as that step ("the average absolute change": diff_forward|mean_abs, not diff_forward|abs_values|mean). */
const AS_ONE_STEP: ReadonlyMap<string, string> = new Map(
  Object.keys(EQUIVALENTS).flatMap((name) => {
    const chain = EQUIVALENTS[name]([]);
    return chain && chain.length === 2 && chain.every((s) => s.args.length === 0) ? [[`${chain[0].name}|${chain[1].name}`, name] as const] : [];
  }),
);

/** `names` with each pair the library has one step for written as that step. */
function canonical(names: readonly string[]): string[] {
  const out: string[] = [];
  for (const name of names) {
    const one = out.length > 0 ? AS_ONE_STEP.get(`${out[out.length - 1]}|${name}`) : undefined;
    if (one) out[out.length - 1] = one;
    else out.push(name);
  }
  return out;
}

/**
 * A reduction said as an adjective of what the values are ("the biggest change in the prices",
 * "the largest absolute second difference", "the max absolute error between a and b"): the
 * values' step, maybe abs_values or square between, then the reduction; mean over absolute
 * values is mean_abs, the library's own step for it.
 */
function compoundIntent(rng: Rng, lib: Library, i: number, allowedPair: (a: string, b: string) => boolean, object: DataNamer): Intent | null {
  const inners = Object.keys(VALUE_NOUNS).filter((name) => lib.lookup(name) !== undefined);
  const outers = Object.keys(REDUCTION_ADJECTIVES).filter((name) => lib.lookup(name) !== undefined);
  if (inners.length === 0 || outers.length === 0) return null;
  const inner = inners[i % inners.length];
  const outer = rng.pick(outers);
  const modifier = rng.int(3) === 0 ? rng.pick(Object.keys(VALUE_MODIFIERS).filter((m) => m !== inner && lib.lookup(m) !== undefined)) : undefined;
  const names = canonical([inner, ...(modifier ? [modifier] : []), outer]);
  if (names.some((n) => lib.lookup(n) === undefined)) return null;
  for (let k = 1; k < names.length; k++) if (!allowedPair(names[k - 1], names[k])) return null;
  const binary = lib.lookup(inner)!.arrays === 2;
  const [noun, nouns] = rng.pick(VALUE_NOUNS[inner]);
  if (rng.int(3) === 0) {
    // any step that returns a number, said of the values by name ("the standard deviation of the changes in the prices")
    const reductions = lib.primitives.filter((q) => q.returns === 'number' && q.arrays === 1 && allowedPair(inner, q.name));
    if (reductions.length === 0) return null;
    const q = rng.pick(reductions);
    const phrase = rng.pick(widenedLibrary(lib).lookup(q.name)!.phrases);
    const args = argsFor(rng, q, phrase.noun);
    const values = (binary ? `the ${nouns}` : `the ${nouns}${rng.pick(['', ' of {x}', ' in {x}'])}`).replace('{x}', object(rng, 1)).replace('{xy}', object(rng, 2));
    const text = rng.pick(NOUN_OPENINGS) + fillForm(phrase.noun, values, args);
    // "the mean of the absolute values" is mean_abs, the library's one step for it
    const steps = canonical([inner, q.name]);
    const composition = steps.length === 1 ? [atDefaults(lib, steps[0])] : [atDefaults(lib, inner), { name: q.name, args }];
    return { text, composition, template: 'compound' };
  }
  const words = [rng.pick(REDUCTION_ADJECTIVES[outer]), ...(modifier ? [rng.pick(VALUE_MODIFIERS[modifier])] : []), noun].join(' ');
  // a binary step's noun names its two inputs; a frame without the data says none for a unary one
  const frames = binary ? COMPOUND_FRAMES.filter(([, after]) => after === '') : COMPOUND_FRAMES;
  const [before, after] = rng.pick(frames);
  const text = (before + words + after).replace('{x}', object(rng, 1)).replace('{xy}', object(rng, 2));
  return { text, composition: names.map((name) => atDefaults(lib, name)), template: 'compound' };
}

/**
 * Step `step` said again without its data, in other words than a sentence may have used ("the
 * cumulative sum", "cumsum"): a noun of the table's or the descriptions', or a bare name, with
 * the step's own values; null when every form of it needs the data.
 */
export function sayAgain(rng: Rng, lib: Library, step: Step): string | null {
  const forms = [...widenedLibrary(lib).lookup(step.name)!.phrases.map((ph) => ph.noun), ...(DESCRIPTIONS[step.name]?.bare ?? [])]
    .map(withoutObject)
    .filter((f) => !f.includes('{x'));
  return forms.length === 0 ? null : fillForm(rng.pick(forms), '', step.args);
}

/** An opening before a request or a question, some of the time. */
export function withOpening(rng: Rng, text: string, question: boolean): string {
  if (rng.int(10) >= 3) return text;
  return `${rng.pick(question ? QUESTION_OPENINGS : OPENINGS)} ${text}`;
}

/** A family sentence as a corpus document says it: with an opening, some words respelled (the lexicon). */
export function sayFamilySentence(rng: Rng, intent: Intent): string {
  const spelled = rng.int(10) < 4 ? respell(intent.text, rng) : intent.text;
  return withOpening(rng, spelled, intent.template === 'question');
}
