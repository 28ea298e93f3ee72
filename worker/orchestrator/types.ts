// Shared vocabulary between the orchestrator and whatever produces completions (the engine,
// or scripted fakes in tests). The orchestrator never touches model memory: it sends a prompt
// and gets text back, with a confidence and, for an ensemble, the individual votes.

/** One organelle answer. */
export interface Completion {
  text: string;
  /** 0..1; for an ensemble, winning votes / votes (or a token-probability score). */
  confidence: number;
  /** Every vote's text, when the answer came from an ensemble. */
  votes?: string[];
  /** When different votes were weighed against each other (compose's two Planners): each vote's confidence as weighed, the highest winning. */
  weighed?: number[];
  /**
   * When several Planners were asked how sure each is that nothing known builds it (compose's
   * Readers, organelles.ts agreeingPlanners): the highest of their confidences in `none`.
   */
  none?: number;
}

/**
 * An organelle as the orchestrator sees it: a synchronous prompt -> completion call.
 * `attempt` (1-based) lets a caller answer a retry differently, e.g. by sampling votes
 * where the first attempt was greedy and would only repeat itself.
 */
export type Organelle = (prompt: string, attempt?: number) => Completion;

/** Who chose an action: the model's own output, or the deterministic fallback. */
export type MoveSource = 'model' | 'fallback';
