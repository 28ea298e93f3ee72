// Recording and replaying organelle answers. `recording` wraps an organelle so every answer
// it gives lands in a shared list; a `Script` plays such a list back, refusing to invent
// an answer the recording does not have. Feeding a recording through the deterministic
// orchestrator reproduces the run it came from. The roles are the link's: a solve's or a
// game's (AnswerSource), or code composition's Planner, Wiring and Code (compose-link.ts).
import type { Completion, Organelle } from '../orchestrator/types.ts';
import type { AnswerSource, RecordedAnswer } from './solve-link.ts';
import { ShareLinkError } from './solve-link.ts';

/** One recorded answer, by the role that gave it. */
export interface Recorded<S extends string> {
  source: S;
  text: string;
  confidence: number;
}

export function recording<S extends string>(source: S, organelle: Organelle, log: Recorded<S>[]): Organelle {
  return (prompt, attempt) => {
    const c = organelle(prompt, attempt);
    log.push({ source, text: c.text, confidence: c.confidence });
    return c;
  };
}

/**
 * Who gave an answer, in the UI's words. The 'worker' source is the Mover of a solve or the
 * Player of a game; only a game records the opponent's moves, so those tell them apart.
 */
function roleNames(answers: readonly RecordedAnswer[]): Record<AnswerSource, string> {
  const game = answers.some((a) => a.source === 'opponent');
  return { planner: "the Planner's", worker: game ? "the Player's" : "the Mover's", opponent: "the opponent's" };
}

/**
 * Hands out recorded answers in order, each to the organelle role that gave it. `roles` names
 * each role in messages ("the Planner's"); a solve's or a game's are known.
 */
export class Script<S extends string = AnswerSource> {
  readonly #answers: readonly Recorded<S>[];
  readonly #roles: Record<S, string>;
  #next = 0;
  /** Set when the run asked for an answer the recording does not have in that place. */
  mismatch: string | null = null;

  constructor(answers: readonly Recorded<S>[], roles?: Record<S, string>) {
    this.#answers = answers;
    this.#roles = roles ?? (roleNames(answers as readonly Recorded<string>[] as readonly RecordedAnswer[]) as Record<string, string>);
  }

  organelle(source: S): Organelle {
    return (): Completion => {
      const a = this.#answers[this.#next];
      // recorded as well as thrown: the orchestrator may treat a failing Planner as a
      // rejected attempt and carry on, but the replay is then no longer the recorded run
      if (a === undefined) this.mismatch ??= 'the link ran out of answers before the run ended, so it does not replay';
      else if (a.source !== source) {
        this.mismatch ??= `the link's answers are out of order: the run needed ${this.#roles[source]} answer next, but the link has ${this.#roles[a.source]}, so it does not replay`;
      }
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
