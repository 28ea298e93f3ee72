// Reading public/models/compose/settings.json: every field checked, the first wrong one named.
import { describe, expect, it } from 'vitest';
import { parseSettings, type ComposeSettings } from '../../worker/compose/settings.ts';

const GOOD: ComposeSettings = {
  rule: 'mean', agreement: false, planner: 0.996, wiring: 0.8, code: 0.8, single: 0.9,
  models: { planner: 'a'.repeat(16), planner2: 'e'.repeat(16), wiring: 'b'.repeat(16), code: 'c'.repeat(16), single: 'd'.repeat(16) },
  validation: { intents: 400, passed: 335, refused: 138, wrong_code: 4 },
};
const text = (patch: Record<string, unknown>) => JSON.stringify({ ...GOOD, ...patch });

describe('parseSettings', () => {
  it('reads settings with and without examples', () => {
    expect(parseSettings(JSON.stringify(GOOD))).toEqual(GOOD);
    const examples = [{ intent: 'smooth the signal then square it', kind: 'ordinary', plan: 'rolling_mean(3)|square' }];
    expect(parseSettings(text({ examples })).examples).toEqual(examples);
  });

  it("reads which intents are weighed; settings chosen before 'every' say true (readable) or false (none)", () => {
    expect(parseSettings(text({ weigh: 'every' })).weigh).toBe('every');
    expect(parseSettings(text({ weigh: 'readable' })).weigh).toBe('readable');
    expect(parseSettings(text({ weigh: true })).weigh).toBe('readable');
    expect(parseSettings(text({ weigh: false })).weigh).toBeUndefined();
  });

  it("reads how the Readers' plans are checked: by the learned lexicon, or (absent) the word rules", () => {
    const second = { planner: 0.97, models: { reader: 'a', reader2: 'b' } };
    expect(parseSettings(text({ secondReading: { ...second, check: 'aligned' } })).secondReading?.check).toBe('aligned');
    expect(parseSettings(text({ secondReading: second })).secondReading?.check).toBeUndefined();
    expect(() => parseSettings(text({ secondReading: { ...second, check: 'words' } }))).toThrow('secondReading.check must be aligned or absent');
  });

  it("reads the ceiling on the Readers' confidence in none, which settles a doubt of the learned lexicon only", () => {
    const second = { planner: 0.99, check: 'aligned', models: { reader: 'a', reader2: 'b' } };
    expect(parseSettings(text({ secondReading: { ...second, none: 0.35 } })).secondReading?.none).toBe(0.35);
    expect(parseSettings(text({ secondReading: second })).secondReading?.none).toBeUndefined();
    expect(() => parseSettings(text({ secondReading: { ...second, none: 1.2 } }))).toThrow('secondReading.none must be a ceiling in [0, 1]');
    expect(() => parseSettings(text({ secondReading: { planner: 0.99, none: 0.35, models: second.models } }))).toThrow('secondReading.none needs check aligned');
    expect(parseSettings(text({ secondReading: { ...second, check: 'aligned', unsaid: true } })).secondReading?.unsaid).toBe(true);
    expect(() => parseSettings(text({ secondReading: { ...second, check: 'aligned', unsaid: 1 } }))).toThrow('secondReading.unsaid must be true or false');
    expect(() => parseSettings(text({ secondReading: { planner: 0.99, unsaid: true, models: second.models } }))).toThrow('with check aligned');
  });

  it('names what is wrong', () => {
    expect(() => parseSettings('{')).toThrow(/^compose settings: not JSON/);
    expect(() => parseSettings('3')).toThrow('compose settings: not an object');
    expect(() => parseSettings('{}')).toThrow('compose settings: rule must be one of mean, min, geomean');
    expect(() => parseSettings(text({ rule: 'max' }))).toThrow('rule must be one of');
    expect(() => parseSettings(text({ agreement: 'yes' }))).toThrow('agreement must be true or false');
    expect(() => parseSettings(text({ weigh: 'some' }))).toThrow('weigh must be one of readable, every');
    expect(() => parseSettings(text({ planner: 1.5 }))).toThrow('planner must be a threshold in [0, 1]');
    expect(() => parseSettings(text({ single: undefined }))).toThrow('single must be a threshold in [0, 1]');
    expect(() => parseSettings(text({ models: { planner: 'a' } }))).toThrow('models must name a fingerprint');
    expect(() => parseSettings(text({ validation: { intents: 400 } }))).toThrow('validation must give');
  });

  it('refuses examples without an intent, a known kind or a plan', () => {
    const bad = [
      [{ intent: '', kind: 'ordinary', plan: 'square' }],
      [{ intent: 'x'.repeat(241), kind: 'ordinary', plan: 'square' }],
      [{ intent: 'square it', kind: 'favourite', plan: 'square' }],
      [{ intent: 'square it', kind: 'ordinary' }],
      [null],
      'square it',
    ];
    for (const examples of bad) expect(() => parseSettings(text({ examples })), JSON.stringify(examples)).toThrow('compose settings: examples must each give an intent (1-240 characters)');
  });
});
