// The loss chart (web/src/train/loss-chart.ts): the losses smoothed over the measured ones, and
// a loss axis that follows the recent part of the run, so that a minute in, the curve still
// shows whether the run is learning instead of a wall (the opening drop) and a flat line.
// The step axis keeps to at most seven labels at any width.
import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import {
  aboveAxis, chartData, faint, lossChartOptions, lossRange, lossTickLabel, MAX_STEP_TICKS, recentStart, smoothLosses, stepTickSpace,
} from '../../web/src/train/loss-chart.ts';

const colours = { text: '#555', grid: '#ddd', line: '#1a6cf0' };
const options = lossChartOptions(800, colours);
const u = undefined as unknown as uPlot;

/** A run's batch losses as the Train view gets them: a steep opening drop, then a slow creep under noise. */
function run(lastStep: number): { steps: number[]; losses: number[] } {
  const steps: number[] = [];
  const losses: number[] = [];
  let noise = 7;
  for (let step = 10; step <= lastStep; step += 10) {
    noise = (noise * 48271) % 2147483647;
    steps.push(step);
    losses.push(0.3 + 0.25 * Math.exp(-step / 1500) + 3.2 * Math.exp(-step / 60) + 0.08 * (noise / 2147483647 - 0.5));
  }
  return { steps, losses };
}

/** The loss axis uPlot would draw for `data`, through the options' own range function. */
function yRange(data: uPlot.AlignedData): [number, number] {
  const y = options.scales!.y.range as (u: uPlot, min: number, max: number, key: string) => [number, number];
  const all = (data.slice(1) as number[][]).flat();
  return y({ data } as unknown as uPlot, Math.min(...all), Math.max(...all), 'y');
}

describe('the loss curve', () => {
  it('is smoothed by a centred moving mean, fewer points at the ends', () => {
    expect(smoothLosses([1, 2, 3, 4, 5], 1)).toEqual([1.5, 2, 3, 4, 4.5]);
    expect(smoothLosses([4, 2], 0)).toEqual([4, 2]);
    expect(smoothLosses([])).toEqual([]);
    const h = run(3000);
    const smooth = smoothLosses(h.losses);
    expect(smooth).toHaveLength(h.losses.length);
    // the smoothed curve's step-to-step wobble is a small part of the measured one's
    const wobble = (xs: number[]) => xs.slice(101).reduce((s, x, i) => s + Math.abs(x - xs[i + 100]), 0);
    expect(wobble(smooth)).toBeLessThan(wobble(h.losses) / 5);
    expect(chartData(h)).toEqual([h.steps, h.losses, smooth]);
  });

  it("after the opening drop, the axis spans the run's recent losses, not the drop", () => {
    const h = run(3000); // a few minutes into a run: the drop from 3.7 ended before step 300
    const data = chartData(h);
    const [lo, hi] = yRange(data);
    const recent = (data[2] as number[]).slice(recentStart(h.steps));
    const [rlo, rhi] = [Math.min(...recent), Math.max(...recent)];
    // the recent curve fills most of the axis: its fall shows, rather than a flat line at the bottom
    expect((rhi - rlo) / (hi - lo)).toBeGreaterThan(0.3);
    expect(lo).toBeLessThanOrEqual(rlo);
    expect(hi).toBeGreaterThanOrEqual(rhi);
    expect(hi).toBeLessThan(1);
    // and the caption can say the first steps' loss is above it
    expect(aboveAxis(h.steps, h.losses, data[2] as number[])).toBeGreaterThan(3);
  });

  it('while the loss is still dropping, the axis holds the drop', () => {
    const h = run(200);
    const data = chartData(h);
    const [lo, hi] = yRange(data);
    expect(hi).toBeGreaterThan(1.2);
    expect(lo).toBeLessThan(0.8);
    expect(lo).toBeGreaterThanOrEqual(0);
  });

  it('snaps the axis to round numbers, and has one before any loss', () => {
    expect(lossRange([100, 200, 300, 400], [0.5, 0.44, 0.41, 0.4], [0.5, 0.44, 0.41, 0.4])).toEqual([0.38, 0.52]);
    expect(lossRange([], [], [])).toEqual([0, 4]);
  });
});

describe('the series', () => {
  it('draws each measurement as a faint dot and the smoothed curve in the line colour', () => {
    const [, raw, smooth] = options.series;
    expect(smooth).toMatchObject({ stroke: '#1a6cf0', width: 2 });
    expect(raw.points).toMatchObject({ show: true, fill: '#1a6cf055' });
    expect(faint('#1a6cf0')).toBe('#1a6cf055');
    expect(faint('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(options.axes![1].label).toBe('loss');
  });

  it("labels the loss axis briefly, a diverged run's astronomical losses too", () => {
    const values = options.axes![1].values as uPlot.Axis.DynamicValues;
    expect(values(u, [0.655, 0.66, 3, 2e19], 1, 0, 0)).toEqual(['0.655', '0.66', '3', '2e+19']);
    expect(lossTickLabel(0.30000000000000004)).toBe('0.3');
  });
});

describe('the step axis', () => {
  it('spans the steps trained so far, from 0', () => {
    const x = options.scales!.x.range as (u: uPlot, min: number, max: number, key: string) => [number, number];
    expect(x(u, 10, 740, 'x')).toEqual([0, 740]);
  });

  it('asks uPlot for at most seven ticks, however wide the card', () => {
    const space = options.axes![0].space as (u: uPlot, i: number, min: number, max: number, dim: number) => number;
    for (const width of [280, 600, 1100, 1800]) {
      expect(space(u, 0, 0, 2000, width)).toBe(stepTickSpace(width));
      expect(Math.floor(width / stepTickSpace(width)) + 1, `${width} px`).toBeLessThanOrEqual(MAX_STEP_TICKS);
    }
    expect(stepTickSpace(280)).toBe(60); // room for "1,000,000" on a phone
  });
});
