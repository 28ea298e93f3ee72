// Recording and replaying organelle answers. `recording` wraps an organelle so every answer
// it gives lands in a shared list; `scripted` plays such a list back, refusing to invent
// an answer the recording does not have. Feeding a recording through the deterministic
// orchestrator reproduces the run it came from.
import type { Completion, Organelle } from '../orchestrator/types.ts';
import type { AnswerSource, RecordedAnswer } from './solve-link.ts';
import { ShareLinkError } from './solve-link.ts';

export function recording(source: AnswerSource, organelle: Organelle, log: RecordedAnswer[]): Organelle {
  return (prompt, attempt) => {
    const c = organelle(prompt, attempt);
    log.push({ source, text: c.text, confidence: c.confidence });
    return c;
  };
}

/** Hands out recorded answers in order, each to the organelle role that gave it. */
export class Script {
  readonly #answers: readonly RecordedAnswer[];
  #next = 0;
  /** Set when the run asked for an answer the recording does not have in that place. */
  mismatch: string | null = null;

  constructor(answers: readonly RecordedAnswer[]) {
    this.#answers = answers;
  }

  organelle(source: AnswerSource): Organelle {
    return (): Completion => {
      const a = this.#answers[this.#next];
      // recorded as well as thrown: the orchestrator may treat a failing Planner as a
      // rejected attempt and carry on, but the replay is then no longer the recorded run
      if (a === undefined) this.mismatch ??= 'the recording ran out before the run ended: the link does not replay';
      else if (a.source !== source) this.mismatch ??= `the recording has a ${a.source} answer where the ${source} was asked: the link does not replay`;
      if (this.mismatch !== null) throw new ShareLinkError(this.mismatch);
      this.#next++;
      return { text: a.text, confidence: a.confidence };
    };
  }

  /** Answers not yet used; a faithful replay leaves none. */
  get remaining(): number {
    return this.#answers.length - this.#next;
  }
}
