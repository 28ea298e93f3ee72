// Runs side by side: the same training in several workers at once (Web Workers in the Engine
// check, worker threads in `organelle bench`), as training runs share a device. Every worker
// builds and warms its run before any is timed; the first is then timed alone, and then all
// of them together, so the speed-up compares two figures measured the same way. Only the
// order and the sums live here, no engine, so the page imports it as the CLI does.

export interface SideBySideTiming {
  tokens_per_s: number;
  /** The timed stretch. */
  ms: number;
}

/** One worker's part: `prepare` builds and warms its run, `time` trains it for a moment. */
export interface SideBySideRun {
  prepare(): Promise<void>;
  time(): Promise<SideBySideTiming>;
}

export interface SideBySide {
  /** The first run, timed alone just before the others. */
  alone: SideBySideTiming;
  /** Each run's, timed together, in worker order. */
  each: SideBySideTiming[];
  /** All the runs' tokens per second together. */
  tokens_per_s: number;
  /** tokens_per_s over the run alone's: what the extra workers add. */
  speedup: number;
}

export async function measureSideBySide(runs: readonly SideBySideRun[]): Promise<SideBySide> {
  if (runs.length === 0) throw new RangeError('runs side by side need at least one worker');
  await Promise.all(runs.map((run) => run.prepare()));
  const alone = await runs[0]!.time();
  const each = await Promise.all(runs.map((run) => run.time()));
  const tokens_per_s = each.reduce((sum, run) => sum + run.tokens_per_s, 0);
  return { alone, each, tokens_per_s, speedup: tokens_per_s / alone.tokens_per_s };
}
