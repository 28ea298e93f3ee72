// The keyword decomposer: an intent read by fixed rules, with no model. It is the Planner's
// deterministic fallback (pipeline.ts HeuristicFn: the Planner's answer failed the plan grammar
// twice, or the no-Planner ablation) and the "no models" baseline of the evaluation, measured on
// the same held-out intents as the organelles (tests/compose/keywords.test.ts).
//
// Where its words come from: only what the training corpora hold. The lexicon is the library's
// phrase forms (every form is in the Planner corpus), the objects, pairs and references of
// language/words.ts, the training templates' own words (rendered here with placeholder steps)
// and the training noise's fillers (language/noise.ts). Nothing comes from the held-out
// templates, the held-out slips or the unknown-concept lists of validation and test; the
// corpus's refusal words (training unknown concepts, made-up words) are left out on purpose, so
// they read as unknown words and are refused.
//
// The rules, in the order they run:
//   1. Normalise: lower case; punctuation removed except '-' and a number's decimal point;
//      spaces collapsed. Words split at '-' ("5-point" -> 5 point, "low-pass" -> low pass),
//      but a leading '-' before a digit is a minus sign ("-1.5" is one number).
//   2. Read each word: a known word is itself; an unknown word may stand for any known word at
//      Damerau-Levenshtein distance 1 when either has 4+ letters ("smoth" -> smooth, "maax" ->
//      max), or 2 when both have 8+ ("suubract" -> subtract; it reads one more validation
//      intent and misreads none there). An unknown word of 4+ letters with no known word that
//      close is an unknown concept ("kurtosis") and the intent is refused: a keyword system
//      that cannot read a word must not guess. The cost: unknown connectors and fillers
//      ("please", "basically", "start by ... and finish by") are refused too, even when the
//      steps around them are plain; a typo that lands on another known word is misread.
//   3. Drop what carries no meaning: articles and possessives (the, a, an, my, its) and the
//      training fillers ("now", "i want to", ...), wherever they stand.
//   4. Find the steps: every phrase form (verb, gerund, noun) of every primitive is a pattern of
//      key words and slots. Key words match consecutive words (one pair of neighbouring words
//      may be swapped); {x} and {xy} match any words up to a connector (then, followed, after,
//      before), {xy} only two arrays ("the two signals", "both arrays", "x and y") and {x} never
//      them; {p0}/{p1} match one number (negative and decimal included). Matches are taken
//      most specific first (most key words and numbers), never using a word twice. A number
//      captured from a slot is that parameter's value; a phrase without the slot gives the
//      default (ParamSpec.default). A value outside its range, or not whole for an integer
//      parameter, makes the intent refused rather than read another way.
//   5. Leftovers: a number no step used, or a phrase word no step used that is not a training
//      template's word, an object or a reference, means the intent was misread: refused.
//   6. Order of application: textual, except where the training templates turn it around:
//      'after' ("B the signal after A-ing it and then C-ing it": what follows "after" comes
//      first), and a step whose argument is another step ('result-of': "B the result of
//      A-ing x"; 'nested': "the B of the A of x") applies after the step its slot starts with.
//   7. Refuse when no step is found, more than 3 are (intents name 1-3), or they do not chain
//      (plan.ts checkChain).
//   8. Blocked kanban items (`zscore(low_conf)`, `zscore+mean(low_conf)`, `zscore+mean(ran)`;
//      pipeline.ts blockedPatterns): a blocked name or pattern is spelled another way with
//      equivalents.ts rewriteAvoiding (the fewest names rewritten, earliest first); refused
//      when no spelling avoids them all.

import { blockedPatterns, type ComposePlan } from './pipeline.ts';
import { checkChain, MAX_STEPS, type Lookup } from './plan.ts';
import { rewriteAvoiding } from './equivalents.ts';
import { CONNECTIVES, trainingTemplates, type StepWords } from './language/templates.ts';
import { OBJECTS, PAIRS, REFS } from './language/words.ts';
import { TRAINING_FILLERS } from './language/noise.ts';
import type { Composition, Primitive, Step } from './types.ts';
import type { Weighing } from './settings.ts';
import type { SecondReadingOptions } from './pipeline.ts';
import { PRIMITIVES } from './primitives/index.ts';

// ---- words

const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Rule 1: lower case, punctuation but '-' and decimal points gone, spaces collapsed. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.\-]+/g, ' ')
    .replace(/\.(?!\d)/g, '') // a dot not followed by a digit ("the signal.", "...")
    .replace(/(^|[^\d])\./g, '$1') // nor preceded by one
    .replace(/\s+/g, ' ')
    .trim();
}

/** A piece of text as words: split at spaces and at '-' (not a minus sign before a digit). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of normalise(text).split(' ')) {
    let minus = false;
    for (const [k, piece] of raw.split('-').entries()) {
      if (piece === '') {
        minus = k === 0;
        continue;
      }
      out.push(minus && NUMBER.test(`-${piece}`) ? `-${piece}` : piece);
      minus = false;
    }
  }
  return out;
}

export const isNumber = (word: string) => NUMBER.test(word);

/** Words this long (written and known) may be two edits apart ("suubract" -> subtract). */
const LONG = 8;

/** Damerau-Levenshtein (optimal string alignment) distance, cut off above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // rows of the dynamic programme: d[i][j] = distance between a[0..i) and b[0..j)
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** Rule 2's test: an unknown word may stand for a known one this close. */
export function mayBeTypoOf(word: string, known: string): boolean {
  if (Math.max(known.length, word.length) < 4) return false;
  const edits = Math.min(known.length, word.length) >= LONG ? 2 : 1;
  return editDistance(word, known, edits) <= edits;
}

// ---- the lexicon, from the training material only

/** Words that carry no meaning in an intent (dropped by the training noise too). */
export const ARTICLES: readonly string[] = ['the', 'a', 'an', 'my', 'its'];

/** Connectors that end a slot's words: the next step starts after them. */
const BOUNDARIES: readonly string[] = ['then', 'followed', 'after', 'before'];

/** The connector of the 'after' template: the steps after it are applied first. */
const AFTER = 'after';

/** The words that open a 'result-of' argument ("the result of smoothing x"). */
const RESULT_OF: readonly string[] = ['result', 'of'];

/**
 * A training template's own words: each rendered with placeholder steps, object, reference and
 * connective, and the connectives the 'connective' template joins steps with.
 */
export function templateWords(): Set<string> {
  const words = new Set<string>(CONNECTIVES.flatMap(tokenize));
  const placeholder = (form: string) => (x: string) => `qq${form} ${x}`;
  const step: StepWords = { verb: placeholder('verb'), gerund: placeholder('gerund'), noun: placeholder('noun') };
  for (const n of [1, 2, 3]) {
    for (const template of trainingTemplates(n)) {
      const text = template.render(Array(n).fill(step), { object: 'qqobject', ref: () => 'qqref', connective: () => 'qqconnective' });
      for (const w of tokenize(text)) if (!w.startsWith('qq')) words.add(w);
    }
  }
  return words;
}

export type Form = 'verb' | 'gerund' | 'noun';

type Element =
  | { kind: 'word'; word: string }
  | { kind: 'slot'; pair: boolean } // {x}, or {xy} (two arrays)
  | { kind: 'param'; index: number }; // {p0}, {p1}

interface Pattern {
  primitive: Primitive;
  phrase: number;
  form: Form;
  elements: readonly Element[];
  /** Key words and numbers: how specific a match is. */
  keys: number;
  /** Its key words, each of which the intent must hold for it to match. */
  words: readonly string[];
}

function patternOf(primitive: Primitive, phrase: number, form: Form): Pattern {
  const text = primitive.phrases[phrase][form];
  const elements: Element[] = [];
  for (const part of text.split(/(\{[a-z0-9]+\})/)) {
    const slot = /^\{(x|xy|p(\d))\}$/.exec(part);
    if (slot) {
      elements.push(slot[2] !== undefined ? { kind: 'param', index: Number(slot[2]) } : { kind: 'slot', pair: slot[1] === 'xy' });
      continue;
    }
    for (const word of tokenize(part)) if (!ARTICLES.includes(word)) elements.push({ kind: 'word', word });
  }
  if (elements[0]?.kind === 'slot') throw new Error(`keywords: ${primitive.name}'s phrase "${text}" starts with its argument`);
  const words = elements.flatMap((e) => (e.kind === 'word' ? [e.word] : []));
  return { primitive, phrase, form, elements, keys: elements.filter((e) => e.kind !== 'slot').length, words };
}

/**
 * The key words of each of a primitive's phrase forms (numbers aside), in groups split where
 * the form takes its argument: "smooth {x} over {p0} points" is [[smooth], [over, points]].
 */
export function phraseKeyWords(primitive: Primitive): string[][][] {
  return primitive.phrases.flatMap((_, i) =>
    (['verb', 'gerund', 'noun'] as const).map((form) => {
      const groups: string[][] = [[]];
      for (const e of patternOf(primitive, i, form).elements) {
        if (e.kind === 'slot') groups.push([]);
        else if (e.kind === 'word' && !isNumber(e.word)) groups[groups.length - 1].push(e.word);
      }
      return groups.filter((g) => g.length > 0);
    }));
}

/** The numbers each of a primitive's phrase forms writes in its own words: "normalize {x} to the range 0 to 1" is [0, 1]. */
export function phraseNumbers(primitive: Primitive): number[][] {
  return primitive.phrases.flatMap((_, i) =>
    (['verb', 'gerund', 'noun'] as const).map((form) =>
      patternOf(primitive, i, form).elements.flatMap((e) => (e.kind === 'word' && isNumber(e.word) ? [Number(e.word)] : []))));
}

// ---- reading an intent

/** One word of the intent as read: the known words it may stand for (several for a typo). */
interface Token {
  text: string;
  words: readonly string[];
  value: number | null;
}

export interface ReadStep {
  step: Step;
  form: Form;
  phrase: number;
  /** Positions of the intent's words it used (after rule 3). */
  used: readonly number[];
}

/** What the decomposer made of an intent: the plan, and why when it refused. */
export interface Reading {
  plan: ComposePlan;
  reason: string | null;
  /** The words after rule 3, and the steps found in textual order. */
  words: readonly string[];
  steps: readonly ReadStep[];
}

interface Match {
  pattern: Pattern;
  start: number;
  used: number[];
  args: (number | null)[];
  /** Where each slot's words begin, past "result of". */
  slotStarts: number[];
  /** Whether it took a pair of neighbouring key words swapped. */
  swapped: boolean;
}

export interface KeywordDecomposer {
  plan(intent: string, blocked?: readonly string[]): ComposePlan;
  read(intent: string, blocked?: readonly string[]): Reading;
  /** Every word it knows (each occurs in the Planner corpus). */
  readonly knownWords: ReadonlySet<string>;
  /** The first word of the intent rule 2 cannot read (an unknown concept, to it), or null. */
  unknownWord(intent: string): string | null;
  /** Every word of the intent it does not know as written (a slip of a known word included), each once, in order. */
  unknownWords(intent: string): string[];
  /** The first word rule 2 cannot read that follows an article ("a wavelet transform"): a thing the intent names that no corpus holds, or null. */
  unknownNoun(intent: string): string | null;
  /** The known words `word` may be a slip of, as rule 2 reads typos ("maxium": maximum); none for a word it knows as written. */
  slipOf(word: string): string[];
}

export function createKeywordDecomposer(primitives: readonly Primitive[]): KeywordDecomposer {
  const byName = new Map(primitives.map((p) => [p.name, p]));
  const lookup: Lookup = (name) => byName.get(name);

  const patterns: Pattern[] = [];
  for (const p of primitives) {
    for (let i = 0; i < p.phrases.length; i++) for (const form of ['verb', 'gerund', 'noun'] as const) patterns.push(patternOf(p, i, form));
  }
  // patterns by their first element's word ('#' for a number slot), so a word looks up only its own
  const byFirst = new Map<string, Pattern[]>();
  for (const pattern of patterns) {
    const first = pattern.elements[0];
    const key = first.kind === 'word' ? first.word : '#';
    byFirst.set(key, [...(byFirst.get(key) ?? []), pattern]);
  }

  const phraseWords = new Set(patterns.flatMap((p) => p.elements.flatMap((e) => (e.kind === 'word' && !isNumber(e.word) ? [e.word] : []))));
  const fillers = TRAINING_FILLERS.map(tokenize).sort((a, b) => b.length - a.length);
  const glue = new Set([...templateWords(), ...[...OBJECTS, ...PAIRS, ...REFS].flatMap(tokenize), ...ARTICLES]);
  const known = new Set([...phraseWords, ...glue, ...fillers.flat()]);
  const knownList = [...known];
  const typoCache = new Map<string, string[]>();

  /** Rule 2: the known words an unknown word may be a typo of. */
  function typoOf(word: string): string[] {
    let hit = typoCache.get(word);
    if (hit === undefined) {
      hit = knownList.filter((k) => mayBeTypoOf(word, k));
      if (typoCache.size >= 10_000) typoCache.clear();
      typoCache.set(word, hit);
    }
    return hit;
  }

  const has = (t: Token | undefined, word: string) => t !== undefined && t.words.includes(word);

  /** Rule 2's verdict on one word: the known words it may be, or null for an unknown concept. */
  function readWord(text: string): string[] | null {
    if (known.has(text)) return [text];
    const words = typoOf(text);
    return words.length === 0 && text.length >= 4 ? null : words;
  }

  /** Rule 2 reads no known word into it: an unknown concept, to the decomposer. */
  const unreadable = (text: string) => !isNumber(text) && readWord(text) === null;

  /** Rules 1-3: the intent's words, or why it cannot be read. */
  function tokensOf(intent: string): Token[] | string {
    const raw: Token[] = [];
    for (const text of tokenize(intent)) {
      if (isNumber(text)) raw.push({ text, words: [String(Number(text))], value: Number(text) });
      else {
        const words = readWord(text);
        if (words === null) return `unknown word "${text}"`;
        raw.push({ text, words, value: null });
      }
    }
    // fillers (longest first) and articles go
    const out: Token[] = [];
    for (let i = 0; i < raw.length; ) {
      const filler = fillers.find((f) => f.every((w, k) => has(raw[i + k], w)));
      if (filler) {
        i += filler.length;
        continue;
      }
      if (!ARTICLES.some((a) => has(raw[i], a))) out.push(raw[i]);
      i++;
    }
    return out;
  }

  const isBoundary = (t: Token) => BOUNDARIES.some((b) => t.text === b);

  /** Where two arrays are named at position j: "two ...", "both ...", "x and y". */
  const pairAt = (tokens: readonly Token[], j: number) =>
    has(tokens[j], 'two') || has(tokens[j], 'both') || (tokens[j]?.text === 'x' && tokens[j + 1]?.text === 'and' && tokens[j + 2]?.text === 'y');

  /** Past "result of", where a slot's argument really starts. */
  function argumentStart(tokens: readonly Token[], j: number): number {
    let k = j;
    for (const w of RESULT_OF) if (tokens[k]?.text === w) k++;
    return k === j + RESULT_OF.length ? k : j;
  }

  /** Rule 4: a pattern matched from position `start`, or null. */
  function matchAt(tokens: readonly Token[], pattern: Pattern, start: number): Match | null {
    const els = pattern.elements;
    const used: number[] = [];
    const args: (number | null)[] = pattern.primitive.params.map(() => null);
    const slotStarts: number[] = [];
    let swapped = false;

    const fits = (el: Element, t: Token | undefined): boolean => {
      if (t === undefined) return false;
      if (el.kind === 'word') return t.words.includes(el.word);
      if (el.kind === 'param') return t.value !== null;
      return false;
    };
    const take = (el: Element, j: number) => {
      used.push(j);
      if (el.kind === 'param') args[el.index] = tokens[j].value;
    };

    const go = (k: number, j: number): number | null => {
      if (k === els.length) return j;
      const el = els[k];
      if (el.kind === 'slot') {
        if (el.pair !== pairAt(tokens, j)) return null;
        slotStarts.push(argumentStart(tokens, j));
        if (k === els.length - 1) {
          let e = j;
          while (e < tokens.length && !isBoundary(tokens[e])) e++;
          return e;
        }
        // inside the pattern: the fewest words that let the rest match
        for (let e = j; e <= tokens.length; e++) {
          if (e > j && isBoundary(tokens[e - 1])) break;
          const mark = [used.length, slotStarts.length, swapped] as const;
          const end = go(k + 1, e);
          if (end !== null) return end;
          used.length = mark[0];
          slotStarts.length = mark[1];
          swapped = mark[2];
        }
        slotStarts.pop();
        return null;
      }
      if (fits(el, tokens[j])) {
        const mark = used.length;
        take(el, j);
        const end = go(k + 1, j + 1);
        if (end !== null) return end;
        used.length = mark;
      }
      // one pair of neighbouring key words swapped ("the percentile upper of")
      const next = els[k + 1];
      if (!swapped && k > 0 && next !== undefined && next.kind !== 'slot' && fits(next, tokens[j]) && fits(el, tokens[j + 1])) {
        const mark = used.length;
        swapped = true;
        take(next, j);
        take(el, j + 1);
        const end = go(k + 2, j + 2);
        if (end !== null) return end;
        swapped = false;
        used.length = mark;
      }
      return null;
    };
    if (go(0, start) === null) return null;
    return { pattern, start, used: [...used].sort((a, b) => a - b), args, slotStarts, swapped };
  }

  function candidates(tokens: readonly Token[]): Match[] {
    const present = new Set(tokens.flatMap((t) => t.words));
    const out: Match[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const firsts = tokens[i].value !== null ? [...(byFirst.get('#') ?? []), ...(byFirst.get(tokens[i].words[0]) ?? [])] : tokens[i].words.flatMap((w) => byFirst.get(w) ?? []);
      for (const pattern of firsts) {
        if (!pattern.words.every((w) => present.has(w))) continue;
        const m = matchAt(tokens, pattern, i);
        if (m !== null) out.push(m);
      }
    }
    return out;
  }

  /** Rule 4's choice: most specific first, then unswapped, then tightest, then earliest. */
  function choose(matches: Match[]): Match[] {
    const spread = (m: Match) => m.used[m.used.length - 1] - m.used[0];
    const sorted = [...matches].sort(
      (a, b) => b.pattern.keys - a.pattern.keys || Number(a.swapped) - Number(b.swapped) || spread(a) - spread(b) || a.start - b.start,
    );
    const taken = new Set<number>();
    const chosen: Match[] = [];
    for (const m of sorted) {
      if (m.used.some((j) => taken.has(j))) continue;
      for (const j of m.used) taken.add(j);
      chosen.push(m);
    }
    return chosen.sort((a, b) => a.start - b.start);
  }

  /** Rule 6: textual order, turned around after 'after' and inside nested arguments. */
  function applicationOrder(tokens: readonly Token[], steps: readonly Match[], used: ReadonlySet<number>): Match[] {
    const after = tokens.findIndex((t, j) => t.text === AFTER && !used.has(j));
    if (after >= 0) {
      const before = steps.filter((s) => s.start < after);
      const later = steps.filter((s) => s.start > after);
      return [...nestedOrder(later), ...nestedOrder(before)];
    }
    return nestedOrder(steps);
  }

  function nestedOrder(steps: readonly Match[]): Match[] {
    const child = new Map<Match, Match>();
    for (const s of steps) {
      const inner = steps.find((t) => t !== s && s.slotStarts.includes(t.start));
      if (inner) child.set(s, inner);
    }
    const isChild = new Set(child.values());
    const out: Match[] = [];
    for (const root of steps) {
      if (isChild.has(root)) continue;
      const chain: Match[] = [];
      for (let s: Match | undefined = root; s !== undefined && !chain.includes(s); s = child.get(s)) chain.push(s);
      out.push(...chain.reverse());
    }
    return out;
  }

  function stepOf(m: Match): Step | string {
    const p = m.pattern.primitive;
    const args = p.params.map((spec, i) => m.args[i] ?? spec.default);
    for (const [i, spec] of p.params.entries()) {
      const v = args[i];
      if (spec.kind === 'int' && !Number.isInteger(v)) return `${p.name}'s ${spec.name} must be a whole number, got ${v}`;
      if (v < spec.min || v > spec.max) return `${p.name}'s ${spec.name} must be within ${spec.min}..${spec.max}, got ${v}`;
    }
    return { name: p.name, args };
  }

  /** Rule 8: the composition spelled so that nothing blocked is used, or null. */
  function avoiding(composition: Composition, blocked: readonly string[]): Composition | null {
    const { names, patterns: blockedPlans } = blockedPatterns(blocked);
    const allowed = (c: Composition) =>
      c.length <= MAX_STEPS && !c.some((s) => names.has(s.name)) && !blockedPlans.has(c.map((s) => s.name).join('+')) && checkChain(c, lookup) === null;
    if (allowed(composition)) return composition;
    const present = [...new Set(composition.map((s) => s.name))];
    const must = present.filter((n) => names.has(n));
    const optional = present.filter((n) => !names.has(n));
    // subsets of the other names, fewest first, earliest first
    const subsets: string[][] = [[]];
    for (const n of optional) for (const s of [...subsets]) subsets.push([...s, n]);
    subsets.sort((a, b) => a.length - b.length);
    for (const extra of subsets) {
      const rewritten = rewriteAvoiding(composition, new Set([...must, ...extra]));
      if (rewritten !== null && allowed(rewritten)) return rewritten;
    }
    return null;
  }

  function read(intent: string, blocked: readonly string[] = []): Reading {
    const tokens = tokensOf(intent);
    const refuse = (reason: string, words: readonly string[] = [], steps: readonly ReadStep[] = []): Reading => ({ plan: { refusal: true }, reason, words, steps });
    if (typeof tokens === 'string') return refuse(tokens);
    const words = tokens.map((t) => t.text);

    const chosen = choose(candidates(tokens));
    const used = new Set(chosen.flatMap((m) => m.used));
    const readSteps: ReadStep[] = [];
    const stepOfMatch = new Map<Match, Step>();
    for (const m of chosen) {
      const step = stepOf(m);
      if (typeof step === 'string') return refuse(step, words);
      readSteps.push({ step, form: m.pattern.form, phrase: m.pattern.phrase, used: m.used });
      stepOfMatch.set(m, step);
    }
    if (chosen.length === 0) return refuse('no step found', words);

    // rule 5
    for (const [j, t] of tokens.entries()) {
      if (used.has(j)) continue;
      if (t.value !== null) return refuse(`the number ${t.text} belongs to no step`, words, readSteps);
      if (t.words.length > 0 && !t.words.some((w) => glue.has(w))) return refuse(`"${t.text}" belongs to no step`, words, readSteps);
    }

    // rules 6-7
    if (chosen.length > 3) return refuse(`${chosen.length} steps found; intents name 1-3`, words, readSteps);
    const ordered = applicationOrder(tokens, chosen, used);
    const composition = ordered.map((m) => stepOfMatch.get(m)!);
    const chain = checkChain(composition, lookup);
    if (chain !== null) return refuse(chain, words, readSteps);

    // rule 8
    const plan = avoiding(composition, blocked);
    if (plan === null) return refuse('no spelling of the plan avoids what is blocked', words, readSteps);
    return { plan: { composition: plan }, reason: null, words, steps: readSteps };
  }

  return {
    plan: (intent, blocked = []) => read(intent, blocked).plan,
    read,
    knownWords: known,
    unknownWord: (intent) => tokenize(intent).find(unreadable) ?? null,
    unknownWords: (intent) => [...new Set(tokenize(intent).filter((w) => !isNumber(w) && !known.has(w)))],
    unknownNoun: (intent) => {
      const words = tokenize(intent);
      return words.find((text, i) => i > 0 && ARTICLES.includes(words[i - 1]) && unreadable(text)) ?? null;
    },
    slipOf: (word) => (known.has(word) ? [] : typoOf(word)),
  };
}

// ---- the decomposer on the library

let shared: KeywordDecomposer | null = null;

/** The library's decomposer, built on first use. */
export function libraryDecomposer(): KeywordDecomposer {
  shared ??= createKeywordDecomposer(PRIMITIVES);
  return shared;
}

/** The library's decomposer's plan: the pipeline's HeuristicFn. */
export function keywordPlan(intent: string, blocked: readonly string[] = []): ComposePlan {
  return libraryDecomposer().plan(intent, blocked);
}

/**
 * Whether the library's decomposer can read every word of the intent (rule 2): where it cannot,
 * the pipeline does not weigh the Planners' different plans (pipeline.ts weighPlanners).
 */
export function readable(intent: string): boolean {
  return libraryDecomposer().unknownWord(intent) === null;
}

/**
 * The first thing the intent names that no corpus holds (a word after an article the library's
 * decomposer cannot read: "the knee of x"), or null: the plan-words check refuses any plan for it
 * (said.ts).
 */
export function namedUnknown(intent: string): string | null {
  return libraryDecomposer().unknownNoun(intent);
}

/** The intents a weighing weighs (settings.ts Weighing): those whose every word is readable, or all. */
export function weighs(weighing: Weighing): (intent: string) => boolean {
  return weighing === 'every' ? () => true : readable;
}

/** What the settings' `weigh` means for the pipeline (ComposeOptions.weighPlanners); none: never weighed. */
export function plannerWeighing(weigh: Weighing | false | undefined): { weighPlanners?: (intent: string) => boolean } {
  return weigh ? { weighPlanners: weighs(weigh) } : {};
}

/** A second reading's setting (settings.ts secondReading, or a link's) as the pipeline takes it (ComposeOptions.secondReading). */
export function secondReadingOptions(second: { planner: number; ask?: number; weigh?: Weighing | false; none?: number; unsaid?: boolean }): SecondReadingOptions {
  return { planner: second.planner, ...(second.ask !== undefined ? { ask: second.ask } : {}), ...plannerWeighing(second.weigh), ...(second.none !== undefined ? { none: second.none } : {}), ...(second.unsaid ? { unsaid: true } : {}) };
}
