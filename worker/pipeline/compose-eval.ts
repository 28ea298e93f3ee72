// Code-composition organelles measured in their pipeline, after a browser training run: the
// two Planners, Wiring and Code compose a fixed sample of held-out intents (worker/compose/sets.ts)
// and the Judge runs what they hand over in the sandbox; the built-in set composes the very same
// intents beside them. An organelle trained alone works with the built-in ones for the other
// three roles (as a game's organelle plays with its built-in partner); a set of four trained
// together is measured as it is. The confidence settings are the shipped ones, chosen on the
// validation set for the built-in models: a trained set gets the same rule and thresholds, which
// the page says. `organelle eval compose` is the full measure (every intent of every set, and the
// baselines); this one takes seconds.
import type { Organelle } from '../organelle.ts';
import { COMPOSE_LIBRARY } from '../compose/library.ts';
import { buildSet, type Case, type Library, type SetName } from '../compose/sets.ts';
import { evaluateSet } from '../compose/evaluate.ts';
import { planWords } from '../compose/said.ts';
import { planFacts } from '../compose/facts.ts';
import { keywordPlan, plannerWeighing } from '../compose/keywords.ts';
import { pipelineOrganelles } from '../compose/organelles.ts';
import type { ComposeSettings, Weighing } from '../compose/settings.ts';
import type { SandboxRunner } from '../compose/sandbox/runner.ts';
import type { ComposeOrganelles, Thresholds } from '../compose/pipeline.ts';
import { strided } from '../corpus/examples.ts';
import type { ComposeRole } from './composer.ts';

/**
 * How many intents each held-out set gives the sample, spread evenly over it (each set cycles
 * through the library and its templates as it is drawn): 40 said in ways no corpus holds (new
 * wording, a held-out template, a held-out pair of steps one after the other) and 10 naming a
 * concept no organelle knows, whose right answer is a refusal.
 */
export const MEASURE_SAMPLE: Readonly<Partial<Record<SetName, number>>> = { wording: 14, template: 13, composition: 13, oov: 10 };

/** The sample of held-out intents, the same on every machine and for every set of models. */
export function measureIntents(lib: Library = COMPOSE_LIBRARY): Case[] {
  return (Object.entries(MEASURE_SAMPLE) as [SetName, number][]).flatMap(([name, n]) => strided(buildSet(name, lib), n));
}

/** What a set of models did on the sample: each intent passed (right code, or a rightful refusal), refused, or wrong code. */
export interface ComposeMeasure {
  intents: number;
  passed: number;
  refused: number;
  wrong_code: number;
}

export type ComposeSet = Record<ComposeRole, Organelle>;
export type ComposeThresholds = Pick<ComposeSettings, 'rule' | 'agreement' | 'weigh' | 'planner' | 'wiring' | 'code'>;

/** The pipeline (Planner, Wiring, Code as the orchestrator calls them, the Judge in `runner`) on `cases`. */
export async function measureWith(
  organelles: ComposeOrganelles, thresholds: Thresholds, runner: SandboxRunner, cases: readonly Case[], weigh?: Weighing,
): Promise<ComposeMeasure> {
  const report = await evaluateSet(
    // the single-model baseline is not run here
    { lookup: COMPOSE_LIBRARY.lookup, runner, heuristic: keywordPlan, planFacts, planWords, ...plannerWeighing(weigh), thresholds: { ...thresholds, single: 1 }, organelles },
    'file',
    cases,
    { baselines: [] },
  );
  return { intents: report.intents, passed: report.passed, refused: report.refused, wrong_code: report.wrong_code };
}

/** Trained models in the pipeline as anyone runs it, greedy, their confidence read by the settings' rule. */
export function measureComposeSet(models: ComposeSet, settings: ComposeThresholds, runner: SandboxRunner, cases: readonly Case[] = measureIntents()): Promise<ComposeMeasure> {
  const organelles = pipelineOrganelles(models, settings);
  return measureWith(organelles, { planner: settings.planner, wiring: settings.wiring, code: settings.code }, runner, cases, settings.weigh);
}

/**
 * A measure as the model file's evaluation keeps it (numbers by name), with the built-in set's
 * on the same intents beside it when it could be had: composeIntents, composePassed,
 * composeRefused, composeWrongCode, and builtInCompose* likewise.
 */
export function composeEvaluation(trained: ComposeMeasure, builtIn: ComposeMeasure | null): Record<string, number> {
  const out: Record<string, number> = {
    composeIntents: trained.intents,
    composePassed: trained.passed,
    composeRefused: trained.refused,
    composeWrongCode: trained.wrong_code,
  };
  if (builtIn) Object.assign(out, { builtInComposePassed: builtIn.passed, builtInComposeRefused: builtIn.refused, builtInComposeWrongCode: builtIn.wrong_code });
  return out;
}

/**
 * One organelle trained alone, in `role` with the built-in models in the other three, beside the
 * built-in set on the same intents, under the shipped settings.
 */
export async function evaluateComposeRole(
  role: ComposeRole, organelle: Organelle, builtIn: ComposeSet, settings: ComposeThresholds, runner: SandboxRunner, cases: readonly Case[] = measureIntents(),
): Promise<Record<string, number>> {
  const ours = { ...builtIn, [role]: organelle };
  const trained = await measureComposeSet(ours, settings, runner, cases);
  const reference = await measureComposeSet(builtIn, settings, runner, cases);
  return composeEvaluation(trained, reference);
}
