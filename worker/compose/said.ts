// Whether a plan's steps are said in the intent's words: the last check on the Planners' plan
// before any code is asked for. Two Planners that agree can still agree on a misreading: an
// unknown concept read as a known step spelled twice ("transpose the result of turning the
// signal into probabilities" planned softmax|softmax), or a step no word asks for
// ("bin my data into a histogram after normalizing it" planned l2_normalize|hann_window). The
// check reads no plan itself and never chooses one: it only refuses a plan one of whose steps
// none of that primitive's phrase forms (the library's own words, which every corpus holds)
// says, a step planned more often than the intent says it, a parameter value the intent
// does not say, a number the intent says that no step takes (a width of 2.5 planned as the
// default 2), a step the intent says that the plan leaves out (two Planners weighed into one
// plan may have dropped it: "subsequently add 2.5 to it, subsequently offset it" planned with
// offset once), or any plan at all for an intent that names a thing no corpus holds: a word
// after an article that the keyword decomposer cannot read ("locate the knee of x"), which the
// Planners may drop while every step they keep is said.
//
// A form is said when its key words occur in order, each written exactly or as a typo the
// keyword decomposer would read (keywords.ts mayBeTypoOf); those before the form's argument
// close together (within the form's own length plus SPAN words of where it starts), those after
// it anywhere later, as the argument may be a whole phrase ("smooth the result of ... over 5
// points"). A form of three key words or more may miss one (the held-out slips drop words; a
// form's first word may be the missing one), but not a word only its own primitive's forms hold
// ("apply softmax to {x}" is not said by "apply a high-pass filter to x"). A form read with a
// word missed must hold a telling word (a key word of at most TELLING primitives' forms: "find
// the top of x" does not say "find the median of x"), and no slip: a form read with two faults
// is too weak to say a step ("and with that in hand, compute ..." does not say "a hann windowing
// of x", nor "find the ... values, ... find the mode of that" "find the average value of x").
// People type less than the corpus writes ("give me the variance", "softmax", "hanning window";
// docs/intents/): the word that introduces a form's argument ("of", "to") may go unsaid with the
// argument, and a form read from its second word takes the word before as its first when
// another of the primitive's own forms holds it ("average absolute value" is mean_abs, not also
// mean). An ordinal in digits says its number ("the 75th percentile"), and so does a number in
// letters ("over five points"); two key words written as one are both ("highpass"); words the
// forms use for one another may be mixed ("rolling max" for "a moving max", "the rolling maximum").
// A step planned twice must be said twice: by matches that share no word. Before any of this,
// the plan must fit the intent's facts (facts.ts: its numbers, "how many" wanting a number, two
// inputs named), which are checked whatever the words.
import { ARTICLES, mayBeTypoOf, namedUnknown, phraseKeyWords, templateWords, tokenize } from './keywords.ts';
import type { Primitive } from './types.ts';
import { createFactCheck, type PlanCheck } from './facts.ts';
import { PRIMITIVES } from './primitives/index.ts';
import { OBJECTS, PAIRS, REFS } from './language/words.ts';

/** Words an argument between a form's key words may take. */
const SPAN = 6;

/**
 * Words that only introduce what a form works on, the last before its argument ("the variance
 * of {x}", "apply relu to {x}"): a person leaves them out with the object ("give me the
 * variance", "relu"), so a form is said without them.
 */
const ARGUMENT_WORDS = new Set(['of', 'to', 'in', 'from']);



/**
 * Key words of a few forms that name no operation a person asks for by them ("square each value
 * of {x}", "count how many samples of {x} exceed {p0}"): a stray one does not say a step was dropped.
 */
const FUNCTION_WORDS = new Set([
  'how', 'many', 'each', 'every', 'all', 'them', 'where', 'what', 'which', 'out', 'over', 'between', 'with', 'from', 'into',
  'through', 'times', 'sample', 'samples', 'element', 'elements', 'function',
  // what a person calls the data ("add up all the numbers", "the middle value of the list")
  'list', 'number', 'numbers', 'entry', 'entries', 'item', 'items', 'vector', 'vectors',
]);

/** The words around the steps (what a composition works on, how a step names the one before), which name no operation. */
const AROUND = new Set([...OBJECTS, ...PAIRS, ...REFS].flatMap((t) => tokenize(t)));

/** The words around the steps and the articles: a slip of one is no slip of a key word. */
const NAMING_NOTHING = [...AROUND, ...ARTICLES];

/** A word this long that is no key word is read as a typo of one (a shorter one is too often another word: "once", "one"). */
const LONG_TYPO = 5;

/** A key word of at most this many primitives' forms tells which step is meant. */
const TELLING = 3;

/** A key word of at least this many primitives' forms names no operation ("compute", "apply", "of"). */
const GENERIC = 10;

/** What the library's forms make of a key word. */
interface KeyKinds {
  /** It tells which step is meant: a key word of at most TELLING primitives' forms. */
  telling(key: string): boolean;
  /** It names no operation: a key word of at least GENERIC primitives' forms. */
  generic(key: string): boolean;
}

/**
 * Words the library's forms use for one another ("a moving max", "the rolling maximum"), which a
 * person mixes ("rolling max", "moving maximum"): either is read as the other, exactly.
 */
const INTERCHANGEABLE: ReadonlyMap<string, string> = new Map([
  ['rolling', 'moving'], ['moving', 'rolling'], ['max', 'maximum'], ['maximum', 'max'], ['min', 'minimum'], ['minimum', 'min'],
]);

const exactly = (written: string, key: string) => written === key || INTERCHANGEABLE.get(written) === key;
const same = (written: string, key: string) => exactly(written, key) || mayBeTypoOf(written, key);

/**
 * How strictly a form is read. `said`: one key word may be missed (below), and the word that
 * introduces the argument may go unsaid with it. `mentioned`: the same, but a form whose
 * argument goes unsaid may miss only a word that names no operation ("hanning window" mentions
 * "apply a hanning window to {x}", "each value" does not mention "square each value of {x}").
 * `whole`: no key word missed (the argument's may be, which Match says).
 */
type Reading = 'said' | 'mentioned' | 'whole';

/** A primitive's key words: all of its forms' (`its`), and those no other primitive's forms hold (`own`). */
interface PrimitiveWords {
  its: ReadonlySet<string>;
  own: ReadonlySet<string>;
}

/** One place a form is said. */
interface Match {
  /** The positions of the words it takes, in order. */
  at: number[];
  /**
   * The first and last position of each group said as tightly as it is written (no more words
   * from its first to its last than it has key words): what lies inside is the phrase's own.
   */
  spans: readonly (readonly [number, number])[];
  /** It missed no key word but, perhaps, the one introducing the argument. */
  complete: boolean;
  /** It missed no key word at all. */
  whole: boolean;
}

/**
 * Each place in `words` a form is said. `groups` are its key words split where it takes an
 * argument; the first group's must come within its length plus SPAN words of the start, a later
 * group's anywhere after (the argument between may be a whole phrase: "the lowest value of the
 * z-scores of ... so far"). The last word before an argument may go unsaid if it only
 * introduces it (ARGUMENT_WORDS).
 */
function formMatches(words: readonly string[], groups: readonly string[][], { own, its }: PrimitiveWords, keys: KeyKinds, reading: Reading): Match[] {
  const all = groups.flat();
  const slack = all.length >= 3 && reading !== 'whole' ? 1 : 0;
  const matches: Match[] = [];
  for (let s = 0; s < words.length; s++) {
    if (!same(words[s], all[0]) && !(slack && same(words[s], all[1]))) continue;
    const used: number[] = [];
    let at = s;
    let missed = 0;
    let slipped = false;
    let told = false;
    let unsaidArgument = false;
    let missedNaming = false;
    const spans: [number, number][] = [];
    for (const [g, group] of groups.entries()) {
      const from = used.length;
      const end = g === 0 ? Math.min(words.length, s + group.length + SPAN) : words.length;
      for (const [i, key] of group.entries()) {
        let k = at;
        while (k < end && !same(words[k], key)) k++;
        if (k < end) {
          used.push(k);
          slipped ||= !exactly(words[k], key);
          told ||= keys.telling(key);
          at = k + 1;
        } else if (i === group.length - 1 && ARGUMENT_WORDS.has(key)) {
          unsaidArgument = true; // "compute the variance" says "compute the variance of {x}"
        } else {
          missed += own.has(key) ? slack + 1 : 1; // the word naming the primitive may not be the one missed
          missedNaming ||= !keys.generic(key);
        }
      }
      if (used.length > from && used[used.length - 1] - used[from] < group.length) spans.push([used[from], used[used.length - 1]]);
    }
    // said whole, or with one word missed (not its own primitive's) and the rest written exactly, a telling word among them
    const read = missed === 0 || (missed <= slack && !slipped && told && !(reading === 'mentioned' && unsaidArgument && missedNaming));
    if (!read || used.length === 0) continue;
    // read from its second word, the word before stands in for the first when another of the primitive's own
    // forms holds it ("average" in "average absolute value", read as "mean absolute value of {x}", is mean_abs's
    // "average magnitude of {x}"): it is this step's word, not another's ("phase" in "phase spectrum" is no
    // "amplitude spectrum")
    const standIn = s > 0 && !same(words[s], all[0]) && used[0] === s && its.has(words[s - 1]);
    matches.push({ at: standIn ? [s - 1, ...used] : used, spans, complete: missed === 0, whole: missed === 0 && !unsaidArgument });
  }
  return matches;
}

/**
 * The most of `matches` that share no word: how many times the intent says a primitive (one
 * phrase read from two starts, or by two of its forms, is said once).
 */
function mostApart(matches: readonly Match[]): number {
  // interval scheduling: by where each match ends (its words are in order), taking each that
  // starts after the last one taken ends
  const byEnd = matches.map((m) => m.at).sort((a, b) => a[a.length - 1] - b[b.length - 1]);
  let count = 0;
  let end = -1;
  for (const m of byEnd) {
    if (m[0] <= end) continue;
    end = m[m.length - 1];
    count++;
  }
  return count;
}



/**
 * The check over `primitives`; `unknownNoun` finds a thing the intent names that no corpus holds
 * (the keyword decomposer's reading of the same library: keywords.ts namedUnknown for the shipped one).
 */
/**
 * The facts (facts.ts), then the plan's words: `unsaid` is null when every step is said as often
 * as planned and nothing the intent says is left out of the plan; else what is not.
 */
export function createPlanWordsChecker(primitives: readonly Primitive[], unknownNoun: (intent: string) => string | null): PlanCheck {
  const forms = new Map(primitives.map((p) => [p.name, phraseKeyWords(p)]));
  const facts = createFactCheck(primitives);
  // each primitive's key words, and its own: those no other primitive's forms hold
  const users = new Map<string, Set<string>>();
  for (const [name, groups] of forms) for (const w of groups.flat(2)) users.set(w, (users.get(w) ?? new Set()).add(name));
  const wordsOf = new Map<string, PrimitiveWords>([...forms].map(([name, groups]) => {
    const its = new Set(groups.flat(2));
    return [name, { its, own: new Set([...its].filter((w) => users.get(w)!.size === 1)) }];
  }));
  // a telling key word: one of at most TELLING primitives' forms, and no training template's word
  // ("first" opens a template and names the first differences); a telling word of the intent is
  // such a key word, or a typo of one
  const glue = templateWords();
  const tellingKey = (key: string) => !glue.has(key) && users.get(key)!.size <= TELLING;
  const keyKinds: KeyKinds = { telling: tellingKey, generic: (key) => users.get(key)!.size >= GENERIC };
  const keyOf = (w: string) => (users.has(w) ? w : [...users.keys()].find((u) => mayBeTypoOf(w, u)));
  const telling = (w: string) => {
    if (glue.has(w)) return false;
    const key = keyOf(w);
    return key !== undefined && tellingKey(key);
  };
  /** Every match of a primitive's forms in `words`, read as `reading` says. */
  const matchesOf = (words: readonly string[], name: string, reading: Reading = 'said') =>
    (forms.get(name) ?? []).filter((f) => f.length > 0).flatMap((f) => formMatches(words, f, wordsOf.get(name)!, keyKinds, reading));
  /**
   * The intent's words as the forms are read against them: no articles; a word no form holds
   * that is two naming key words written as one is those two ("highpass" is "high pass").
   */
  const readWords = (intent: string) =>
    tokenize(intent)
      .filter((w) => !ARTICLES.includes(w))
      .flatMap((w) => {
        if (users.has(w)) return [w];
        for (let i = 3; i <= w.length - 3; i++) {
          const [a, b] = [w.slice(0, i), w.slice(i)];
          if (users.has(a) && users.has(b) && !keyKinds.generic(a) && !keyKinds.generic(b)) return [a, b];
        }
        return [w];
      });
  return {
    unsaid(written, composition) {
      const misfit = facts.unsaid(written, composition);
      if (misfit !== null) return misfit;
      const intent = facts.inDigits(written);
      const words = readWords(intent);
      const planned = new Map<string, number>();
      for (const step of composition) planned.set(step.name, (planned.get(step.name) ?? 0) + 1);
      for (const [name, times] of planned) {
        const said = mostApart(matchesOf(words, name));
        if (said === 0) return `the plan's ${name} is not said in the intent's words`;
        if (said < times) return `the plan has ${name} ${times} times, but the intent's words say it ${said === 1 ? 'once' : `${said} times`}`;
      }
      const left = leftOut(words, planned);
      if (left !== null) return left;
      const stray = strayWord(words, planned);
      if (stray !== null) return `the intent says "${stray}", which names an operation no step of the plan has`;
      // a thing the intent names that no corpus holds ("the knee of x") is a step no plan of
      // known pieces says, however well the rest of the plan is said
      const noun = unknownNoun(intent);
      return noun === null ? null : `the intent names "${noun}", which no corpus holds and no step of the plan says`;
    },
  };

  /**
   * A word of the intent that names an operation (a key word of fewer than GENERIC primitives'
   * forms, written exactly, or a typo of one if long) and that neither a planned step's match
   * takes nor any planned primitive's forms hold: what a dropped step leaves behind when a person
   * says it in words no form of it holds in full ("the peak of the 5-point moving average" planned
   * as the moving average alone, "the average of the absolute values" as the mean). The words
   * around the steps (what they work on, the templates' glue, FUNCTION_WORDS) name nothing.
   */
  function strayWord(words: readonly string[], planned: ReadonlyMap<string, number>): string | null {
    const taken = new Set([...planned.keys()].flatMap((name) => matchesOf(words, name).flatMap((m) => m.at)));
    const plannedWords = [...planned.keys()].map((name) => wordsOf.get(name)!.its);
    for (const [k, w] of words.entries()) {
      if (taken.has(k) || glue.has(w) || AROUND.has(w) || FUNCTION_WORDS.has(w)) continue;
      const key = users.has(w) ? w : w.length >= LONG_TYPO && !NAMING_NOTHING.some((a) => mayBeTypoOf(w, a)) ? keyOf(w) : undefined;
      if (key === undefined || key.length < 3 || keyKinds.generic(key) || AROUND.has(key) || FUNCTION_WORDS.has(key)) continue;
      if (plannedWords.some((its) => [...its].some((own) => same(w, own)))) continue; // "magnitude" is dft_magnitude's "magnitudes"
      return w;
    }
    return null;
  }

  /**
   * A primitive the intent says more often than the plan has it (an unplanned one: once): a
   * step the Planners dropped. Counted by matches that miss no key word or hold a telling word,
   * and whose words another planned step's matches do not take ("the rolling maximum" says
   * rolling_max, not also maximum), unless every such match is a part of it ("the phase
   * spectrum" says dft_phase, not dft_magnitude's "the spectrum"); words that name no operation
   * may be shared. A planned step's further mentions count only by matches that miss no key
   * word, the argument's included, and hold a telling word (a phrase read from two of its words
   * is one mention).
   */
  function leftOut(words: readonly string[], planned: ReadonlyMap<string, number>): string | null {
    const tells = words.map(telling);
    const naming = words.map((w) => {
      const key = keyOf(w);
      return key !== undefined && !keyKinds.generic(key);
    });
    // the planned steps' matches: the words each takes, those that name an operation, and its groups' spans
    const plannedMatches = [...planned.keys()].flatMap((name) =>
      matchesOf(words, name).map((m) => ({ name, at: new Set(m.at), named: new Set(m.at.filter((k) => naming[k])), spans: m.spans })));
    const within = (k: number, spans: readonly (readonly [number, number])[]) => spans.some(([a, b]) => a < k && k < b);
    // of several primitives left out, the one whose words are written most exactly is named
    // ("a sign-flipped copy" is negate's, though "flipped" is a slip away from "clipped")
    let worst: { why: string; exact: number } | null = null;
    for (const name of forms.keys()) {
      const times = planned.get(name) ?? 0;
      const free = matchesOf(words, name, times > 0 ? 'whole' : 'mentioned').filter((m) => {
        const told = m.at.some((k) => tells[k]);
        if (times > 0 ? !(m.whole && told) : !(told || m.complete)) return false;
        const named = m.at.filter((k) => naming[k]);
        // words inside a planned step's phrase are that phrase's ("the magnitude mean of x", "zero mean and variance unit")
        if (plannedMatches.some((p) => p.name !== name && named.every((k) => within(k, p.spans)))) return false;
        const rivals = plannedMatches.filter((p) => p.name !== name && named.some((k) => p.at.has(k)));
        return rivals.every((p) => p.named.size < named.length && [...p.named].every((k) => named.includes(k)));
      });
      const said = mostApart(free);
      if (said <= times) continue;
      const { its } = wordsOf.get(name)!;
      const exact = Math.max(...free.map((m) => m.at.filter((k) => its.has(words[k])).length));
      const why = times === 0 ? `the intent's words say ${name}, which the plan leaves out` : `the intent's words say ${name} ${said} times, the plan has it ${times === 1 ? 'once' : `${times} times`}`;
      if (worst === null || exact > worst.exact) worst = { why, exact };
    }
    return worst?.why ?? null;
  }
}

/** The check over the shipped library: what the pipeline runs everywhere (the CLI, the page, a replay). */
export const planWords: PlanCheck = createPlanWordsChecker(PRIMITIVES, namedUnknown);
