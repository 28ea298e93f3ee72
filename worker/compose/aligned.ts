// A check of a plan's words learned from a corpus, not written by hand (issue 51 item 3, an
// experiment: `organelle eval compose --check aligned`; the shipped check is said.ts). It reads
// an alignment (corpus/compose-alignment.ts: t(word | step), IBM Model 1 over the Readers'
// Planner corpus) and asks two things of a plan, after its facts (facts.ts):
//   said      every planned step is said by at least as many of the intent's words as it is
//             planned: a word says a step when t(word | step) is at least SAID times the word's
//             background, its mean t over every source (NULL included)
//   left out  no word of the intent that says none of the planned steps says, at LEFT_OUT
//             times its background, a step the plan does not have ("max slope using central
//             differences" planned as diff_central alone)
// A word no corpus holds says nothing either way: what it means is the Planners' to read.
import { isNumber, tokenize } from './keywords.ts';
import { createFactCheck, type PlanCheck } from './facts.ts';
import { PRIMITIVES } from './primitives/index.ts';
import type { Composition } from './types.ts';

/** t(word | source): for NULL and each primitive, the share of its words each word is. */
export interface Alignment {
  t: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** The words an alignment reads in an intent: its tokens, numbers aside (facts.ts checks those). */
export const alignedWords = (intent: string): string[] => tokenize(intent).filter((w) => !isNumber(w));

/** The evidence ratios a word must reach to say a planned step, and to say one left out (chosen on no typed file). */
export interface AlignedThresholds {
  said: number;
  leftOut: number;
}

export const ALIGNED_THRESHOLDS: AlignedThresholds = { said: 5, leftOut: 20 };

/**
 * The check over `alignment`; `unknownNoun`, when given, finds a thing the intent names that no
 * corpus holds (keywords.ts namedUnknown, as said.ts uses it), and refuses any plan for it.
 */
export function createAlignedCheck(alignment: Alignment, thresholds: AlignedThresholds = ALIGNED_THRESHOLDS, unknownNoun?: (intent: string) => string | null): PlanCheck {
  const facts = createFactCheck(PRIMITIVES);
  const sources = [...alignment.t.keys()];
  const steps = sources.filter((s) => PRIMITIVES.some((p) => p.name === s));
  const background = new Map<string, number>();
  for (const s of sources) for (const [w, p] of alignment.t.get(s)!) background.set(w, (background.get(w) ?? 0) + p / sources.length);
  /** How many times its background a word is in a step's words: 0 for a word no corpus holds. */
  const evidence = (word: string, step: string) => {
    const b = background.get(word);
    return b === undefined ? 0 : (alignment.t.get(step)?.get(word) ?? 0) / b;
  };
  return {
    unsaid(intent: string, composition: Composition): string | null {
      const misfit = facts.unsaid(intent, composition);
      if (misfit !== null) return misfit;
      const words = alignedWords(intent);
      const planned = [...new Set(composition.map((s) => s.name))];
      for (const name of planned) {
        const times = composition.filter((s) => s.name === name).length;
        const said = mentions(words.map((w) => evidence(w, name) >= thresholds.said));
        if (said === 0) return `the plan's ${name} is said by no word of the intent (aligned)`;
        if (said < times) return `the plan has ${name} ${times} times, but the intent says it ${said === 1 ? 'once' : `${said} times`} (aligned)`;
      }
      for (const w of words) {
        if (planned.some((name) => evidence(w, name) >= thresholds.said)) continue;
        const other = steps.find((s) => !planned.includes(s) && evidence(w, s) >= thresholds.leftOut);
        if (other !== undefined) return `the intent's word "${w}" says ${other}, which the plan leaves out (aligned)`;
      }
      // a thing the intent names that no corpus holds ("the knee of x") is a step no plan of
      // known pieces does, however well the rest is said: a fact about what the models were taught
      const noun = unknownNoun?.(intent) ?? null;
      return noun === null ? null : `the intent names "${noun}", which no corpus holds and no step of the plan says (aligned)`;
    },
  };
}

/** How many times a step is said: the runs of consecutive words that say it ("triangular window" once, "softmax ... softmax" twice). */
function mentions(saying: readonly boolean[]): number {
  let runs = 0;
  for (const [k, s] of saying.entries()) if (s && !saying[k - 1]) runs++;
  return runs;
}
