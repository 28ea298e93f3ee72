// The facts a plan must fit, whatever words the intent uses: the one check on a plan that a
// hand-written rule may make (the understanding of the words is the Planners'). Each fact is
// read off the intent and the plan alone, and each refusal names the fact:
//   numbers  a parameter value other than its default is a number the intent says (or its
//            size, the sign being the words'), each said number taken by one step; and every
//            number the intent says is taken, by a value, a default said aloud ("over 3 points")
//            or a number of a planned step's own phrase ("to the range 0 to 1")
//   count    "how many" is answered by a step that returns a number, not an array
//   inputs   two inputs named together ("x and y", "between a and b") are taken by the first step
// said.ts runs these first and then its checks of the plan's words (settings.ts PlanCheckKind).
import { isNumber, phraseKeyWords, phraseNumbers, tokenize } from './keywords.ts';
import type { Composition, Primitive } from './types.ts';
import { PRIMITIVES } from './primitives/index.ts';
import { PAIRS } from './language/words.ts';

/** What a check of a plan against its intent answers: null when it fits, else why not. */
export interface PlanCheck {
  unsaid(intent: string, composition: Composition): string | null;
  /** A step of the plan no word of the intent says at all, or null (the learned lexicon's: aligned.ts). */
  saidByNoWord?(intent: string, composition: Composition): string | null;
}

/** The facts a plan is checked for, each named in its refusal. */
export const FACTS = ['numbers', 'count', 'inputs'] as const;
export type Fact = (typeof FACTS)[number];

/** An ordinal in digits ("75th"), which says its number: an intent is read with the number in its place. */
const ORDINAL_DIGITS = /\b(\d+)(?:st|nd|rd|th)\b/g;

/** A range written with dots or a dash ("0..1", "-2..2", "0-1"): two numbers, the second not a minus. */
const RANGE = /(-?\d*\.?\d+)\s*(?:\.\.|–|-(?=\d))\s*(\d*\.?\d+)/g;

/** A factor written as digits and x ("3x denser", "upsample 2x"), or x and digits ("gain x4"): its number. */
const TIMES = /\b(\d*\.?\d+)x\b|\bx(\d*\.?\d+)\b/g;

/** A percentile in the shorthand of dashboards and papers ("p95 latency", "p25"): its number. */
const P_PERCENTILE = /\bp(\d+)\b/g;

/**
 * A number written with a percent sign ("5%"): it says itself (the 95% point is percentile(95))
 * or its hundredth (shrink to 5% is leaky_relu(0.05)); the intent is read with the number in
 * its place and a mark after it, which numbersSaid reads.
 */
const PERCENT = /(\d*\.?\d+)\s*%/g;
const PERCENT_MARK = 'percentsign';

/** "+-3", "±3", "plus or minus 3", "plus minus 3": a bound on both sides, said once. */
const PLUS_MINUS = /(?:\+-|\+\/-|±|\bplus (?:or )?minus )\s*(\d*\.?\d+)/g;

/** A number with no digit before its point (".2"), read with one ("0.2"). */
const BARE_POINT = /(^|[^\d.])\.(\d)/g;

/**
 * Numbers a person writes in letters ("over five points", "every third sample", "halve it",
 * "triple every value"), read as the digits they say where no form holds the word ("raise {x} to
 * the power of two"). Not "one", "zero", "first" or "second", which name other things as often
 * ("sum to one", "the second difference", "the first array").
 */
const NUMBER_WORDS = new Map<string, number>([
  ...'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ').map((w, i): [string, number] => [w, i + 2]),
  ...'third fourth fifth sixth seventh eighth ninth tenth'.split(' ').map((w, i): [string, number] => [w, i + 3]),
]);

/**
 * Factors said in words ("halve it", "triple every value"): a value they say is said ("halve x"
 * is scale(0.5)), but none must be taken, since a phrase may hold the word for its own meaning
 * ("halve the sample rate" is downsample(2)).
 */
const FACTOR_WORDS = new Map<string, number>([
  ['half', 0.5], ['halve', 0.5], ['halves', 0.5], ['halved', 0.5], ['halving', 0.5], ['quarter', 0.25],
  ['double', 2], ['doubled', 2], ['doubling', 2], ['twice', 2], ['triple', 3], ['tripled', 3], ['tripling', 3], ['thrice', 3],
]);

/**
 * Numbers a step's definition holds, which a person may say of it without naming a parameter:
 * "normalize it to sum to 1", "scale it so its euclidean norm is 1", "a 0 or 1 mask". A number
 * said is taken by a planned step's constant as by its parameter.
 */
const DEFINITION_NUMBERS: Readonly<Record<string, readonly number[]>> = {
  normalize_sum: [1], l2_normalize: [1], unit_std: [1], zscore: [0, 1], minmax_normalize: [0, 1],
  softmax: [1], threshold: [0, 1], demean: [0], relu: [0],
};

/** A question a number answers: a plan for it must end in a step that returns one. */
const ASKS_A_COUNT = /\bhow many\b/;

/** Two inputs named together: the corpus's ways (PAIRS) and a person's "a and b". */
const NAMES_TWO_INPUTS = new RegExp(`\\b(?:${[...PAIRS, 'a and b'].join('|')})\\b`);

/** Each number as many times as the form that writes it most often has it (keywords.ts phraseNumbers). */
function mostNumbers(forms: readonly (readonly number[])[]): number[] {
  const most = new Map<number, number>();
  for (const form of forms) {
    const counts = new Map<number, number>();
    for (const n of form) counts.set(n, (counts.get(n) ?? 0) + 1);
    for (const [n, c] of counts) most.set(n, Math.max(most.get(n) ?? 0, c));
  }
  return [...most].flatMap(([n, c]) => Array<number>(c).fill(n));
}

/** A fact the plan does not fit, and why, in words a person reads. */
export interface FactRefusal {
  fact: Fact;
  why: string;
}

export interface FactCheck extends PlanCheck {
  /** The first fact the plan does not fit, or null. */
  misfit(intent: string, composition: Composition): FactRefusal | null;
  /** The intent with each number it says in words written in digits: "the 75th percentile" says 75, "over five points" 5. */
  inDigits(intent: string): string;
}

/** The fact check over `primitives` (their parameters' defaults, what each returns and takes, the numbers of their own phrases). */
export function createFactCheck(primitives: readonly Primitive[]): FactCheck {
  const defaults = new Map(primitives.map((p) => [p.name, p.params.map((q) => q.default)]));
  const returns = new Map(primitives.map((p) => [p.name, p.returns]));
  const arrays = new Map(primitives.map((p) => [p.name, p.arrays]));
  const literalNumbers = new Map(primitives.map((p) => [p.name, mostNumbers(phraseNumbers(p))]));
  // a number word a phrase holds as a word ("the power of two") is that phrase's, not a number said
  const phraseWords = new Set(primitives.flatMap((p) => phraseKeyWords(p).flat(2)));
  const inDigits = (intent: string) =>
    intent.replace(ORDINAL_DIGITS, '$1').replace(/\b[a-z]+\b/gi, (written) => {
      const w = written.toLowerCase();
      return NUMBER_WORDS.has(w) && !phraseWords.has(w) ? String(NUMBER_WORDS.get(w)) : written;
    });
  /** inDigits, and the ways a number is written that only the facts read: ".2", "0..1", "3x". */
  const numbersWritten = (intent: string) =>
    inDigits(
      intent
        .replace(BARE_POINT, '$10.$2')
        .replace(RANGE, '$1 to $2')
        .replace(TIMES, (_, before: string | undefined, after: string | undefined) => before ?? after ?? '')
        .replace(P_PERCENTILE, '$1')
        .replace(PERCENT, `$1 ${PERCENT_MARK}`),
    );
  /**
   * The numbers the intent says, in order ("+-3" and "plus or minus 3" say 3), the factors its
   * words say, and of the numbers, those written as percents (PERCENT).
   */
  const numbersSaid = (intent: string) => {
    const words = tokenize(intent.replace(PLUS_MINUS, ' $1 '));
    return {
      said: words.filter(isNumber).map(Number),
      factors: words.flatMap((w) => (FACTOR_WORDS.has(w) ? [FACTOR_WORDS.get(w)!] : [])),
      percents: words.flatMap((w, i) => (isNumber(w) && words[i + 1] === PERCENT_MARK ? [Number(w)] : [])),
    };
  };

  function misfit(written: string, composition: Composition): FactRefusal | null {
    const intent = numbersWritten(written).toLowerCase();
    const last = composition.at(-1);
    if (last && ASKS_A_COUNT.test(intent) && returns.get(last.name) === 'array') {
      return { fact: 'count', why: `the intent asks how many, and the plan's last step ${last.name} returns an array, not a count` };
    }
    const first = composition[0];
    if (first && NAMES_TWO_INPUTS.test(intent) && arrays.get(first.name) === 1) {
      return { fact: 'inputs', why: `the intent names two inputs, and the plan's first step ${first.name} takes one` };
    }
    // A value is said by its number, or by its size where the words give the sign ("subtract 2"
    // is offset(-2), "clip at 3" clamp(-3,3)): the sign is the words' meaning, the Planners' to read.
    const { said: numbers, factors, percents } = numbersSaid(intent);
    const takeFrom = (pool: number[], value: number) => {
      let at = pool.indexOf(value);
      if (at < 0) at = pool.findIndex((n) => Math.abs(n) === Math.abs(value));
      if (at >= 0) pool.splice(at, 1);
      return at >= 0;
    };
    // a percent says its hundredth too: "5%" is taken by 0.05, once
    const hundredth = (value: number) => {
      const at = percents.findIndex((p) => Math.abs(p / 100 - Math.abs(value)) < 1e-9);
      if (at < 0) return false;
      const [p] = percents.splice(at, 1);
      return takeFrom(numbers, p);
    };
    const take = (value: number) => takeFrom(numbers, value) || takeFrom(factors, value) || hundredth(value);
    for (const step of composition) {
      const taken = new Set<number>();
      for (const [i, value] of step.args.entries()) {
        if (value === defaults.get(step.name)?.[i]) continue;
        // a bound said once ("clip at 3", "+-3") takes both of a step's values -3 and 3
        if (!take(value) && !taken.has(-value)) return { fact: 'numbers', why: `the plan's ${step.name} takes ${value} (a number the intent does not say, or says for another step)` };
        taken.add(value);
      }
    }
    // and the converse: every number said is taken, by a value, a default said aloud ("over 3
    // points"), a number of a planned step's own phrase ("to the range 0 to 1") or of its
    // definition ("sum to 1": DEFINITION_NUMBERS); a number no
    // step takes is a parameter the plan missed ("add 2" planned as vec_add, "the top 3 values"
    // as the maximum)
    for (const step of composition) step.args.forEach((value, i) => value === defaults.get(step.name)?.[i] && takeFrom(numbers, value));
    for (const step of new Set(composition.map((s) => s.name))) {
      for (const n of [...(literalNumbers.get(step) ?? []), ...(DEFINITION_NUMBERS[step] ?? [])]) takeFrom(numbers, n);
    }
    if (numbers.length > 0) return { fact: 'numbers', why: `the intent says ${numbers[0]}, which no step of the plan takes` };
    return null;
  }

  return { misfit, inDigits, unsaid: (intent, composition) => misfit(intent, composition)?.why ?? null };
}

/** The fact check over the shipped library. */
export const planFacts: FactCheck = createFactCheck(PRIMITIVES);
