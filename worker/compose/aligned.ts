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
// offered rightly 4 to 12 points more of every group of people's files (docs/compose.md).
import { ARTICLES, isNumber, libraryDecomposer, tokenize } from './keywords.ts';
import { planFacts, type PlanCheck } from './facts.ts';
import { STEP_EVIDENCE } from './language/alignment.ts';
import { DATA_NOUNS } from './language/data-nouns.ts';
import { ALL_DOMAIN_OBJECTS } from './language/domains.ts';
import type { Composition } from './types.ts';

/** For each step, the words that say it, with their evidence (at least the floor it was written with: ALIGNED_SAID). */
export interface Evidence {
  steps: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** The words an alignment reads in an intent: its tokens, numbers aside (facts.ts checks those). */
export const alignedWords = (intent: string): string[] => tokenize(intent).filter((w) => !isNumber(w));

/** The same without articles, which say no step and do not part two words that say one. */
const checkedWords = (intent: string): string[] => alignedWords(intent).filter((w) => !ARTICLES.includes(w));

// The ratio first tried (session 57), tuned on no file; the Readers' threshold is chosen with it on validation.
/** The evidence a word must have for the check to read it as saying a step. */
export const ALIGNED_SAID = 5;

/** The evidence of language/alignment.ts, read once. */
export function parseEvidence(source: Readonly<Record<string, string>>): Evidence {
  const steps = new Map<string, Map<string, number>>();
  for (const [step, line] of Object.entries(source)) {
    const parts = line === '' ? [] : line.split(' ');
    const words = new Map<string, number>();
    for (let i = 0; i < parts.length; i += 2) words.set(parts[i], Number(parts[i + 1]));
    steps.set(step, words);
  }
  return { steps };
}

/** The message of the unknown-thing rule (createAlignedCheck), for a noun unknownNamed found. */
export const namesUnknown = (noun: string) => `the intent names "${noun}", which no corpus holds and no step of the plan says (aligned)`;

/**
 * The check over `evidence`, a word read as saying a step at evidence `said` or more; `unknownNoun`, when given, finds a thing the intent names that no
 * corpus holds (keywords.ts namedUnknown, as said.ts uses it), and refuses any plan for it.
 */
export function createAlignedCheck(evidence: Evidence, said: number = ALIGNED_SAID, unknownNoun?: (intent: string) => string | null): PlanCheck {
  const of = (word: string, step: string) => evidence.steps.get(step)?.get(word) ?? 0;
  return {
    unsaid(intent: string, composition: Composition): string | null {
      const misfit = planFacts.unsaid(intent, composition);
      if (misfit !== null) return misfit;
      const words = checkedWords(intent);
      const planned = [...new Set(composition.map((s) => s.name))];
      for (const name of planned) {
        const times = composition.filter((s) => s.name === name).length;
        const mentioned = mentions(words.map((w) => of(w, name) >= said));
        if (mentioned === 0) return `the plan's ${name} is said by no word of the intent (aligned)`;
        if (mentioned < times) return `the plan has ${name} ${times} times, but the intent says it ${mentioned === 1 ? 'once' : `${mentioned} times`} (aligned)`;
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
  /** The whole check: facts, said, and a thing no corpus holds. */
  all: PlanCheck;
  /** The same without the unknown-thing rule. */
  words: PlanCheck;
  /** The unknown-thing rule alone: its doubt (a thing the intent names that no corpus holds), or null. */
  thing: (intent: string) => string | null;
}

let shipped: ShippedReaderChecks | undefined;

function shippedReaderChecks(): ShippedReaderChecks {
  if (shipped === undefined) {
    const evidence = parseEvidence(STEP_EVIDENCE);
    const dataWords = new Set([...DATA_NOUNS, ...ALL_DOMAIN_OBJECTS.flatMap((o) => tokenize(o))]);
    const named = unknownNamed(evidence, dataWords);
    const words = createAlignedCheck(evidence);
    const thing = (intent: string) => {
      const noun = named(intent);
      return noun === null ? null : namesUnknown(noun);
    };
    // the unknown-thing rule comes last, as createAlignedCheck checks it
    shipped = { all: { unsaid: (intent, composition) => words.unsaid(intent, composition) ?? thing(intent) }, words, thing };
  }
  return shipped;
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
export function readerCheckOptions(second: { check?: 'aligned'; none?: number } | null | undefined): { readerWords?: PlanCheck; readerThing?: (intent: string) => string | null } {
  if (second?.check !== 'aligned') return {};
  return second.none === undefined ? { readerWords: readerWords() } : readerChecksApart();
}

/** The Readers' check with its unknown-thing rule apart, for their confidence in `none` to settle (readerCheckOptions with a ceiling). */
export function readerChecksApart(): { readerWords: PlanCheck; readerThing: (intent: string) => string | null } {
  const checks = shippedReaderChecks();
  return { readerWords: checks.words, readerThing: checks.thing };
}
