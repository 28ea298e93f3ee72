// The "Train all four" estimate (web/src/train/TrainAllEstimate.svelte): the organelles' timings
// laid out on the device's cores, the same figure whether or not runs are at work (issue 50:
// about 20 min became about 40 once a run was going), with a sentence saying what it assumes
// then, and a line saying the figure is this browser's, not the README's Node figure.
import { flushSync, mount, unmount } from 'svelte';
import { describe, expect, it } from 'vitest';
import TrainAllEstimate from '../../web/src/train/TrainAllEstimate.svelte';
import type { JobSpec } from '../../web/src/train/job-store.ts';
import type { RunTimingState, TrainingEstimate } from '../../web/src/train/training-estimate.svelte.ts';
import type { TrainTimingRequest } from '../../worker/browser/messages.ts';

const ROLES = { planner: 20, wiring: 30, code: 40, planner2: 20 }; // steps a second of each

const specs: JobSpec[] = Object.keys(ROLES).map((organelle) => ({
  name: `compose/${organelle}`,
  organelle,
  source: { kind: 'recipe', recipeId: `compose/${organelle}` },
  architecture: { embd: 96, heads: 8, layers: 4, mlp: 384, block: 128 },
  steps: 12_000,
  seed: 1,
}));

function estimateOf(status: RunTimingState['status']): TrainingEstimate {
  const stateOf = (request: TrainTimingRequest): RunTimingState => {
    const id = request.source.kind === 'recipe' ? request.source.recipeId.slice('compose/'.length) : '';
    const stepsPerSec = ROLES[id as keyof typeof ROLES];
    const timing = { paramCount: 460_000, vocabSize: 60, timedSteps: 10, timedMs: 500, stepsPerSec, tokensPerSec: stepsPerSec * 2000 };
    return status === 'ready'
      ? { status, timing, timedAt: new Date(2026, 11, 3, 18, 43).toISOString(), error: null }
      : { status, timing: null, timedAt: null, error: null };
  };
  return { stateOf } as unknown as TrainingEstimate;
}

function text(status: RunTimingState['status'], working: number): string {
  const view = mount(TrainAllEstimate, { target: document.body, props: { estimate: estimateOf(status), specs, cores: 2, working } });
  flushSync();
  const said = document.body.textContent!.replace(/\s+/g, ' ').trim();
  unmount(view);
  return said;
}

describe('TrainAllEstimate', () => {
  it('lays the four out on the cores, says whose speed it is, and keeps the figure while runs are at work', () => {
    // 12,000 steps: the Planner 10 min and the Wiring 6 min 40 s side by side, then the Code 5 min on
    // the Wiring's core and the Second Planner 10 min on the Planner's: 20 min
    const alone = text('ready', 0);
    expect(alone).toBe(
      'About 20 min of training for all four on this device, 2 at a time on 2 cores: the Planner about 10 min (12,000 steps), ' +
        'the Wiring about 6 min 40 s (12,000 steps), the Code about 5 min (12,000 steps), the Second Planner about 10 min (12,000 steps). ' +
        "Timed together, as they would train, with no other run at work (2026-12-03 18:43). This browser's speed: the README's " +
        "training times are the command line's, in Node.",
    );
    // a run at work: not timed again beside it, and not laid out on the one core it leaves free
    const [figure] = alone.split(' of training');
    const beside = text('ready', 1);
    expect(beside.startsWith(`${figure} of training for all four on this device, 2 at a time on 2 cores:`)).toBe(true);
    expect(beside).toContain('That is with the device to themselves: 1 run is at work now, so they would take longer until it finishes.');
    expect(text('ready', 3)).toContain('3 runs are at work now, so they would take longer until they finish.');
  });

  it('says at once whether the organelles are being timed or wait for the runs at work', () => {
    expect(text('timing', 0)).toBe("Timing each organelle's run in this browser…");
    expect(text('waiting', 2)).toBe(
      'Not timed yet: 2 runs are at work on this device, and timings beside them would come out slow and slow them down. ' +
        'The organelles are timed once they finish.',
    );
  });
});
