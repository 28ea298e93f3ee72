// What a refusal suggests (web/src/compose/suggestions.ts), over the real library's 76 steps and
// their phrases: the steps the person named, in the order meant, with the numbers they said; and
// nothing at all when a word of theirs is one no step holds, rather than an unrelated step.
import { describe, expect, it } from 'vitest';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { phraseIntents, type LibraryStep } from '../../worker/compose/examples.ts';
import { closestAfter, closestSteps, stem } from '../../web/src/compose/suggestions.ts';

const phrases = phraseIntents(COMPOSE_LIBRARY);
const STEPS: LibraryStep[] = COMPOSE_LIBRARY.primitives.map((p) => ({
  name: p.name, category: p.category, sentences: phrases.filter((e) => e.name === p.name).map((e) => e.intent),
}));
const names = (intent: string, unknown: string[] = []) => closestSteps(intent, STEPS, unknown).suggestions.map((s) => s.steps.map((x) => x.name).join('|'));
const first = (intent: string, unknown: string[] = []) => closestSteps(intent, STEPS, unknown).suggestions[0]?.intent;

describe('closestSteps', () => {
  it('keeps the numbers said and every step named: "window 7 ... derivative" stays window 7 and the derivative', () => {
    expect(STEPS).toHaveLength(76);
    const said = 'smooth with a window of 7 then take the derivative';
    expect(names(said)[0]).toBe('rolling_mean|diff_central');
    expect(first(said)).toBe('smooth the signal over 7 points then compute the numerical derivative of it');
    // the runner-up swaps one step for another meeting the same words, and keeps the rest and the 7
    expect(names(said)[1]).toBe('rolling_mean|second_difference');
    for (const s of closestSteps(said, STEPS).suggestions) expect(s.intent).toMatch(/\b7\b/);
    expect(first('band pass between 0.1 and 0.3')).toBe('apply a band-pass filter between 0.1 and 0.3 to the signal');
    expect(first('blur the signal with a gaussian of sigma 1.5')).toBe('gaussian-smooth the signal with a sigma of 1.5');
  });

  it('says the steps in the order meant: "B after A-ing" puts A first', () => {
    expect(names("what's the biggest value after smoothing with a 4-point moving average?", ['biggest'])[0]).toBe('rolling_mean|maximum');
    expect(first("what's the biggest value after smoothing with a 4-point moving average?", ['biggest'])).toBe(
      'smooth the signal over 4 points then compute the maximum of it',
    );
    expect(names('smooth it, after that take the derivative')[0]).toBe('rolling_mean|diff_central');
  });

  it('meets an everyday word through a synonym ("biggest" leads to the largest value), and a step by its own name first', () => {
    expect(names('where is the biggest value', ['biggest'])).toEqual(['argmax']);
    expect(names('the biggest value', ['biggest'])[0]).toBe('maximum');
    expect(names('square, average in blocks of 4, then the biggest block', ['biggest'])[0]).toBe('square|block_mean|maximum');
    // without the synonym map the word would be one no step holds
    expect(closestSteps('the largest value', STEPS).suggestions[0].steps[0]).toEqual({ name: 'maximum', words: ['largest'] });
  });

  it('offers nothing for a word no step holds, and names it: never "apply a hamming window" for "histogram"', () => {
    for (const intent of ['the histogram of the values', 'histogram with 10 bins']) {
      expect(closestSteps(intent, STEPS, ['histogram'])).toEqual({ suggestions: [], unmatched: ['histogram'] });
    }
    expect(closestSteps('encrypt the signal then smooth it', STEPS, ['encrypt'])).toEqual({ suggestions: [], unmatched: ['encrypt'] });
    // filler alone, or words too common to name a step, name none
    expect(closestSteps('compute it for the signal', STEPS).suggestions).toEqual([]);
    expect(closestSteps('the window', STEPS).suggestions).toEqual([]);
  });

  it('never offers an unrelated step as a runner-up: each one meets every word the best one met', () => {
    for (const intent of ['where is the biggest value', 'smooth with a window of 7 then take the derivative', 'band pass between 0.1 and 0.3']) {
      const [best, ...rest] = closestSteps(intent, STEPS, ['biggest']).suggestions;
      for (const s of rest) for (const [i, step] of s.steps.entries()) expect(step.words, `${intent}: ${step.name}`).toEqual(best.steps[i].words);
    }
    expect(names('band pass between 0.1 and 0.3')).toEqual(['bandpass']); // low-pass meets "pass" only
  });

  it('after a run: nothing once composed, and never the sentence already offered as what the Planners read', () => {
    const run = { intent: 'smooth with a window of 7 then take the derivative', code: null, reading: null, unknownWords: [] };
    const all = closestAfter(run, STEPS).suggestions.map((s) => s.intent);
    expect(all.length).toBeGreaterThan(1);
    expect(closestAfter({ ...run, reading: all[0] }, STEPS).suggestions.map((s) => s.intent)).toEqual(all.slice(1));
    // nor the plan an offer asks about: it is the question already
    expect(closestAfter({ ...run, offer: { words: all[0] } }, STEPS).suggestions.map((s) => s.intent)).toEqual(all.slice(1));
    expect(closestAfter({ ...run, code: 'function composed(x){return x}' }, STEPS)).toEqual({ suggestions: [], unmatched: [] });
  });

  it('stems enough to meet a gerund or a plural', () => {
    expect(['smoothing', 'smoothed', 'smooth'].map(stem)).toEqual(['smooth', 'smooth', 'smooth']);
    expect(stem('averaging')).toBe(stem('averages'));
    expect(stem('differences')).toBe(stem('difference'));
    // a double s is no plural: the step's own name meets its gerund and participle
    expect(['highpass', 'highpassing', 'highpassed'].map(stem)).toEqual(['highpass', 'highpass', 'highpass']);
    expect(names('rms after highpassing at 0.05')[0]).toBe('highpass|rms');
    expect(first('rms after highpassing at 0.05')).toBe('apply a high-pass filter with a cutoff of 0.05 to the signal then compute the rms of it');
  });
});
