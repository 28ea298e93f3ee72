// How the pipeline calls its organelles (worker/compose/organelles.ts): two Planners plan as one.
import { describe, expect, it } from 'vitest';
import { agreeingPlanners } from '../../worker/compose/organelles.ts';
import type { Organelle } from '../../worker/orchestrator/types.ts';

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

  it('asks both with the same prompt and attempt', () => {
    const asked: unknown[] = [];
    const o: Organelle = (prompt, attempt) => (asked.push([prompt, attempt]), { text: 'square', confidence: 1 });
    agreeingPlanners(o, o)('square it|blocked=', 2);
    expect(asked).toEqual([['square it|blocked=', 2], ['square it|blocked=', 2]]);
  });
});
