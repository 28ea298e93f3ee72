// The evaluation report's counts by kind of case (worker/compose/evaluate.ts countsByKind): a file
// of intents typed by hand asks for compositions and for things the library cannot do, and the
// home page quotes the two apart, so each kind's passes, refusals and wrong code are its own. And
// what an answer is compared with (expectedOutput).
import { describe, expect, it } from 'vitest';
import { countsByKind, expectedOutput, judgeModule, referenceOutput, sameValue, summarize, type CaseResult } from '../../worker/compose/evaluate.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { parsePlan } from '../../worker/compose/plan.ts';
import { nodeSandbox } from '../../worker/compose/sandbox/node.ts';
import { libraryModule } from '../../worker/compose/wiring.ts';
import type { Composition } from '../../worker/compose/types.ts';

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

describe('expectedOutput', () => {
  it("is what the expected plan's own library module computes in the sandbox the answers run in, not this realm's figure where the two differ", async () => {
    const runner = nodeSandbox();
    try {
      const lookup = COMPOSE_LIBRARY.lookup;
      const judge = (code: string, steps: Composition) => judgeModule(code, steps, lookup, runner);
      const plan = (text: string) => (parsePlan(text, lookup) as { composition: Composition }).composition;
      // well conditioned: the same as the primitives' references here
      const smooth = plan('rolling_mean(3)|diff_central');
      expect(sameValue(await expectedOutput(smooth, lookup, judge), referenceOutput(smooth, lookup))).toBe(true);
      // the largest bin of a real signal's spectrum has a mirror equal to it but for rounding: QuickJS
      // and V8 round the trigonometry apart and pick different ones; the library's module, in the
      // sandbox, picks what a right answer picks there
      const peak = plan('hann_window|power_spectrum|argmax');
      const inSandbox = await expectedOutput(peak, lookup, judge);
      const here = referenceOutput(peak, lookup) as number;
      const spectrum = referenceOutput(plan('hann_window|power_spectrum'), lookup) as number[];
      expect(spectrum[here]).toBeCloseTo(spectrum[spectrum.length - here], 9);
      const { output } = await judgeModule(libraryModule(peak, lookup), peak, lookup, runner);
      expect(inSandbox).toBe(output);
      expect([inSandbox, here]).toEqual([4, 60]);
    } finally {
      runner.close();
    }
  });
});
