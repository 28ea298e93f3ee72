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
      report('typed-7', { intents: 153, passed: 48, refused: 132, wrong_code: 3, by_kind: { clean: { intents: 121, passed: 18, refused: 102, wrong_code: 1, asked: 0, asked_right: 0 }, unknown: { intents: 32, passed: 30, refused: 30, wrong_code: 2, asked: 0, asked_right: 0 } } }),
      report('validation', { passed: 1, wrong_code: 99 }), // chosen on, never quoted
    ];
    const figures = composeFigures(reports, MODELS);
    expect(figures.rows).toEqual([
      { set: 'wording', label: 'New wordings', figure: 'passed 288 of 300 (96%)' },
      { set: 'template', label: 'New sentence shapes', figure: null },
      { set: 'composition', label: 'New pairs of steps', figure: null },
      { set: 'perturbed', label: 'New wordings with slips', figure: null },
      { set: 'oov', label: 'Unknown concepts', figure: 'refused 150 of 150 (100%)' },
      { set: 'typed-7', label: 'Sentences typed by hand', figure: 'composed 18 of 121 (15%), and refused 30 of the 32 it cannot do (94%)' },
    ]);
    expect(figures.wrongCode).toBe('5 of 603 intents');
    expect(figures.pipeline).toBe(combineFingerprints([MODELS.planner, MODELS.planner2, MODELS.wiring, MODELS.code]));
  });

  it('quotes a file of both kinds by its passes alone where its report does not count its kinds (one written before it did)', () => {
    const figures = composeFigures([report('typed-7', { intents: 153, passed: 48, refused: 132 })], MODELS);
    expect(figures.rows.find((r) => r.set === 'typed-7')!.figure).toBe('passed 48 of 153 (31%)');
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
