// A trained organelle as the compose pipeline calls it: greedy, with its confidence read from
// the probabilities it gave its own answer's characters. Which reading (the mean, the lowest,
// or the geometric mean) and the thresholds on it are chosen on the validation set
// (worker/compose/choose.ts); an answer cut off by the length limit has confidence 0.
//
// Two Planners (one recipe, two seeds) plan as one: a plan counts only when both write it, and
// then with the lower of their two confidences. Each misreads an unknown word ("regress" as
// trapezoid) as some known step, but the two seldom as the same step, while each is sure of
// its own misreading: agreement kept 272 right plans of validation's 400 where one Planner kept
// 260, at the same wrong-plan budget (docs/compose.md).
//
// When the two write different plans and the intent holds no word the keyword decomposer
// cannot read, they may be weighed instead (a setting chosen on validation): each Planner says
// how sure it is of the other's plan (the whole of it read at once, Organelle.answerProbs), and
// the plan both are surer of counts, at the lower of their two confidences in it. One Planner
// often drops or doubles a step the other writes right, and is then unsure of the other's
// plan where the other is sure of it. A word neither can read keeps the old rule, as that is
// where two Planners' misreadings of an unknown concept differ (docs/compose.md).
//
// The Planner's confidence may also count agreement: the share of a few answers sampled at
// temperature 1 that are the greedy answer. A Planner that maps an unknown word to the
// nearest known one ("classify" read as clamp) is often sure of each character of the greedy
// answer, but its samples scatter. The samples are seeded from the prompt, so the same prompt
// gets the same confidence everywhere.
import { fnv1a32 } from '../games/puzzle8/heldout.ts';
import type { Organelle as TrainedOrganelle } from '../organelle.ts';
import type { Completion, Organelle } from '../orchestrator/types.ts';
import { byRole, isPlannerRole, type ComposeRole } from './roles.ts';
import { REFUSAL } from './plan.ts';
import { SECOND_READERS, type SecondReader } from './settings.ts';
import { parseWeighPrompt, weighPrompt } from './prompts.ts';

export type ConfidenceRule = 'mean' | 'min' | 'geomean';

export const CONFIDENCE_RULES: readonly ConfidenceRule[] = ['mean', 'min', 'geomean'];

export function confidenceOf(probs: readonly number[], rule: ConfidenceRule): number {
  if (probs.length === 0) return 0;
  switch (rule) {
    case 'mean': return probs.reduce((a, b) => a + b, 0) / probs.length;
    case 'min': return Math.min(...probs);
    case 'geomean': return Math.exp(probs.reduce((a, p) => a + Math.log(Math.max(p, 1e-12)), 0) / probs.length);
  }
}

/** Most characters each organelle may answer with (a plan, a composed function, a body); the second reading's Readers are Planners. */
export const MAX_ANSWER = { planner: 64, planner2: 64, wiring: 200, code: 300, reader: 64, reader2: 64 } as const;

/** Samples the agreement is counted over, and their temperature. */
const AGREEMENT_VOTES = 6;
const AGREEMENT_TEMPERATURE = 1;

/**
 * An answer before its confidence is read: its text, each character's probability, whether the
 * length limit cut it off, and, when asked for, the share of samples that agree with it.
 */
export interface RawAnswer {
  text: string;
  probs: readonly number[];
  truncated: boolean;
  /** The Planner's samples' agreement with this answer (agreementWith). */
  agreement?: number;
}

/** How many positions `text` takes in the model: its characters, or its subword units (the block and the answer limits count these). */
function unitsOf(o: TrainedOrganelle, text: string): number {
  return o.vocab.kind === 'char' ? text.length : o.vocab.encode(text).length;
}

/**
 * What an organelle answers to `prompt`: greedily; asked to weigh a plan (prompts.ts
 * weighPrompt), the plan read rather than written. With `agreement`, also the share of samples
 * that agree with the answer (none for a plan read: nothing is sampled).
 */
export function rawAnswer(o: TrainedOrganelle, prompt: string, maxNew: number, agreement = false): RawAnswer {
  const weigh = parseWeighPrompt(prompt);
  if (weigh !== null) {
    // BOS, the prompt, '\n' and the plan must fit the block; a plan that does not is weighed as a cut-off answer
    if (unitsOf(o, weigh.prompt) + unitsOf(o, weigh.plan) + 2 > o.shape.block) return { text: weigh.plan, probs: [], truncated: true };
    return { text: weigh.plan, probs: o.answerProbs(weigh.prompt, weigh.plan), truncated: false };
  }
  // the answer may also stop where the block ends: BOS, the prompt and '\n' come first
  const limit = Math.min(maxNew, o.shape.block - unitsOf(o, prompt) - 2);
  const c = o.complete(prompt, { maxNew: limit });
  const a = { text: c.text, probs: c.tokenProbs, truncated: unitsOf(o, c.text) >= limit };
  return agreement && !a.truncated ? { ...a, agreement: agreementWith(o, prompt, a.text, maxNew) } : a;
}

/**
 * The confidence an answer is read at: 0 when cut off, else `rule` over its characters'
 * probabilities, times the samples' agreement when `agreement` counts and the answer has one.
 */
export function readConfidence(a: RawAnswer, rule: ConfidenceRule, agreement: boolean): number {
  if (a.truncated) return 0;
  const base = confidenceOf(a.probs, rule);
  return agreement && a.agreement !== undefined ? base * a.agreement : base;
}

/** The share of AGREEMENT_VOTES samples, seeded from the prompt, that answer `text`. */
export function agreementWith(o: TrainedOrganelle, prompt: string, text: string, maxNew: number): number {
  const limit = Math.min(maxNew, o.shape.block - unitsOf(o, prompt) - 2);
  o.engine.seedSampling(fnv1a32(prompt));
  const temperatures = Array<number>(AGREEMENT_VOTES).fill(AGREEMENT_TEMPERATURE);
  const c = o.complete(prompt, { maxNew: limit, votes: AGREEMENT_VOTES, temperatures });
  return c.votes.filter((v) => v === text).length / AGREEMENT_VOTES;
}

/** `agreement`: multiply the confidence by the samples' agreement with the greedy answer. */
export function composeOrganelle(o: TrainedOrganelle, maxNew: number, rule: ConfidenceRule, agreement = false): Organelle {
  return (prompt: string): Completion => {
    const a = rawAnswer(o, prompt, maxNew, agreement);
    return { text: a.text, confidence: readConfidence(a, rule, agreement) };
  };
}

/**
 * Two Planners as one: the plan both write, with the lower of their confidences. When they
 * write different plans: `none` (the pipeline then says no plan was agreed: both answers are in
 * `votes`) with the lower of their confidences, or, with `weigh`, the plan both are surer of
 * (each asked of the other's with weighPrompt), at the lower of their confidences in it. Ties
 * go to the first Planner's plan. With `askNone`, a plan is followed by each Planner's
 * confidence in `none` for the same prompt (weighPrompt), the higher kept (Completion.none):
 * how far either thinks nothing known builds it, for a doubt the pipeline lets them settle.
 */
export function agreeingPlanners(first: Organelle, second: Organelle, weigh = false, askNone = false): Organelle {
  const withNone = (prompt: string, c: Completion): Completion =>
    askNone && c.text !== REFUSAL
      ? { ...c, none: Math.max(first(weighPrompt(prompt, REFUSAL)).confidence, second(weighPrompt(prompt, REFUSAL)).confidence) }
      : c;
  return (prompt: string, attempt?: number): Completion => {
    const a = first(prompt, attempt);
    const b = second(prompt, attempt);
    const votes = [a.text, b.text];
    if (a.text === b.text) return withNone(prompt, { text: a.text, confidence: Math.min(a.confidence, b.confidence), votes });
    if (!weigh) return { text: REFUSAL, confidence: Math.min(a.confidence, b.confidence), votes };
    const forA = Math.min(a.confidence, second(weighPrompt(prompt, a.text)).confidence);
    const forB = Math.min(b.confidence, first(weighPrompt(prompt, b.text)).confidence);
    const weighed = [forA, forB];
    return withNone(prompt, forA >= forB ? { text: a.text, confidence: forA, votes, weighed } : { text: b.text, confidence: forB, votes, weighed });
  };
}

/** How a pipeline's confidence is read: the rule, and whether the Planners' samples' agreement counts. */
export interface ConfidenceReading {
  rule: ConfidenceRule;
  agreement: boolean;
}

/** The second reading's Readers as the orchestrator calls them: Planners, read as the first two are. */
export function readerOrganelles(readers: Record<SecondReader, TrainedOrganelle>, reading: ConfidenceReading): Record<SecondReader, Organelle> {
  const [reader, reader2] = SECOND_READERS.map((role) => composeOrganelle(readers[role], MAX_ANSWER[role], reading.rule, reading.agreement));
  return { reader, reader2 };
}

/** The pipeline's organelles as the orchestrator calls them, from its trained models by role. */
export function pipelineOrganelles(models: Record<ComposeRole, TrainedOrganelle>, reading: ConfidenceReading): Record<ComposeRole, Organelle> {
  return byRole((role) => composeOrganelle(models[role], MAX_ANSWER[role], reading.rule, isPlannerRole(role) && reading.agreement));
}
