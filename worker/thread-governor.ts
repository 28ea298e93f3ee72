// Whether a run's helper threads pay, judged from how fast it trains (issue 34; docs/threads.md).
// On a quiet device two threads train one model 1.6-1.9x as fast as one. On a busy one (another
// process taking a core) they train at 0.3-0.5x: threads that spin for each other at every
// phase of a step wait out whole scheduler slices. Nothing in the page or the CLI knows what
// else the device runs, so the run finds out: it alternates one thread and all of them step by
// step for a few steps and trains on the faster. On all threads it compares again when its steps
// slow down; on one, after a while (longer each time one wins again). The thread count never
// changes the bits, so neither does the governor.
//
// Steps differ in cost: a batch of long documents costs more per token (attention grows with
// a document's length squared), by 2x and more at a block of 1,024. So a comparison alternates
// every step, so that both sides draw batches alike, sums time and tokens over each side, and
// takes one thread only when it is clearly faster (margin), which a busy device makes it by 2-3x.

export interface GovernorOptions {
  /** Steps on each side of a comparison (the two alternate, one thread first). */
  compareSteps: number;
  /** One thread is chosen only when all threads take this many times as long a token. */
  margin: number;
  /** Steps on one thread before comparing again; doubled each time one thread wins again, up to maxEvery. */
  every: number;
  maxEvery: number;
  /** On all threads, the last `recentSteps` steps at this many times the last comparison's time a token compare again. */
  slowdown: number;
  recentSteps: number;
}

export const DEFAULT_GOVERNOR: GovernorOptions = { compareSteps: 8, margin: 1.2, every: 500, maxEvery: 4000, slowdown: 1.5, recentSteps: 16 };

type Mode = 'all' | 'one';

// time and tokens summed over steps
interface Tally {
  ms: number;
  tokens: number;
}

const perToken = (t: Tally) => t.ms / t.tokens;

/**
 * Decides, step by step, whether the next step runs on every thread or on one. Feed it each
 * step's time and tokens (`step`); it answers whether the next step shares (`sharing`).
 */
export class ThreadGovernor {
  readonly #o: GovernorOptions;
  #mode: Mode = 'all';
  // a comparison under way: the steps taken on each side so far
  #comparison: { one: Tally; all: Tally; steps: number } | null = null;
  #sinceCheck = 0;
  #every: number;
  #reference = NaN; // all threads' time a token at the last comparison
  #recent: Tally[] = []; // the latest steps on all threads, settled
  #checks = 0;
  #oneWins = 0;

  constructor(options: Partial<GovernorOptions> = {}) {
    this.#o = { ...DEFAULT_GOVERNOR, ...options };
    this.#every = this.#o.every;
    this.#startCheck(); // the first steps say at once whether threads pay here
  }

  /** Whether the next step runs on every thread (true) or on one. */
  get sharing(): boolean {
    const c = this.#comparison;
    return c ? c.steps % 2 === 1 : this.#mode === 'all';
  }

  /** Whether a comparison is under way (its steps alternate between one thread and all). */
  get comparing(): boolean {
    return this.#comparison !== null;
  }

  /** Comparisons made so far, and how many one thread won. */
  get record(): { checks: number; oneWon: number } {
    return { checks: this.#checks, oneWon: this.#oneWins };
  }

  /** The step just run (on `sharing`'s answer before it): its time and the tokens it processed. */
  step(ms: number, tokens: number): void {
    if (!(Number.isFinite(ms) && ms > 0 && tokens > 0)) return;
    const c = this.#comparison;
    if (c) {
      const side = c.steps % 2 === 1 ? c.all : c.one;
      side.ms += ms;
      side.tokens += tokens;
      if (++c.steps === 2 * this.#o.compareSteps) this.#decide(c);
      return;
    }
    if (this.#mode === 'all') {
      this.#recent.push({ ms, tokens });
      if (this.#recent.length > this.#o.recentSteps) this.#recent.shift();
      const recent = this.#recent.reduce((t, s) => ({ ms: t.ms + s.ms, tokens: t.tokens + s.tokens }), { ms: 0, tokens: 0 });
      if (this.#recent.length === this.#o.recentSteps && perToken(recent) > this.#o.slowdown * this.#reference) this.#startCheck();
    } else if (++this.#sinceCheck >= this.#every) {
      this.#startCheck();
    }
  }

  #startCheck(): void {
    this.#comparison = { one: { ms: 0, tokens: 0 }, all: { ms: 0, tokens: 0 }, steps: 0 };
  }

  #decide(c: { one: Tally; all: Tally }): void {
    this.#checks++;
    this.#comparison = null;
    this.#sinceCheck = 0;
    this.#recent = [];
    if (perToken(c.all) <= this.#o.margin * perToken(c.one)) {
      this.#mode = 'all';
      this.#reference = perToken(c.all);
      this.#every = this.#o.every;
    } else {
      // the first win waits `every` steps, each further one in a row twice as long
      if (this.#mode === 'one') this.#every = Math.min(this.#o.maxEvery, this.#every * 2);
      this.#mode = 'one';
      this.#oneWins++;
    }
  }
}
