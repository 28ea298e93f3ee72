// How many prompts a trained model answers as its corpus does (worker/browser/evaluation.ts):
// any response the corpus gives a prompt counts, an answer that runs on does not, and the
// model is given room for one character past the longest right answer.
import { describe, expect, it } from 'vitest';
import { answerRate, answersByPrompt, distinctPrompts } from '../../worker/browser/evaluation.ts';
import type { Organelle } from '../../worker/organelle.ts';

/** A stand-in that answers from a table and records the room each call allowed. */
function fakeOrganelle(table: Record<string, string>) {
  const maxNew: number[] = [];
  const organelle = {
    complete: (prompt: string, o: { maxNew: number }) => {
      maxNew.push(o.maxNew);
      return { text: table[prompt].slice(0, o.maxNew) };
    },
  } as unknown as Organelle;
  return { organelle, maxNew };
}

describe('answerRate', () => {
  const docs = [
    { prompt: 'a', response: 'up' },
    { prompt: 'a', response: 'left' }, // a prompt may rightly have two answers
    { prompt: 'b', response: 'down' },
    { prompt: 'c', response: 'no' },
  ];
  const answers = answersByPrompt(docs);

  it('counts an answer the corpus gives that prompt, whichever of them', () => {
    const { organelle, maxNew } = fakeOrganelle({ a: 'left', b: 'down', c: 'nope' });
    expect(distinctPrompts(docs)).toEqual(['a', 'b', 'c']);
    expect(answerRate(organelle, distinctPrompts(docs), answers)).toBeCloseTo(2 / 3);
    expect(maxNew).toEqual([5, 5, 5]); // 'left' and 'down' are 4: one more shows 'nope' running on
  });

  it('counts nothing for a prompt the corpus never answered, and is NaN with no prompts', () => {
    const { organelle } = fakeOrganelle({ z: 'up' });
    expect(answerRate(organelle, ['z'], answers)).toBe(0);
    expect(answerRate(organelle, [], answers)).toBeNaN();
  });
});
