// A check of a plan's words learned from a corpus, not written by hand (issue 51 item 3): the
// check of the second reading's plans (settings.ts secondReading.check 'aligned'). It reads each
// word's evidence for each step (corpus/compose-alignment.ts: IBM Model 1 over the Readers'
// Planner corpus, t(word | step) over the word's background; language/alignment.ts holds it) and
// asks of a plan, after its facts (facts.ts):
//   said      every planned step is said as often as it is planned: by runs of words (articles
//             aside) whose evidence for it is at least SAID ("apply a hann window" says
//             hann_window once, "the softmax of the softmax" twice)
//   unknown   with `unknownNoun`, no thing named that no corpus holds ("the knee of x"): a fact
//             about what the models were taught, whatever the plan (unknownNamed below); with a
//             ceiling in the settings it is checked apart (readerChecksApart), and the Readers'
//             own confidence in `none` settles it (pipeline.ts)
// A word no corpus holds says nothing either way: what it means is the Planners' to read. A word
// that says a step the plan lacks refuses nothing either (session 63): such a rule ("left out")
// refused 126 of the 355 right plans of typed-36 .. 39 ("put" read as reverse, "amount" as
// variance), and without it the pipeline, its settings chosen again on validation, composed or
// offered rightly 4 to 12 points more of every group of people's files (docs/compose.md). Links
// made before it went (compose-link.ts version 5) replay with it (LEGACY_LEFT_OUT): their
// answers end where it refused.
import { ARTICLES, isNumber, libraryDecomposer, tokenize } from './keywords.ts';
import { planFacts, type PlanCheck } from './facts.ts';
import { STEP_EVIDENCE } from './language/alignment.ts';
import { DATA_NOUNS } from './language/data-nouns.ts';
import { ALL_DOMAIN_OBJECTS } from './language/domains.ts';
import type { Composition } from './types.ts';

/**
 * For each step, the words that say it, with their evidence (at least the floor it was written
 * with: ALIGNED_SAID), and the share of each word's uses in the corpus found saying the step
 * (percent), which only the left-out rule of old links reads.
 */
export interface Evidence {
  steps: ReadonlyMap<string, ReadonlyMap<string, number>>;
  shares: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** The words an alignment reads in an intent: its tokens, numbers aside (facts.ts checks those). */
export const alignedWords = (intent: string): string[] => tokenize(intent).filter((w) => !isNumber(w));

/** The same without articles, which say no step and do not part two words that say one. */
const checkedWords = (intent: string): string[] => alignedWords(intent).filter((w) => !ARTICLES.includes(w));

// The ratio first tried (session 57), tuned on no file; the Readers' threshold is chosen with it on validation.
/** The evidence a word must have for the check to read it as saying a step. */
export const ALIGNED_SAID = 5;

/**
 * The left-out rule, for the replay of links made while it stood (before compose-link.ts version
 * 6): a plan is refused when a word that says none of its steps has evidence of at least
 * `evidence` for a step it lacks, with at least `share` percent of the word's uses saying that
 * step ("max slope using central differences" planned as diff_central alone).
 */
export interface LeftOut {
  evidence: number;
  share: number;
}

/** The left-out rule as it stood from session 58 to session 62. */
export const LEGACY_LEFT_OUT: LeftOut = { evidence: 20, share: 50 };

/** The evidence of language/alignment.ts, read once. */
export function parseEvidence(source: Readonly<Record<string, string>>): Evidence {
  const steps = new Map<string, Map<string, number>>();
  const shares = new Map<string, Map<string, number>>();
  for (const [step, line] of Object.entries(source)) {
    const parts = line === '' ? [] : line.split(' ');
    const words = new Map<string, number>();
    const shareOf = new Map<string, number>();
    for (let i = 0; i < parts.length; i += 3) {
      words.set(parts[i], Number(parts[i + 1]));
      shareOf.set(parts[i], Number(parts[i + 2]));
    }
    steps.set(step, words);
    shares.set(step, shareOf);
  }
  return { steps, shares };
}

/** The message of the unknown-thing rule (createAlignedCheck), for a noun unknownNamed found. */
export const namesUnknown = (noun: string) => `the intent names "${noun}", which no corpus holds and no step of the plan says (aligned)`;

/** How createAlignedCheck reads its evidence, and the rules it adds. */
export interface AlignedOptions {
  /** The evidence a word must have to say a step (ALIGNED_SAID unless given). */
  said?: number;
  /** Finds a thing the intent names that no corpus holds (unknownNamed), and refuses any plan for it. */
  unknownNoun?: (intent: string) => string | null;
  /** Only for the replay of old links: refuses a plan that leaves out a step a word says (LeftOut). */
  leftOut?: LeftOut;
}

/** The check over `evidence` (AlignedOptions). */
export function createAlignedCheck(evidence: Evidence, { said = ALIGNED_SAID, unknownNoun, leftOut }: AlignedOptions = {}): PlanCheck {
  const steps = [...evidence.steps.keys()];
  const of = (word: string, step: string) => evidence.steps.get(step)?.get(word) ?? 0;
  const shareOf = (word: string, step: string) => evidence.shares.get(step)?.get(word) ?? 0;
  const timesSaid = (words: readonly string[], name: string) => mentions(words.map((w) => of(w, name) >= said));
  return {
    saidByNoWord(intent: string, composition: Composition): string | null {
      const words = checkedWords(intent);
      return composition.find((s) => timesSaid(words, s.name) === 0)?.name ?? null;
    },
    unsaid(intent: string, composition: Composition): string | null {
      const misfit = planFacts.unsaid(intent, composition);
      if (misfit !== null) return misfit;
      const words = checkedWords(intent);
      const planned = [...new Set(composition.map((s) => s.name))];
      for (const name of planned) {
        const times = composition.filter((s) => s.name === name).length;
        const mentioned = timesSaid(words, name);
        if (mentioned === 0) return `the plan's ${name} is said by no word of the intent (aligned)`;
        if (mentioned < times) return `the plan has ${name} ${times} times, but the intent says it ${mentioned === 1 ? 'once' : `${mentioned} times`} (aligned)`;
      }
      if (leftOut !== undefined) {
        for (const w of words) {
          if (planned.some((name) => of(w, name) >= said)) continue;
          const other = steps.find((s) => !planned.includes(s) && of(w, s) >= leftOut.evidence && shareOf(w, s) >= leftOut.share);
          if (other !== undefined) return `the intent's word "${w}" says ${other}, which the plan leaves out (aligned)`;
        }
      }
      const noun = unknownNoun?.(intent) ?? null;
      return noun === null ? null : namesUnknown(noun);
    },
  };
}

/** How many times a step is said: the runs of consecutive words that say it. */
function mentions(saying: readonly boolean[]): number {
  let runs = 0;
  for (const [k, s] of saying.entries()) if (s && !saying[k - 1]) runs++;
  return runs;
}

/** The shortest word unknownNamed reads as a slip of a known word rather than as a thing. */
export const SLIP_LETTERS = 5;

/**
 * A thing the intent names that no corpus holds: a word after an article that neither the
 * keyword decomposer reads (the library's phrases, the sentences' glue), nor says any step in
 * `evidence` ("the typical value" names nothing unknown: "typical" says mean), nor is one of
 * `dataWords`, the words the corpus names its data by ("the glucose readings"). Nor is it a
 * number ("the 95th percentile": facts.ts reads it), or a slip of a word the decomposer knows,
 * as its rule 2 reads typos, in a word of at least SLIP_LETTERS ("the maxium", "the sginal"): a
 * shorter one is as often another word ("mode" is one letter from "more").
 */
export function unknownNamed(evidence: Evidence, dataWords: ReadonlySet<string> = new Set()): (intent: string) => string | null {
  const saysAStep = (w: string) => [...evidence.steps.values()].some((words) => words.has(w));
  return (intent) => {
    const decomposer = libraryDecomposer();
    const unknown = new Set(decomposer.unknownWords(intent));
    const slip = (w: string) => w.length >= SLIP_LETTERS && decomposer.slipOf(w).length > 0;
    const words = tokenize(intent);
    for (let i = 1; i < words.length; i++) {
      const w = words[i];
      if (ARTICLES.includes(words[i - 1]) && unknown.has(w) && !/\d/.test(w) && !slip(w) && !saysAStep(w) && !dataWords.has(w)) return w;
    }
    return null;
  };
}

interface ShippedReaderChecks {
  /** The whole check: facts, said, (for old links, left out,) and a thing no corpus holds. */
  all: PlanCheck;
  /** The same without the unknown-thing rule. */
  words: PlanCheck;
  /** The unknown-thing rule alone: its doubt (a thing the intent names that no corpus holds), or null. */
  thing: (intent: string) => string | null;
}

const shipped = new Map<boolean, ShippedReaderChecks>();

/** The shipped check; `legacy`: with the left-out rule, for links made while it stood. */
function shippedReaderChecks(legacy = false): ShippedReaderChecks {
  let checks = shipped.get(legacy);
  if (checks === undefined) {
    const evidence = parseEvidence(STEP_EVIDENCE);
    const dataWords = new Set([...DATA_NOUNS, ...ALL_DOMAIN_OBJECTS.flatMap((o) => tokenize(o))]);
    const named = unknownNamed(evidence, dataWords);
    const words = createAlignedCheck(evidence, legacy ? { leftOut: LEGACY_LEFT_OUT } : {});
    const thing = (intent: string) => {
      const noun = named(intent);
      return noun === null ? null : namesUnknown(noun);
    };
    // the unknown-thing rule comes last, as createAlignedCheck checks it
    checks = { all: { unsaid: (intent, composition) => words.unsaid(intent, composition) ?? thing(intent), saidByNoWord: words.saidByNoWord }, words, thing };
    shipped.set(legacy, checks);
  }
  return checks;
}

/** The check of the Readers' plans: the evidence of their own corpus, and a thing no corpus holds (as a step or as data) refused. */
export function readerWords(): PlanCheck {
  return shippedReaderChecks().all;
}

/**
 * The checks of the second reading's plans as its settings (or a link's) name them
 * (pipeline.ts ComposeOptions): with `check` 'aligned', the learned lexicon (readerWords); with
 * a ceiling on the Readers' confidence in `none` as well (`none`), the unknown-thing rule apart
 * (`readerThing`), a doubt the Readers' own `none` settles; without 'aligned', the first
 * Planners' word rules (nothing here).
 */
export function readerCheckOptions(second: { check?: 'aligned'; none?: number; leftOut?: boolean } | null | undefined): { readerWords?: PlanCheck; readerThing?: (intent: string) => string | null } {
  if (second?.check !== 'aligned') return {};
  const legacy = second.leftOut === true;
  return second.none === undefined ? { readerWords: shippedReaderChecks(legacy).all } : readerChecksApart(legacy);
}

/**
 * The Readers' check with its unknown-thing rule apart, for their confidence in `none` to settle
 * (readerCheckOptions with a ceiling); `legacy`: with the left-out rule, for old links.
 */
export function readerChecksApart(legacy = false): { readerWords: PlanCheck; readerThing: (intent: string) => string | null } {
  const checks = shippedReaderChecks(legacy);
  return { readerWords: checks.words, readerThing: checks.thing };
}
