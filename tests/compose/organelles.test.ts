// How the pipeline calls its organelles (worker/compose/organelles.ts): two Planners plan as one.
import { describe, expect, it } from 'vitest';
import { agreeingPlanners } from '../../worker/compose/organelles.ts';
import type { Organelle } from '../../worker/orchestrator/types.ts';
import { parseWeighPrompt, weighPrompt } from '../../worker/compose/prompts.ts';

const answering = (text: string, confidence: number): Organelle => () => ({ text, confidence });

describe('agreeingPlanners', () => {
  it('gives the plan both write, with the lower confidence', () => {
    expect(agreeingPlanners(answering('rolling_mean(5)', 0.99), answering('rolling_mean(5)', 0.97))('smooth it|blocked=')).toMatchObject({ text: 'rolling_mean(5)', confidence: 0.97 });
    expect(agreeingPlanners(answering('none', 0.9), answering('none', 0.95))('sort it|blocked=')).toMatchObject({ text: 'none', confidence: 0.9 });
  });

  it('answers none when they write different plans, however sure each is', () => {
    const c = agreeingPlanners(answering('trapezoid', 0.9999), answering('energy', 0.999))('regress it|blocked=');
    expect(c).toEqual({ text: 'none', confidence: 0.999, votes: ['trapezoid', 'energy'] });
  });

  it('weighs different plans when told to: the plan both are surer of, at the lower of their confidences in it', () => {
    // each Planner is sure of its own plan and, asked of the other's (weighPrompt), as sure as the table says
    const planner = (own: string, confidence: number, ofOthers: Record<string, number>): Organelle => (prompt) => {
      const weigh = parseWeighPrompt(prompt);
      return weigh === null ? { text: own, confidence } : { text: weigh.plan, confidence: ofOthers[weigh.plan] };
    };
    const first = planner('zscore|zscore', 0.97, { 'zscore|sigmoid': 0.95 });
    const second = planner('zscore|sigmoid', 0.99, { 'zscore|zscore': 0.4 });
    expect(agreeingPlanners(first, second, true)('standardize it, then squash it|blocked=')).toEqual({ text: 'zscore|sigmoid', confidence: 0.95, votes: ['zscore|zscore', 'zscore|sigmoid'], weighed: [0.4, 0.95] });
    // not weighed: different plans refuse
    expect(agreeingPlanners(first, second, false)('standardize it, then squash it|blocked=')).toMatchObject({ text: 'none', confidence: 0.97 });
    // a tie goes to the first Planner's plan
    const even = agreeingPlanners(planner('mean', 0.9, { median: 0.9 }), planner('median', 0.9, { mean: 0.9 }), true)('average it|blocked=');
    expect(even.text).toBe('mean');
  });

  it('asks the other Planner of each plan with the prompt and the plan as one document', () => {
    const asked: string[] = [];
    const o = (text: string): Organelle => (prompt) => (asked.push(prompt), { text: parseWeighPrompt(prompt)?.plan ?? text, confidence: 0.9 });
    agreeingPlanners(o('square'), o('abs_values'), true)('square it|blocked=');
    expect(asked).toEqual(['square it|blocked=', 'square it|blocked=', 'square it|blocked=\nsquare', 'square it|blocked=\nabs_values']);
    expect(parseWeighPrompt('square it|blocked=')).toBeNull();
    expect(parseWeighPrompt(weighPrompt('square it|blocked=', 'square'))).toEqual({ prompt: 'square it|blocked=', plan: 'square' });
  });

  it("asked for it, follows a plan with each Planner's confidence in none, keeping the higher", () => {
    const asked: string[] = [];
    const planner = (own: string, none: number): Organelle => (prompt) => {
      asked.push(prompt);
      const weigh = parseWeighPrompt(prompt);
      return weigh === null ? { text: own, confidence: 0.99 } : { text: weigh.plan, confidence: weigh.plan === 'none' ? none : 0.5 };
    };
    expect(agreeingPlanners(planner('mean', 0.2), planner('mean', 0.31), false, true)('average the glorp|blocked=')).toEqual({ text: 'mean', confidence: 0.99, votes: ['mean', 'mean'], none: 0.31 });
    expect(asked.slice(2)).toEqual([weighPrompt('average the glorp|blocked=', 'none'), weighPrompt('average the glorp|blocked=', 'none')]);
    // a weighed plan too; never a refusal, and never unless asked
    expect(agreeingPlanners(planner('mean', 0.2), planner('median', 0.4), true, true)('average it|blocked=').none).toBe(0.4);
    expect(agreeingPlanners(planner('mean', 0.2), planner('median', 0.4), false, true)('average it|blocked=')).not.toHaveProperty('none');
    expect(agreeingPlanners(planner('none', 0.2), planner('none', 0.4), false, true)('sort it|blocked=')).not.toHaveProperty('none');
    expect(agreeingPlanners(planner('mean', 0.2), planner('mean', 0.4))('average it|blocked=')).not.toHaveProperty('none');
  });

  it('asks both with the same prompt and attempt', () => {
    const asked: unknown[] = [];
    const o: Organelle = (prompt, attempt) => (asked.push([prompt, attempt]), { text: 'square', confidence: 1 });
    agreeingPlanners(o, o)('square it|blocked=', 2);
    expect(asked).toEqual([['square it|blocked=', 2], ['square it|blocked=', 2]]);
  });
});
