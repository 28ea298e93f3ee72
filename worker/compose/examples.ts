// The intents the Compose view offers to pick, and the ones it suggests after a refusal, made
// here from the same generator and rules as the corpora and the sets, the same on every machine:
//   held out     cases of the wording, template and composition sets: sentences (or sentence
//                shapes, or ordered pairs of steps) no organelle saw in training
//   ordinary     training-class sentences: known templates, no held-out pair, not a held-out
//                sentence (a corpus may or may not hold the very sentence; it holds its kind)
//   unknown      a case of the oov set: a concept no corpus holds, which the pipeline should refuse
// The suggestions' pool is training-class sentences too: every phrase of every primitive said
// once, on its own, then one or two steps over every primitive, so the closest of them to a
// refused intent names something the organelles do know, in as many of its words as the library has.
import { Rng } from '../games/rng.ts';
import { drawChain, drawWording, renderIntent } from './intents.ts';
import { plainObject } from './language/words.ts';
import { trainingTemplates } from './language/templates.ts';
import { formatPlan, returnKind } from './plan.ts';
import { buildSet, type Library, type SetName } from './sets.ts';
import type { Primitive } from './types.ts';
import { isHeldOutPair, isHeldOutWording } from './splits.ts';

/** Why an example is offered: a held-out set's case, a training-class sentence, or an unknown concept. */
export type ExampleKind = 'wording' | 'template' | 'composition' | 'ordinary' | 'unknown';

export interface ExampleIntent {
  intent: string;
  kind: ExampleKind;
  /** The composition it asks for (`rolling_mean(5)|diff_central`), or `none` for an unknown concept. */
  plan: string;
}

/** One primitive as a person may ask for it: every phrase of it said on its own (phraseIntents). */
export interface LibraryStep {
  name: string;
  category: string;
  sentences: string[];
}

export interface ComposeExamples {
  examples: ExampleIntent[];
  /** Training-class sentences, the pool the suggestions after a refusal are taken from. */
  known: string[];
  /** Every primitive, in the library's order, with each of its phrases said on its own: the words the organelles know. */
  steps: LibraryStep[];
}

/** Longest example shown: a sentence a person reads at a glance. */
export const EXAMPLE_MAX = 90;

const HELD_OUT_SETS: readonly SetName[] = ['wording', 'template', 'composition'];

/** How many examples of each kind: from each held-out set, from the training class, from the oov set. */
export interface ExampleCounts {
  heldOut: number;
  ordinary: number;
  unknown: number;
}

/** What the view offers. */
export const EXAMPLE_COUNTS: ExampleCounts = { heldOut: 2, ordinary: 3, unknown: 1 };

/**
 * A training-class sentence whose chain starts at `first`: a known template, no held-out pair,
 * and not a held-out sentence; null when this draw is none of that.
 */
function trainingClassIntent(rng: Rng, lib: Library, first: Primitive, steps: number, oneInput: boolean) {
  const length = first.returns === 'number' ? 1 : steps;
  const chain = drawChain(rng, lib.primitives, [first], length, { pairAllowed: (a, b) => !isHeldOutPair(a, b) });
  if (chain === null || (oneInput && chain[0].arrays === 2)) return null;
  const drawn = drawWording(rng, chain, trainingTemplates(length), lib.lookup);
  if (drawn === null) return null;
  const intent = renderIntent(drawn.composition, drawn.wording, lib.lookup);
  return isHeldOutWording(intent.text) ? null : intent;
}

/**
 * One training-class sentence starting at each primitive in turn (`oneInput`: those that take
 * one array only, so any signal can be run through it), `steps` long where a chain can be,
 * until `count` are made.
 */
export function trainingClassIntents(lib: Library, count: number, steps: number, seed: string, oneInput = false) {
  const rng = new Rng(seed);
  const seen = new Set<string>();
  const out: { intent: string; plan: string; returns: 'array' | 'number' }[] = [];
  const firsts = lib.primitives.filter((p) => !oneInput || p.arrays === 1);
  for (let i = 0; out.length < count && i < count * 4; i++) {
    const first = firsts[i % firsts.length];
    // a few draws for each: a draw may land on a held-out sentence, or a chain with no way on
    for (let draw = 0; draw < 50; draw++) {
      const intent = trainingClassIntent(rng, lib, first, steps, oneInput);
      if (intent === null || seen.has(intent.text)) continue;
      seen.add(intent.text);
      out.push({ intent: intent.text, plan: formatPlan(intent.composition), returns: returnKind(intent.composition, lib.lookup) });
      break;
    }
  }
  return out;
}

/** The single-step templates a phrase sentence tries, in turn, until one says it in a sentence no set holds out. */
const PHRASE_TEMPLATES = ['verb', 'compute', 'return'] as const;

/**
 * Every phrase of every primitive said once on its own, its parameters at their defaults ("take
 * a moving average of the signal"): the suggestions' words for each step, as many as the library
 * has, each sentence once. A phrase whose every single-step sentence is a held-out one is left out.
 */
export function phraseIntents(lib: Library): { intent: string; plan: string; name: string }[] {
  const said = new Set<string>();
  return lib.primitives.flatMap((p) => {
    const composition = [{ name: p.name, args: p.params.map((q) => q.default) }];
    const object = plainObject(p.arrays);
    return p.phrases.flatMap((_, i) => {
      const text = PHRASE_TEMPLATES.map((template) => renderIntent(composition, { template, phrases: [i], object, refs: [] }, lib.lookup).text).find((t) => !isHeldOutWording(t));
      // two phrases may come out as one sentence ("compute the area under the signal")
      if (text === undefined || said.has(text)) return [];
      said.add(text);
      return [{ intent: text, plan: formatPlan(composition), name: p.name }];
    });
  });
}

/**
 * The held-out examples: from each set, the first cases short enough to read at a glance that
 * chain two or more steps into an array (something to plot), taking one array in.
 */
function heldOutExamples(lib: Library, count: number): ExampleIntent[] {
  return HELD_OUT_SETS.flatMap((set) =>
    buildSet(set, lib)
      .filter((c) => c.expected !== null && c.intent.length <= EXAMPLE_MAX && c.expected.length >= 2)
      .filter((c) => returnKind(c.expected!, lib.lookup) === 'array' && lib.lookup(c.expected![0].name)?.arrays === 1)
      .slice(0, count)
      .map((c) => ({ intent: c.intent, kind: set as ExampleKind, plan: formatPlan(c.expected!) })),
  );
}

/**
 * The examples, `counts` of each kind in a fixed order (with larger counts, the candidates that
 * `organelle eval compose --choose` tries with the built-in models: the view then offers the
 * first of each kind that those models compose, or refuse for an unknown concept).
 */
export function composeExamples(lib: Library, counts: ExampleCounts = EXAMPLE_COUNTS): ComposeExamples {
  const ordinary = trainingClassIntents(lib, 20 * counts.ordinary, 2, 'compose/examples/ordinary', true)
    .filter((e) => e.intent.length <= 70 && e.returns === 'array' && e.plan.includes('|'))
    .slice(0, counts.ordinary)
    .map((e) => ({ intent: e.intent, kind: 'ordinary' as const, plan: e.plan }));
  const unknown = buildSet('oov', lib)
    .filter((c) => c.intent.length <= 70)
    .slice(0, counts.unknown)
    .map((c) => ({ intent: c.intent, kind: 'unknown' as const, plan: 'none' }));
  // every phrase on its own, and one sentence of each length for every primitive: the suggestions can name any of them
  const phrases = phraseIntents(lib);
  const steps = lib.primitives.map((p) => ({ name: p.name, category: p.category, sentences: phrases.filter((e) => e.name === p.name).map((e) => e.intent) }));
  const known = [
    ...phrases,
    ...trainingClassIntents(lib, lib.primitives.length, 1, 'compose/examples/known-1'),
    ...trainingClassIntents(lib, lib.primitives.length, 2, 'compose/examples/known-2'),
  ].map((e) => e.intent);
  return { examples: [...ordinary, ...heldOutExamples(lib, counts.heldOut), ...unknown], known: [...new Set(known)], steps };
}
