// The facts a plan must fit whatever words the intent uses (worker/compose/facts.ts): its numbers,
// "how many" wanting a number, two inputs named. Each refusal names its fact. The cases are
// from the development files (docs/intents/typed*.tsv, read before), where the rules of
// said.ts refused a right plan for the way a number was written.
import { describe, expect, it } from 'vitest';
import { planFacts } from '../../worker/compose/facts.ts';
import { parsePlan } from '../../worker/compose/plan.ts';
import { plan } from '../helpers/plan.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';

const misfit = (intent: string, text: string) => planFacts.misfit(intent, plan(text));
/** Each intent with the plan that fits it: no fact refuses it. */
const fits = (cases: readonly (readonly [string, string])[]) => {
  for (const [intent, text] of cases) expect(misfit(intent, text), intent).toBeNull();
};

describe('planFacts', () => {
  it('takes no position on the words: a plan whose numbers fit passes however it is said', () => {
    fits([
      ['give me the spread of my readings', 'stddev'],
      ['np.diff then cumsum', 'diff_forward|cumsum'],
      ['how jumpy is it, smoothed over 7 samples', 'rolling_mean(7)|stddev'],
    ]);
  });

  it('reads numbers however they are written: ranges, factors, a bare point, a bound on both sides, words', () => {
    fits([
      ['clip values to -2..2', 'clamp(-2,2)'],
      ['normalize to 0-1, multiply by 2 and subtract 1', 'minmax_normalize|scale(2)|offset(-1)'],
      ['upsample 3x, gaussian smooth sigma 2.5, then get the local maxima', 'upsample(3)|gaussian_smooth(2.5)|local_maxima'],
      ['ema with alpha .2 and after that downsample by 3', 'ema(0.2)|downsample(3)'],
      ['divide by the std without centering, then clip at +-3', 'unit_std|clamp(-3,3)'],
      ['z-score then clamp at plus or minus 3', 'zscore|clamp(-3,3)'],
      ['halve everything and then tanh it', 'scale(0.5)|tanh_values'],
      ['smooth over five points', 'rolling_mean(5)'],
    ]);
  });

  it('reads the shorthands people type: "p95" a percentile, "x4" a factor, "5%" itself or its hundredth', () => {
    fits([
      ['p95 latency', 'percentile(95)'],
      ['p95 of |returns|', 'abs_values|percentile(95)'],
      ['gain x4, hard clip to -1..1, then rms of the result', 'scale(4)|clamp(-1,1)|rms'],
      ['upsample x3, linear interp', 'upsample(3)'],
      ['shrink the loss days down to 5% of their size', 'leaky_relu(0.05)'],
      ['the 95% point of the load times', 'percentile(95)'],
    ]);
    // each is taken once, and one no step takes is still refused
    expect(misfit('p95 latency', 'percentile(90)')?.fact).toBe('numbers');
    expect(misfit('shrink the losses to 5% and then to 5%', 'leaky_relu(0.05)')?.fact).toBe('numbers');
    expect(misfit('gain x4', 'scale(2)')?.fact).toBe('numbers');
  });

  it('leaves the sign to the words: a value is said by its size', () => {
    expect(misfit('subtract 3 then floor at zero', 'offset(-3)|relu')).toBeNull();
  });

  it('refuses a number said that no step takes, where a misread plan drops a parameter (wrong code the looser rule let through)', () => {
    expect(misfit('start by adding 2 to the sequence', 'vec_add')?.fact).toBe('numbers');
    expect(misfit('give me the top 3 largest values', 'maximum')?.fact).toBe('numbers');
    expect(misfit('make the values sum to 1', 'total')?.fact).toBe('numbers');
    // a factor said in words need not be taken: "halve the sample rate" is downsample's own phrase
    expect(misfit('clip my signal, halve the sample rate of it and then compute the mean of it', 'clamp(-1,1)|downsample(2)|mean')).toBeNull();
  });

  it('refuses a value the intent does not say, naming the numbers fact', () => {
    expect(misfit('smooth the signal over 5 points', 'rolling_mean(9)')).toEqual({
      fact: 'numbers',
      why: "the plan's rolling_mean takes 9 (a number the intent does not say, or says for another step)",
    });
    // one said number is not two steps' values
    expect(misfit('smooth over 9 points then median filter it', 'rolling_mean(9)|median_filter(9)')?.fact).toBe('numbers');
  });

  it('refuses a number said that a parameter of the plan left at its default could have taken', () => {
    expect(misfit('median-filter x over 17 points, then smooth the result', 'median_filter(5)|rolling_mean(3)')).toEqual({
      fact: 'numbers',
      why: 'the intent says 17, which no step of the plan takes',
    });
  });

  it('refuses an array for "how many", and one input where two are named, naming the fact', () => {
    expect(misfit('how many peaks are there', 'local_maxima')?.fact).toBe('count');
    expect(misfit('the 90th percentile of the absolute error between a and b', 'abs_values|percentile(90)')?.fact).toBe('inputs');
  });
});

describe('planFacts on the intents typed by hand', () => {
  it('refuses at most 1.5% of the right plans of every development file (docs/intents), where the word rules refused 42%', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../docs/intents/', import.meta.url);
    let inLibrary = 0;
    const refused: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.tsv'))) {
      for (const line of readFileSync(new URL(file, dir), 'utf8').split('\n')) {
        if (!line.includes('\t') || line.startsWith('#')) continue;
        const [intent, expected] = line.split('\t');
        const p = parsePlan(expected, COMPOSE_LIBRARY.lookup);
        if (!p.ok || !('composition' in p)) continue;
        inLibrary++;
        const why = planFacts.unsaid(intent, p.composition);
        if (why !== null) refused.push(`${file}: ${intent} -> ${why}`);
      }
    }
    expect(inLibrary).toBeGreaterThan(1000);
    expect(refused.length / inLibrary, refused.join('\n')).toBeLessThanOrEqual(0.015);
  });
});
