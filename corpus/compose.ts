// Training corpora for the code-composition organelles (seed 000, section 9), a pure function
// of the seed and the library:
//   planner  intent|blocked=...  ->  the plan (`rolling_mean(5)|diff_central`), or `none`
//            clean sentences, sentences with training noise, unknown concepts (answer `none`),
//            and replans: with `blocked=NAME(low_conf)` (the Code organelle was unsure of NAME)
//            or `blocked=A+B(low_conf)` (the Wiring organelle was unsure of the plan), the plan
//            with NAME spelled as an equivalent chain, or `none` when there is none
//   wiring   the plan's signatures  ->  the composed function (worker/compose/wiring.ts)
//   code     a primitive's name  ->  its canonical body
//   single   intent  ->  the whole module on one line: the baseline of one organelle from words
//            straight to code, as the reference project built it
// Nothing held out (worker/compose/splits.ts, sets.ts) is ever a document: the sentence rules,
// the pairs and templates, and every evaluation set's intents are checked as documents are
// made, and again by tests/compose/held-out.test.ts.

import { Rng } from '../worker/games/rng.ts';
import { drawChain, drawStep, drawWording, renderIntent, type Intent } from '../worker/compose/intents.ts';
import { HELD_OUT_TEMPLATE_MARKERS, trainingTemplates, VALIDATION_TEMPLATE_MARKERS } from '../worker/compose/language/templates.ts';
import { HELD_OUT_FILLERS } from '../worker/compose/language/slips.ts';
import { addNoise, scatterDistractors } from '../worker/compose/language/noise.ts';
import { decoyConcept, madeUpConcept, TEST_UNKNOWN_WORDS, TRAINING_UNKNOWN, TRAINING_UNKNOWN_MORE } from '../worker/compose/language/oov.ts';
import { formatPlan, REFUSAL, type Lookup } from '../worker/compose/plan.ts';
import { holdsOutPair, isHeldOutPair, isHeldOutWording } from '../worker/compose/splits.ts';
import { buildSet, SET_NAMES, unknownIntent, type Library } from '../worker/compose/sets.ts';
import { equivalentOf, rewriteAvoiding } from '../worker/compose/equivalents.ts';
import { blockedItem, MAX_INTENT, plannerPrompt } from '../worker/compose/prompts.ts';
import { wireComposition, wiringPrompt } from '../worker/compose/wiring.ts';
import type { Composition, Phrase, Primitive } from '../worker/compose/types.ts';
import { restated, withAside } from '../worker/compose/language/asides.ts';
import { withPurpose } from '../worker/compose/language/purposes.ts';
import { patternOf } from '../worker/compose/pipeline.ts';
import { domainObject, familyIntent, nounDataNamer, sayAgain, sayFamilySentence, withOpening, type DataNamer, type SentenceFamily } from './compose-families.ts';
import { ALL_DOMAIN_OBJECTS } from '../worker/compose/language/domains.ts';
import { DATA_NOUNS } from '../worker/compose/language/data-nouns.ts';
import { intentKey } from '../worker/compose/language/intent-key.ts';
import { TYPED_INTENT_KEYS } from '../worker/compose/language/typed-keys.ts';
import { fnv1a32 } from '../worker/games/puzzle8/heldout.ts';

export interface ComposeCorpusOptions {
  seed: number;
  /**
   * The Planner's sentences: the library's phrase table alone ('table', what the shipped
   * Planners were trained on), or mixed with the sentence families of compose-families.ts.
   */
  language?: 'table' | 'families';
  /** Of every 100 Planner intents (replans aside), how many get a distractor word or two (noise.ts scatterDistractors); 0 unless given. */
  distractors?: number;
  /** With the families: nouns of the physical world the data may be named by (language/data-nouns.ts; compose-families.ts nounDataNamer); none unless given. */
  dataNouns?: readonly string[];
  /** Of every 100 Planner intents said cleanly (families, unknown concepts and the table's; noisy ones and replans aside), how many get an aside that asks for no step (language/asides.ts); 0 unless given. */
  asides?: number;
  /** Of every 100 family sentences of one step, how many say the step again in other words (language/asides.ts restated); 0 unless given. */
  restatements?: number;
  /**
   * Of every 100 Planner intents said cleanly, how many say why they want a step, in words about
   * its effect (language/purposes.ts: "... to knock the spikes out"), an unknown concept a known
   * step's; 0 unless given.
   */
  purposes?: number;
  /**
   * Of every 100 family sentences, how many are read again with a step the plan does not have
   * blocked as said by no word (`...|blocked=minimum(unsaid)`), and answered with the plan: a
   * step a Reader wrote that no word of the intent says is to be left out, not spelled another
   * way as a `low_conf` block is (docs/compose.md, session 63); 0 unless given.
   */
  unsaid?: number;
  plannerDocs: number;
  wiringDocs: number;
  singleDocs: number;
}

export const DEFAULT_COMPOSE_CORPUS: ComposeCorpusOptions = { seed: 1, plannerDocs: 80_000, wiringDocs: 40_000, singleDocs: 6_000 };

/** The sentence-families experiment's corpus (docs/compose.md, session 51): 100,000 Planner documents, so the table's sentences are not crowded out as much. */
export const FAMILIES_COMPOSE_CORPUS: ComposeCorpusOptions = { ...DEFAULT_COMPOSE_CORPUS, language: 'families', plannerDocs: 100_000 };

/**
 * The second reading's Planner corpus (worker/recipes/compose.ts, the Readers): the families,
 * with a distractor adverb or two in 25 of every 100 intents, the data named by things of the
 * physical world as well as by the domains, an aside that asks for no step in 20 of every 100
 * intents said cleanly (language/asides.ts), and one step said twice in other words in 15 of
 * every 100 family sentences of one step (docs/compose.md, session 61).
 */
export const READER_COMPOSE_CORPUS: ComposeCorpusOptions = { ...FAMILIES_COMPOSE_CORPUS, distractors: 25, dataNouns: DATA_NOUNS, asides: 20, restatements: 15 };

export interface ComposeCorpus {
  planner: string;
  wiring: string;
  code: string;
  single: string;
  stats: {
    plannerDocs: number;
    plannerByKind: Record<'clean' | 'noisy' | 'unknown' | 'replan', number> & Partial<Record<SentenceFamily, number>>;
    wiringDocs: number;
    codeDocs: number;
    singleDocs: number;
    heldOutIntents: number; // evaluation intents kept out
  };
}

const doc = (prompt: string, response: string) => `${prompt}\n${response}`;

/** Every word of every phrase of the library: what a decoy must not be a typo of. */
export function phraseWords(primitives: readonly Primitive[]): string[] {
  const words = new Set<string>();
  for (const p of primitives) {
    for (const phrase of p.phrases) {
      for (const form of [phrase.verb, phrase.gerund, phrase.noun]) for (const w of form.replace(/\{[^}]+\}/g, ' ').split(/[\s-]+/)) if (w) words.add(w);
    }
  }
  return [...words].sort();
}

/** Every intent of every evaluation set: none may be a training prompt, however it was made. */
export function evaluationIntents(lib: Library): Set<string> {
  return new Set(SET_NAMES.flatMap((name) => buildSet(name, lib).map((c) => c.intent)));
}

const allowedPair = (a: string, b: string) => !isHeldOutPair(a, b);

/** A training sentence: known template, no held-out pair, not a held-out sentence. */
function trainingIntent(rng: Rng, lib: Library, i: number): Intent | null {
  const first = lib.primitives[i % lib.primitives.length];
  const steps = first.returns === 'number' ? 1 : [1, 2, 2, 3][rng.int(4)];
  const chain = drawChain(rng, lib.primitives, [first], steps, { pairAllowed: allowedPair });
  if (chain === null) return null;
  const drawn = drawWording(rng, chain, trainingTemplates(steps), lib.lookup);
  if (drawn === null) return null;
  const intent = renderIntent(drawn.composition, drawn.wording, lib.lookup);
  return isHeldOutWording(intent.text) || intent.text.length > MAX_INTENT ? null : intent;
}

/** An unknown concept said as a question, bare, or after an opening (or as the table's sentence), on any data. */
function unknownSaidOtherwise(rng: Rng, concept: Phrase, sentence: string, object: DataNamer): string {
  const on = rng.int(2) === 0 ? object(rng, 1) : 'x';
  switch (rng.int(5)) {
    case 0: return `what is ${concept.noun.replaceAll('{x}', on)}${rng.int(2) === 0 ? '?' : ''}`;
    case 1: return concept.noun.replace(/^(?:the|a|an) /, '').replace(/ (?:of|in|to|on|for|from) \{x\}.*$/, '').replaceAll('{x}', on);
    case 2: return withOpening(rng, concept.verb.replaceAll('{x}', on), false);
    default: return withOpening(rng, sentence, false);
  }
}

/** What a replan should answer when `avoid` is blocked: the plan spelled another way, or none. */
function replanAnswer(composition: Composition, avoid: ReadonlySet<string>): string {
  const rewritten = rewriteAvoiding(composition, avoid);
  return rewritten === null || holdsOutPair(rewritten) ? REFUSAL : formatPlan(rewritten);
}

function replanDoc(rng: Rng, intent: Intent): string {
  const names = intent.composition.map((s) => s.name);
  const rewritable = names.filter((_, i) => equivalentOf(intent.composition[i]) !== null);
  // half the replans block a primitive that has another spelling, so both answers are common
  const target = rewritable.length > 0 && rng.int(2) === 0 ? rng.pick(rewritable) : rng.pick(names);
  const byWiring = intent.composition.length > 1 && rng.int(3) === 0;
  const blocked = [byWiring ? blockedItem(names, 'low_conf') : blockedItem([target], 'low_conf')];
  return doc(plannerPrompt(intent.text, blocked), replanAnswer(intent.composition, new Set([target])));
}

/** A chain for the Wiring corpus: any length 1-5 (a replan may spell a step as two). */
function wiringChain(rng: Rng, lib: Library, i: number): Composition | null {
  const first = lib.primitives[i % lib.primitives.length];
  const steps = first.returns === 'number' ? 1 : [1, 2, 2, 3, 3, 4, 5][rng.int(7)];
  const chain = drawChain(rng, lib.primitives, [first], steps, { pairAllowed: allowedPair });
  return chain === null ? null : chain.map((p) => drawStep(rng, p).step);
}

function singleModelResponse(composition: Composition, lookup: Lookup): string {
  const bodies = [...new Set(composition.map((s) => s.name))].map((n) => lookup(n)!.body);
  return [wireComposition(composition, lookup), ...bodies].join(' ');
}

/** Words no training document may hold, whatever made it: the held-out and validation templates' markers, the held-out slips' fillers. */
const NEVER_TRAINED_ON = new RegExp(
  `\\b(?:${[...HELD_OUT_TEMPLATE_MARKERS, ...VALIDATION_TEMPLATE_MARKERS, ...HELD_OUT_FILLERS].map((p) => p.replace(/ /g, '\\s+')).join('|')})\\b`,
  'i',
);

/**
 * Throws, naming the document and the words, when a corpus holds what only the held-out or
 * validation sets may: the generator never writes those words, and a corpus change that would
 * is stopped here, before any training (tests/compose/held-out.test.ts checks the built corpora
 * more widely).
 */
export function checkNeverTrainedOn(corpus: string, docs: readonly string[]): void {
  for (const d of docs) {
    const hit = NEVER_TRAINED_ON.exec(d);
    if (hit) throw new Error(`the ${corpus} corpus holds "${hit[0]}", words only the held-out or validation sets may hold, in: ${d.replace(/\n/g, ' -> ').slice(0, 160)}`);
  }
}

/**
 * The Code organelle's corpus: one document per primitive, its name then its body. It draws on
 * no seed, so it is the same text alone as inside buildComposeCorpus, without the seconds the
 * other corpora take.
 */
export function composeCodeCorpus(lib: Library): string {
  return lib.primitives.map((p: Primitive) => doc(p.name, p.body)).join('\n\n');
}

/**
 * Which sentence family a Planner document's roll of 42-99 says, by the roll it is below:
 * described 11%, questions 6%, bare 6%, code 4%, chains 13%, a step said as done to the data
 * 10%, a reduction said as an adjective 8%; rolls under 42 keep the table's sentences (24%, half
 * of them noisy), unknown concepts and replans.
 */
const FAMILY_ROLLS: readonly (readonly [number, SentenceFamily])[] = [
  [53, 'described'], [59, 'question'], [65, 'bare'], [69, 'code'], [82, 'chain'], [92, 'participle'], [100, 'compound'],
];

export function buildComposeCorpus(lib: Library, options: ComposeCorpusOptions = DEFAULT_COMPOSE_CORPUS): ComposeCorpus {
  const rng = new Rng(`compose/corpus/${options.seed}`);
  const heldOut = evaluationIntents(lib);
  const heldOutKeys = new Set([...heldOut].map(intentKey));
  const testWords = new RegExp(`\\b(?:${TEST_UNKNOWN_WORDS.join('|')})\\b`, 'i');
  // no evaluation intent, no test set's unknown word, no intent typed by hand (docs/intents)
  const usable = (prompt: string) => !heldOutKeys.has(intentKey(prompt)) && !testWords.test(prompt) && !TYPED_INTENT_KEYS.has(fnv1a32(intentKey(prompt)));

  // ---- planner
  const knownWords = phraseWords(lib.primitives);
  const byKind: ComposeCorpus['stats']['plannerByKind'] = { clean: 0, noisy: 0, unknown: 0, replan: 0 };
  const planner: string[] = [];
  const plannerRng = rng.fork('planner');
  const families = options.language === 'families';
  const nounNamer = options.dataNouns?.length ? nounDataNamer(options.dataNouns) : null;
  // an unknown concept's data: without the data nouns, a domain object alone, as the families
  // corpus has always drawn it (domainObject draws the library's objects too, and other numbers)
  const unknownData: DataNamer = nounNamer ?? ((r) => r.pick(ALL_DOMAIN_OBJECTS));
  // `change` in `percent` of every 100 intents, kept only when the result fits and makes no word
  // only the held-out sets may hold (no draw at all when the percentage is 0)
  const sometimes = (percent: number | undefined, change: (text: string) => string) => (text: string) => {
    if (!percent || plannerRng.int(100) >= percent) return text;
    const out = change(text);
    return out.length > MAX_INTENT || NEVER_TRAINED_ON.test(out) ? text : out;
  };
  // a distractor or two
  const distract = sometimes(options.distractors, (text) => scatterDistractors(text, plannerRng));
  // an aside (why, who asked, what for), unknown concepts included
  const aside = sometimes(options.asides, (text) => withAside(text, plannerRng, options.dataNouns ?? []));
  // why a step is wanted, in words about its effect (`names`: the steps one may be of; an
  // unknown concept's may be any step's, so that a purpose is no sign that a thing is known)
  const primitiveNames = lib.primitives.map((p) => p.name);
  const purpose = (text: string, names: readonly string[]) => sometimes(options.purposes, (t) => withPurpose(t, plannerRng.pick(names), plannerRng))(text);
  const restatements = options.restatements ?? 0;
  // one step said twice in other words ("the running total, i.e. the cumulative sum")
  const restate = (intent: Intent): Intent => {
    if (restatements === 0 || intent.composition.length !== 1 || plannerRng.int(100) >= restatements) return intent;
    const again = sayAgain(plannerRng, lib, intent.composition[0]);
    if (again === null) return intent;
    const text = restated(intent.text, again, plannerRng);
    return text.length > MAX_INTENT || NEVER_TRAINED_ON.test(text) ? intent : { ...intent, text };
  };
  // a step the plan does not have, blocked as said by no word (no draw at all when the share is
  // 0): one that could follow the plan's last step, the shape of a step a Reader adds
  const followers = lib.primitives.filter((p) => p.arrays === 1).map((p) => p.name);
  const unsaidBlock = (composition: Composition): string[] => {
    if (!options.unsaid || plannerRng.int(100) >= options.unsaid) return [];
    const planned = new Set(composition.map((s) => s.name));
    return [blockedItem([plannerRng.pick(followers.filter((n) => !planned.has(n)))], 'unsaid')];
  };
  for (let i = 0; planner.length < options.plannerDocs; i++) {
    const roll = plannerRng.int(100);
    if (families && roll >= 42) {
      const family = FAMILY_ROLLS.find(([below]) => roll < below)![1];
      const drawn = familyIntent(plannerRng, lib, family, i, allowedPair, nounNamer ?? domainObject);
      if (drawn === null) continue;
      const intent = restate(drawn);
      let text = distract(aside(purpose(sayFamilySentence(plannerRng, intent), patternOf(intent.composition))));
      if (plannerRng.int(5) === 0) text = addNoise(text, plannerRng);
      if (text.length > MAX_INTENT || !usable(text)) continue;
      planner.push(doc(plannerPrompt(text, unsaidBlock(intent.composition)), formatPlan(intent.composition)));
      byKind[family] = (byKind[family] ?? 0) + 1;
      continue;
    }
    if (roll < 12) {
      // unknown concepts: real words outside the library, decoys that start like a known word
      // but are no typo of one, and a few made-up words
      const kind = plannerRng.int(10);
      const concept =
        kind < 3 ? plannerRng.pick(TRAINING_UNKNOWN)
          : kind < 6 ? plannerRng.pick(TRAINING_UNKNOWN_MORE)
            : kind < 9 ? decoyConcept(plannerRng, knownWords)
              : madeUpConcept(plannerRng);
      const u = unknownIntent(plannerRng, lib, concept, allowedPair);
      // with the families, unknown concepts are said in the families' ways too, so that no way
      // of saying a thing tells the Planners it is known
      const said = families ? unknownSaidOtherwise(plannerRng, concept, u.text, unknownData) : u.text;
      const text = distract(aside(purpose(said, primitiveNames)));
      if (text.length > MAX_INTENT || !usable(text)) continue;
      planner.push(doc(plannerPrompt(text, []), REFUSAL));
      byKind.unknown++;
      continue;
    }
    const intent = trainingIntent(plannerRng, lib, i);
    if (intent === null) continue;
    if (roll < 18) {
      if (!usable(intent.text)) continue;
      planner.push(replanDoc(plannerRng, intent));
      byKind.replan++;
    } else if (roll < (families ? 30 : 42)) {
      const text = addNoise(distract(intent.text), plannerRng);
      if (!usable(text)) continue;
      planner.push(doc(plannerPrompt(text, []), formatPlan(intent.composition)));
      byKind.noisy++;
    } else {
      const text = distract(aside(purpose(intent.text, patternOf(intent.composition))));
      if (!usable(text)) continue;
      planner.push(doc(plannerPrompt(text, []), formatPlan(intent.composition)));
      byKind.clean++;
    }
  }

  // ---- wiring
  const wiring: string[] = [];
  const wiringRng = rng.fork('wiring');
  for (let i = 0; wiring.length < options.wiringDocs; i++) {
    const composition = wiringChain(wiringRng, lib, i);
    if (composition === null) continue;
    wiring.push(doc(wiringPrompt(composition, lib.lookup), wireComposition(composition, lib.lookup)));
  }

  // ---- code: one document per primitive
  const code = composeCodeCorpus(lib);

  // ---- single model
  const single: string[] = [];
  const singleRng = rng.fork('single');
  for (let i = 0; single.length < options.singleDocs; i++) {
    const intent = trainingIntent(singleRng, lib, i);
    if (intent === null || !usable(intent.text)) continue;
    single.push(doc(intent.text, singleModelResponse(intent.composition, lib.lookup)));
  }

  checkNeverTrainedOn('planner', planner);
  checkNeverTrainedOn('single', single);
  return {
    planner: planner.join('\n\n'),
    wiring: wiring.join('\n\n'),
    code,
    single: single.join('\n\n'),
    stats: {
      plannerDocs: planner.length,
      plannerByKind: byKind,
      wiringDocs: wiring.length,
      codeDocs: lib.primitives.length,
      singleDocs: single.length,
      heldOutIntents: heldOut.size,
    },
  };
}
