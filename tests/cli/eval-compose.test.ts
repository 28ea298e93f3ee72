// `organelle eval compose --intents FILE`: a case a line, the intent, a tab and the expected
// composition (or none); a malformed line is named with what is wrong. The evaluation itself
// with the shipped models runs in tests/compose/evaluate.test.ts.
import { describe, expect, it } from 'vitest';
import { parseIntentsFile } from '../../cli/eval-compose.ts';

describe('eval compose --intents FILE', () => {
  it('reads intents and expected compositions, skipping blank lines and comments', () => {
    const cases = parseIntentsFile('# mine\nsmooth it over 5 points then differentiate it\trolling_mean(5)|diff_central\n\nsort the data\tnone\r\n', 'cases.tsv');
    expect(cases).toEqual([
      { intent: 'smooth it over 5 points then differentiate it', expected: [{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }], template: 'file', kind: 'clean' },
      { intent: 'sort the data', expected: null, template: 'file', kind: 'unknown' },
    ]);
  });

  it('names the line and the problem', () => {
    expect(() => parseIntentsFile('smooth it rolling_mean(5)', 'f.tsv')).toThrow('f.tsv line 1: expected "intent<TAB>composition", found no tab');
    expect(() => parseIntentsFile('ok\tmean\nsmooth it\trolling_mean(99)', 'f.tsv')).toThrow("f.tsv line 2: step 1: rolling_mean's w must be within 2..32, got 99");
    expect(() => parseIntentsFile('x\tsort', 'f.tsv')).toThrow('f.tsv line 1: step 1: no primitive is called "sort"');
    expect(() => parseIntentsFile('\n# nothing\n', 'f.tsv')).toThrow('f.tsv: no cases');
  });
});
