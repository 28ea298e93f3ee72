// The answer block after a run with no code (web/src/compose/ComposeAnswer.svelte): an offer
// asks its question as the heading (the plan in words, else its own spelling), says why, lists
// the plan's steps, composes on one button, keeps the closest steps as alternatives, and is no
// alert; a refusal keeps its reason and alert.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ComposeAnswer from '../../web/src/compose/ComposeAnswer.svelte';
import type { ClosestSteps } from '../../web/src/compose/suggestions.ts';

const OFFER = {
  plan: 'median_filter(7)|diff_central',
  words: 'median-filter the signal over 7 points then differentiate it',
  message: "the Planner's confidence was 0.52, under its threshold of 0.60",
};
const CLOSEST: ClosestSteps = {
  suggestions: [{ intent: 'median-filter the signal over 7 points', steps: [{ name: 'median_filter', words: ['median'] }] }],
  unmatched: [],
};

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (view) unmount(view);
  view = undefined;
});

function render(props: Record<string, unknown>): HTMLElement {
  const base = { headingId: 'answer-h', intent: 'median 7 then slope', unknownWords: [], reading: null, closest: CLOSEST, stepCount: 76 };
  view = mount(ComposeAnswer, { target: document.body, props: { ...base, ...props } as never });
  flushSync();
  return document.querySelector<HTMLElement>('[data-testid="compose-answer"]')!;
}

describe('ComposeAnswer', () => {
  it('asks an offer as a question: the heading, why, the steps, one button, the alternatives', () => {
    const onaccept = vi.fn();
    const answer = render({ offer: OFFER, onaccept });
    expect(answer.dataset.kind).toBe('offer');
    const heading = answer.querySelector('h2')!;
    expect(heading.id).toBe('answer-h');
    expect(heading.getAttribute('tabindex')).toBe('-1'); // the focus lands on it
    expect(heading.textContent!.replace(/\s+/g, ' ').trim()).toBe(`Did you mean: ${OFFER.words}? no code yet`);
    // a question, not an error: no alert, no refusal, no red
    expect(answer.querySelector('[role="alert"]')).toBeNull();
    expect(answer.querySelector('[data-testid="refusal"]')).toBeNull();
    expect(answer.querySelector('.badge-danger, .notice-error')).toBeNull();
    expect(answer.querySelector('[data-testid="offer-why"]')!.textContent).toContain(OFFER.message);
    expect([...answer.querySelectorAll('[data-testid="offer-steps"] li')].map((li) => li.textContent)).toEqual(['median_filter(7)', 'diff_central']);
    const yes = answer.querySelector<HTMLButtonElement>('[data-testid="accept-offer"]')!;
    expect(yes.textContent).toBe('Yes, compose it');
    yes.click();
    expect(onaccept).toHaveBeenCalledTimes(1);
    expect(answer.querySelector('[data-testid="suggestions"] a')!.textContent).toBe(CLOSEST.suggestions[0].intent);
    expect(answer.textContent).toContain('Or one of the closest steps to what you said');
    expect(answer.querySelector('[data-testid="steps-link"]')!.textContent).toContain('All 76 steps');
  });

  it('asks with the plan itself when it has no words, and says where to say yes without a button (a shared link)', () => {
    const answer = render({ offer: { ...OFFER, words: null } });
    expect(answer.querySelector('h2')!.textContent).toContain(`Did you mean: ${OFFER.plan}?`);
    expect(answer.querySelector('[data-testid="accept-offer"]')).toBeNull();
    expect(answer.querySelector<HTMLAnchorElement>('[data-testid="offer-elsewhere"] a')!.getAttribute('href')).toMatch(/^#\/compose\/median%207%20then%20slope/);
  });

  it('keeps a refusal an alert with its reason', () => {
    const answer = render({ title: 'Outside what the organelles know', reason: 'planner unsure', message: 'the Planner was unsure' });
    expect(answer.dataset.kind).toBe('refusal');
    expect(answer.querySelector('[role="alert"]')!.textContent).toBe('The Planner was unsure.');
    expect(answer.querySelector('[data-testid="offer-question"]')).toBeNull();
  });
});
