// `organelle bench`'s runs side by side: real worker threads, each training the speed check's
// 64K run, timed first alone and then together. Only the form and the arithmetic are checked:
// how the cores add up is the benchmark's business, not a test's.
import { describe, expect, it } from 'vitest';
import { benchSideBySide, formatSideBySide } from '../../cli/bench-side-by-side.ts';

describe('bench side by side', () => {
  it('times the first thread alone, then every thread together, and adds them up', async () => {
    const s = await benchSideBySide(2, 150);
    expect(s.runs).toBe(2);
    expect(s.each_tokens_per_s).toHaveLength(2);
    // a 64K step of 8 documents is hundreds of positions: nothing real counts 0 or less
    for (const t of [s.alone_tokens_per_s, ...s.each_tokens_per_s]) expect(Number.isFinite(t) && t > 1000).toBe(true);
    expect(s.tokens_per_s).toBeCloseTo(s.each_tokens_per_s[0]! + s.each_tokens_per_s[1]!, 6);
    expect(s.speedup).toBeCloseTo(s.tokens_per_s / s.alone_tokens_per_s, 9);
    expect(formatSideBySide(s)).toMatch(/^training 64K, 2 runs at once .*\n {2}together [\d,]+ tokens\/s \([\d,]+ \+ [\d,]+\), alone [\d,]+: \d+\.\d\dx$/);
  }, 60_000);

  it('needs two threads at least', async () => {
    await expect(benchSideBySide(1, 100)).rejects.toThrow(/at least 2 threads, got 1/);
  });
});
