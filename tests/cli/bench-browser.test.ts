// `organelle bench --browser`: the benchmark really runs in Debian's Chromium and reports
// every figure the Node run does (quick timing: the figures only have to exist and be sane);
// `bench --browser --against` compares two builds there.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compareBuildsInChromium, runBenchInChromium } from '../../cli/bench-browser.ts';

describe('bench --browser', () => {
  it('runs the benchmark in Chromium and returns the full report', async () => {
    const lines: string[] = [];
    // the quick run, its thread comparison cut to one short stretch a side (the figures only
    // have to exist; the stretches' own lengths are tested in tests/engine/bench-timing.test.ts)
    const threadsCheck = { stretches: { turns: 1, seconds: 0.3, warmupSeconds: 0.1 }, checkSteps: 3 };
    const { report, runtime } = await runBenchInChromium(true, (l) => lines.push(l), threadsCheck);
    expect(runtime).toMatch(/^Chromium \d+\./);
    expect(lines).toContain('train 460k ...'); // the page's progress reached the terminal
    expect(report.matmul).toHaveLength(9);
    for (const m of report.matmul) expect(m.gflops).toBeGreaterThan(1);
    expect(report.train.map((t) => t.shape)).toEqual(['64k', '460k']);
    for (const t of report.train) expect(t.tokens_per_s).toBeGreaterThan(t.reference_tokens_per_s);
    for (const g of report.generate) {
      expect(g.single_ms).toBeGreaterThan(0);
      expect(g.single_ms_layer0_computed).toBeGreaterThan(0);
    }
    // one model on several threads in Chromium: the same bits as one thread, and each side's stretch said
    // (1 thread, 2 and every core: threadCounts; this machine's Chromium offers 2 or more)
    expect(report.train_threads?.filter((t) => t.threads <= 2).map((t) => `${t.shape} on ${t.threads}`)).toEqual(['64k on 1', '460k on 1', '64k on 2', '460k on 2']);
    for (const t of report.train_threads!) {
      expect(t.same_bits).toBe(true);
      expect(t.stretches!.single_s).toHaveLength(1);
      expect(t.speedup).toBeGreaterThan(0);
    }
    // 11 s alone: the limit is for a hang, not a speed check (that is the benchmark's)
  }, 120_000);

  it('compares two builds in Chromium, case by case', async () => {
    const base = await readFile(new URL('../../build/organelle.wasm', import.meta.url));
    const { rows, runtime } = await compareBuildsInChromium(base, { rounds: 1, roundMs: 1, trainedSteps: 2 }, () => {});
    expect(runtime).toMatch(/^Chromium \d+\./);
    expect(rows.map((r) => r.case)).toEqual(['train 64k full loss', 'train 460k full loss', 'train 64k trained', 'generate 64k', 'generate 460k']);
    for (const r of rows) {
      expect(r.ms).toBeGreaterThan(0);
      expect(r.speedup).toBeCloseTo(r.base_ms / r.ms, 10); // one round: its ratio is the median
    }
  }, 60_000);
});
