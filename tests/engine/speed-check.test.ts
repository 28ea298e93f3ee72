// The Engine check view's speed check (worker/bench/speed-check.ts), run in Node: it trains
// the benchmark's 64K organelle with the loss on every position and times a generation.
// What it reports is checked for its form and for counting real work (the positions of
// mover-like batches), never for a speed: that is the benchmark's business.
import { describe, expect, it } from 'vitest';
import { runSpeedCheck, SideBySideTraining } from '../../worker/bench/speed-check.ts';
import { BENCH_PROMPT } from '../../worker/bench/bench.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';

describe('speed check', () => {
  it('reports the 64K training rate and one generation, from a couple of seconds of work', async () => {
    const r = await runSpeedCheck(await nodeWasmModule());
    expect(r.shape).toBe('64k');
    expect(r.prompt_chars).toBe(BENCH_PROMPT.length);
    expect(Number.isFinite(r.train_tokens_per_s) && r.train_tokens_per_s > 0).toBe(true);
    expect(Number.isFinite(r.generate_ms) && r.generate_ms > 0).toBe(true);
    // it spends at least its budget: warm-up 2 x 200 ms, then 5 turns of 2 x 200 ms
    expect(r.seconds).toBeGreaterThan(2.4);
  }, 60_000);

  it('prepares the training apart from timing it, then times at least the stretch asked for', async () => {
    const run = await SideBySideTraining.prepare(await nodeWasmModule());
    const t = run.time(300);
    expect(t.ms).toBeGreaterThanOrEqual(300);
    expect(Number.isFinite(t.tokens_per_s) && t.tokens_per_s > 0).toBe(true);
    // at least one step of 8 documents was counted: more positions than one document has
    expect((t.tokens_per_s * t.ms) / 1000).toBeGreaterThan(8 * 40);
  }, 60_000);
});
