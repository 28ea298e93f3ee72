// The examples the Compose view offers with the built-in models, chosen when their settings are
// (`organelle eval compose --set validation --choose`): of the examples' candidates, in their
// fixed order, the first of each kind that these models compose into the plan asked for, or
// refuse for an unknown concept. An example that the built-in set refuses would greet a visitor
// with a refusal; the held-out ones stay held out (no corpus holds them: the models only answer
// them, as every visitor's intent is answered).
import { Composer, type ComposeModels } from '../worker/pipeline/composer.ts';
import { composeExamples, EXAMPLE_COUNTS, type ExampleIntent, type ExampleKind } from '../worker/compose/examples.ts';
import { COMPOSE_LIBRARY } from '../worker/compose/library.ts';
import { formatPlan } from '../worker/compose/plan.ts';
import type { ComposeSettings } from '../worker/compose/settings.ts';
import type { SandboxRunner } from '../worker/compose/sandbox/runner.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';

/** Candidates tried per example offered. */
const CANDIDATES_PER_EXAMPLE = 6;

/** How many examples of `kind` the view offers. */
const wanted = (kind: ExampleKind) => (kind === 'ordinary' ? EXAMPLE_COUNTS.ordinary : kind === 'unknown' ? EXAMPLE_COUNTS.unknown : EXAMPLE_COUNTS.heldOut);

/** The candidates tried, in their fixed order. */
export function exampleCandidates(): ExampleIntent[] {
  return composeExamples(COMPOSE_LIBRARY, {
    heldOut: EXAMPLE_COUNTS.heldOut * CANDIDATES_PER_EXAMPLE,
    ordinary: EXAMPLE_COUNTS.ordinary * CANDIDATES_PER_EXAMPLE,
    unknown: EXAMPLE_COUNTS.unknown * CANDIDATES_PER_EXAMPLE,
  }).examples;
}

export async function chooseExamples(bytes: ComposeModels, settings: ComposeSettings, runner: SandboxRunner): Promise<ExampleIntent[]> {
  const composer = await Composer.load(await nodeWasmModule(), bytes, settings, runner);
  const candidates = exampleCandidates();
  const chosen: ExampleIntent[] = [];
  for (const candidate of candidates) {
    if (chosen.filter((e) => e.kind === candidate.kind).length >= wanted(candidate.kind)) continue;
    if (await composesAsAsked(composer, candidate)) chosen.push(candidate);
  }
  for (const kind of new Set(candidates.map((c) => c.kind))) {
    const n = chosen.filter((e) => e.kind === kind).length;
    if (n < wanted(kind)) console.log(`examples: only ${n} of ${wanted(kind)} '${kind}' examples composed as asked among the candidates`);
  }
  return chosen;
}

/** Whether the models give the example's plan and code the Judge passed (an unknown concept: no code). */
export async function composesAsAsked(composer: Composer, example: ExampleIntent): Promise<boolean> {
  const r = await composer.compose(example.intent);
  if (example.kind === 'unknown') return r.code === null;
  return r.code !== null && r.composition !== null && formatPlan(r.composition) === example.plan;
}
