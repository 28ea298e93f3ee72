// The documents a model file keeps as examples: held-out ones first, distinct prompts,
// spread over the corpus, never more than six.
import { describe, expect, it } from 'vitest';
import { EXAMPLES, EXAMPLES_HELD_OUT, pickExamples } from '../../worker/corpus/examples.ts';

const docs = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ prompt: `${tag}${i}`, response: `r${i}` }));

describe('pickExamples', () => {
  it('takes up to 3 held-out documents, then training ones, 6 in all, spread evenly', () => {
    const picked = pickExamples(docs(60, 't'), docs(30, 'h'));
    expect(picked.map((e) => [e.prompt, e.heldOut])).toEqual([
      ['h0', true], ['h10', true], ['h20', true], ['t0', false], ['t20', false], ['t40', false],
    ]);
    expect(picked[1].response).toBe('r10');
  });

  it('fills the six from training documents when there are few or no held-out ones', () => {
    expect(pickExamples(docs(6, 't'), [])).toHaveLength(EXAMPLES);
    expect(pickExamples(docs(2, 't'), docs(1, 'h')).map((e) => e.prompt)).toEqual(['h0', 't0', 't1']);
    expect(pickExamples([], [])).toEqual([]);
  });

  it('never repeats a prompt, across both lists', () => {
    const same = Array.from({ length: 20 }, (_, i) => ({ prompt: `p${i % 2}`, response: 'x' }));
    const picked = pickExamples(same, [{ prompt: 'p0', response: 'y' }]);
    expect(picked.map((e) => e.prompt)).toEqual(['p0', 'p1']);
    expect(picked.filter((e) => e.heldOut)).toHaveLength(1);
    expect(EXAMPLES_HELD_OUT).toBeLessThan(EXAMPLES);
  });
});
