// The home page's figures for the built-in compose pipeline (web/src/lib/compose-measured.ts):
// read from the `organelle eval compose --set NAME --json` reports, quoted only beside the very
// models a report measured, each set without a report said to be not measured yet.
import { describe, expect, it } from 'vitest';
import { COMPOSE_REPORTS, composeFigures, composeMeasured, type ComposeReport } from '../../web/src/lib/compose-measured.ts';
import { combineFingerprints } from '../../worker/pipeline/fingerprint.ts';

const MODELS = { planner: '1111111111111111', planner2: '5555555555555555', wiring: '2222222222222222', code: '3333333333333333' };
const report = (set: string, counts: Partial<ComposeReport>, models: Record<string, string> = MODELS): ComposeReport => ({
  set, intents: 300, passed: 0, refused: 0, wrong_code: 0, ...counts, models: { ...models, single: '4444444444444444' },
});

describe('composeFigures', () => {
  it('quotes each measured set, passes for held-out sets and refusals for unknown concepts, and sums wrong code', () => {
    const reports = [
      report('wording', { passed: 288, refused: 10, wrong_code: 2 }),
      report('oov', { intents: 150, refused: 150 }),
      report('typed-5', { intents: 141, passed: 45, refused: 109, wrong_code: 2 }),
      report('validation', { passed: 1, wrong_code: 99 }), // chosen on, never quoted
    ];
    const figures = composeFigures(reports, MODELS);
    expect(figures.rows).toEqual([
      { set: 'wording', label: 'New wordings', figure: 'passed 288 of 300 (96%)' },
      { set: 'template', label: 'New sentence shapes', figure: null },
      { set: 'composition', label: 'New pairs of steps', figure: null },
      { set: 'perturbed', label: 'New wordings with slips', figure: null },
      { set: 'oov', label: 'Unknown concepts', figure: 'refused 150 of 150 (100%)' },
      { set: 'typed-5', label: 'Sentences typed by hand', figure: 'passed 45 of 141 (32%)' },
    ]);
    expect(figures.wrongCode).toBe('4 of 591 intents');
    expect(figures.pipeline).toBe(combineFingerprints([MODELS.planner, MODELS.planner2, MODELS.wiring, MODELS.code]));
  });

  it('says nothing is measured for models no report measured (a retrained model, or a pipeline of one Planner), and when there are no reports', () => {
    const stale = [report('wording', { passed: 288 }, { ...MODELS, code: '9999999999999999' })];
    const figures = composeFigures(stale, MODELS);
    expect(figures.rows.every((r) => r.figure === null)).toBe(true);
    const onePlanner = { planner: MODELS.planner, wiring: MODELS.wiring, code: MODELS.code };
    expect(composeFigures([report('wording', { passed: 288 }, onePlanner)], MODELS).rows[0].figure).toBeNull();
    expect(figures.wrongCode).toBeNull();
    expect(composeFigures([], MODELS).wrongCode).toBeNull();
    expect(composeMeasured(stale, MODELS)).toBeNull();
    expect(composeMeasured([report('wording', { passed: 288 })], null)).toBeNull();
  });

  it('gives the model picker one sentence, beside the fingerprints measured', () => {
    const measured = composeMeasured([report('wording', { passed: 288 }), report('oov', { intents: 150, refused: 149, wrong_code: 1 })], MODELS)!;
    expect(measured.fingerprints).toEqual(MODELS);
    expect(measured.lines).toEqual(['New wordings: passed 288 of 300 (96%); unknown concepts: refused 149 of 150 (99%); wrong code 1 of 450 intents.']);
  });

  it('reads only well-formed reports from docs/results', () => {
    for (const r of COMPOSE_REPORTS) expect(typeof r.set).toBe('string');
  });
});
