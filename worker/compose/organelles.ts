// A trained organelle as the compose pipeline calls it: greedy, with its confidence read from
// the probabilities it gave its own answer's characters. Which reading (the mean, the lowest,
// or the geometric mean) and the thresholds on it are chosen on the validation set
// (worker/compose/thresholds.ts); an answer cut off by the length limit has confidence 0.
import type { Organelle as TrainedOrganelle } from '../organelle.ts';
import type { Completion, Organelle } from '../orchestrator/types.ts';

export type ConfidenceRule = 'mean' | 'min' | 'geomean';

export const CONFIDENCE_RULES: readonly ConfidenceRule[] = ['mean', 'min', 'geomean'];

export function confidenceOf(probs: readonly number[], rule: ConfidenceRule): number {
  if (probs.length === 0) return 0;
  switch (rule) {
    case 'mean': return probs.reduce((a, b) => a + b, 0) / probs.length;
    case 'min': return Math.min(...probs);
    case 'geomean': return Math.exp(probs.reduce((a, p) => a + Math.log(Math.max(p, 1e-12)), 0) / probs.length);
  }
}

/** Most characters each organelle may answer with (a plan, a composed function, a body). */
export const MAX_ANSWER = { planner: 64, wiring: 200, code: 300 } as const;

export function composeOrganelle(o: TrainedOrganelle, maxNew: number, rule: ConfidenceRule): Organelle {
  return (prompt: string): Completion => {
    // the answer may also stop where the block ends: BOS, the prompt and '\n' come first
    const limit = Math.min(maxNew, o.shape.block - prompt.length - 2);
    const c = o.complete(prompt, { maxNew: limit });
    const truncated = c.text.length >= limit;
    return { text: c.text, confidence: truncated ? 0 : confidenceOf(c.tokenProbs, rule) };
  };
}
