// Choosing the confidence settings on the validation set (worker/compose/choose.ts), with
// scripted organelles and Judge: the most intents passed while wrong code stays within 1% of
// them; among equals the fewest wrong, then the strictest thresholds.
import { describe, expect, it } from 'vitest';
import { chooseSettings, chooseSingleThreshold, type RawOrganelle } from '../../worker/compose/choose.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { referenceOutput } from '../../worker/compose/evaluate.ts';
import { parseWeighPrompt, plannerPrompt } from '../../worker/compose/prompts.ts';
import { libraryModule, wireComposition, wiringPrompt } from '../../worker/compose/wiring.ts';
import type { Case } from '../../worker/compose/sets.ts';
import type { Composition } from '../../worker/compose/types.ts';

const lookup = COMPOSE_LIBRARY.lookup;
const step = (name: string, ...args: number[]) => ({ name, args });
const known = (intent: string, expected: Composition): Case => ({ intent, expected, template: 'then', kind: 'clean' });
const unknown = (intent: string): Case => ({ intent, expected: null, template: 'then', kind: 'unknown' });

// 100 cases: 95 the Planner knows (its answer sure: probability 0.99 a character), and 5 unknown
// concepts it plans anyway, less sure (0.6): only a Planner threshold between them keeps wrong
// code within 1%.
const SMOOTH: Composition = [step('rolling_mean', 5)];
const CASES: Case[] = [
  ...Array.from({ length: 95 }, (_, i) => known(`smooth signal ${i}`, SMOOTH)),
  ...Array.from({ length: 5 }, (_, i) => unknown(`forecast signal ${i}`)),
];

const planner: RawOrganelle = (prompt) => {
  const sure = prompt.startsWith('smooth');
  return { text: 'rolling_mean(5)', probs: Array(15).fill(sure ? 0.9995 : 0.6), truncated: false, agreement: sure ? 1 : 0.5 };
};
const wiring: RawOrganelle = (prompt) => {
  expect(prompt).toBe(wiringPrompt(SMOOTH, lookup));
  return { text: wireComposition(SMOOTH, lookup), probs: Array(60).fill(0.95), truncated: false };
};
const code: RawOrganelle = (prompt) => ({ text: lookup(prompt)!.body, probs: Array(100).fill(0.95), truncated: false });
const judge = async () => ({ ok: true, checks: [], output: referenceOutput(SMOOTH, lookup) });
// every plan taken as said (said.ts is tested on its own): these scripted intents name no numbers
const planWords = { unsaid: () => null };
const planFacts = planWords;

describe('chooseSettings', () => {
  it('keeps wrong code within 1%: the Planner threshold falls between the sure and the unsure', async () => {
    const { best, candidates } = await chooseSettings({ cases: CASES, lookup, organelles: { planner, wiring, code }, judge, heuristic: () => ({ refusal: true }), planFacts, planWords });
    expect(best).toMatchObject({ passed: 100, refused: 5, wrong_code: 0 });
    expect(best.planner).toBeGreaterThan(0.6);
    expect(best.planner).toBeLessThanOrEqual(0.999);
    // with no Planner threshold, the five unknown concepts are handed code: 5% wrong
    expect(candidates.find((c) => c.planner === 0 && c.wiring === 0 && !c.agreement && c.rule === 'min')).toMatchObject({ passed: 95, wrong_code: 5 });
    // among settings as good, the strictest: the workers' threshold as high as their answers allow
    expect(best.wiring).toBe(0.95);
  });

  it('asks every organelle, and the plan-words check, once for each prompt, however many settings it tries', async () => {
    const asked = new Map<string, number>();
    const counting = (o: RawOrganelle): RawOrganelle => (prompt) => {
      asked.set(prompt, (asked.get(prompt) ?? 0) + 1);
      return o(prompt);
    };
    const checked = new Map<string, number>();
    const countingWords = {
      unsaid: (intent: string, composition: Composition) => {
        const key = `${intent} -> ${JSON.stringify(composition)}`;
        checked.set(key, (checked.get(key) ?? 0) + 1);
        return null;
      },
    };
    await chooseSettings({ cases: CASES.slice(0, 3), lookup, organelles: { planner: counting(planner), wiring: counting(wiring), code: counting(code) }, judge, heuristic: () => ({ refusal: true }), planFacts, planWords: countingWords });
    expect(Math.max(...asked.values())).toBe(1);
    expect(asked.has(plannerPrompt('smooth signal 0', []))).toBe(true);
    expect([...checked.values()]).toEqual([1, 1, 1]);
  });

  it('with two Planners, a plan counts only when both write it, at the lower of their confidences', async () => {
    // both are sure of every answer, and the five unknown concepts each reads as another step:
    // any threshold refuses those, and where they agree the lower confidence is what counts
    const second: RawOrganelle = (prompt) => {
      const sure = prompt.startsWith('smooth');
      return { text: sure ? 'rolling_mean(5)' : 'rolling_max(5)', probs: Array(15).fill(sure ? 0.97 : 0.9995), truncated: false, agreement: 1 };
    };
    const first: RawOrganelle = (prompt) => ({ ...planner(prompt), probs: Array(15).fill(0.9995), agreement: 1 });
    const { best, candidates } = await chooseSettings({ cases: CASES, lookup, organelles: { planner: first, planner2: second, wiring, code }, judge, heuristic: () => ({ refusal: true }), planFacts, planWords });
    expect(best).toMatchObject({ passed: 100, refused: 5, wrong_code: 0 });
    expect(candidates.find((c) => c.planner === 0 && c.wiring === 0 && !c.agreement && c.rule === 'min')).toMatchObject({ passed: 100, wrong_code: 0 });
    // the first Planner alone hands the five over whatever its threshold: they are all it is sure of
    const alone = await chooseSettings({ cases: CASES, lookup, organelles: { planner: first, wiring, code }, judge, heuristic: () => ({ refusal: true }), planFacts, planWords }).catch((e: Error) => e.message);
    expect(alone).toMatch('no setting keeps wrong code within 1%');
    // the known cases pass only at thresholds the second Planner's 0.97 meets
    expect(candidates.find((c) => c.planner === 0.98 && c.wiring === 0 && !c.agreement && c.rule === 'mean')).toMatchObject({ passed: 5, wrong_code: 0 });
  });

  it('chooses the ask floor after the thresholds: the one whose offers are right more often than not, or none', async () => {
    // 20 sure, and 10 the Planner is as unsure of (0.6): 6 it reads right, 4 unknown concepts it
    // plans anyway. No threshold passes the 6 without handing the 4 code, so both are refused;
    // a floor at 0.6 offers all 10, 6 of them right.
    const mixed = (unknowns: number): Case[] => [
      ...Array.from({ length: 20 }, (_, i) => known(`smooth signal ${i}`, SMOOTH)),
      ...Array.from({ length: 10 - unknowns }, (_, i) => known(`close smooth ${i}`, SMOOTH)),
      ...Array.from({ length: unknowns }, (_, i) => unknown(`forecast signal ${i}`)),
    ];
    const unsure: RawOrganelle = (prompt) => ({ ...planner(prompt), probs: Array(15).fill(prompt.startsWith('smooth') ? 0.9995 : 0.6), agreement: 1 });
    const input = (cases: Case[]) => ({ cases, lookup, organelles: { planner: unsure, wiring, code }, judge, heuristic: () => ({ refusal: true as const }), planFacts, planWords });
    const { best } = await chooseSettings(input(mixed(4)));
    expect(best).toMatchObject({ passed: 24, wrong_code: 0, asked: 10, asked_right: 6, askOnWords: false });
    expect(best.planner).toBeGreaterThan(0.6);
    expect(best.ask).toBe(0.5); // the highest floor of the grid under 0.6's sums
    // 6 unknown of 10: every floor offers more wrong plans than right ones
    const { best: none } = await chooseSettings(input(mixed(6)));
    expect(none).toMatchObject({ ask: 1, askOnWords: false, asked: 0, asked_right: 0 });
  });

  it("chooses the second reading's threshold last, on the whole pipeline's outcome, within the same 1%", async () => {
    // the first Planner reads 80 sure and is unsure of 20 (0.6): 15 the Reader reads right and
    // sure (0.99 a character), 5 unknown concepts it plans less sure (0.8)
    const cases: Case[] = [
      ...Array.from({ length: 80 }, (_, i) => known(`smooth signal ${i}`, SMOOTH)),
      ...Array.from({ length: 15 }, (_, i) => known(`blur signal ${i}`, SMOOTH)),
      ...Array.from({ length: 5 }, (_, i) => unknown(`forecast signal ${i}`)),
    ];
    const first: RawOrganelle = (prompt) => ({ ...planner(prompt), agreement: 1 });
    const reader: RawOrganelle = (prompt) => ({ text: 'rolling_mean(5)', probs: Array(15).fill(prompt.startsWith('blur') ? 0.9995 : 0.8), truncated: false, agreement: 1 });
    const input = { cases, lookup, organelles: { planner: first, wiring, code }, judge, heuristic: () => ({ refusal: true as const }), planFacts, planWords };
    const alone = await chooseSettings(input);
    expect(alone.best).toMatchObject({ passed: 85, wrong_code: 0 });
    expect(alone.second).toBeUndefined();
    const { best, second } = await chooseSettings({ ...input, organelles: { ...input.organelles, reader, reader2: reader } });
    // the first Planner's thresholds are as chosen without the readers; alone it would offer the
    // 20 it is unsure of (15 right), with them it never asks: those are read again
    const { rule, agreement, planner: threshold, wiring: w, code: c } = alone.best;
    expect(alone.best).toMatchObject({ ask: 0.5, asked: 20, asked_right: 15 });
    expect(best).toMatchObject({ rule, agreement, planner: threshold, wiring: w, code: c, ask: 1, askOnWords: false });
    expect(second).toMatchObject({ passed: 100, refused: 5, wrong_code: 0, ask: 1 });
    expect(second!.planner).toBeGreaterThan(0.8);
  });

  it("then the ceiling on the Readers' confidence in none: the highest that keeps the same 1%, settling the unknown-thing rule's doubts", async () => {
    // the Readers read the 20 the first Planner is unsure of, sure of each plan; all 20 name a
    // thing no corpus holds: 15 they read right and give none 0.2, 5 unknown concepts 0.6
    const cases: Case[] = [
      ...Array.from({ length: 80 }, (_, i) => known(`smooth signal ${i}`, SMOOTH)),
      ...Array.from({ length: 15 }, (_, i) => known(`blur the glorp ${i}`, SMOOTH)),
      ...Array.from({ length: 5 }, (_, i) => unknown(`forecast the glorp ${i}`)),
    ];
    const first: RawOrganelle = (prompt) => ({ ...planner(prompt), agreement: 1 });
    const reader: RawOrganelle = (prompt) => {
      const weigh = parseWeighPrompt(prompt);
      if (weigh === null) return { text: 'rolling_mean(5)', probs: Array(15).fill(0.9995), truncated: false, agreement: 1 };
      return { text: weigh.plan, probs: Array(5).fill(weigh.plan === 'none' && weigh.prompt.startsWith('forecast') ? 0.6 : 0.2), truncated: false };
    };
    const glorp = (intent: string) => (intent.includes('glorp') ? 'the intent names "glorp", which no corpus holds' : null);
    const words = { unsaid: () => null };
    const input = {
      cases, lookup, organelles: { planner: first, wiring, code, reader, reader2: reader }, judge, heuristic: () => ({ refusal: true as const }), planFacts, planWords,
      readerWords: { unsaid: (intent: string) => glorp(intent) },
    };
    // the whole check refuses all 20
    const whole = (await chooseSettings(input)).second;
    expect(whole).toMatchObject({ passed: 85, wrong_code: 0 });
    expect(whole?.none).toBeUndefined();
    // with the rule apart, the ceiling between the 0.2 and the 0.6, as high as the grid allows
    const { second } = await chooseSettings({ ...input, readersApart: { readerWords: words, readerThing: glorp } });
    expect(second).toMatchObject({ passed: 100, refused: 5, wrong_code: 0, none: 0.5 });
  });

  it('with countOffers, the ceiling and the Readers\' ask floor together, on passes plus offers right', async () => {
    // every intent the first Planner is unsure of names a thing no corpus holds; the Readers
    // read 15 right and sure (none 0.2), 2 right and sure but surer of none (0.48), 6 right but
    // unsure (plan 0.8, none 0.2), and plan 8 unknown concepts unsure (0.8, none 0.5)
    const cases: Case[] = [
      ...Array.from({ length: 80 }, (_, i) => known(`smooth signal ${i}`, SMOOTH)),
      ...Array.from({ length: 15 }, (_, i) => known(`blur the glorp ${i}`, SMOOTH)),
      ...Array.from({ length: 2 }, (_, i) => known(`clear the glorp ${i}`, SMOOTH)),
      ...Array.from({ length: 6 }, (_, i) => known(`near the glorp ${i}`, SMOOTH)),
      ...Array.from({ length: 8 }, (_, i) => unknown(`fuzz the glorp ${i}`)),
    ];
    const first: RawOrganelle = (prompt) => ({ ...planner(prompt), agreement: 1 });
    const reader: RawOrganelle = (prompt) => {
      const weigh = parseWeighPrompt(prompt);
      const said = (weigh?.prompt ?? prompt).split(' ')[0];
      if (weigh === null) return { text: 'rolling_mean(5)', probs: Array(15).fill(said === 'near' || said === 'fuzz' ? 0.8 : 0.9995), truncated: false, agreement: 1 };
      const none = { blur: 0.2, clear: 0.48, near: 0.2, fuzz: 0.5 }[said] ?? 0.2;
      return { text: weigh.plan, probs: Array(5).fill(weigh.plan === 'none' ? none : 0.2), truncated: false };
    };
    const glorp = (intent: string) => (intent.includes('glorp') ? 'the intent names "glorp", which no corpus holds' : null);
    const input = {
      cases, lookup, organelles: { planner: first, wiring, code, reader, reader2: reader }, judge, heuristic: () => ({ refusal: true as const }), planFacts, planWords,
      readerWords: { unsaid: (intent: string) => glorp(intent) }, readersApart: { readerWords: { unsaid: () => null }, readerThing: glorp },
    };
    // on passes (a refused unknown concept is one): a ceiling over 0.48 passes the 2, lets the 8
    // through to be offered, and then no floor offers more right plans than wrong ones
    const { second: onPasses } = await chooseSettings(input);
    expect(onPasses).toMatchObject({ passed: 105, wrong_code: 0, ask: 1, asked: 0 });
    expect(onPasses!.none).toBeGreaterThanOrEqual(0.5);
    // on passes plus offers right: a ceiling under 0.48 refuses the 8 and the 2, and offers the 6
    const { second: served } = await chooseSettings({ ...input, countOffers: true });
    expect(served).toMatchObject({ passed: 103, wrong_code: 0, asked: 6, asked_right: 6, none: 0.45 });
    expect(served!.ask).toBeLessThanOrEqual(0.8);
  });

  it('says so when no setting keeps wrong code within 1%', async () => {
    // every module the organelles write computes the wrong thing (the library's own gives the reference), and every answer is surer than any threshold tried
    const wrongJudge = async (module: string) => ({ ok: true, checks: [], output: module === libraryModule(SMOOTH, lookup) ? referenceOutput(SMOOTH, lookup) : 0 });
    const wrongCode: RawOrganelle = (prompt) => ({ ...code(prompt), text: `${code(prompt).text} ` });
    await expect(chooseSettings({ cases: CASES, lookup, organelles: { planner, wiring, code: wrongCode }, judge: wrongJudge, heuristic: () => ({ refusal: true }), planFacts, planWords })).rejects.toThrow(
      'no setting keeps wrong code within 1% of the 100 validation intents',
    );
  });
});

describe('chooseSingleThreshold', () => {
  it('takes the threshold with the most passed within 1% wrong', async () => {
    const single: RawOrganelle = (intent) => ({ text: intent, probs: [intent.startsWith('good') ? 0.9 : 0.4], truncated: false });
    const cases = [...Array.from({ length: 20 }, (_, i) => known(`good ${i}`, SMOOTH)), ...Array.from({ length: 3 }, (_, i) => known(`bad ${i}`, SMOOTH))];
    const r = await chooseSingleThreshold(cases, single, 'min', async (answer) => (answer.startsWith('good') ? 'passed' : 'wrong'));
    expect(r).toMatchObject({ passed: 20, wrong_code: 0 });
    expect(r.threshold).toBeGreaterThan(0.4);
  });
});
