// The CLI's training progress line (worker/trainer.ts): step, loss, tokens/s and ETA, with
// durations that do not read "0s" for a run that took a fraction of a second, and the threads
// when fewer than the run's train it.
import { describe, expect, it } from 'vitest';
import { formatDuration, formatProgress } from '../../worker/trainer.ts';

describe('progress line', () => {
  it('durations: tenths under 10 s, then seconds and minutes', () => {
    expect([0, 0.43, 9.94, 9.96, 45.4, 185, 3725].map(formatDuration)).toEqual(['0.0s', '0.4s', '9.9s', '10s', '45s', '3m05s', '62m05s']);
    expect(formatDuration(Infinity)).toBe('--');
    expect(formatDuration(NaN)).toBe('--');
    expect(formatDuration(-1)).toBe('--');
  });

  it('names the step, the loss, the rate and the time left', () => {
    const line = formatProgress('mover', { step: 150, steps: 300, loss: 0.78681, tokensPerSec: 67908.4, etaSeconds: 125, elapsedMs: 2000, threads: 2, threadsGiven: 2 });
    expect(line).toBe('mover step 150/300 ( 50.0%) loss 0.7868 67,908 tok/s eta 2m05s');
  });

  it('says so while fewer threads than the run has train it (the thread governor, on a busy machine)', () => {
    const line = formatProgress('mover', { step: 150, steps: 300, loss: 0.78681, tokensPerSec: 67908.4, etaSeconds: 125, elapsedMs: 2000, threads: 1, threadsGiven: 2 });
    expect(line).toBe('mover step 150/300 ( 50.0%) loss 0.7868 67,908 tok/s eta 2m05s on 1 of 2 threads (faster on this busy machine now)');
  });
});
