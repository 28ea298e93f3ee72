// The pipeline's confidence settings, chosen on the validation set for a given set of models
// (`organelle eval compose --set validation --choose`) and shipped beside them
// (public/models/compose/settings.json): how confidence is read from an answer's token
// probabilities, and the threshold each organelle's answers must reach. A settings file names
// the models it was chosen for, so settings are never applied to other models unawares.
import { CONFIDENCE_RULES, type ConfidenceRule } from './organelles.ts';
import type { ExampleIntent, ExampleKind } from './examples.ts';
import { MAX_INTENT } from './prompts.ts';
import { COMPOSE_ROLES, type ComposeRole } from './roles.ts';

/**
 * Which intents the two Planners' different plans are weighed on: those whose every word the
 * keyword decomposer can read (keywords.ts readable), or every intent; either way the plan-words
 * check (said.ts) still stands between a weighed plan and the code.
 */
export type Weighing = 'readable' | 'every';
export const WEIGHINGS: readonly Weighing[] = ['readable', 'every'];

export interface ComposeSettings {
  rule: ConfidenceRule;
  /** Whether the Planner's confidence counts its samples' agreement (organelles.ts). */
  agreement: boolean;
  /**
   * Which intents the two Planners' different plans are weighed on (organelles.ts
   * agreeingPlanners); absent: none. Settings chosen before 'every' say true, read as 'readable'.
   */
  weigh?: Weighing;
  planner: number;
  wiring: number;
  code: number;
  /**
   * The ask floor: a Planner plan at or above it but under `planner` is offered ("Did you mean
   * ...?") rather than refused (task-loop.ts rule 7); absent: such plans are refused.
   */
  ask?: number;
  /** Whether a plan the intent's words do not say (said.ts) is offered rather than refused; absent: refused. */
  askOnWords?: boolean;
  /** The single-model baseline's threshold (the same search, on its own answers). */
  single: number;
  /**
   * The second reading (pipeline.ts): two more Planners, trained on other sentences, read the
   * intent again when the first two are unsure; their threshold, ask floor and weighing, and their
   * models' fingerprints. Absent: no second reading.
   */
  secondReading?: SecondReading;
  /** Fingerprints of the models the thresholds were chosen for, by role. */
  models: Record<ComposeRole | 'single', string>;
  /** What the search saw on the validation set with these settings. */
  validation: { intents: number; passed: number; refused: number; wrong_code: number };
  /**
   * The examples the Compose view offers with these models: of the examples' candidates, the
   * first of each kind that these models, with these settings, composed into the code asked for
   * (an unknown concept: refused). Without it the view offers the candidates as they come.
   */
  examples?: ExampleIntent[];
}

export interface SecondReading {
  weigh?: Weighing;
  /**
   * How the Readers' plans' words are checked: 'aligned', by the lexicon learned from their own
   * corpus (aligned.ts readerWords); absent, by the word rules as the first Planners' (said.ts).
   */
  check?: 'aligned';
  planner: number;
  ask?: number;
  /**
   * With check 'aligned': the ceiling on the Readers' confidence in `none` under which a thing
   * the intent names that no corpus holds does not refuse their plan (pipeline.ts
   * SecondReadingOptions.none); absent: it always does.
   */
  none?: number;
  /**
   * With check 'aligned': whether a step of the Readers' plan that no word says is blocked and
   * they read again (pipeline.ts SecondReadingOptions.unsaid); absent: their plan is refused.
   */
  unsaid?: boolean;
  models: Record<SecondReader, string>;
}

/** The second reading's Planners, by the name of their files beside the pipeline's. */
export const SECOND_READERS = ['reader', 'reader2'] as const;
export type SecondReader = (typeof SECOND_READERS)[number];

const EXAMPLE_KINDS: readonly ExampleKind[] = ['wording', 'template', 'composition', 'ordinary', 'unknown'];

/** The roles with a threshold: the two Planners share the Planner's (their lower confidence meets it). */
const THRESHOLDS = ['planner', 'wiring', 'code', 'single'] as const;
const MODELS = [...COMPOSE_ROLES, 'single'] as const;

/** Reads settings.json, naming the first field that is missing or wrong. */
export function parseSettings(text: string): ComposeSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`compose settings: not JSON (${(err as Error).message})`);
  }
  const v = value as Record<string, unknown>;
  if (typeof v !== 'object' || v === null) throw new Error('compose settings: not an object');
  if (!CONFIDENCE_RULES.includes(v.rule as ConfidenceRule)) throw new Error(`compose settings: rule must be one of ${CONFIDENCE_RULES.join(', ')}`);
  if (typeof v.agreement !== 'boolean') throw new Error('compose settings: agreement must be true or false');
  if (v.weigh === true) v.weigh = 'readable';
  if (v.weigh === false) delete v.weigh;
  if (v.weigh !== undefined && !WEIGHINGS.includes(v.weigh as Weighing)) throw new Error(`compose settings: weigh must be one of ${WEIGHINGS.join(', ')}`);
  for (const role of THRESHOLDS) {
    const t = v[role];
    if (typeof t !== 'number' || !(t >= 0 && t <= 1)) throw new Error(`compose settings: ${role} must be a threshold in [0, 1]`);
  }
  if (v.ask !== undefined && (typeof v.ask !== 'number' || !(v.ask >= 0 && v.ask <= 1))) throw new Error('compose settings: ask must be a floor in [0, 1]');
  if (v.askOnWords !== undefined && typeof v.askOnWords !== 'boolean') throw new Error('compose settings: askOnWords must be true or false');
  const models = v.models as Record<string, unknown> | undefined;
  if (typeof models !== 'object' || models === null || MODELS.some((r) => typeof models[r] !== 'string')) {
    throw new Error(`compose settings: models must name a fingerprint for ${MODELS.join(', ')}`);
  }
  if (v.secondReading !== undefined) {
    const r = v.secondReading as Record<string, unknown>;
    const threshold = (t: unknown) => typeof t === 'number' && t >= 0 && t <= 1;
    if (typeof r !== 'object' || r === null) throw new Error('compose settings: secondReading must be an object');
    if (r.weigh !== undefined && !WEIGHINGS.includes(r.weigh as Weighing)) throw new Error(`compose settings: secondReading.weigh must be one of ${WEIGHINGS.join(', ')}`);
    if (!threshold(r.planner)) throw new Error('compose settings: secondReading.planner must be a threshold in [0, 1]');
    if (r.ask !== undefined && !threshold(r.ask)) throw new Error('compose settings: secondReading.ask must be a floor in [0, 1]');
    if (r.check !== undefined && r.check !== 'aligned') throw new Error('compose settings: secondReading.check must be aligned or absent');
    if (r.none !== undefined && !threshold(r.none)) throw new Error('compose settings: secondReading.none must be a ceiling in [0, 1]');
    if (r.none !== undefined && r.check !== 'aligned') throw new Error('compose settings: secondReading.none needs check aligned (it settles a doubt of the learned lexicon)');
    if (r.unsaid !== undefined && (typeof r.unsaid !== 'boolean' || r.check !== 'aligned')) throw new Error('compose settings: secondReading.unsaid must be true or false, with check aligned (the learned lexicon finds the step no word says)');
    const m = r.models as Record<string, unknown> | undefined;
    if (typeof m !== 'object' || m === null || SECOND_READERS.some((k) => typeof m[k] !== 'string')) {
      throw new Error(`compose settings: secondReading.models must name a fingerprint for ${SECOND_READERS.join(', ')}`);
    }
  }
  const val = v.validation as Record<string, unknown> | undefined;
  if (typeof val !== 'object' || val === null || ['intents', 'passed', 'refused', 'wrong_code'].some((k) => typeof val[k] !== 'number')) {
    throw new Error('compose settings: validation must give intents, passed, refused and wrong_code');
  }
  if (v.examples !== undefined) {
    const ok = Array.isArray(v.examples) && v.examples.every((e: Record<string, unknown>) =>
      typeof e === 'object' && e !== null && typeof e.intent === 'string' && e.intent.length > 0 && e.intent.length <= MAX_INTENT &&
      EXAMPLE_KINDS.includes(e.kind as ExampleKind) && typeof e.plan === 'string');
    if (!ok) throw new Error(`compose settings: examples must each give an intent (1-${MAX_INTENT} characters), a kind (${EXAMPLE_KINDS.join(', ')}) and a plan`);
  }
  return value as ComposeSettings;
}
