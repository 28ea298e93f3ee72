// What to offer after a refusal: the library's steps closest to what the person said, chained
// in the order they said them and with the numbers they gave, or nothing at all when a word of
// theirs is one no step holds. It ranks suggestions for the page and decides nothing: the
// pipeline alone accepts or refuses, and nothing here reaches it (the synonyms below included).
//
// How a step is met: the intent's telling words (lower case, stemmed, filler dropped) are matched
// against every phrase of every step; a word few steps hold weighs more than one many hold (an
// inverse document frequency over the library's steps), so "derivative" picks its step where
// "window" alone picks none. The best step takes the words it meets, the next best the words
// left, and so on up to three steps (the pipeline's longest chain). Each number goes to the step
// the person said just before it ("window 7 ... derivative": 7 to the window's step), and the
// suggestion is that step's phrase with the person's number in place of the library's default.
import type { LibraryStep } from '../../../worker/compose/examples.ts';

/** One step of a suggestion, and the person's words that led to it (shown, so a match can be judged). */
export interface StepMatch {
  name: string;
  words: string[];
}

/** A sentence in the library's words the organelles know, built from the steps the person named. */
export interface Suggestion {
  intent: string;
  steps: StepMatch[];
}

/** The answer to show after a refusal: suggestions, or the words no step holds (then no suggestion). */
export interface ClosestSteps {
  suggestions: Suggestion[];
  /** The person's words that no step holds, even through a synonym: why nothing is suggested. */
  unmatched: string[];
}

/** Words that tell nothing about which step is meant: said around every request. */
const FILLER = new Set([
  'a', 'an', 'the', 'of', 'to', 'by', 'with', 'over', 'in', 'on', 'at', 'for', 'and', 'then', 'first', 'after', 'before',
  'it', 'that', 'this', 'result', 'my', 'its', 'is', 'be', 'once', 'done', 'finish', 'start', 'continue', 'followed',
  'signal', 'signals', 'data', 'series', 'values', 'samples', 'readings', 'measurements', 'input', 'sequence', 'array',
  'arrays', 'x', 'y', 'two', 'both', 'compute', 'computing', 'return', 'returning', 'take', 'taking', 'find', 'finding',
  'get', 'give', 'apply', 'applying', 'please', 'value', 'each', 'points', 'point', 'what', 'whats', 's', 'i', 'me',
  'want', 'would', 'like', 'can', 'you', 'do', 'from', 'into', 'copy', 'version', 'using', 'use', 'then', 'also', 'are',
]);

/**
 * Everyday words for a step's own word, for the ranking only ("biggest" meets "largest"): a word
 * here never makes the pipeline accept or refuse anything, it only lets a refusal point at a step.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  biggest: ['largest', 'highest'],
  greatest: ['largest', 'highest'],
  tallest: ['largest', 'highest'],
  tiniest: ['smallest', 'lowest'],
  least: ['smallest', 'lowest'],
  slope: ['derivative', 'gradient'],
  integral: ['integrate', 'area'],
  mirror: ['reverse', 'backward'],
  avg: ['average', 'mean'],
  jitter: ['denoise', 'smooth'],
};

/** A word of `words` at its place in the sentence. */
interface Token {
  stem: string;
  word: string;
  at: number;
}

/**
 * "Smoothing" -> "smooth", "averages" -> "averag" (as "averaging"): enough to meet a gerund or a
 * plural. A double s is no plural: "highpass" stays itself, as "highpassing" and "highpassed" stem.
 */
export function stem(word: string): string {
  let w = word;
  for (const suffix of ['ing', 'ed', 's']) {
    if (suffix === 's' && w.endsWith('ss')) break;
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w.length >= 5 && w.endsWith('e') ? w.slice(0, -1) : w;
}

const NUMBER = /-?\d+(?:\.\d+)?/g;

/** The intent's words in order (numbers apart, as `numbers` with their places). */
function read(text: string): { tokens: Token[]; numbers: { value: string; at: number }[]; after: number | null } {
  const tokens: Token[] = [];
  const numbers: { value: string; at: number }[] = [];
  const words = text.toLowerCase().match(/-?\d+(?:\.\d+)?|[a-z0-9]+/g) ?? [];
  words.forEach((word, at) => {
    if (/^-?\d/.test(word)) numbers.push({ value: word, at });
    else if (!FILLER.has(word)) tokens.push({ stem: stem(word), word, at });
  });
  // "B after A-ing" says A first; "after that" keeps the order said
  const after = words.findIndex((w, i) => w === 'after' && words[i + 1] !== 'that');
  return { tokens, numbers, after: after < 0 ? null : after };
}

/** The stems a step is known by: its name (apart: a one-word name weighs more), its name's parts and every word of its phrases. */
interface StepStems {
  name: Set<string>;
  all: Set<string>;
}

function stepStems(step: LibraryStep): StepStems {
  const parts = step.name.split('_').map(stem);
  const words = step.sentences.flatMap((s) => read(s).tokens.map((t) => stem(t.word)));
  // only a one-word name is the step's own word: "smooth" is no more gaussian_smooth's than rolling_mean's
  return { name: new Set(parts.length === 1 ? parts : []), all: new Set([...parts, ...words]) };
}

/**
 * How a token is met by a step: 1.05 by its name ("square" is square's word before it is
 * variance's "mean squared deviation"), 1 by a word of its phrases, 0.8 through a synonym, 0 not at all.
 */
function meets(stems: StepStems, token: Token): number {
  if (stems.name.has(token.stem)) return 1.05;
  if (stems.all.has(token.stem)) return 1;
  return (SYNONYMS[token.word] ?? []).some((s) => stems.all.has(stem(s))) ? 0.8 : 0;
}

/** The steps that meet any words of the intent, each scored over the tokens left, best first. */
function ranked(steps: readonly { step: LibraryStep; stems: StepStems }[], tokens: readonly Token[], weight: (t: Token) => number) {
  return steps
    .map(({ step, stems }, order) => {
      const met = tokens.filter((t) => meets(stems, t) > 0);
      return { step, stems, order, met, score: met.reduce((sum, t) => sum + meets(stems, t) * weight(t), 0) };
    })
    .filter((r) => r.met.length > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
}

/** A step's phrase closest to the person's words; with numbers given, one that takes as many (the person's put in). */
function phraseFor(step: LibraryStep, tokens: readonly Token[], numbers: readonly string[]): string {
  const scored = step.sentences.map((sentence, order) => {
    const own = new Set(read(sentence).tokens.map((t) => t.stem));
    const count = (sentence.match(NUMBER) ?? []).length;
    const fits = numbers.length > 0 && count === numbers.length ? 10 : 0;
    return { sentence, order, score: fits + tokens.filter((t) => own.has(t.stem)).length };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored[0].sentence;
  const count = (best.match(NUMBER) ?? []).length;
  if (numbers.length === 0 || count !== numbers.length) return best;
  let i = 0;
  return best.replace(NUMBER, () => numbers[i++]);
}

/** Chains phrases as the library's templates do: the later ones on "it", the result so far. */
function chain(phrases: readonly string[]): string {
  return phrases.map((p, i) => (i === 0 ? p : p.replace(/\bthe signal\b/, 'it'))).join(' then ');
}

/** Minimum weight for a step to be named: a word held by a ninth of the steps or more ("window") names none alone. */
const NAMES_A_STEP = Math.log(9);

/** At most this many steps in a suggestion: the pipeline's longest chain. */
const MAX_STEPS = 3;

/**
 * The closest suggestions to `intent` among `steps`: the best chain first, then the same chain
 * with one step swapped for its runner-up on the same words (up to `count`). None when a word
 * the pipeline found in no phrase (`unknownWords`) has no synonym a step holds: better none than
 * an unrelated step offered as what was meant.
 */
export function closestSteps(intent: string, steps: readonly LibraryStep[], unknownWords: readonly string[] = [], count = 3): ClosestSteps {
  const indexed = steps.map((step) => ({ step, stems: stepStems(step) }));
  const { tokens, numbers, after } = read(intent);
  const unmatched = unknownWords.filter((w) => {
    const token = { stem: stem(w.toLowerCase()), word: w.toLowerCase(), at: -1 };
    return !indexed.some(({ stems }) => meets(stems, token) > 0);
  });
  if (unmatched.length || tokens.length === 0 || steps.length === 0) return { suggestions: [], unmatched };
  // inverse document frequency: how telling a word is, by how few steps hold it
  const weight = (t: Token) => Math.log(steps.length / Math.max(1, indexed.filter(({ stems }) => meets(stems, t) > 0).length));

  const picked: { step: LibraryStep; met: Token[]; runnerUp: LibraryStep | null }[] = [];
  let left = [...tokens];
  while (picked.length < MAX_STEPS && left.length) {
    const [best, ...rest] = ranked(indexed, left, weight).filter((r) => !picked.some((p) => p.step.name === r.step.name));
    if (!best || best.score < NAMES_A_STEP) break;
    // a runner-up must meet every word the best met: "where ... biggest" may be maximum or argmax, never argmin
    const runnerUp = rest.find((r) => best.met.every((t) => r.met.includes(t)))?.step ?? null;
    picked.push({ step: best.step, met: best.met, runnerUp });
    left = left.filter((t) => !best.met.includes(t));
  }
  if (picked.length === 0) return { suggestions: [], unmatched };
  // in the order meant: as said, but a step said after "after" comes first
  const order = (at: number) => (after !== null && at > after ? at - 10_000 : at);
  picked.sort((a, b) => order(a.met[0].at) - order(b.met[0].at));
  // each number to the step said just before it (or the first, for a number said first)
  const takesNumbers = (s: LibraryStep) => s.sentences.some((x) => /\d/.test(x));
  const owner = (at: number) => {
    const able = picked.filter((p) => takesNumbers(p.step));
    const before = able.filter((p) => p.met[0].at < at);
    return (before.at(-1) ?? able[0])?.step.name;
  };
  const numbersOf = (name: string) => numbers.filter((n) => owner(n.at) === name).map((n) => n.value);

  const build = (chosen: readonly LibraryStep[]): Suggestion => ({
    intent: chain(chosen.map((s, i) => phraseFor(s, picked[i].met, numbersOf(picked[i].step.name)))),
    steps: chosen.map((s, i) => ({ name: s.name, words: picked[i].met.map((t) => t.word) })),
  });
  const suggestions = [build(picked.map((p) => p.step))];
  for (const [i, p] of picked.entries()) {
    if (suggestions.length >= count) break;
    if (p.runnerUp) suggestions.push(build(picked.map((q, j) => (j === i ? p.runnerUp! : q.step))));
  }
  return { suggestions: dedupe(suggestions, intent), unmatched };
}

/** Each sentence once, and never the person's own sentence back. */
function dedupe(suggestions: readonly Suggestion[], intent: string): Suggestion[] {
  const seen = new Set([intent.trim().toLowerCase()]);
  return suggestions.filter((s) => !seen.has(s.intent) && (seen.add(s.intent), true));
}

/**
 * After a run: nothing if it composed; else the closest steps to its intent, less the sentence
 * the refusal already offers as what the Planners read, or the offer asks about (it would stand twice).
 */
export function closestAfter(
  run: {
    intent: string;
    code: string | null;
    reading: string | null;
    offer?: { words: string | null } | null;
    unknownWords: readonly string[];
  },
  steps: readonly LibraryStep[],
): ClosestSteps {
  if (run.code !== null) return { suggestions: [], unmatched: [] };
  const found = closestSteps(run.intent, steps, run.unknownWords);
  const shown = [run.reading, run.offer?.words ?? null];
  return { ...found, suggestions: found.suggestions.filter((s) => !shown.includes(s.intent)) };
}
