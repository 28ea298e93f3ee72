// The benchmark's work estimate per trained token (worker/bench/bench.ts), checked by hand for
// the 64K shape: it turns tokens/s into a rate comparable with the matmul kernels'.
import { describe, expect, it } from 'vitest';
import { trainingFlopsPerToken } from '../../worker/bench/bench.ts';
import { SHAPE_PRESETS } from '../../worker/model/shape.ts';

describe('trainingFlopsPerToken', () => {
  it('counts 6 flops per matmul weight and the causal attention of the document', () => {
    const s = { ...SHAPE_PRESETS['64k'], vocabSize: 40 }; // E48 H4 L2 MLP192
    const weights = 2 * (4 * 48 * 48 + 2 * 48 * 192) + 48 * 40; // 57,216
    expect(trainingFlopsPerToken(s, 44)).toBe(6 * weights + 6 * 45 * 48 * 2);
    // attention grows with the document, the weights' share does not
    expect(trainingFlopsPerToken(s, 88) - trainingFlopsPerToken(s, 44)).toBe(6 * 44 * 48 * 2);
  });
});
