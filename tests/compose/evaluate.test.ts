// The evaluation report's counts by kind of case (worker/compose/evaluate.ts countsByKind): a file
// of intents typed by hand asks for compositions and for things the library cannot do, and the
// home page quotes the two apart, so each kind's passes, refusals and wrong code are its own.
import { describe, expect, it } from 'vitest';
import { countsByKind, summarize, type CaseResult } from '../../worker/compose/evaluate.ts';

const row = (kind: CaseResult['kind'], outcome: 'passed' | 'refused' | 'wrong' | 'failed' | 'asked' | 'asked right'): CaseResult => ({
  intent: `${kind} ${outcome}`, kind, expected: kind === 'unknown' ? 'none' : 'mean', plan: outcome === 'refused' ? 'none' : 'mean',
  passed: outcome === 'passed' || (kind === 'unknown' && outcome === 'refused'), refused: outcome === 'refused',
  asked: outcome.startsWith('asked'), asked_right: outcome === 'asked right', wrong_code: outcome === 'wrong',
  exact_plan: outcome === 'passed', model_answers: 1, fallback_answers: 0, replans: 0,
});

describe('countsByKind', () => {
  it("counts each kind's intents, passes, refusals and wrong code apart, in the order the kinds first appear", () => {
    const rows = [
      row('clean', 'passed'), row('unknown', 'refused'), row('clean', 'refused'), row('clean', 'wrong'), row('unknown', 'wrong'), row('clean', 'failed'),
      row('clean', 'asked right'), row('clean', 'asked'), row('unknown', 'asked'),
    ];
    const kinds = countsByKind(rows);
    expect(Object.keys(kinds)).toEqual(['clean', 'unknown']);
    expect(kinds.clean).toEqual({ intents: 6, passed: 1, refused: 1, asked: 2, asked_right: 1, wrong_code: 1 });
    expect(kinds.unknown).toEqual({ intents: 3, passed: 1, refused: 1, asked: 1, asked_right: 0, wrong_code: 1 });
    // the kinds add up to the whole
    const whole = summarize(rows);
    for (const field of ['intents', 'passed', 'refused', 'asked', 'asked_right', 'wrong_code'] as const) {
      expect(Object.values(kinds).reduce((n, k) => n + k[field], 0), field).toBe(whole[field]);
    }
  });

  it('has no kind a set does not hold', () => {
    expect(countsByKind([row('perturbed', 'passed')])).toEqual({ perturbed: { intents: 1, passed: 1, refused: 0, asked: 0, asked_right: 0, wrong_code: 0 } });
    expect(countsByKind([])).toEqual({});
  });
});
