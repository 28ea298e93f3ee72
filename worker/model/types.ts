// Plain data types shared across the engine, the reference model, the model file and the CLI.

/** Hyper-parameters of one training run (defaults: worker/model/recipe.ts). */
export interface TrainConfig {
  steps: number;
  batchDocs: number; // documents per step
  learningRate: number; // peak, after warmup
  warmupSteps: number; // linear warmup from 0, then cosine to 0 at `steps`
  beta1: number;
  beta2: number;
  eps: number;
  weightDecay: number; // decoupled, not applied to wte / wpe
  gradClip: number; // global L2 norm; 0 disables
  labelSmoothing: number; // 0..1
  responseOnlyLoss: boolean; // count only response targets (and the closing BOS)
}

/** Everything needed to reproduce a model bit for bit. */
export interface TrainingRecipe {
  corpusId: string; // e.g. "puzzle8/mover"
  corpusVersion: string; // content hash of the corpus text
  seed: number; // uint32
  config: TrainConfig;
  stepsDone: number;
}

/**
 * A batch of documents packed into one row of N positions. Document d occupies positions
 * docStarts[d] .. docStarts[d+1]-1; attention never crosses a document boundary and
 * positions restart at 0 in each document.
 */
export interface PackedBatch {
  tokens: Int32Array; // (N) input token ids
  targets: Int32Array; // (N) next-token ids
  mask: Uint8Array; // (N) 1 where the target counts toward the loss
  docStarts: Int32Array; // (D+1) ascending, docStarts[0] = 0, docStarts[D] = N
}

export interface OptimizerState {
  step: number; // Adam steps taken (for bias correction and the schedule)
  m: Float32Array;
  v: Float32Array;
  rngState: [number, number, number, number]; // PRNG state, so a resumed run continues identically
}
