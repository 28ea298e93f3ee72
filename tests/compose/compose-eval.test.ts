// The after-training measure of compose organelles (worker/pipeline/compose-eval.ts): its fixed
// sample of held-out intents, and the pipeline on it with the real Judge in the Node sandbox,
// driven by organelles that answer from the sample's own plans (an oracle set: every case passes),
// one whose Code is never sure (every case refused), and one whose Code recalls a wrong body
// (wrong code where the Judge cannot tell); the evaluation record the job card and the model file keep.
import { afterAll, describe, expect, it } from 'vitest';
import {
  composeEvaluation, MEASURE_SAMPLE, measureIntents, measureWith, type ComposeMeasure,
} from '../../worker/pipeline/compose-eval.ts';
import { buildSet, type Case, type SetName } from '../../worker/compose/sets.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { formatPlan, REFUSAL } from '../../worker/compose/plan.ts';
import { plannerPrompt } from '../../worker/compose/prompts.ts';
import { wireComposition, wiringPrompt } from '../../worker/compose/wiring.ts';
import { nodeSandbox } from '../../worker/compose/sandbox/node.ts';
import type { Organelle } from '../../worker/orchestrator/types.ts';

const lookup = COMPOSE_LIBRARY.lookup;
const runner = nodeSandbox();
afterAll(() => runner.close());

const cases = measureIntents();
const THRESHOLDS = { planner: 0.5, wiring: 0.5, code: 0.5 };

/** Organelles that answer what each case asks for: the plan, its wiring, each body. */
function oracle(code: (name: string) => { text: string; confidence: number } = (name) => ({ text: lookup(name)!.body, confidence: 1 })) {
  const plans = new Map(cases.map((c) => [plannerPrompt(c.intent, []), c.expected === null ? REFUSAL : formatPlan(c.expected)]));
  const wirings = new Map(cases.flatMap((c) => (c.expected ? [[wiringPrompt(c.expected, lookup), wireComposition(c.expected, lookup)] as const] : [])));
  const answer = (table: Map<string, string>, what: string): Organelle => (prompt) => {
    const text = table.get(prompt);
    if (text === undefined) throw new Error(`the oracle ${what} has no answer for ${prompt}`);
    return { text, confidence: 1 };
  };
  return { planner: answer(plans, 'Planner'), wiring: answer(wirings, 'Wiring'), code: ((name: string) => code(name)) as Organelle };
}

describe('the after-training sample of held-out intents', () => {
  it('takes 40 held-out intents from the wording, template and composition sets and 10 unknown concepts, spread over each set', () => {
    expect(cases).toHaveLength(50);
    expect(Object.values(MEASURE_SAMPLE).reduce((a, n) => a + n, 0)).toBe(50);
    let at = 0;
    for (const [name, n] of Object.entries(MEASURE_SAMPLE) as [SetName, number][]) {
      const set = buildSet(name, COMPOSE_LIBRARY);
      const taken = cases.slice(at, at + n);
      at += n;
      for (const c of taken) expect(set.map((s) => s.intent), `${name}: ${c.intent}`).toContain(c.intent);
      // spread over the set, not its first few (each set cycles through the library as it is drawn)
      const last = set.findIndex((s) => s.intent === taken.at(-1)!.intent);
      expect(last, name).toBeGreaterThan(set.length * 0.8);
    }
    expect(cases.filter((c) => c.expected === null)).toHaveLength(10); // the oov set's: a refusal is right
    expect(new Set(cases.map((c) => c.intent)).size).toBe(50);
  });

  it('is the same sample every time', () => {
    expect(measureIntents().map((c: Case) => c.intent)).toEqual(cases.map((c) => c.intent));
  });
});

describe('measureWith: the pipeline on the sample, the Judge in the sandbox', () => {
  it('passes every intent with organelles that answer what each asks for, refusing the 10 unknown concepts', async () => {
    // a rightful refusal passes, and is a refusal too
    expect(await measureWith(oracle(), THRESHOLDS, runner, cases)).toEqual({ intents: 50, passed: 50, refused: 10, wrong_code: 0 });
  }, 60_000);

  it('refuses every intent when the Code organelle is never sure: the 10 unknown concepts pass as refusals', async () => {
    const unsure = oracle((name) => ({ text: lookup(name)!.body, confidence: 0.3 }));
    expect(await measureWith(unsure, THRESHOLDS, runner, cases)).toEqual({ intents: 50, passed: 10, refused: 50, wrong_code: 0 });
    // the same answers under a threshold they reach pass again
    expect(await measureWith(unsure, { ...THRESHOLDS, code: 0.25 }, runner, cases)).toMatchObject({ passed: 50, refused: 10 });
  }, 120_000);

  it('counts code the Judge passed but that computes something else as wrong code', async () => {
    // rolling_mean's body returning its input: it parses, resolves and runs, but does not smooth
    const wrong = oracle((name) => ({ text: name === 'rolling_mean' ? 'function rolling_mean(x,w){return x.slice()}' : lookup(name)!.body, confidence: 1 }));
    const m: ComposeMeasure = await measureWith(wrong, THRESHOLDS, runner, cases);
    const withRollingMean = cases.filter((c) => c.expected?.some((s) => s.name === 'rolling_mean')).length;
    expect(withRollingMean).toBeGreaterThan(0);
    expect(m.wrong_code).toBe(withRollingMean);
    // every other intent passes: the clean ones with their right code, the unknown concepts refused
    expect(m).toEqual({ intents: 50, passed: 50 - withRollingMean, refused: 10, wrong_code: withRollingMean });
  }, 60_000);
});

describe('composeEvaluation', () => {
  it('keeps the measure and the built-in set beside it as numbers by name', () => {
    const trained = { intents: 50, passed: 31, refused: 17, wrong_code: 2 };
    const builtIn = { intents: 50, passed: 44, refused: 6, wrong_code: 0 };
    expect(composeEvaluation(trained, builtIn)).toEqual({
      composeIntents: 50, composePassed: 31, composeRefused: 17, composeWrongCode: 2,
      builtInComposePassed: 44, builtInComposeRefused: 6, builtInComposeWrongCode: 0,
    });
    expect(composeEvaluation(trained, null)).toEqual({ composeIntents: 50, composePassed: 31, composeRefused: 17, composeWrongCode: 2 });
  });
});
