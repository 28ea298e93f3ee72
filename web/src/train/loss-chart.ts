// The loss chart's uPlot options (LossChart.svelte draws it). A loss falls by an order of
// magnitude in a run's first steps and then creeps down, so the y axis is logarithmic: on a
// linear one the curve is a wall, then a flat line. The step axis keeps to a few labels,
// however wide the card.
import type uPlot from 'uplot';

/** At most this many step ticks: a desktop-wide card otherwise drew 21. */
export const MAX_STEP_TICKS = 7;

export const CHART_HEIGHT = 200;

export interface ChartColours {
  text: string;
  grid: string;
  line: string;
}

/** uPlot's least gap between step ticks, in CSS pixels, on a plot `width` wide. */
export function stepTickSpace(width: number): number {
  // ticks at least `space` apart fit floor(width / space) + 1 times; 60 px holds "1,000,000"
  return Math.max(60, width / (MAX_STEP_TICKS - 1));
}

/** 1, 2 or 5 times a power of ten, at or below `value` (or at or above it, `up`). */
function snap125(value: number, up: boolean): number {
  const power = Math.floor(Math.log10(value));
  const candidates = [1, 2, 5, 10].map((m) => Number((m * 10 ** power).toPrecision(1)));
  return up ? candidates.find((c) => c >= value)! : candidates.findLast((c) => c <= value)!;
}

/**
 * The loss axis's range: the losses with a little room, snapped out to 1, 2 or 5 times a
 * power of ten. uPlot's own log range rounds out to whole powers of ten, which leaves a
 * curve from 3.5 down to 0.25 in the lower half of a 0.2-10 axis.
 */
export function lossRange(min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !(min > 0) || !Number.isFinite(max)) return [0.1, 10]; // nothing to show yet
  return [snap125(min / 1.1, false), snap125(max * 1.1, true)];
}

/** Each mantissa times each power of ten, within [min, max]. */
function ticksOf(mantissas: readonly number[], min: number, max: number): number[] {
  const ticks: number[] = [];
  for (let power = Math.floor(Math.log10(min)); 10 ** power <= max; power++) {
    for (const m of mantissas) {
      const tick = Number((m * 10 ** power).toPrecision(1));
      if (tick >= min && tick <= max) ticks.push(tick);
    }
  }
  return ticks;
}

/**
 * The loss axis's ticks, at most six where the range allows: 1, 2 and 5 times each power of
 * ten, or 1 and 3 over a wider range, or the powers alone. uPlot's own log ticks mark every
 * 1-9 and hide most labels, leaving a 200 px chart with a single "1".
 */
export function lossTicks(min: number, max: number): number[] {
  let ticks: number[] = [];
  for (const mantissas of [[1, 2, 5], [1, 3], [1]]) {
    ticks = ticksOf(mantissas, min, max);
    if (ticks.length <= 6) break;
  }
  return ticks;
}

/** A loss tick's label: "5", "0.2", "0.01". */
export function lossTickLabel(value: number): string {
  return String(Number(value.toPrecision(2)));
}

export function lossChartOptions(width: number, steps: number, colours: ChartColours): uPlot.Options {
  const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { show: false } };
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: (_u, min, max) => [Math.min(min, 0), Math.max(max, steps)] },
      y: { distr: 3, log: 10, range: (_u, min, max) => lossRange(min, max) },
    },
    axes: [
      { ...axis, space: (_u, _axis, _min, _max, plotWidth) => stepTickSpace(plotWidth) },
      {
        ...axis,
        size: 44,
        label: 'loss',
        labelSize: 18,
        splits: (_u, _axis, min, max) => lossTicks(min, max),
        filter: (_u, ticks) => ticks, // label every tick lossTicks chose
        values: (_u, ticks) => ticks.map(lossTickLabel),
      },
    ],
    series: [{}, { stroke: colours.line, width: 2, points: { show: false } }],
  };
}
