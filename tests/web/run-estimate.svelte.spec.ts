// The Train form's estimate line (web/src/train/RunEstimate.svelte; the 'Train both' line says
// its durations with the same aboutDuration): a run timed at under a second reads "Under a
// second of training", never "About under a second".
import { flushSync, mount, unmount } from 'svelte';
import { describe, expect, it } from 'vitest';
import RunEstimate from '../../web/src/train/RunEstimate.svelte';
import type { TrainingEstimate } from '../../web/src/train/training-estimate.svelte.ts';

function estimateOf(secondsPerStep: number): TrainingEstimate {
  const timing = { paramCount: 29_000, vocabSize: 30, timedSteps: 80, timedMs: 500, stepsPerSec: 1 / secondsPerStep, tokensPerSec: 5000 };
  return { status: 'ready', timing, seconds: (steps: number) => steps * secondsPerStep } as unknown as TrainingEstimate;
}

function line(secondsPerStep: number, steps: number): string {
  const view = mount(RunEstimate, {
    target: document.body,
    props: { estimate: estimateOf(secondsPerStep), steps, showParams: false, training: 0, full: false, coresBusy: false },
  });
  flushSync();
  const text = document.querySelector('[data-testid="train-estimate-time"]')!.textContent!;
  unmount(view);
  return text;
}

describe('RunEstimate', () => {
  it('says how long a run takes as a sentence would', () => {
    expect(line(0.002, 30)).toBe('Under a second');
    expect(line(0.002, 12_000)).toBe('About 24 s');
  });

  it('spaces its sentences, whichever of them show', () => {
    const view = mount(RunEstimate, {
      target: document.body,
      props: { estimate: estimateOf(0.002), steps: 30, showParams: true, training: 1, full: true, coresBusy: false },
    });
    flushSync();
    expect(document.body.textContent!.replace(/\s+/g, ' ').trim()).toBe(
      'Under a second of training for 30 steps on this device, at 500 steps a second (5,000 tokens a second), timed just now ' +
        'over 80 steps, with 1 run training as well. The model has 29K parameters (29,000). It will start when one of the ' +
        "runs now holding this device's cores finishes.",
    );
    unmount(view);
  });
});
