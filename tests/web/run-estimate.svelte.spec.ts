// The Train form's estimate line (web/src/train/RunEstimate.svelte; the 'Train both' line says
// its durations with the same aboutDuration): a run timed at under a second reads "Under a
// second of training", never "About under a second"; the figure says it is this browser's,
// timed with no other run at work, and with runs at work it says what they change rather than
// showing another figure.
import { flushSync, mount, unmount } from 'svelte';
import { describe, expect, it } from 'vitest';
import RunEstimate from '../../web/src/train/RunEstimate.svelte';
import type { EstimateStatus, TrainingEstimate } from '../../web/src/train/training-estimate.svelte.ts';

function estimateOf(secondsPerStep: number, status: EstimateStatus = 'ready'): TrainingEstimate {
  const timing = { paramCount: 29_000, vocabSize: 30, timedSteps: 80, timedMs: 500, stepsPerSec: 1 / secondsPerStep, tokensPerSec: 5000 };
  const timedAt = new Date(2026, 11, 3, 18, 43).toISOString();
  return { status, timing, timedAt, seconds: (steps: number) => steps * secondsPerStep } as unknown as TrainingEstimate;
}

function text(estimate: TrainingEstimate, props: { steps?: number; showParams?: boolean; working?: number; full?: boolean } = {}): string {
  const view = mount(RunEstimate, {
    target: document.body,
    props: { estimate, steps: 30, showParams: false, working: 0, full: false, ...props },
  });
  flushSync();
  const said = document.body.textContent!.replace(/\s+/g, ' ').trim();
  unmount(view);
  return said;
}

function line(secondsPerStep: number, steps: number): string {
  const view = mount(RunEstimate, {
    target: document.body,
    props: { estimate: estimateOf(secondsPerStep), steps, showParams: false, working: 0, full: false },
  });
  flushSync();
  const said = document.querySelector('[data-testid="train-estimate-time"]')!.textContent!;
  unmount(view);
  return said;
}

describe('RunEstimate', () => {
  it('says how long a run takes as a sentence would', () => {
    expect(line(0.002, 30)).toBe('Under a second');
    expect(line(0.002, 12_000)).toBe('About 24 s');
  });

  it('spaces its sentences, whichever of them show, and says whose figure it is', () => {
    expect(text(estimateOf(0.002), { showParams: true, working: 2, full: true })).toBe(
      'Under a second of training for 30 steps in this browser, at 500 steps a second (5,000 tokens a second), timed on ' +
        'this device over 80 steps with no other run at work (2026-12-03 18:43). The model has 29K parameters (29,000). It ' +
        "will start when one of the runs now holding this device's cores finishes, and take longer while others train beside it.",
    );
  });

  it('keeps its figure while a run is at work, saying what sharing the cores does to it', () => {
    const alone = text(estimateOf(0.01), { steps: 12_000 });
    const beside = text(estimateOf(0.01), { steps: 12_000, working: 1 });
    expect(beside).toBe(`${alone} 1 run is at work now: this one would share the cores and take longer until it finishes.`);
  });

  it('says why a run is not timed while runs are at work', () => {
    expect(text(estimateOf(0.01, 'waiting'), { working: 1 })).toBe(
      'Not timed yet: 1 run is at work on this device, and a timing beside it would come out slow and slow it down. ' +
        'This run is timed once it finishes.',
    );
  });
});
