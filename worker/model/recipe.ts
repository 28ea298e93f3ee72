// Default training hyper-parameters. The reference project's game recipe (ANCHORS.md
// section 1) with two changes: the loss counts only response tokens (the prompt is given
// at inference, so learning to predict it wastes capacity), and Adam's beta1 is 0.9.
import type { TrainConfig } from './types.ts';

export const DEFAULT_TRAIN_CONFIG: TrainConfig = {
  steps: 25_000,
  batchDocs: 8, // documents per step
  learningRate: 1e-3,
  warmupSteps: 100,
  beta1: 0.9,
  beta2: 0.99,
  eps: 1e-8,
  weightDecay: 0.01,
  gradClip: 1.0,
  labelSmoothing: 0.1,
  responseOnlyLoss: true,
};

/** Standard deviation of the Gaussian initialisation of every weight. */
export const INIT_STD = 0.08;

const KEYS = Object.keys(DEFAULT_TRAIN_CONFIG) as (keyof TrainConfig)[];

/** Overrides defaults, rejecting unknown keys and values of the wrong type or range. */
export function makeTrainConfig(overrides: Partial<Record<string, unknown>> = {}): TrainConfig {
  const config: TrainConfig = { ...DEFAULT_TRAIN_CONFIG };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!KEYS.includes(key as keyof TrainConfig)) {
      throw new Error(`unknown training setting "${key}" (known: ${KEYS.join(', ')})`);
    }
    const k = key as keyof TrainConfig;
    if (typeof value !== typeof DEFAULT_TRAIN_CONFIG[k]) {
      throw new Error(`training setting "${key}" must be a ${typeof DEFAULT_TRAIN_CONFIG[k]}, got ${JSON.stringify(value)}`);
    }
    (config as unknown as Record<string, unknown>)[k] = value;
  }
  const c = config;
  if (!Number.isInteger(c.steps) || c.steps < 1) throw new Error(`steps must be a positive integer, got ${c.steps}`);
  if (!Number.isInteger(c.batchDocs) || c.batchDocs < 1 || c.batchDocs > 64) throw new Error(`batchDocs must be 1..64, got ${c.batchDocs}`);
  if (!(c.learningRate > 0)) throw new Error(`learningRate must be > 0, got ${c.learningRate}`);
  if (!Number.isInteger(c.warmupSteps) || c.warmupSteps < 0) throw new Error(`warmupSteps must be >= 0, got ${c.warmupSteps}`);
  if (!(c.labelSmoothing >= 0 && c.labelSmoothing < 1)) throw new Error(`labelSmoothing must be in [0, 1), got ${c.labelSmoothing}`);
  return config;
}
