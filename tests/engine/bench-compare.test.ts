// The build comparison times both builds on the same cases; with one build against itself
// every case is measured and the speed-ups are plain ratios of the two timings.
import { describe, expect, it } from 'vitest';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { compareBuilds, formatCompare } from '../../worker/bench/compare.ts';

describe('bench --against', () => {
  it('times training and generation of both builds, case by case', async () => {
    const module = await nodeWasmModule();
    const rows = await compareBuilds(module, module, { rounds: 1, roundMs: 1, trainedSteps: 2 });
    expect(rows.map((r) => r.case)).toEqual(['train 64k full loss', 'train 460k full loss', 'train 64k trained', 'generate 64k', 'generate 460k']);
    for (const r of rows) {
      expect(r.base_ms).toBeGreaterThan(0);
      expect(r.ms).toBeGreaterThan(0);
      expect(r.speedup).toBeCloseTo(r.base_ms / r.ms, 10); // one round: its ratio is the median
    }
    expect(formatCompare(rows).split('\n')).toHaveLength(6);
  }, 60_000);
});
