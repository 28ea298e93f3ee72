// The loss chart component (web/src/train/LossChart.svelte) with uPlot replaced by a recorder:
// the chart is made once uPlot has loaded, with the losses of that moment (measured and
// smoothed), and every later loss reaches it, even when uPlot arrived after the run had
// started (it loads on demand). Its caption says when the first steps' loss is above the axis.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LossChart from '../../web/src/train/LossChart.svelte';
import { reactive } from './reactive.svelte.ts';

const charts = vi.hoisted(() => [] as { data: unknown }[]);
vi.mock('../../web/src/train/uplot.ts', () => ({
  default: class {
    data: unknown;
    constructor(_options: unknown, data: unknown) {
      this.data = data;
      charts.push(this);
    }
    setData(data: unknown) {
      this.data = data;
    }
    setSize() {}
    destroy() {}
  },
}));

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (view) unmount(view);
  view = undefined;
  charts.length = 0;
});

describe('LossChart', () => {
  it('draws every loss that comes after uPlot has loaded', async () => {
    const props = reactive({ history: { steps: [] as number[], losses: [] as number[] }, steps: 100, label: 'Loss curve of run' });
    view = mount(LossChart, { target: document.body, props });
    flushSync();
    await vi.dynamicImportSettled();
    expect(charts).toHaveLength(1);
    expect(charts[0].data).toEqual([[], [], []]);
    props.history = { steps: [10, 20], losses: [3, 2] };
    flushSync();
    expect(charts[0].data).toEqual([[10, 20], [3, 2], [3, 2]]); // two points: nothing to smooth
    expect(document.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('Loss curve of run: loss 3.000 at step 10, 2.000 at step 20 of 100.');
  });

  it('starts from the losses there are when uPlot arrives', async () => {
    const props = reactive({ history: { steps: [5], losses: [4] }, steps: 50, label: 'run' });
    view = mount(LossChart, { target: document.body, props });
    props.history = { steps: [5, 6], losses: [4, 3.5] }; // a point while uPlot loads
    flushSync();
    await vi.dynamicImportSettled();
    expect(charts[0].data).toEqual([[5, 6], [4, 3.5], [4, 3.5]]);
  });

  it("says in its caption when the first steps' loss has run off the top of the axis", async () => {
    const steps = Array.from({ length: 400 }, (_, i) => 10 * (i + 1));
    const losses = steps.map((s) => 0.4 + 3.1 * Math.exp(-s / 50));
    const props = reactive({ history: { steps: [10, 20], losses: [3.5, 3.2] }, steps: 4000, label: 'run' });
    view = mount(LossChart, { target: document.body, props });
    flushSync();
    const caption = () => document.querySelector('[data-testid="loss-caption"]')?.textContent?.replace(/\s+/g, ' ').trim();
    expect(caption()).toBe("batch loss, smoothed; as measured. The axis follows the run's last 75%.");
    props.history = { steps, losses };
    flushSync();
    expect(caption()).toBe(`batch loss, smoothed; as measured. The axis follows the run's last 75%, so the first steps' loss (up to ${losses[0].toFixed(3)}) is above it.`);
  });
});
