// The loss chart's axes (web/src/train/loss-chart.ts): a log-scale loss axis labelled "loss"
// with a few readable ticks, and a step axis with at most seven labels at any width.
import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { MAX_STEP_TICKS, lossChartOptions, lossRange, lossTickLabel, lossTicks, stepTickSpace } from '../../web/src/train/loss-chart.ts';

const options = lossChartOptions(800, 2000, { text: '#555', grid: '#ddd', line: '#16f' });
const u = undefined as unknown as uPlot;

describe('the loss axis', () => {
  it('is logarithmic, labelled "loss", with the ticks lossTicks chooses', () => {
    expect(options.scales!.y).toMatchObject({ distr: 3, log: 10 });
    const axis = options.axes![1];
    expect(axis.label).toBe('loss');
    const splits = axis.splits as (u: uPlot, i: number, min: number, max: number, incr: number, space: number) => number[];
    const ticks = splits(u, 1, 0.2, 5, 0, 0);
    expect(ticks).toEqual([0.2, 0.5, 1, 2, 5]);
    expect((axis.filter as uPlot.Axis.Filter)(u, ticks, 1, 0, 0)).toEqual(ticks); // every tick labelled
    expect((axis.values as uPlot.Axis.DynamicValues)(u, ticks, 1, 0, 0)).toEqual(['0.2', '0.5', '1', '2', '5']);
  });

  it('spans the losses with a little room, snapped out to 1, 2 or 5 times a power of ten', () => {
    expect(lossRange(0.25, 3.55)).toEqual([0.2, 5]);
    expect(lossRange(0.043, 3.4)).toEqual([0.02, 5]);
    expect(lossRange(1.2, 1.2)).toEqual([1, 2]);
    expect(lossRange(0.0095, 0.7)).toEqual([0.005, 1]);
    expect(lossRange(null, null)).toEqual([0.1, 10]); // no losses yet
  });

  it('keeps to six ticks or so, thinning to 1-3 and then to powers of ten', () => {
    expect(lossTicks(0.5, 1)).toEqual([0.5, 1]);
    expect(lossTicks(0.02, 5)).toEqual([0.03, 0.1, 0.3, 1, 3]);
    expect(lossTicks(0.0001, 5)).toEqual([0.0001, 0.001, 0.01, 0.1, 1]);
    expect(lossTickLabel(0.03)).toBe('0.03');
    expect(lossTickLabel(3)).toBe('3');
  });
});

describe('the step axis', () => {
  it('asks uPlot for at most seven ticks, however wide the card', () => {
    const space = options.axes![0].space as (u: uPlot, i: number, min: number, max: number, dim: number) => number;
    for (const width of [280, 600, 1100, 1800]) {
      expect(space(u, 0, 0, 2000, width)).toBe(stepTickSpace(width));
      expect(Math.floor(width / stepTickSpace(width)) + 1, `${width} px`).toBeLessThanOrEqual(MAX_STEP_TICKS);
    }
    expect(stepTickSpace(280)).toBe(60); // room for "1,000,000" on a phone
  });
});
