// `organelle profile` sums V8's samples into self time per function: each sample weighs the
// interval to the next, V8's pseudo-frames count as one "(outside)", and the per-step time
// divides by the steps profiled.
import { describe, expect, it } from 'vitest';
import { type CpuProfile, formatProfile, selfTimeByFunction } from '../../worker/bench/profile.ts';

const frame = (id: number, functionName: string) => ({ id, callFrame: { functionName, url: '' } });

describe('selfTimeByFunction', () => {
  const profile: CpuProfile = {
    nodes: [frame(1, '(root)'), frame(2, 'assembly/matmul/gemm'), frame(3, 'assembly/adam/adamw_update'), frame(4, '(program)'), frame(5, '(garbage collector)')],
    // gemm for 300 + 100 us, adamw 200, program 50 + gc 50, the last sample the mean (140)
    samples: [2, 2, 3, 4, 5, 2],
    timeDeltas: [10, 300, 100, 200, 50, 50],
  };

  it('weighs each sample by the interval that follows it', () => {
    const rows = selfTimeByFunction(profile, 2);
    expect(rows.map((r) => r.name)).toEqual(['assembly/matmul/gemm', 'assembly/adam/adamw_update', '(outside)']);
    const total = 300 + 100 + 200 + 50 + 50 + 140;
    expect(rows[0].msPerStep).toBeCloseTo((300 + 100 + 140) / 1000 / 2, 12);
    expect(rows[0].share).toBeCloseTo(540 / total, 12);
    expect(rows[2].msPerStep).toBeCloseTo(100 / 1000 / 2, 12);
    expect(rows.reduce((a, r) => a + r.share, 0)).toBeCloseTo(1, 12);
  });

  it('refuses a profile without samples', () => {
    expect(() => selfTimeByFunction({ ...profile, samples: [], timeDeltas: [] }, 1)).toThrow(/no samples/);
  });

  it('prints the large rows and sums the small ones', () => {
    const text = formatProfile(selfTimeByFunction(profile, 2), 'header', 0.2);
    const lines = text.split('\n');
    expect(lines[0]).toBe('header');
    expect(lines[2]).toMatch(/^\s+64\.3%\s+270 us  assembly\/matmul\/gemm$/);
    expect(lines[3]).toMatch(/23\.8%\s+100 us  assembly\/adam\/adamw_update$/);
    expect(lines[4]).toMatch(/11\.9%\s+50 us  1 more, each under 20%$/);
    expect(lines).toHaveLength(5);
  });
});
