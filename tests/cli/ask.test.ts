// The `organelle ask` output line: the answer, how many votes it won, and the votes.
import { describe, expect, it } from 'vitest';
import { answerLine } from '../../cli/ask.ts';
import type { AskAnswer } from '../../worker/browser/ask.ts';

const vote = (text: string, temperature: number, meanTokenProb = 0.9) => ({ text, temperature, meanTokenProb });
const answer = (votes: AskAnswer['votes'], text: string, confidence: number): AskAnswer =>
  ({ prompt: 'x........|p=4|b=', text, confidence, meanTokenProb: 0.875, votes, ms: 1 });

describe('organelle ask output', () => {
  it('says a single vote is greedy, or at which temperature it was sampled', () => {
    expect(answerLine(answer([vote('4', 0)], '4', 1))).toBe('x........|p=4|b= -> "4"  (greedy, mean token probability 0.88)');
    expect(answerLine(answer([vote('0', 0.8)], '0', 1))).toBe('x........|p=4|b= -> "0"  (1 vote at 0.8, mean token probability 0.88)');
  });

  it("counts an ensemble's votes for the winner and lists them", () => {
    const line = answerLine(answer([vote('4', 0.125), vote('0', 0.175), vote('4', 0.225)], '4', 2 / 3));
    expect(line).toBe('x........|p=4|b= -> "4"  (2 of 3 votes, mean token probability 0.88)  votes: "4" "0" "4"');
  });

  it('says whether the answer is the one its corpus gives that prompt', () => {
    const a = answer([vote('4', 0)], '4', 1);
    expect(answerLine(a, { prompt: a.prompt, response: '4', heldOut: false })).toMatch(/ {2}corpus: "4" \(same\)$/);
    expect(answerLine(a, { prompt: a.prompt, response: '0', heldOut: true })).toMatch(/ {2}corpus \(held out\): "0" \(differs\)$/);
  });
});
