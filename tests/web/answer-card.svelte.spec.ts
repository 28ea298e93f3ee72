// An answer of the Ask view (web/src/ask/AnswerCard.svelte): an 8-puzzle model's answer is
// spelled out as Solve says it (`l` is "left", a plan "up, left"), in the answer, each vote
// and the corpus's own answer; other games' answers read as they are.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import AnswerCard from '../../web/src/ask/AnswerCard.svelte';
import { answerMeaning } from '../../web/src/ask/answer-text.ts';
import type { AskAnswer } from '../../worker/browser/ask.ts';

const vote = (text: string) => ({ text, temperature: 0.175, meanTokenProb: 0.9 });
const ANSWER: AskAnswer = {
  prompt: '123405786|plan=rd|blocked=|last=uld', text: 'l', confidence: 2 / 3, meanTokenProb: 0.9, ms: 0.2,
  votes: [vote('l'), vote('u'), vote('l')],
};

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view && unmount(view));
const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();

describe('answerMeaning', () => {
  it('spells out 8-puzzle moves and plans, and nothing else', () => {
    expect(answerMeaning('puzzle8', 'l')).toBe('left');
    expect(answerMeaning('puzzle8', 'uldr')).toBe('up, left, down, right');
    expect(answerMeaning('puzzle8', '')).toBeNull();
    expect(answerMeaning('puzzle8', 'x1')).toBeNull();
    expect(answerMeaning('tictactoe', 'l')).toBeNull();
    expect(answerMeaning(undefined, 'u')).toBeNull();
  });
});

describe('AnswerCard', () => {
  it("spells out an 8-puzzle answer beside the code the model wrote", () => {
    view = mount(AnswerCard, { target: document.body, props: { answer: ANSWER, game: 'puzzle8', expected: { prompt: ANSWER.prompt, response: 'r', heldOut: true } } });
    flushSync();
    const answer = document.querySelector('.text')!;
    expect(answer.querySelector('[data-testid="ask-answer-text"]')!.textContent).toBe('l');
    expect(text(answer)).toBe('Answer l left');
    expect(text(document.querySelector('[data-testid="ask-expected"]')!)).toBe('Its corpus says r right a document held out of training');
    const cells = [...document.querySelectorAll('tbody tr')].map((row) => text(row.children[2]!));
    expect(cells).toEqual(['l left', 'u up', 'l left']);
  });

  it("leaves another game's answer as it is", () => {
    view = mount(AnswerCard, { target: document.body, props: { answer: { ...ANSWER, text: '2', votes: [vote('2')] }, game: 'tictactoe' } });
    flushSync();
    expect(text(document.querySelector('.text')!)).toBe('Answer 2');
    expect(document.querySelector('.meaning')).toBeNull();
  });
});
