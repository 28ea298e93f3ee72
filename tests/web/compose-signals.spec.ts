// The signals a composed function runs on (web/src/compose/signals.ts) and how a run's output
// is shown (signal-chart.ts); the suggestions after a refusal are compose-suggestions.spec.ts's.
import { describe, expect, it } from 'vitest';
import { MAX_INPUT, makeSignal, parseSignal, SIGNAL_SAMPLES } from '../../web/src/compose/signals.ts';
import { chartSeries, describeSeries, INDEX_STEPS, outputView, signalChartOptions, stoppedSentence } from '../../web/src/compose/signal-chart.ts';
import { breakPoints } from '../../web/src/replay/break-points.ts';

describe('makeSignal', () => {
  it('makes each signal the same on every call, 128 finite samples of its shape', () => {
    for (const kind of ['sine', 'step', 'walk', 'chirp'] as const) {
      const s = makeSignal(kind);
      expect(s, kind).toHaveLength(SIGNAL_SAMPLES);
      expect(s.every(Number.isFinite), kind).toBe(true);
      expect(makeSignal(kind), kind).toEqual(s);
    }
    expect(makeSignal('step').slice(62, 66)).toEqual([0, 0, 1, 1]);
    const sine = makeSignal('sine');
    expect(Math.max(...sine)).toBeLessThan(1.31);
    expect(Math.min(...sine)).toBeGreaterThan(-1.31);
    expect(makeSignal('walk', 16, 1)).not.toEqual(makeSignal('walk', 16, 0)); // y is another draw
    const chirp = makeSignal('chirp');
    expect(chirp[0]).toBe(0);
    expect(chirp.every((v) => Math.abs(v) <= 1)).toBe(true);
  });
});

describe('parseSignal', () => {
  it('reads numbers separated by commas, spaces, semicolons or line breaks, brackets allowed', () => {
    expect(parseSignal('1, 2.5,-3\n4e-1;  .5\t+6')).toEqual({ ok: true, values: [1, 2.5, -3, 0.4, 0.5, 6] });
    expect(parseSignal('[0.1, 0.2, 0.3]')).toEqual({ ok: true, values: [0.1, 0.2, 0.3] });
    expect(parseSignal('-0, 1')).toEqual({ ok: true, values: [0, 1] });
  });

  it('names the first entry that is not a finite number, by its position and its text', () => {
    expect(parseSignal('1, 2, abc, 4')).toEqual({ ok: false, message: 'Entry 3, “abc”, is not a number.' });
    expect(parseSignal('1, NaN')).toEqual({ ok: false, message: 'Entry 2, “NaN”, is not a number.' });
    expect(parseSignal('1, Infinity')).toEqual({ ok: false, message: 'Entry 2, “Infinity”, is not a number.' });
    expect(parseSignal('1, 1e999')).toEqual({ ok: false, message: 'Entry 2, “1e999”, is too large to be a finite number.' });
    expect(parseSignal('1,,2')).toEqual({ ok: false, message: 'Entry 2 is empty: two separators in a row (or one at the end).' });
    expect(parseSignal('1, 2,')).toMatchObject({ ok: false, message: expect.stringMatching(/^Entry 3 is empty/) });
    expect(parseSignal('0x10, 2')).toEqual({ ok: false, message: 'Entry 1, “0x10”, is not a number.' });
    expect(parseSignal('1, <b>2</b>')).toEqual({ ok: false, message: 'Entry 2, “<b>2</b>”, is not a number.' });
    expect(parseSignal('1, ' + 'x'.repeat(40))).toEqual({ ok: false, message: `Entry 2, “${'x'.repeat(24)}…”, is not a number.` });
  });

  it('wants 2 to 4,096 numbers', () => {
    expect(parseSignal('   ')).toMatchObject({ ok: false, message: expect.stringMatching(/^Paste some numbers/) });
    expect(parseSignal('7')).toEqual({ ok: false, message: 'There is only 1 number; a signal needs at least 2.' });
    expect(parseSignal(Array(MAX_INPUT).fill('1').join(','))).toMatchObject({ ok: true });
    expect(parseSignal(Array(MAX_INPUT + 1).fill('1').join(','))).toEqual({ ok: false, message: 'There are 4,097 numbers; at most 4,096.' });
  });
});

describe('outputView', () => {
  const input = [[1, 2, 3, 4]];

  it('draws an output of the input length with it, another length on its own axis, a number as a value', () => {
    expect(outputView({ inputs: input, outcome: { ok: true, value: [4, 3, 2, 1], ms: 1 } })).toMatchObject({
      kind: 'together', series: [{ label: 'input' }, { label: 'output', values: [4, 3, 2, 1], colour: '--chart-output' }],
    });
    expect(outputView({ inputs: input, outcome: { ok: true, value: [1, 2], ms: 1 } })).toMatchObject({ kind: 'separate', output: [{ values: [1, 2] }] });
    expect(outputView({ inputs: input, outcome: { ok: true, value: 2.5, ms: 1 } })).toMatchObject({ kind: 'number', value: 2.5 });
    expect(outputView({ inputs: [[1], [2]], outcome: { ok: true, value: [3], ms: 1 } })).toMatchObject({
      kind: 'together', series: [{ label: 'x' }, { label: 'y', dash: true }, { label: 'output' }],
    });
    expect(outputView({ inputs: input, outcome: { ok: false, check: 'time', message: 'stopped after 500 ms: the time limit' } })).toMatchObject({ kind: 'failed', check: 'time' });
  });

  it('leaves values that are not finite as gaps, and says so in words', () => {
    expect(chartSeries([{ label: 'output', values: [1, NaN, Infinity, 2], colour: '--x' }])).toEqual([[0, 1, 2, 3], [1, null, null, 2]]);
    expect(describeSeries([{ label: 'output', values: [1, NaN, 2.123456], colour: '--x' }])).toBe('Output: 3 values from 1 to 2.123, 1 not finite.');
  });

  it('says which limit, check or request stopped a run', () => {
    expect(stoppedSentence('time', 'stopped after 500 ms: the time limit')).toBe('The sandbox stopped it (the time limit): stopped after 500 ms: the time limit.');
    expect(stoppedSentence('resolved', 'resolved: document is a global the Judge does not allow')).toBe(
      'The Judge refused to run it: resolved: document is a global the Judge does not allow.',
    );
    expect(stoppedSentence('request', 'x[3] is NaN, not a finite number')).toBe('It was not run: x[3] is NaN, not a finite number.');
  });
});

describe('the index axis', () => {
  it('ticks at whole sample indices only, never 0.5 or 1.5, however few samples', () => {
    const x = signalChartOptions(600, [{ label: 'input', colour: '#000' }], { text: '#000', grid: '#ccc' }).axes![0];
    expect(x.incrs).toEqual(INDEX_STEPS);
    expect(INDEX_STEPS.every(Number.isInteger)).toBe(true);
    expect(INDEX_STEPS[0]).toBe(1);
  });
});

describe('breakPoints', () => {
  it('cuts a kanban item after its joins, never inside a word, and joined gives it back', () => {
    expect(breakPoints('wiring(rolling_mean+diff_forward)')).toEqual(['wiring(', 'rolling_', 'mean+', 'diff_', 'forward)']);
    expect(breakPoints('judge')).toEqual(['judge']);
    for (const item of ['codegen(rolling_mean)', 'rolling_mean(low_conf)', 'a,b|c=d', '']) expect(breakPoints(item).join('')).toBe(item);
  });
});
