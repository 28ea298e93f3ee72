// Whether a run's helper threads pay, judged from how fast it trains (issue 34; docs/threads.md).
// On a quiet device two threads train one model 1.7-1.9x as fast as one. On a busy one (another
// process taking a core) they train at 0.3-0.5x: threads that spin for each other at every
// phase of a step wait out whole scheduler slices. Nothing in the page or the CLI knows what
// else the device runs, so the run finds out: it times a few steps on one thread against a few
// on all of them and trains on the faster. On all threads it compares again when its steps
// slow down; on one, after a while (longer each time one wins again). The thread count never
// changes the bits, so neither does the governor.

export interface GovernorOptions {
  /** Steps timed in each window of a comparison (the first step of a window is not counted: it wakes the helpers). */
  windowSteps: number;
  /** Steps on one thread before comparing again; doubled each time one thread wins again, up to maxEvery. */
  every: number;
  maxEvery: number;
  /** On all threads, a median time per token over windowSteps steps this many times the last comparison's compares again. */
  slowdown: number;
}

export const DEFAULT_GOVERNOR: GovernorOptions = { windowSteps: 5, every: 500, maxEvery: 4000, slowdown: 1.4 };

type Mode = 'all' | 'one';

/**
 * Decides, step by step, whether the next step runs on every thread or on one. Feed it each
 * step's time per token (`step`); it answers whether the next step shares (`sharing`).
 */
export class ThreadGovernor {
  readonly #o: GovernorOptions;
  #mode: Mode = 'all';
  // a comparison under way: windows alternate one, all, one, all; each collects times per token
  #windows: { mode: Mode; times: number[] }[] | null = null;
  #sinceCheck = 0;
  #every: number;
  #reference = NaN; // all threads' median time per token at the last comparison
  #recent: number[] = []; // the latest times per token on all threads, settled
  #checks = 0;
  #oneWins = 0;

  constructor(options: Partial<GovernorOptions> = {}) {
    this.#o = { ...DEFAULT_GOVERNOR, ...options };
    this.#every = this.#o.every;
    this.#startCheck(); // the first steps say at once whether threads pay here
  }

  /** Whether the next step runs on every thread (true) or on one. */
  get sharing(): boolean {
    return (this.#windows ? this.#windows[this.#windows.length - 1].mode : this.#mode) === 'all';
  }

  /** Whether a comparison is under way (its steps alternate between one thread and all). */
  get comparing(): boolean {
    return this.#windows !== null;
  }

  /** Comparisons made so far, and how many one thread won. */
  get record(): { checks: number; oneWon: number } {
    return { checks: this.#checks, oneWon: this.#oneWins };
  }

  /** The time per token of the step just run (on `sharing`'s answer before it). */
  step(msPerToken: number): void {
    if (!Number.isFinite(msPerToken) || msPerToken <= 0) return;
    if (this.#windows) {
      this.#collect(msPerToken);
      return;
    }
    if (this.#mode === 'all') {
      this.#recent.push(msPerToken);
      if (this.#recent.length > this.#o.windowSteps) this.#recent.shift();
      if (this.#recent.length === this.#o.windowSteps && median(this.#recent) > this.#o.slowdown * this.#reference) this.#startCheck();
    } else if (++this.#sinceCheck >= this.#every) {
      this.#startCheck();
    }
  }

  #startCheck(): void {
    const first: Mode = this.#mode === 'all' ? 'one' : 'all';
    this.#windows = [{ mode: first, times: [] }];
  }

  #collect(msPerToken: number): void {
    const windows = this.#windows!;
    const current = windows[windows.length - 1];
    current.times.push(msPerToken);
    if (current.times.length < this.#o.windowSteps + 1) return;
    if (windows.length < 4) {
      windows.push({ mode: current.mode === 'all' ? 'one' : 'all', times: [] });
      return;
    }
    // each window's first step woke the helpers (or let them fall asleep): not counted
    const total = (mode: Mode) => windows.filter((w) => w.mode === mode).reduce((sum, w) => sum + median(w.times.slice(1)), 0);
    const all = total('all'), one = total('one');
    this.#checks++;
    this.#windows = null;
    this.#sinceCheck = 0;
    this.#recent = [];
    if (all <= one) {
      this.#mode = 'all';
      this.#reference = all / 2;
      this.#every = this.#o.every;
    } else {
      // the first win waits `every` steps, each further one in a row twice as long
      if (this.#mode === 'one') this.#every = Math.min(this.#o.maxEvery, this.#every * 2);
      this.#mode = 'one';
      this.#oneWins++;
    }
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
