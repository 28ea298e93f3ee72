// Oscillation guard over the recent action history. A memoryless Mover happily plays
// up,down,up,down forever (seed 000, "oscillation"); the orchestrator asks wouldCycle before
// applying a proposal and refuses the one that would close a loop.

/** 'revisit': the move would enter a state the run has already entered too often (loop.ts). */
export type CycleKind = 'undo' | 'revisit' | `period-${number}`;

export interface CycleOptions {
  /** Ring size: how many past actions are remembered (default 8). */
  capacity?: number;
  /**
   * Repetition periods to look for (default [2, 3]): period p fires when the last 2p actions,
   * candidate included, are one block of p repeated twice, e.g. A,B,A,B or A,B,C,A,B,C.
   * A block of one repeated action (A,A,A,A) is steady travel, not a cycle.
   */
  periods?: readonly number[];
  /** For reversible games: the move that undoes `move`. Enables the immediate-undo check. */
  inverse?: (move: string) => string;
  /**
   * Whether a repeated block of actions actually brings the game back where it was (then
   * repeating it is a cycle). Default: any block of more than one distinct action. A game
   * that knows better says so: in the 8-puzzle right,down,right,down walks a staircase and
   * only a block whose moves cancel out is a loop.
   */
  loops?: (block: readonly string[]) => boolean;
}

export class CycleDetector {
  readonly capacity: number;
  readonly periods: readonly number[];
  readonly #inverse: ((move: string) => string) | undefined;
  readonly #loops: (block: readonly string[]) => boolean;
  #ring: string[] = [];

  constructor(options: CycleOptions = {}) {
    const { capacity = 8, periods = [2, 3], inverse, loops = (block) => block.some((a) => a !== block[0]) } = options;
    this.#loops = loops;
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`cycle: capacity must be an integer >= 1, got ${capacity}`);
    for (const p of periods) {
      // the candidate supplies one of the 2p actions, the ring the other 2p - 1
      if (!Number.isInteger(p) || p < 2 || 2 * p - 1 > capacity) {
        throw new RangeError(`cycle: period ${p} needs an integer >= 2 with 2p - 1 <= capacity (${capacity})`);
      }
    }
    this.capacity = capacity;
    this.periods = [...periods].sort((a, b) => a - b);
    this.#inverse = inverse;
  }

  push(action: string): void {
    this.#ring.push(action);
    if (this.#ring.length > this.capacity) this.#ring.shift();
  }

  /** Oldest first. A copy: callers cannot reach the ring. */
  recent(): string[] {
    return [...this.#ring];
  }

  reset(): void {
    this.#ring = [];
  }

  wouldCycle(candidate: string): boolean {
    return this.check(candidate) !== null;
  }

  /** Which loop taking `candidate` next would close, or null. Undo is checked first. */
  check(candidate: string): CycleKind | null {
    const ring = this.#ring;
    if (this.#inverse && ring.length > 0 && this.#inverse(ring[ring.length - 1]) === candidate) return 'undo';
    const history = [...ring, candidate];
    for (const p of this.periods) {
      if (history.length < 2 * p) continue;
      const tail = history.slice(-2 * p);
      let repeats = true;
      for (let i = 0; i < p && repeats; i++) repeats = tail[i] === tail[i + p];
      if (repeats && this.#loops(tail.slice(0, p))) return `period-${p}`;
    }
    return null;
  }
}
