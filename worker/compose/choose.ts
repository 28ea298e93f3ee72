// Choosing the pipeline's confidence settings on the validation set (never on a test set): the
// rule that reads confidence from an answer's token probabilities, and each organelle's
// threshold. Every organelle answer is greedy, so each (organelle, prompt) is asked once and its
// token probabilities kept; every module is judged once and every plan's words checked once
// (said.ts). Then the whole pipeline runs again on every validation intent for each candidate
// setting, from those answers.
//
// The choice: the most intents passed while wrong code stays at or under 1% of the intents
// (the pipeline should say "I can't" rather than hand over code that does the wrong thing);
// among equals, the fewest wrong, then the highest thresholds. Then, with that setting, when to
// ask (task-loop.ts rule 7): the ask floor (a plan between it and the Planner's threshold is
// offered, not refused) and whether a plan the intent's words do not say is offered rather than
// refused; the pair whose offers on validation are right most often net of those that are not
// (an offer on an unknown concept, or of a plan that builds other code), the fewest offers among
// equals; never (floor 1, words refused) when no pair offers more right plans than wrong ones.
// An offer is never a pass, so this changes no figure the thresholds were chosen on.
// With the second reading's two Planners (pipeline.ts, task-loop.ts rule 8), their weighing and
// threshold are chosen last, with everything before fixed and the first two Planners reading
// first, by the same criterion on the whole pipeline's outcome; then, with the learned lexicon's
// unknown-thing rule apart (readersApart), the ceiling on the Readers' confidence in `none` under
// which that rule's doubt is settled by the models: by the same criterion, and among equals the
// highest (a word rule's doubt is left to the models as far as validation allows: its sentences
// name their data by the corpus's own words, so it cannot show what the rule costs on a person's
// "the mic samples", only what the ceiling lets through); then their ask floor, as above (the
// first Planners then never ask: what they are unsure of is read again). With countOffers the
// ceiling and the ask floor are chosen together instead, on the intents passed plus the offers
// right: a plan the Readers are nearly sure of is offered ("Did you mean ...?") rather than run
// when validation says the offers are right more often than not, and a ceiling that lets wrong
// offers through loses to one that refuses them.

import type { PlanCheck } from './facts.ts';
import { composeIntent, type HeuristicFn, type Verdict } from './pipeline.ts';
import { CONFIDENCE_RULES, readConfidence, type ConfidenceRule, type RawAnswer } from './organelles.ts';
import { expectedOutput, sameValue } from './evaluate.ts';
import type { Lookup } from './plan.ts';
import type { Case } from './sets.ts';
import type { Composition } from './types.ts';
import { WEIGHINGS, type Weighing } from './settings.ts';
import type { Organelle } from '../orchestrator/types.ts';
import { parseWeighPrompt } from './prompts.ts';

/** An organelle's answers before their confidence is read (organelles.ts rawAnswer). */
export type RawOrganelle = (prompt: string) => RawAnswer;

export interface Outcome {
  passed: number;
  refused: number;
  wrong_code: number;
}

export interface Candidate extends Outcome {
  rule: ConfidenceRule;
  /** The ask floor (1: never asks on confidence), and whether plans the words do not say are asked about; chosen after the rest, for the best candidate only. */
  ask?: number;
  askOnWords?: boolean;
  /** Offers made on validation with the ask floor, and those whose plan builds the right code. */
  asked?: number;
  asked_right?: number;
  agreement: boolean;
  /** Which intents the two Planners' different plans are weighed on (settings.ts Weighing); false: none. */
  weigh: Weighing | false;
  planner: number;
  wiring: number;
  code: number;
}

/** Thresholds tried: 0, then each rule's spread from lax to strict. The Planner's reaches far
 * into the nines: a mean confidence of 0.99 still lets through many a plan for an unknown
 * concept (its characters are mostly copied names), and on validation 0.996 separated them. */
const PLANNER_GRID = [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 0.97, 0.98, 0.99, 0.993, 0.995, 0.996, 0.997, 0.998, 0.999];
const WORKER_GRID = [0, 0.5, 0.7, 0.8, 0.9, 0.95];
/** Ceilings on the Readers' confidence in `none` (its characters' confidence by the chosen rule: "none" has five with its end). */
const NONE_GRID = [0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9];

/**
 * `fn` asked once for each key: the organelles' answers (by prompt), the Judge's verdicts (by
 * code) and the plan-words check (by intent and plan; asked again for each setting, it took 94% of
 * the search's time) depend on no setting, so the search reuses them.
 */
function once<A extends unknown[], R>(fn: (...args: A) => R, keyOf: (...args: A) => string): (...args: A) => R {
  const cache = new Map<string, R>();
  return (...args) => {
    const key = keyOf(...args);
    if (!cache.has(key)) cache.set(key, fn(...args));
    return cache.get(key) as R;
  };
}

/** The raw answers read as the pipeline reads them (organelles.ts composeOrganelle). */
function asOrganelle(o: RawOrganelle, rule: ConfidenceRule, agreement = false): Organelle {
  return (prompt) => {
    const a = o(prompt);
    // a plan read rather than written (a weighing, or the Readers asked of none) is never sampled
    if (agreement && !a.truncated && a.agreement === undefined && parseWeighPrompt(prompt) === null) throw new Error('choose: the Planner answers carry no agreement');
    return { text: a.text, confidence: readConfidence(a, rule, agreement) };
  };
}

type Scored = Outcome & { planner: number; wiring?: number; code?: number };
const strictness = (c: Scored) => c.planner + (c.wiring ?? 0) + (c.code ?? 0);

function better<T extends Scored>(a: T, b: T | null, limit: number): boolean {
  if (a.wrong_code > limit) return false;
  if (b === null) return true;
  if (a.passed !== b.passed) return a.passed > b.passed;
  if (a.wrong_code !== b.wrong_code) return a.wrong_code < b.wrong_code;
  // equal on validation: the stricter setting, which refuses a garbled answer it never saw there
  return strictness(a) > strictness(b);
}

export interface ChooseInput {
  cases: readonly Case[];
  lookup: Lookup;
  /** With `planner2`, the two Planners plan as one, as the pipeline makes them (pipeline.ts composeIntent). */
  organelles: { planner: RawOrganelle; planner2?: RawOrganelle; wiring: RawOrganelle; code: RawOrganelle; reader?: RawOrganelle; reader2?: RawOrganelle };
  /** The Judge without an expected output (as the pipeline runs it), with its own sandbox. */
  judge: (code: string, composition: Composition) => Promise<Verdict & { output?: number | number[] }>;
  heuristic: HeuristicFn;
  /** The pipeline's checks of a first plan: the intent's facts (facts.ts), and its words (said.ts). */
  planFacts: PlanCheck;
  planWords: PlanCheck;
  /** The check of the second reading's plans' words, when not planWords. */
  readerWords?: PlanCheck;
  /**
   * The same check with its unknown-thing rule apart (aligned.ts readerChecksApart): with it,
   * the ceiling on the Readers' confidence in `none` is chosen too.
   */
  readersApart?: { readerWords: PlanCheck; readerThing: (intent: string) => string | null };
  /**
   * With two Planners: the intents each weighing weighs (keywords.ts weighs). Each weighing is
   * then a candidate too, with the plain confidence (not the samples' agreement).
   */
  weighs?: (weighing: Weighing) => (intent: string) => boolean;
  /**
   * The second reading's ceiling and ask floor chosen together on the intents passed plus the
   * offers right (issue 51's passed plus asked right), not the ceiling on passes and the floor
   * after it (`--choose --count-offers`, what `organelle reports` runs; docs/compose.md, session 61).
   */
  countOffers?: boolean;
  /** Whether the Readers read again without a step of theirs no word says (pipeline.ts SecondReadingOptions.unsaid), in every setting tried. */
  unsaid?: boolean;
  onProgress?: (done: number, total: number) => void;
}

/** The second reading's setting: its weighing, threshold, ceiling on none and ask floor (1: never asks); the rule and agreement are the first Planners'. */
export interface SecondCandidate extends Outcome {
  weigh: Weighing | false;
  planner: number;
  /** The ceiling on the Readers' confidence in none (pipeline.ts SecondReadingOptions.none); absent: a thing no corpus holds always refuses. */
  none?: number;
  ask: number;
  asked: number;
  asked_right: number;
}

/**
 * The best setting, with its ask floor, and every candidate's outcome (for the report); with the
 * second reading's Planners, its setting too (`second`).
 */
export async function chooseSettings(input: ChooseInput): Promise<{ best: Candidate; second?: SecondCandidate; candidates: Candidate[] }> {
  const { planner2, reader, reader2 } = input.organelles;
  const byPrompt = (o: RawOrganelle): RawOrganelle => once(o, (prompt) => prompt);
  const raw = { planner: byPrompt(input.organelles.planner), planner2: planner2 && byPrompt(planner2), wiring: byPrompt(input.organelles.wiring), code: byPrompt(input.organelles.code) };
  // the second reading's two Planners, both or none
  const readers = reader && reader2 ? { reader: byPrompt(reader), reader2: byPrompt(reader2) } : null;
  const judge = once(input.judge, (code) => code);
  const planWords: PlanCheck = { unsaid: once(input.planWords.unsaid.bind(input.planWords), (intent, composition) => `${intent}\n${JSON.stringify(composition)}`) };
  // what each case's expected plan computes, judged as the candidates are
  const references: (number | number[] | null)[] = [];
  for (const c of input.cases) references.push(c.expected === null ? null : await expectedOutput(c.expected, input.lookup, judge));
  const limit = Math.floor(input.cases.length * 0.01);
  const candidates: Candidate[] = [];
  let best: Candidate | null = null;
  const readings: { agreement: boolean; weigh: Weighing | false }[] = [{ agreement: false, weigh: false }, { agreement: true, weigh: false }];
  if (planner2 && input.weighs) for (const weigh of WEIGHINGS) readings.push({ agreement: false, weigh });
  const total = readings.length * CONFIDENCE_RULES.length * PLANNER_GRID.length * WORKER_GRID.length;
  for (const { agreement, weigh } of readings) for (const rule of CONFIDENCE_RULES) {
    for (const planner of PLANNER_GRID) {
      for (const worker of WORKER_GRID) {
        const setting = { rule, agreement, weigh, planner, wiring: worker, code: worker };
        const { asked: _a, asked_right: _r, ...outcome } = await runValidation(setting, 1, false);
        const candidate: Candidate = { ...setting, ...outcome };
        candidates.push(candidate);
        if (better(candidate, best, limit)) best = candidate;
        input.onProgress?.(candidates.length, total);
      }
    }
  }
  if (best === null) throw new Error(`no setting keeps wrong code within 1% of the ${input.cases.length} validation intents`);
  const chosen = best;
  const net = (o: { asked: number; asked_right: number }) => o.asked_right - (o.asked - o.asked_right);
  let asking = { ask: 1, askOnWords: false, asked: 0, asked_right: 0 };
  // with a second reading, the first Planners never ask: what they are unsure of is read again
  if (!readers) for (const askOnWords of [false, true]) {
    for (const ask of [1, ...PLANNER_GRID.filter((t) => t < chosen.planner).reverse()]) {
      if (ask === 1 && !askOnWords) continue; // never asking: the start
      const { asked, asked_right } = await runValidation(chosen, ask, askOnWords);
      if (net({ asked, asked_right }) > net(asking)) asking = { ask, askOnWords, asked, asked_right };
    }
  }
  const first = { ...chosen, ...asking };
  if (!readers) return { best: first, candidates };

  // the second reading, after everything before it is fixed
  let second: SecondCandidate | null = null;
  const never = { ask: 1, asked: 0, asked_right: 0 };
  for (const weigh of [false, ...(input.weighs ? WEIGHINGS : [])] as const) {
    for (const planner of PLANNER_GRID) {
      const { asked: _a, asked_right: _r, ...outcome } = await runValidation(first, first.ask, first.askOnWords, { weigh, planner, ask: 1 });
      const candidate: SecondCandidate = { weigh, planner, ...never, ...outcome };
      if (better(candidate, second, limit)) second = candidate;
    }
  }
  if (second === null) return { best: first, candidates };
  if (input.countOffers) return { best: first, second: await servingMost(second), candidates };
  if (input.readersApart) {
    const chosen: SecondCandidate = second;
    for (const none of NONE_GRID) {
      const { asked: _a, asked_right: _r, ...outcome } = await runValidation(first, first.ask, first.askOnWords, { ...chosen, none });
      const candidate: SecondCandidate = { ...chosen, none, ...outcome };
      // the same criterion, and among equals the higher ceiling: the models settle the word rule's doubt as far as validation allows
      if (candidate.wrong_code <= limit && !better(second, candidate, limit)) second = candidate;
    }
  }
  const reading: SecondCandidate = second;
  let secondAsking = never;
  for (const ask of PLANNER_GRID.filter((t) => t < reading.planner).reverse()) {
    const { asked, asked_right } = await runValidation(first, first.ask, first.askOnWords, { ...reading, ask });
    if (net({ asked, asked_right }) > net(secondAsking)) secondAsking = { ask, asked, asked_right };
  }
  return { best: first, second: { ...reading, ...secondAsking }, candidates };

  /**
   * With countOffers: the Readers' ceiling on none and their ask floor together, on the intents
   * passed plus the offers right; offers must be right more often than not; among equals the
   * fewest wrong, the fewest offers, then the highest ceiling and floor. `reading` (the threshold
   * as chosen, no ceiling, never asking) is within the budget already, so it is the first pick.
   */
  async function servingMost(reading: SecondCandidate): Promise<SecondCandidate> {
    const served = (c: SecondCandidate) => c.passed + c.asked_right;
    let pick = reading;
    for (const none of input.readersApart ? [undefined, ...NONE_GRID] : [undefined]) {
      for (const ask of [1, ...PLANNER_GRID.filter((t) => t < reading.planner).reverse()]) {
        const outcome = await runValidation(first, first.ask, first.askOnWords, { ...reading, none, ask });
        const c: SecondCandidate = { weigh: reading.weigh, planner: reading.planner, ...(none !== undefined ? { none } : {}), ask, ...outcome };
        if (c.wrong_code > limit || (c.asked > 0 && 2 * c.asked_right <= c.asked)) continue;
        const order = served(c) - served(pick) || pick.wrong_code - c.wrong_code || pick.asked - c.asked || (c.none ?? 0) - (pick.none ?? 0) || c.ask - pick.ask;
        if (order > 0) pick = c;
      }
    }
    return pick;
  }

  /** The pipeline with one setting (and maybe a second reading's) on every validation intent, from the answers asked once. */
  async function runValidation(
    setting: Omit<Candidate, keyof Outcome>,
    ask: number,
    askOnWords: boolean,
    second?: Pick<SecondCandidate, 'weigh' | 'planner' | 'ask' | 'none'>,
  ): Promise<Outcome & { asked: number; asked_right: number }> {
    const organelles = {
      planner: asOrganelle(raw.planner, setting.rule, setting.agreement),
      planner2: raw.planner2 && asOrganelle(raw.planner2, setting.rule, setting.agreement),
      wiring: asOrganelle(raw.wiring, setting.rule),
      code: asOrganelle(raw.code, setting.rule),
      ...(second && readers
        ? { reader: asOrganelle(readers.reader, setting.rule, setting.agreement), reader2: asOrganelle(readers.reader2, setting.rule, setting.agreement) }
        : {}),
    };
    const outcome = { passed: 0, refused: 0, wrong_code: 0, asked: 0, asked_right: 0 };
    for (const [i, c] of input.cases.entries()) {
      const r = await composeIntent(c.intent, organelles, {
        lookup: input.lookup,
        judge,
        heuristic: input.heuristic,
        planFacts: input.planFacts,
        planWords,
        ...(second?.none !== undefined && input.readersApart ? input.readersApart : input.readerWords ? { readerWords: input.readerWords } : {}),
        askOnWords,
        ...(setting.weigh && input.weighs ? { weighPlanners: input.weighs(setting.weigh) } : {}),
        thresholds: { planner: setting.planner, wiring: setting.wiring, code: setting.code, ask },
        ...(second
          ? { secondReading: { planner: second.planner, ask: second.ask, ...(second.weigh && input.weighs ? { weighPlanners: input.weighs(second.weigh) } : {}), ...(second.none !== undefined ? { none: second.none } : {}), ...(input.unsaid ? { unsaid: true } : {}) } }
          : {}),
      });
      if (r.offered) {
        outcome.asked++;
        if (await isRight(r.offered.code, c, references[i], judge, r.offered.composition)) outcome.asked_right++;
        continue;
      }
      const right = await isRight(r.code, c, references[i], judge, r.composition);
      if (r.code === null) outcome.refused++;
      if (right) outcome.passed++;
      else if (r.code !== null) outcome.wrong_code++;
    }
    return outcome;
  }
}

async function isRight(
  code: string | null,
  c: Case,
  reference: number | number[] | null,
  judge: ChooseInput['judge'],
  composition: Composition | null,
): Promise<boolean> {
  if (c.expected === null) return code === null;
  if (code === null || composition === null || reference === null) return false;
  const { output } = await judge(code, composition);
  return sameValue(output, reference);
}

/** The single-model baseline's threshold: the same rule, the same criterion, on its own answers. */
export async function chooseSingleThreshold(
  cases: readonly Case[],
  single: RawOrganelle,
  rule: ConfidenceRule,
  run: (answer: string, c: Case) => Promise<'passed' | 'wrong' | 'refused'>,
): Promise<{ threshold: number } & Outcome> {
  const limit = Math.floor(cases.length * 0.01);
  const scored: { confidence: number; result: 'passed' | 'wrong' | 'refused' }[] = [];
  for (const c of cases) {
    let a: RawAnswer | null = null;
    try {
      a = single(c.intent);
    } catch {
      a = null;
    }
    const result = a === null ? 'refused' : await run(a.text, c);
    scored.push({ confidence: a === null ? 0 : readConfidence(a, rule, false), result });
  }
  let best: ({ threshold: number } & Outcome) | null = null;
  for (const threshold of PLANNER_GRID) {
    const kept = scored.filter((s) => s.confidence >= threshold);
    const passed = kept.filter((s) => s.result === 'passed').length;
    const wrong = kept.filter((s) => s.result === 'wrong').length;
    const outcome = { threshold, passed, wrong_code: wrong, refused: cases.length - passed - wrong };
    if (wrong <= limit && (best === null || passed > best.passed)) best = outcome;
  }
  return best ?? { threshold: 1, passed: 0, wrong_code: 0, refused: cases.length };
}
