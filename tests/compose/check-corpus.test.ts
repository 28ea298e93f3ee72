// The Check organelle experiment's corpus (corpus/compose-check.ts): an intent beside a plan's
// reading, `yes` for its own plan and `no` for a plan near it, never a held-out pair.
import { describe, expect, it } from 'vitest';
import { buildCheckCorpus, nearMiss } from '../../corpus/compose-check.ts';
import { buildComposeCorpus, DEFAULT_COMPOSE_CORPUS } from '../../corpus/compose.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { checkChain, parsePlan } from '../../worker/compose/plan.ts';
import { planInWords } from '../../worker/compose/reading.ts';
import { isHeldOutPair } from '../../worker/compose/splits.ts';
import { Rng } from '../../worker/games/rng.ts';
import type { Composition } from '../../worker/compose/types.ts';

const planner = buildComposeCorpus(COMPOSE_LIBRARY, { ...DEFAULT_COMPOSE_CORPUS, plannerDocs: 2_000, wiringDocs: 10, singleDocs: 10 }).planner;
const plans = new Map<string, string>();
for (const d of planner.split('\n\n')) {
  const [prompt, answer] = d.split('\n');
  if (prompt.endsWith('|blocked=')) plans.set(prompt.slice(0, -'|blocked='.length), answer);
}
const reading = (plan: string) => {
  const p = parsePlan(plan, COMPOSE_LIBRARY.lookup);
  return p.ok && 'composition' in p ? planInWords(p.composition, COMPOSE_LIBRARY.lookup) ?? plan : null;
};

describe('the Check corpus', () => {
  const docs = buildCheckCorpus(planner, COMPOSE_LIBRARY, 3_000).split('\n\n').map((d) => {
    const [prompt, answer] = d.split('\n');
    const at = prompt.indexOf('|reading=');
    return { intent: prompt.slice(0, at), shown: prompt.slice(at + '|reading='.length), answer };
  });

  it('is the same for the same corpus, and about half yes', () => {
    expect(buildCheckCorpus(planner, COMPOSE_LIBRARY, 3_000)).toBe(docs.map((d) => `${d.intent}|reading=${d.shown}\n${d.answer}`).join('\n\n'));
    const yes = docs.filter((d) => d.answer === 'yes').length;
    expect(yes / docs.length).toBeGreaterThan(0.4);
    expect(yes / docs.length).toBeLessThan(0.55);
    expect(docs.every((d) => d.answer === 'yes' || d.answer === 'no')).toBe(true);
  });

  it('says yes to an intent beside its own plan\'s reading, and no beside any other', () => {
    for (const d of docs) {
      const own = plans.get(d.intent);
      expect(own, d.intent).toBeDefined();
      const same = own !== 'none' && reading(own!) === d.shown;
      expect(d.answer, `${d.intent} | ${d.shown}`).toBe(same ? 'yes' : 'no');
    }
  });

  it('draws a near miss that chains, differs in its steps and holds no held-out pair', () => {
    const rng = new Rng('test');
    const plan: Composition = [{ name: 'rolling_mean', args: [3] }, { name: 'diff_central', args: [] }];
    for (let i = 0; i < 300; i++) {
      const miss = nearMiss(rng, plan, COMPOSE_LIBRARY);
      if (miss === null) continue;
      expect(checkChain(miss, COMPOSE_LIBRARY.lookup)).toBeNull();
      expect(miss.map((s) => s.name)).not.toEqual(plan.map((s) => s.name));
      for (let j = 1; j < miss.length; j++) expect(isHeldOutPair(miss[j - 1].name, miss[j].name)).toBe(false);
    }
  });
});
