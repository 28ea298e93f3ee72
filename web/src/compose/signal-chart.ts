// What the signal charts draw (SignalChart.svelte): a run's input and output on an index axis,
// and how a run's output is shown at all. An output as long as the input is drawn on the
// input's chart; an array of another length gets a chart of its own, on its own index axis; a
// number is a value, not a curve. Values that are not finite numbers are gaps in a line.
import type uPlot from 'uplot';
import type { BenchResult } from './signal-bench.svelte.ts';

export const CHART_HEIGHT = 220;

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** The CSS variable of its colour, e.g. '--chart-line'. */
  colour: string;
  dash?: boolean;
}

/** How a run's output is shown: beside the input, on its own axis, as a number, or not at all (it failed). */
export type OutputView =
  | { kind: 'together'; series: ChartSeries[] }
  | { kind: 'separate'; input: ChartSeries[]; output: ChartSeries[] }
  | { kind: 'number'; input: ChartSeries[]; value: number }
  | { kind: 'failed'; input: ChartSeries[]; check: string; message: string };

const INPUT_COLOURS = ['--chart-line', '--muted'];
const OUTPUT_COLOUR = '--chart-output';

/** The inputs' series: one (the input), or x and y (y dashed). */
function inputSeries(inputs: readonly (readonly number[])[]): ChartSeries[] {
  const names = inputs.length === 2 ? ['x', 'y'] : ['input'];
  return inputs.map((values, i) => ({ label: names[i], values, colour: INPUT_COLOURS[i], ...(i === 1 ? { dash: true } : {}) }));
}

export function outputView(result: BenchResult): OutputView {
  const input = inputSeries(result.inputs);
  const outcome = result.outcome;
  if (!outcome.ok) return { kind: 'failed', input, check: outcome.check, message: outcome.message };
  const value = outcome.value;
  if (typeof value === 'number') return { kind: 'number', input, value };
  const output: ChartSeries = { label: 'output', values: value, colour: OUTPUT_COLOUR };
  if (value.length === result.inputs[0].length) return { kind: 'together', series: [...input, output] };
  return { kind: 'separate', input, output: [output] };
}

/** Series of one length as uPlot's aligned data: the index, then each series (non-finite values as gaps). */
export function chartSeries(series: readonly ChartSeries[]): uPlot.AlignedData {
  const n = Math.max(0, ...series.map((s) => s.values.length));
  const index = Array.from({ length: n }, (_, i) => i);
  return [index, ...series.map((s) => Array.from({ length: n }, (_, i) => (Number.isFinite(s.values[i]) ? s.values[i] : null)))];
}

/** How many of the values are not finite numbers (drawn as gaps). */
export function gaps(values: readonly number[]): number {
  return values.filter((v) => !Number.isFinite(v)).length;
}

/** "Input: 128 values from -1.21 to 1.26." A chart's description for screen readers. */
export function describeSeries(series: readonly ChartSeries[]): string {
  return series
    .map((s) => {
      const finite = s.values.filter(Number.isFinite);
      const range = finite.length ? ` from ${round(Math.min(...finite))} to ${round(Math.max(...finite))}` : '';
      const missing = gaps(s.values);
      return `${s.label[0].toUpperCase()}${s.label.slice(1)}: ${s.values.length} values${range}${missing ? `, ${missing} not finite` : ''}.`;
    })
    .join(' ');
}

/** A number as the charts' words write it: at most 4 significant digits. */
export function round(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return String(Number(v.toPrecision(4)));
}

export interface ChartStyle {
  label: string;
  colour: string;
  dash?: boolean;
}

/** The index axis's tick steps, whole numbers only (uPlot picks the smallest that leaves room between labels). */
export const INDEX_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000];

export function signalChartOptions(width: number, styles: readonly ChartStyle[], colours: { text: string; grid: string }): uPlot.Options {
  const axis = { stroke: colours.text, grid: { stroke: colours.grid, width: 1 }, ticks: { show: false } };
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    scales: { x: { time: false } },
    axes: [
      // sample indices are whole numbers: ticks only at whole steps, never at 0.5 or 1.5
      { ...axis, label: 'index', labelSize: 18, space: 50, incrs: INDEX_STEPS },
      { ...axis, size: 52, space: 30, values: (_u, ticks) => ticks.map((t) => round(t)) },
    ],
    series: [
      {},
      ...styles.map((s) => ({ label: s.label, stroke: s.colour, width: 2, points: { show: false }, ...(s.dash ? { dash: [6, 4] } : {}) })),
    ],
  };
}

const SANDBOX_STOPS: Record<string, string> = {
  time: 'the time limit',
  memory: 'the memory limit',
  threw: 'it threw an exception',
  returned: 'it returned something other than numbers',
};

/** Why a run on a signal gave nothing: the sandbox stopped it (which limit), the Judge refused it (which check), or the request. */
export function stoppedSentence(check: string, message: string): string {
  const said = message.replace(/\.$/, '');
  if (check in SANDBOX_STOPS) return `The sandbox stopped it (${SANDBOX_STOPS[check]}): ${said}.`;
  if (check === 'request') return `It was not run: ${said}.`;
  return `The Judge refused to run it: ${said}.`;
}
