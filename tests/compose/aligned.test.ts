// The aligned check (worker/compose/aligned.ts) and the lexicon it reads, learned by IBM Model 1
// from a Planner corpus (corpus/compose-alignment.ts): here a corpus of a few documents, so what
// each word says is known.
import { describe, expect, it } from 'vitest';
import { alignmentEvidence, trainAlignment, NULL_SOURCE } from '../../corpus/compose-alignment.ts';
import { createAlignedCheck, LEGACY_LEFT_OUT, parseEvidence, readerCheckOptions, readerChecksApart, readerWords } from '../../worker/compose/aligned.ts';
import { STEP_EVIDENCE } from '../../worker/compose/language/alignment.ts';
import type { Composition } from '../../worker/compose/types.ts';

const DOCS: [string, string][] = [
  ['compute the mean of x', 'mean'],
  ['the average of the readings', 'mean'],
  ['give me the average of my data', 'mean'],
  ['find the maximum of x', 'maximum'],
  ['the largest value of the readings', 'maximum'],
  ['what is the largest value in my data', 'maximum'],
  ['compute the average after smoothing x over 5 points', 'rolling_mean(5)|mean'],
  ['smooth the readings over 3 points then find the largest value', 'rolling_mean(3)|maximum'],
  ['smooth my data over 4 points', 'rolling_mean(4)'],
  ['compute the blorp of x', 'none'],
  ['smooth x over 5 points|blocked=rolling_mean(5)(low_conf)', 'median_filter(5)'],
];
const CORPUS = DOCS.map(([intent, plan]) => `${intent.includes('|blocked=') ? intent : `${intent}|blocked=`}\n${plan}`).join('\n\n');
const plan = (...names: string[]): Composition => names.map((n) => ({ name: n, args: n === 'rolling_mean' ? [3] : [] }));

describe('the alignment (IBM Model 1 over a Planner corpus)', () => {
  const a = trainAlignment(CORPUS);

  it('learns which step a word says, and leaves the words around the steps to NULL', () => {
    const t = (source: string, word: string) => a.t.get(source)?.get(word) ?? 0;
    expect(t('mean', 'average')).toBeGreaterThan(5 * t(NULL_SOURCE, 'average'));
    expect(t('maximum', 'largest')).toBeGreaterThan(5 * t(NULL_SOURCE, 'largest'));
    expect(t(NULL_SOURCE, 'the')).toBeGreaterThan(t('mean', 'the'));
    // a replan's document (a blocked step) is not read: median_filter is no source
    expect(a.t.has('median_filter')).toBe(false);
  });

  it('is the same tables from the same corpus, bit for bit', () => {
    const b = trainAlignment(CORPUS);
    for (const [source, words] of a.t) expect([...b.t.get(source)!]).toEqual([...words]);
  });

  it('refuses a corpus with no document to learn from', () => {
    expect(() => trainAlignment('smooth x|blocked=rolling_mean(3)(low_conf)\nmedian_filter(5)')).toThrow(/no Planner document without a blocked step/);
  });
});

describe('the aligned check', () => {
  // a corpus of eleven documents: every word found saying a step once counts (the shipped lexicon asks MIN_ALIGNED)
  const evidence = alignmentEvidence(trainAlignment(CORPUS), 1, 1);
  const check = createAlignedCheck(evidence, { said: 2 });

  it('passes a plan whose every step a word of the intent says, in words the corpus taught', () => {
    expect(check.unsaid('average of the temperatures', plan('mean'))).toBeNull();
    expect(check.unsaid('the largest of my temperatures', plan('maximum'))).toBeNull();
  });

  it('refuses a step no word says, naming it', () => {
    expect(check.unsaid('average of the temperatures', plan('maximum'))).toBe("the plan's maximum is said by no word of the intent (aligned)");
  });

  it('names a step no word says apart (for the Readers to read again without it), whatever the facts', () => {
    expect(check.saidByNoWord!('average of the temperatures', plan('mean', 'maximum'))).toBe('maximum');
    expect(check.saidByNoWord!('average of the temperatures', plan('mean'))).toBeNull();
  });

  it('refuses no plan for a word that says a step the plan lacks: which reading is meant is the Planners\' to say', () => {
    // "largest" says maximum, and "the largest average" may be a mean of the largest values or the largest of the means
    expect(check.unsaid('the largest average', plan('mean'))).toBeNull();
    expect(check.unsaid('the largest average', plan('maximum'))).toBeNull();
  });

  it('reads the evidence file a step a line, each word with its evidence and share', () => {
    const e = parseEvidence({ maximum: 'highest 40 90 largest 9 60', softmax: '' });
    expect([...e.steps.get('maximum')!]).toEqual([['highest', 40], ['largest', 9]]);
    expect([...e.shares.get('maximum')!]).toEqual([['highest', 90], ['largest', 60]]);
    expect(e.steps.get('softmax')!.size).toBe(0);
    expect(createAlignedCheck(e, { said: 10 }).unsaid('the largest of x', plan('maximum'))).toMatch(/maximum is said by no word/);
    expect(createAlignedCheck(e, { said: 5 }).unsaid('the largest of x', plan('maximum'))).toBeNull();
  });

  it('with the left-out rule of old links, refuses for a word left out only when most of its uses in the corpus say that step', () => {
    // "rate" says downsample at 30 times its background, but only 20% of its uses do ("the heart rate readings")
    const evidence = parseEvidence({ maximum: 'highest 40 90', downsample: 'rate 30 20 decimate 60 95' });
    const legacy = createAlignedCheck(evidence, { leftOut: LEGACY_LEFT_OUT });
    expect(legacy.unsaid('highest heart rate', plan('maximum'))).toBeNull();
    expect(legacy.unsaid('highest decimate', plan('maximum'))).toMatch(/the intent's word "decimate" says downsample, which the plan leaves out/);
    // without the rule, as shipped, the word is the Planners' to read
    expect(createAlignedCheck(evidence).unsaid('highest decimate', plan('maximum'))).toBeNull();
    // the shipped lexicon, as a link made before format 6 replays it
    const old = readerCheckOptions({ check: 'aligned', leftOut: true }).readerWords!;
    const blur = [{ name: 'downsample', args: [4] }, { name: 'diff_central', args: [] }];
    expect(old.unsaid('downsample the positions by 4 then take the central differences', blur)).toMatch(/"positions" says local_maxima, which the plan leaves out/);
    expect(readerWords().unsaid('downsample the positions by 4 then take the central differences', blur)).toBeNull();
  });

  it('refuses a step planned more often than the intent says it: words next to each other are one mention', () => {
    expect(check.unsaid('average of x', plan('mean', 'mean'))).toMatch(/the plan has mean 2 times, but the intent says it once/);
    expect(check.unsaid('the largest largest value', plan('maximum', 'maximum'))).toMatch(/says it once/);
    expect(check.unsaid('the average of the average', plan('mean', 'mean'))).toBeNull();
  });

  it('refuses any plan for a thing the intent names that no corpus holds, when told how to find one', () => {
    const named = createAlignedCheck(evidence, { said: 2, unknownNoun: (intent) => (intent.includes('knee') ? 'knee' : null) });
    expect(named.unsaid('the average of the knee of x', plan('mean'))).toBe('the intent names "knee", which no corpus holds and no step of the plan says (aligned)');
    expect(named.unsaid('the average of x', plan('mean'))).toBeNull();
  });

  it('checks the facts first, whatever the words', () => {
    expect(check.unsaid('smooth my data over 7 points', [{ name: 'rolling_mean', args: [3] }])).toMatch(/7/);
  });

  it('reads a word no corpus holds as saying nothing either way', () => {
    expect(check.unsaid('the average of the zorblats', plan('mean'))).toBeNull();
    expect(check.unsaid('zorblat the readings', plan('mean'))).toMatch(/said by no word/);
  });
});

describe("the Readers' evidence (language/alignment.ts)", () => {
  const shipped = parseEvidence(STEP_EVIDENCE);

  it('holds every primitive, with the words the families corpus taught for it', () => {
    expect(shipped.steps.size).toBe(76);
    expect(shipped.steps.get('mean')!.get('average')).toBeGreaterThanOrEqual(5);
    expect(shipped.steps.get('argmin')!.get('smallest')).toBeGreaterThanOrEqual(5);
    expect(shipped.steps.get('mean')!.has('the')).toBe(false);
  });

  it("passes a person's words for a step that the library's phrase forms do not hold, and refuses a step they do not say", () => {
    // said.ts refuses the first: "ema" is no word of ema's phrase forms
    expect(readerWords().unsaid('ema with alpha 0.2, then the index of its minimum', [{ name: 'ema', args: [0.2] }, { name: 'argmin', args: [] }])).toBeNull();
    expect(readerWords().unsaid('the typical value of my readings', [{ name: 'mean', args: [] }])).toBeNull();
    expect(readerWords().unsaid('the typical value of my readings', [{ name: 'softmax', args: [] }])).toMatch(/softmax is said by no word/);
    expect(readerWords().unsaid('the average of the knee of x', [{ name: 'mean', args: [] }])).toMatch(/names "knee", which no corpus holds/);
  });

  it('takes no number and no slip of a known word for a thing no corpus holds, but a short word unlike any is one', () => {
    const mean = [{ name: 'mean', args: [] }];
    expect(readerWords().unsaid('the average of the sginal', mean)).toBeNull();
    expect(readerWords().unsaid('the 95th percentile of the readings', [{ name: 'percentile', args: [95] }])).toBeNull();
    // four letters: as often another word as a slip ("mode" is one letter from "more")
    expect(readerWords().unsaid('the average of the mode of x', mean)).toMatch(/names "mode"/);
    expect(readerWords().unsaid('the average of the mel of x', mean)).toMatch(/names "mel"/);
  });

  it('gives the unknown-thing rule apart, for the Readers to settle, and the rest of the check without it', () => {
    const { readerWords: words, readerThing } = readerChecksApart();
    const intent = 'the average of the glorp';
    expect(readerWords().unsaid(intent, [{ name: 'mean', args: [] }])).toMatch(/names "glorp"/);
    expect(words.unsaid(intent, [{ name: 'mean', args: [] }])).toBeNull();
    expect(words.unsaid(intent, [{ name: 'softmax', args: [] }])).toMatch(/softmax is said by no word/);
    expect(readerThing(intent)).toBe(readerWords().unsaid(intent, [{ name: 'mean', args: [] }]));
    expect(readerThing('the average of my readings')).toBeNull();
    expect(readerCheckOptions({ check: 'aligned' })).toEqual({ readerWords: readerWords() });
    expect(readerCheckOptions({ check: 'aligned', none: 0.35 })).toEqual({ readerWords: words, readerThing });
    expect(readerCheckOptions({})).toEqual({});
  });
});
