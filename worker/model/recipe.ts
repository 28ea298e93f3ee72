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

/**
 * The range of each numeric training setting, both ends included. makeTrainConfig, the CLI's
 * options and the Train form check the same ones. Above the learning rate's maximum AdamW
 * breaks these models (on the determinism corpus at 64K, 600 steps end at loss 0.66 with
 * 0.01, 0.99 with 0.1, 7.4 with 0.3, and with 1e6 the gradient norm is infinite at step 4).
 */
export const TRAIN_LIMITS = {
  steps: { min: 1, max: 1_000_000 },
  seed: { min: 0, max: 0xffffffff }, // a uint32
  batchDocs: { min: 1, max: 64 },
  warmupSteps: { min: 0, max: 1_000_000 },
  learningRate: { min: 1e-6, max: 0.1 },
} as const;

export type LimitedSetting = keyof typeof TRAIN_LIMITS;

/** Whether `value` is within the setting's limits (and whole, for all but the learning rate). */
export function inLimits(setting: LimitedSetting, value: number): boolean {
  const { min, max } = TRAIN_LIMITS[setting];
  const whole = setting !== 'learningRate';
  return (whole ? Number.isInteger(value) : Number.isFinite(value)) && value >= min && value <= max;
}

/** "steps must be a whole number from 1 to 1,000,000": the rule, for an error message. */
export function limitRule(setting: LimitedSetting, name: string = setting): string {
  const { min, max } = TRAIN_LIMITS[setting];
  const range = `from ${limitText(min)} to ${limitText(max)}`;
  if (setting !== 'learningRate') return `${name} must be a whole number ${range}`;
  return `${name} must be a number ${range} (the default is ${DEFAULT_TRAIN_CONFIG.learningRate})`;
}

/** 1000000 -> "1,000,000", 1e-6 -> "0.000001": how a person writes a limit. */
export function limitText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return String(n);
}

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
  for (const setting of ['steps', 'batchDocs', 'warmupSteps', 'learningRate'] as const) {
    if (!inLimits(setting, c[setting])) throw new Error(`${limitRule(setting)}, got ${c[setting]}`);
  }
  const unit = (x: number) => x >= 0 && x < 1;
  if (!unit(c.beta1)) throw new Error(`beta1 must be in [0, 1), got ${c.beta1}`);
  if (!unit(c.beta2)) throw new Error(`beta2 must be in [0, 1), got ${c.beta2}`);
  if (!(c.eps > 0 && c.eps < 1)) throw new Error(`eps must be in (0, 1), got ${c.eps}`);
  if (!(c.weightDecay >= 0 && c.weightDecay <= 1)) throw new Error(`weightDecay must be in [0, 1], got ${c.weightDecay}`);
  if (!(c.gradClip >= 0 && Number.isFinite(c.gradClip))) throw new Error(`gradClip must be a finite number >= 0, got ${c.gradClip}`);
  if (!unit(c.labelSmoothing)) throw new Error(`labelSmoothing must be in [0, 1), got ${c.labelSmoothing}`);
  return config;
}
