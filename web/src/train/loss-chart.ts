// The loss chart's data and uPlot options (LossChart.svelte draws it). What a person watching
// a run wants to know is whether it is still learning, and the batch loss answers badly on its
// own: it falls by an order of magnitude in the first steps, then creeps down under noise as
// large as the creep. So the chart draws the losses smoothed (a centred moving mean) over the
// measured ones, faint; its step axis spans the steps trained so far (the progress bar above it
// shows how far the run has to go), and its loss axis follows the recent part of them, not the
// opening drop, which runs off the top once it is history. The step axis keeps to a few
// labels, however wide the card.
import type uPlot from 'uplot';
import type { LossHistory } from './job-store.ts';

/** At most this many step ticks: a desktop-wide card otherwise drew 21. */
export const MAX_STEP_TICKS = 7;

export const CHART_HEIGHT = 200;

/** The loss axis spans the steps from this fraction of the latest one on. */
export const RECENT_FROM = 0.25;

export interface ChartColours {
  text: string;
  grid: string;
  line: string; // the smoothed curve; the measured points are this colour, faint
}

/** uPlot's least gap between step ticks, in CSS pixels, on a plot `width` wide. */
export function stepTickSpace(width: number): number {
  // ticks at least `space` apart fit floor(width / space) + 1 times; 60 px holds "1,000,000"
  return Math.max(60, width / (MAX_STEP_TICKS - 1));
}

/** Points each side of a point that its smoothed value averages: a fortieth of the curve. */
export function smoothingRadius(points: number): number {
  return Math.floor(points / 40);
}

/**
 * The losses smoothed by a centred moving mean of `radius` points each side (fewer at the
 * ends, so the newest point averages only the ones before it). Prefix sums: O(n).
 */
export function smoothLosses(losses: readonly number[], radius = smoothingRadius(losses.length)): number[] {
  const n = losses.length;
  const sums = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) sums[i + 1] = sums[i] + losses[i];
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const lo = Math.max(0, i - radius);
    const hi = Math.min(n, i + radius + 1);
    out[i] = (sums[hi] - sums[lo]) / (hi - lo);
  }
  return out;
}

/** The index of the first point at or after RECENT_FROM of the latest step. */
export function recentStart(steps: readonly number[]): number {
  const from = (steps.at(-1) ?? 0) * RECENT_FROM;
  const i = steps.findIndex((s) => s >= from);
  return i < 0 ? 0 : i;
}

/** `x` rounded down (or up) to a multiple of `unit`, without float dust: 0.30000000000000004 -> 0.3. */
function snap(x: number, unit: number, up: boolean): number {
  const k = up ? Math.ceil(x / unit - 1e-9) : Math.floor(x / unit + 1e-9);
  return Number((k * unit).toPrecision(12));
}

/**
 * The loss axis's range: the smoothed curve over the recent part of the run, widened by the
 * measured losses' scatter about it (so most points show) and a tenth of its span, snapped
 * out to round numbers so that it does not jitter with every update. Never below 0.
 */
export function lossRange(steps: readonly number[], raw: readonly number[], smoothed: readonly number[]): [number, number] {
  const from = recentStart(steps);
  let lo = Infinity;
  let hi = -Infinity;
  let scatter = 0;
  let n = 0;
  for (let i = from; i < smoothed.length; i++) {
    if (!Number.isFinite(smoothed[i])) continue;
    lo = Math.min(lo, smoothed[i]);
    hi = Math.max(hi, smoothed[i]);
    scatter += Math.abs(raw[i] - smoothed[i]);
    n++;
  }
  if (n === 0) return [0, 4]; // nothing to show yet: about where a run starts
  const pad = Math.max(0.1 * (hi - lo), (2 * scatter) / n, 0.02 * hi, 1e-3);
  const span = hi - lo + 2 * pad;
  const unit = 10 ** Math.floor(Math.log10(span)) / 5;
  return [Math.max(0, snap(lo - pad, unit, false)), snap(hi + pad, unit, true)];
}

/** The highest measured loss when the opening drop has run off the top of the axis, or null. */
export function aboveAxis(steps: readonly number[], raw: readonly number[], smoothed: readonly number[]): number | null {
  const [, top] = lossRange(steps, raw, smoothed);
  // the smoothed curve, not one noisy point, decides whether the drop is above the axis
  if (!(Math.max(...smoothed.filter(Number.isFinite)) > top)) return null;
  return Math.max(...raw.filter(Number.isFinite));
}

/** A loss tick's label: "0.655", "3", and "2e+19" for a run that diverged (no wider than the axis). */
export function lossTickLabel(value: number): string {
  return Math.abs(value) >= 1e4 ? value.toExponential(0) : String(Number(value.toPrecision(3)));
}

/** What uPlot draws: steps, the measured losses and the smoothed ones. */
export function chartData(history: LossHistory): uPlot.AlignedData {
  return [history.steps, history.losses, smoothLosses(history.losses)];
}

/** `#rrggbb` at a third of its opacity, for the measured points; other colours as they are. */
export function faint(colour: string): string {
  return /^#[0-9a-f]{6}$/i.test(colour) ? `${colour}55` : colour;
}

export function lossChartOptions(width: number, colours: ChartColours): uPlot.Options {
  const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { show: false } };
  const dim = faint(colours.line);
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      // from step 0 to the latest (to 1 before any point, so that the axis has a span)
      x: { time: false, range: (_u, min, max) => [Math.min(min ?? 0, 0), Math.max(max ?? 1, 1)] },
      y: {
        range: (u) => lossRange(u.data[0] as number[], u.data[1] as number[], u.data[2] as number[]),
      },
    },
    axes: [
      { ...axis, space: (_u, _axis, _min, _max, plotWidth) => stepTickSpace(plotWidth) },
      { ...axis, size: 48, label: 'loss', labelSize: 18, space: 28, values: (_u, ticks) => ticks.map(lossTickLabel) },
    ],
    series: [
      {},
      // each measurement, a faint dot
      { stroke: dim, width: 0, paths: () => null, points: { show: true, size: 4, width: 0, fill: dim, stroke: dim } },
      // the smoothed curve over them
      { stroke: colours.line, width: 2, points: { show: false } },
    ],
  };
}
