// Training that diverges stops and saves nothing: a step whose loss or gradient norm is not a
// finite number throws TrainingDiverged (with what to try), so do weights that are not, at the
// end of a run; such weights are never written to a file. The settings a run takes are held
// to TRAIN_LIMITS, which refuse the learning rate that diverges here.
import { describe, expect, it } from 'vitest';
import { TrainingDiverged, TrainingRun } from '../../worker/trainer.ts';
import { ModelFileError } from '../../worker/model/model-file.ts';
import { makeTrainConfig, TRAIN_LIMITS } from '../../worker/model/recipe.ts';
import { parameterLayout } from '../../worker/model/shape.ts';
import { organelleAt, TOY_ARCHITECTURE as architecture } from '../helpers/diverging.ts';

function divergence(fn: () => unknown): TrainingDiverged {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TrainingDiverged);
    return err as TrainingDiverged;
  }
  throw new Error('expected the run to diverge');
}

describe('a run that diverges', () => {
  it('stops at the first step whose gradient norm or loss is not finite, and says what to try', async () => {
    const o = await organelleAt(1e6);
    const run = new TrainingRun(o);
    const err = divergence(() => run.slice(60_000));
    // at 1e6 the gradient norm is Infinity at step 4 and the loss NaN at step 5
    expect(err.step).toBeGreaterThan(1);
    expect(err.step).toBeLessThan(10);
    expect(err.message).toMatch(/^training diverged at step \d: (the gradient norm is (Infinity|NaN) \(loss [\d.e+]+\)|the loss is NaN)$/);
    expect(err.advice()).toBe("Try a lower learning rate: this run's is 1000000, the default 0.001.");
    expect(err.advice('--lr')).toBe("Try a lower --lr: this run's is 1000000, the default 0.001.");
    expect(run.diverged).toBe(err);
    expect(run.done).toBe(false);
    // the progress covers the steps before it, with a finite loss
    expect(run.progress.step).toBe(err.step);
    expect(Number.isFinite(run.progress.loss)).toBe(true);
    // it stays stopped
    expect(divergence(() => run.slice(10))).toBe(err);
    expect(o.stepsDone).toBe(err.step);
    // a few steps more, unguarded, and the weights are NaN: no file will hold them
    for (let i = 0; i < 3; i++) o.trainStep();
    expect(() => o.toFile()).toThrow(ModelFileError);
    expect(() => o.toFile(true)).toThrow(/^Model has weights that are not finite numbers: parameter [\d,]+ of [\d,]+ is NaN/);
  });

  it('is also caught by its weights at the end, when neither the loss nor the gradient showed it', async () => {
    const o = await organelleAt(1e-3, 5);
    // the last position's embedding: no toy document is that long, so no loss ever reads it
    const wpe = parameterLayout(o.shape).find((t) => t.name === 'wpe')!;
    const params = o.engine.getParams();
    const at = wpe.offset + (architecture.block - 1) * architecture.embd;
    params[at] = Infinity;
    o.engine.setParams(params);
    const run = new TrainingRun(o);
    const err = divergence(() => run.slice(60_000));
    expect(err.step).toBe(5);
    expect(err.message).toBe(`training diverged at step 5: parameter ${at.toLocaleString('en-US')} is Infinity`);
  });

  it('changes nothing for a run that does not diverge: the checks only read', async () => {
    const a = await organelleAt(1e-3, 30);
    const b = await organelleAt(1e-3, 30);
    const run = new TrainingRun(a);
    while (!run.done) run.slice(5);
    for (let i = 0; i < 30; i++) b.trainStep();
    expect(Buffer.from(a.engine.getParams().buffer).equals(Buffer.from(b.engine.getParams().buffer))).toBe(true);
  });
});

describe('training settings are held to TRAIN_LIMITS', () => {
  it('refuses a learning rate, steps, batch or warmup out of range, naming the range', () => {
    expect(() => makeTrainConfig({ learningRate: 1e6 })).toThrow(
      'learningRate must be a number from 0.000001 to 0.1 (the default is 0.001), got 1000000',
    );
    expect(() => makeTrainConfig({ learningRate: 0 })).toThrow(/learningRate must be a number from 0\.000001/);
    expect(() => makeTrainConfig({ learningRate: NaN })).toThrow(/got NaN/);
    expect(() => makeTrainConfig({ steps: 0 })).toThrow('steps must be a whole number from 1 to 1,000,000, got 0');
    expect(() => makeTrainConfig({ steps: 1_000_001 })).toThrow(/steps must be a whole number from 1 to 1,000,000/);
    expect(() => makeTrainConfig({ steps: 2.5 })).toThrow(/got 2.5/);
    expect(() => makeTrainConfig({ batchDocs: 65 })).toThrow('batchDocs must be a whole number from 1 to 64, got 65');
    expect(() => makeTrainConfig({ warmupSteps: -1 })).toThrow(/warmupSteps must be a whole number from 0 to 1,000,000/);
    expect(() => makeTrainConfig({ beta2: 1 })).toThrow(/beta2 must be in \[0, 1\)/);
    expect(() => makeTrainConfig({ gradClip: Infinity })).toThrow(/gradClip must be a finite number/);
    expect(() => makeTrainConfig({ weightDecay: -0.1 })).toThrow(/weightDecay must be in \[0, 1\]/);
  });

  it('takes the ends of each range', () => {
    for (const key of ['steps', 'batchDocs', 'warmupSteps', 'learningRate'] as const) {
      for (const value of [TRAIN_LIMITS[key].min, TRAIN_LIMITS[key].max]) {
        expect(makeTrainConfig({ [key]: value })[key]).toBe(value);
      }
    }
  });
});
