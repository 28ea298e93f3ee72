// The code-composition pipeline on the task loop, with scripted organelles and a scripted Judge
// (the real ones have their own tests): the section 9.4 rules, event by event.
import { describe, expect, it } from 'vitest';
import { composeIntent, type ComposeOptions, type ComposePlan, type Verdict } from '../../worker/compose/pipeline.ts';
import type { Completion, Organelle } from '../../worker/orchestrator/types.ts';
import type { Primitive } from '../../worker/compose/types.ts';
import { agreeingPlanners } from '../../worker/compose/organelles.ts';
import { weighPrompt } from '../../worker/compose/prompts.ts';
import { parseJsonl, toJsonl } from '../../worker/orchestrator/events.ts';

const prim = (name: string, params: Primitive['params'] = [], returns: Primitive['returns'] = 'array'): Primitive => ({
  name, category: 'smoothing', summary: name, arrays: 1, params, returns, body: `function ${name}(x){return x}`,
  reference: (a) => [...a[0]], phrases: [],
});
const LIB = new Map([
  prim('rolling_mean', [{ name: 'w', kind: 'int', min: 2, max: 32, step: 1, default: 3 }]),
  prim('diff_central'),
  prim('zscore'),
  prim('demean'),
  prim('unit_std'),
  prim('mean', [], 'number'),
].map((p) => [p.name, p]));
const lookup = (n: string) => LIB.get(n);

/** An organelle answering from a table (prompt -> [text, confidence]); unknown prompts throw. */
function scripted(table: Record<string, [string, number] | [string, number][]>): Organelle & { calls: string[] } {
  const calls: string[] = [];
  const seen = new Map<string, number>();
  const fn = (prompt: string): Completion => {
    calls.push(prompt);
    const entry = table[prompt];
    if (entry === undefined) throw new Error(`no scripted answer for ${prompt}`);
    const n = seen.get(prompt) ?? 0;
    seen.set(prompt, n + 1);
    const [text, confidence] = (Array.isArray(entry[0]) ? (entry as [string, number][])[Math.min(n, entry.length - 1)] : entry) as [string, number];
    return { text, confidence };
  };
  return Object.assign(fn, { calls });
}

const CODE = {
  rolling_mean: ['function rolling_mean(x,w){return x}', 0.99],
  diff_central: ['function diff_central(x){return x}', 0.98],
  zscore: ['function zscore(x){return x}', 0.4],
  demean: ['function demean(x){return x}', 0.97],
  unit_std: ['function unit_std(x){return x}', 0.96],
} satisfies Record<string, [string, number]>;

const WIRING = {
  'rolling_mean(a,w=5)>a|diff_central(a)>a': ['function composed(x){const a=rolling_mean(x,5);const b=diff_central(a);return b}', 0.95],
  'zscore(a)>a|mean(a)>n': ['function composed(x){const a=zscore(x);const b=mean(a);return b}', 0.9],
  'demean(a)>a|unit_std(a)>a': ['function composed(x){const a=demean(x);const b=unit_std(a);return b}', 0.93],
  'zscore(a)>a': ['function composed(x){const a=zscore(x);return a}', 0.9],
  'demean(a)>a': ['function composed(x){const a=demean(x);return a}', 0.9],
  'unit_std(a)>a': ['function composed(x){const a=unit_std(x);return a}', 0.9],
} satisfies Record<string, [string, number]>;

function options(judge: (code: string) => Verdict = () => ({ ok: true, checks: [{ name: 'ran', ok: true, message: 'ran' }] }), heuristic?: (i: string, b: readonly string[]) => ComposePlan): ComposeOptions {
  return {
    lookup,
    judge: async (code) => judge(code),
    heuristic: heuristic ?? (() => ({ refusal: true })),
    // this file's library has no phrases: every plan is taken as said (said.ts has its own tests)
    planFacts: { unsaid: () => null },
    planWords: { unsaid: () => null },
    thresholds: { planner: 0.6, wiring: 0.8, code: 0.8 },
  };
}

describe('composeIntent', () => {
  it('plans, wires, recalls each body, judges and hands the code over', async () => {
    const planner = scripted({ 'smooth over 5 points then differentiate|blocked=': ['rolling_mean(5)|diff_central', 0.9] });
    const r = await composeIntent('smooth over 5 points then differentiate', { planner, wiring: scripted(WIRING), code: scripted(CODE) }, options());
    expect(r.refusal).toBeNull();
    expect(r.code).toBe([WIRING['rolling_mean(a,w=5)>a|diff_central(a)>a'][0], CODE.rolling_mean[0], CODE.diff_central[0]].join('\n'));
    expect(r.composition).toEqual([{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }]);
    expect(r.events.map((e) => e.type)).toEqual([
      'run_started', 'phase_change', 'plan_requested', 'plan_generated',
      'phase_change', 'task_started', 'task_answered', 'task_done',
      'phase_change', 'task_started', 'task_answered', 'task_done', 'task_started', 'task_answered', 'task_done',
      'phase_change', 'task_started', 'judged', 'task_done', 'phase_change', 'composed',
    ]);
    expect(r.events.find((e) => e.type === 'plan_generated')).toMatchObject({
      plan: ['wiring(rolling_mean+diff_central)', 'codegen(rolling_mean)', 'codegen(diff_central)', 'judge'],
    });
    expect(r.events.at(-1)).toMatchObject({ type: 'composed', plan: 'rolling_mean(5)|diff_central', modelPlans: 1, fallbackPlans: 0 });
    expect(r.iterations).toBe(4);
  });

  it('blocks a body below threshold, replans around it, and does not ask again for what is done', async () => {
    const planner = scripted({
      'normalize it|blocked=': ['zscore', 0.9],
      'normalize it|blocked=zscore(low_conf)': ['demean|unit_std', 0.85],
    });
    const code = scripted(CODE);
    const r = await composeIntent('normalize it', { planner, wiring: scripted(WIRING), code }, options());
    expect(r.refusal).toBeNull();
    expect(r.composition).toEqual([{ name: 'demean', args: [] }, { name: 'unit_std', args: [] }]);
    const blocked = r.events.find((e) => e.type === 'task_blocked');
    expect(blocked).toMatchObject({ task: 'codegen(zscore)', item: 'zscore(low_conf)' });
    expect(r.events.find((e) => e.type === 'replan')).toMatchObject({ reason: 'blocked' });
    expect(r.replans).toBe(1);
    expect(code.calls).toEqual(['zscore', 'demean', 'unit_std']);
    expect(planner.calls).toEqual(['normalize it|blocked=', 'normalize it|blocked=zscore(low_conf)']);
  });

  it('refuses a replan that uses a blocked primitive, then falls back to the heuristic (and says so)', async () => {
    const planner = scripted({
      'normalize it|blocked=': ['zscore', 0.9],
      'normalize it|blocked=zscore(low_conf)': ['zscore', 0.9],
    });
    const r = await composeIntent('normalize it', { planner, wiring: scripted(WIRING), code: scripted(CODE) }, options(undefined, (_i, blocked) => {
      expect(blocked).toEqual(['zscore(low_conf)']);
      return { composition: [{ name: 'demean', args: [] }, { name: 'unit_std', args: [] }] };
    }));
    expect(r.events.filter((e) => e.type === 'plan_rejected').map((e) => e.type === 'plan_rejected' && e.reason)).toEqual([
      'the plan uses zscore, which is blocked', 'the plan uses zscore, which is blocked',
    ]);
    expect(r.events.find((e) => e.type === 'plan_fallback')).toMatchObject({ reason: 'planner rejected twice' });
    expect(r.code).not.toBeNull();
    expect([r.modelPlans, r.fallbackPlans]).toEqual([1, 1]);
  });

  it('ends the run when the Planner is below its threshold, without guessing (rule 6)', async () => {
    const planner = scripted({ 'kurtosis of x|blocked=': ['mean', 0.41] });
    const wiring = scripted(WIRING);
    const r = await composeIntent('kurtosis of x', { planner, wiring, code: scripted(CODE) }, options());
    expect(r.code).toBeNull();
    expect(r.refusal).toEqual({ reason: 'planner unsure', message: expect.stringContaining('0.41 against a threshold of 0.60') });
    expect(wiring.calls).toEqual([]);
  });

  it("refuses a sure first plan that gets a fact of the intent wrong, and does not check a replan's spelling", async () => {
    const planFacts = { unsaid: (_: string, c: readonly { name: string }[]) => (c.some((s) => s.name === 'zscore') ? 'the intent says 7, which no step takes' : null) };
    const wiring = scripted(WIRING);
    const refused = await composeIntent('normalize it', { planner: scripted({ 'normalize it|blocked=': ['zscore', 0.9] }), wiring, code: scripted(CODE) }, { ...options(), planFacts });
    expect(refused.refusal).toEqual({ reason: 'planner unsure', message: 'this intent is outside what the organelles know: the intent says 7, which no step takes' });
    expect(refused.offered).toBeNull();
    expect(wiring.calls).toEqual([]);
    // a replan spells a blocked step in primitives the intent never names: not checked (zscore's
    // body is below threshold, and the replan's demean|unit_std composes though "unsaid")
    const demeanUnsaid = { unsaid: (_: string, c: readonly { name: string }[]) => (c.some((s) => s.name === 'demean') ? "the plan's demean is not said" : null) };
    const planner = scripted({ 'normalize it|blocked=': ['zscore', 0.9], 'normalize it|blocked=zscore(low_conf)': ['demean|unit_std', 0.85] });
    const replanned = await composeIntent('normalize it', { planner, wiring, code: scripted(CODE) }, { ...options(), planWords: demeanUnsaid });
    expect(replanned.refusal).toBeNull();
    expect(replanned.replans).toBe(1);
    expect(replanned.composition?.map((s) => s.name)).toEqual(['demean', 'unit_std']);
  });

  it("with askOnWords, builds and judges a sure plan the intent's words do not say, then asks about it; accepted, hands the same code over", async () => {
    const planWords = { unsaid: (_: string, c: readonly { name: string }[]) => (c.some((s) => s.name === 'demean') ? "the plan's demean is not said" : null) };
    const planner = () => scripted({ 'normalize it|blocked=': ['demean|unit_std', 0.9] });
    const wiring = scripted(WIRING);
    const refused = await composeIntent('normalize it', { planner: planner(), wiring, code: scripted(CODE) }, { ...options(), planWords });
    expect(refused.refusal).toEqual({ reason: 'planner unsure', message: "this intent is outside what the organelles know: the plan's demean is not said" });
    expect(wiring.calls).toEqual([]);
    const asked = await composeIntent('normalize it', { planner: planner(), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), planWords, askOnWords: true });
    expect(asked.refusal).toBeNull();
    expect(asked.code).toBeNull();
    expect(asked.composition).toBeNull();
    const code = [WIRING['demean(a)>a|unit_std(a)>a'][0], CODE.demean[0], CODE.unit_std[0]].join('\n');
    expect(asked.offered).toEqual({ composition: [{ name: 'demean', args: [] }, { name: 'unit_std', args: [] }], code, words: null, message: "the plan's demean is not said" });
    expect(asked.events.at(-1)).toMatchObject({ type: 'asked', plan: 'demean|unit_std', words: null, message: "the plan's demean is not said" });
    expect(asked.events.some((e) => e.type === 'judged' && e.ok)).toBe(true);
    const accepted = await composeIntent('normalize it', { planner: planner(), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), planWords, askOnWords: true, acceptOffer: true });
    expect(accepted.code).toBe(code);
    expect(accepted.offered).toBeNull();
    expect(accepted.events.map((e) => e.type).slice(-3)).toEqual(['accepted', 'phase_change', 'composed']);
    // accepting changes nothing in a run that does not ask
    const sure = await composeIntent('normalize it', { planner: planner(), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), acceptOffer: true });
    expect(sure.events.some((e) => e.type === 'accepted')).toBe(false);
    expect(sure.code).toBe(code);
  });

  it('asks about a plan between the ask floor and the threshold, and refuses one under the floor or a none', async () => {
    const run = (confidence: number, plan = 'demean|unit_std') =>
      composeIntent('normalize it', { planner: scripted({ 'normalize it|blocked=': [plan, confidence] }), wiring: scripted(WIRING), code: scripted(CODE) }, {
        ...options(),
        thresholds: { planner: 0.6, wiring: 0.8, code: 0.8, ask: 0.4 },
      });
    const close = await run(0.5);
    expect(close.offered?.message).toBe("the Planner's confidence was 0.50, under its threshold of 0.60");
    expect(close.refusal).toBeNull();
    const far = await run(0.3);
    expect(far.offered).toBeNull();
    expect(far.refusal?.reason).toBe('planner unsure');
    const none = await run(0.5, 'none');
    expect(none.offered).toBeNull();
    expect(none.refusal?.reason).toBe('planner unsure');
  });

  it('ends the run when the Planner answers none', async () => {
    const planner = scripted({ 'sort it|blocked=': ['none', 0.95] });
    const r = await composeIntent('sort it', { planner, wiring: scripted(WIRING), code: scripted(CODE) }, options());
    expect(r.refusal).toEqual({ reason: 'planner refused', message: expect.stringContaining('the Planner answered that no known pieces make it') });
  });

  it('two Planners that write different plans end the run, each sure as it is, and the refusal names both plans', async () => {
    const first = scripted({ 'regress x|blocked=': ['zscore', 0.99] });
    const second = scripted({ 'regress x|blocked=': ['demean', 0.98] });
    const wiring = scripted(WIRING);
    const r = await composeIntent('regress x', { planner: agreeingPlanners(first, second), wiring, code: scripted(CODE) }, options());
    expect(r.refusal).toEqual({ reason: 'planner refused', message: expect.stringContaining('the Planners wrote different plans (zscore and demean)') });
    expect(wiring.calls).toEqual([]);
    // the same two writing the same plan: it goes ahead at the lower confidence
    const agreeing = await composeIntent('smooth x', { planner: agreeingPlanners(scripted({ 'smooth x|blocked=': ['demean', 0.99] }), scripted({ 'smooth x|blocked=': ['demean', 0.59] })), wiring, code: scripted(CODE) }, options());
    expect(agreeing.refusal).toEqual({ reason: 'planner unsure', message: expect.stringContaining('0.59 against a threshold of 0.60') });
  });

  it('weighs two different plans when the settings allow it for the intent, and goes ahead with the one both are surer of', async () => {
    const prompt = 'center and scale x|blocked=';
    const planners = () => ({
      planner: scripted({ [prompt]: ['demean', 0.95], [weighPrompt(prompt, 'demean|unit_std')]: ['demean|unit_std', 0.9] }),
      planner2: scripted({ [prompt]: ['demean|unit_std', 0.97], [weighPrompt(prompt, 'demean')]: ['demean', 0.3] }),
    });
    const asked: string[] = [];
    const weighPlanners = (intent: string) => (asked.push(intent), true);
    const r = await composeIntent('center and scale x', { ...planners(), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), weighPlanners });
    expect(asked).toEqual(['center and scale x']);
    expect(r.refusal).toBeNull();
    expect(r.composition?.map((s) => s.name)).toEqual(['demean', 'unit_std']);
    expect(r.events.find((e) => e.type === 'plan_generated')).toMatchObject({ output: 'demean|unit_std', confidence: 0.9, votes: ['demean', 'demean|unit_std'], weighed: [0.3, 0.9] });
    // not for this intent (an unreadable word, say), or without the setting: refused as before
    for (const extra of [{ weighPlanners: () => false }, {}]) {
      const refused = await composeIntent('center and scale x', { ...planners(), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), ...extra });
      expect(refused.refusal).toEqual({ reason: 'planner refused', message: expect.stringContaining('the Planners wrote different plans (demean and demean|unit_std)') });
    }
  });

  describe('the second reading (task-loop.ts rule 8)', () => {
    const second = { planner: 0.8 };
    // the first two Planners agree but are unsure; the readers read the intent afresh
    const pair = (text: string, confidence: number) => ({ planner: scripted({ 'center x|blocked=': [text, confidence] }), planner2: scripted({ 'center x|blocked=': [text, confidence] }) });
    const readers = (text: string, confidence: number) => ({ reader: scripted({ 'center x|blocked=': [text, confidence] }), reader2: scripted({ 'center x|blocked=': [text, confidence] }) });

    it('reads an intent the first Planners are unsure of again, afresh and at its own threshold, and builds what it is sure of', async () => {
      const r = await composeIntent('center x', { ...pair('zscore', 0.3), ...readers('demean', 0.85), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), secondReading: second });
      expect(r.refusal).toBeNull();
      expect(r.composition).toEqual([{ name: 'demean', args: [] }]);
      expect(r.replans).toBe(1);
      expect(r.modelPlans).toBe(2);
      // the readers' own threshold (0.8), not the first Planners' (0.6), holds for their plan
      expect(r.events.find((e) => e.type === 'replan')).toMatchObject({ reason: 'unsure', kanban: expect.stringContaining('last=zscore') });
      const unsure = await composeIntent('center x', { ...pair('zscore', 0.3), ...readers('demean', 0.7), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), secondReading: second });
      expect(unsure.refusal).toEqual({ reason: 'planner unsure', message: "this intent is outside what the organelles know: the Readers' confidence was 0.70 against a threshold of 0.80" });
    });

    it('reads again before it asks: a plan between the ask floor and the threshold, or one the words do not say', async () => {
      const close = { ...options(), thresholds: { ...options().thresholds, ask: 0.2 }, secondReading: second };
      const r = await composeIntent('center x', { ...pair('zscore', 0.3), ...readers('demean', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, close);
      expect([r.offered, r.composition?.map((s) => s.name)]).toEqual([null, ['demean']]);
      const planWords = { unsaid: (_: string, c: readonly { name: string }[]) => (c.some((s) => s.name === 'zscore') ? "the plan's zscore is not said" : null) };
      const words = await composeIntent('center x', { ...pair('zscore', 0.9), ...readers('demean', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), planWords, askOnWords: true, secondReading: second });
      expect([words.offered, words.composition?.map((s) => s.name)]).toEqual([null, ['demean']]);
      // the Readers' plans by their own check (readerWords), the first Planners' by planWords
      const readerWords = { unsaid: (_: string, c: readonly { name: string }[]) => (c.some((s) => s.name === 'demean') ? "the plan's demean is said by no word of the intent (aligned)" : null) };
      const own = await composeIntent('center x', { ...pair('zscore', 0.9), ...readers('demean', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), planWords, readerWords, secondReading: second });
      expect([own.code, own.refusal?.message]).toEqual([null, expect.stringContaining('demean is said by no word')]);
      const first = await composeIntent('center x', { ...pair('demean', 0.9), ...readers('zscore', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), planWords, readerWords, secondReading: second });
      expect(first.composition?.map((s) => s.name)).toEqual(['demean']);
      // the last reading may ask: the readers' plan under their threshold, over their floor
      const asked = await composeIntent('center x', { ...pair('zscore', 0.3), ...readers('demean', 0.7), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), secondReading: { planner: 0.8, ask: 0.5 } });
      expect(asked.offered?.composition.map((s) => s.name)).toEqual(['demean']);
      expect(asked.offered?.message).toBe("the Readers' confidence was 0.70, under their threshold of 0.80");
    });

    it('reads again after a none, and refuses when the readers answer none too', async () => {
      const saved = await composeIntent('center x', { ...pair('none', 0.95), ...readers('demean', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), secondReading: second });
      expect(saved.composition?.map((s) => s.name)).toEqual(['demean']);
      const both = await composeIntent('center x', { ...pair('none', 0.95), ...readers('none', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), secondReading: second });
      expect(both.refusal).toEqual({ reason: 'planner refused', message: 'this intent is outside what the organelles know: the Readers answered that no known pieces make it' });
      expect(both.events.filter((e) => e.type === 'plan_generated')).toHaveLength(2);
    });

    it("checks the readers' plan against the intent's facts as it does the first", async () => {
      const planFacts = { unsaid: (_: string, c: readonly { name: string }[]) => (c.some((s) => s.name !== 'unit_std') ? 'the intent says 7, which no step takes' : null) };
      const r = await composeIntent('center x', { ...pair('zscore', 0.9), ...readers('demean', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), planFacts, secondReading: second });
      expect(r.refusal).toEqual({ reason: 'planner unsure', message: expect.stringContaining('the intent says 7') });
      expect(r.events.filter((e) => e.type === 'replan')).toHaveLength(1);
    });

    it('is not asked when the first plan is sure, nor after a plan the Judge refused, nor without its settings', async () => {
      const sure = readers('demean', 0.9);
      const r = await composeIntent('center x', { ...pair('demean', 0.9), ...sure, wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(), secondReading: second });
      expect(r.refusal).toBeNull();
      expect([sure.reader.calls, r.replans]).toEqual([[], 0]);
      const failing = (): Verdict => ({ ok: false, checks: [], failed: { name: 'kinds', ok: false, message: 'kinds' } });
      const judged = { planner: scripted({ 'center x|blocked=': ['demean', 0.9], 'center x|blocked=demean(kinds)': ['none', 0.9] }), planner2: undefined };
      const afterJudge = await composeIntent('center x', { ...judged, ...readers('unit_std', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, { ...options(failing), secondReading: second });
      expect(afterJudge.refusal?.reason).toBe('planner refused');
      expect(afterJudge.events.filter((e) => e.type === 'replan').map((e) => e.type === 'replan' && e.reason)).toEqual(['judge failed']);
      const off = await composeIntent('center x', { ...pair('zscore', 0.3), ...readers('demean', 0.9), wiring: scripted(WIRING), code: scripted(CODE) }, options());
      expect(off.refusal?.reason).toBe('planner unsure');
    });
  });

  describe('the Readers read again without a step no word says (task-loop.ts rule 9)', () => {
    const pair = { planner: scripted({ 'center x|blocked=': ['zscore', 0.3] }), planner2: scripted({ 'center x|blocked=': ['zscore', 0.3] }) };
    const reader = (first: string, again: string) => scripted({ 'center x|blocked=': [first, 0.9], 'center x|blocked=unit_std(unsaid)': [again, 0.9] });
    // the learned lexicon, scripted: no word of "center x" says unit_std
    const readerWords = {
      unsaid: (_: string, c: readonly { name: string }[]) => (c.some((s) => s.name === 'unit_std') ? "the plan's unit_std is said by no word of the intent (aligned)" : null),
      saidByNoWord: (_: string, c: readonly { name: string }[]) => (c.some((s) => s.name === 'unit_std') ? 'unit_std' : null),
    };
    const run = (r1: Organelle, r2: Organelle, unsaid: boolean, maxReplans = 2) => composeIntent('center x', { ...pair, reader: r1, reader2: r2, wiring: scripted(WIRING), code: scripted(CODE) }, {
      ...options(), readerWords, limits: { maxReplans }, secondReading: { planner: 0.8, ...(unsaid ? { unsaid: true } : {}) },
    });
    const reasons = (r: Awaited<ReturnType<typeof run>>) => r.events.flatMap((e) => (e.type === 'replan' ? [e.reason] : []));

    it('blocks the step as (unsaid) and builds what the Readers write without it', async () => {
      const r1 = reader('demean|unit_std', 'demean');
      const r = await run(r1, reader('demean|unit_std', 'demean'), true);
      expect(r.composition?.map((s) => s.name)).toEqual(['demean']);
      expect(reasons(r)).toEqual(['unsure', 'doubted']);
      expect(r1.calls).toEqual(['center x|blocked=', 'center x|blocked=unit_std(unsaid)']);
      expect([r.replans, r.modelPlans, r.fallbackPlans]).toEqual([2, 3, 0]);
      // without the setting, the plan is refused for its words as before
      const off = await run(reader('demean|unit_std', 'demean'), reader('demean|unit_std', 'demean'), false);
      expect([off.code, reasons(off), off.refusal?.message]).toEqual([null, ['unsure'], expect.stringContaining('unit_std is said by no word')]);
    });

    it('takes the step from either Reader when they disagree', async () => {
      const r = await run(reader('demean|unit_std', 'demean'), reader('demean', 'demean'), true);
      expect(r.composition?.map((s) => s.name)).toEqual(['demean']);
      expect(reasons(r)).toEqual(['unsure', 'doubted']);
    });

    it('checks the plan read again as a first plan: the same step again is refused, not blocked twice', async () => {
      const r = await run(reader('demean|unit_std', 'demean|unit_std'), reader('demean|unit_std', 'demean|unit_std'), true);
      expect(r.code).toBeNull();
      expect(r.refusal).toEqual({ reason: 'planner unsure', message: expect.stringContaining('unit_std is said by no word') });
      expect(reasons(r)).toEqual(['unsure', 'doubted']);
    });

    it('counts as a replan: none is left after the rereading with a limit of one', async () => {
      const r = await run(reader('demean|unit_std', 'demean'), reader('demean|unit_std', 'demean'), true, 1);
      expect([r.code, reasons(r)]).toEqual([null, ['unsure']]);
    });
  });

  it('blocks the plan with the failed check when the Judge refuses, and replans', async () => {
    const planner = scripted({
      'normalize then average|blocked=': ['zscore|mean', 0.9],
      'normalize then average|blocked=zscore+mean(kinds)': ['none', 0.9],
    });
    const code = scripted({ ...CODE, zscore: ['function zscore(x){return x}', 0.99], mean: ['function mean(x){return 1}', 0.99] });
    const judge = (): Verdict => {
      const failed = { name: 'kinds', ok: false, message: 'kinds: mean returns a number' };
      return { ok: false, checks: [{ name: 'parsed', ok: true, message: 'parsed' }, failed], failed };
    };
    const r = await composeIntent('normalize then average', { planner, wiring: scripted(WIRING), code }, options(judge));
    expect(r.events.find((e) => e.type === 'task_blocked')).toMatchObject({ task: 'judge', item: 'zscore+mean(kinds)' });
    expect(r.events.find((e) => e.type === 'replan')).toMatchObject({ reason: 'judge failed', kanban: expect.stringContaining('last=zscore+mean') });
    expect(r.refusal?.reason).toBe('planner refused');
  });

  it('replans after more than two stalls; a Planner that only repeats blocked pieces leaves the heuristic to decide', async () => {
    const low: [string, number] = ['garbled', 0.2];
    const anyPlanner: Organelle = (prompt) => ({ text: prompt === 'x|blocked=' ? 'rolling_mean(5)|diff_central' : 'rolling_mean(4)|zscore', confidence: 0.9 });
    const wiring = scripted({ ...WIRING, 'rolling_mean(a,w=5)>a|diff_central(a)>a': low });
    const code = scripted({ ...CODE, rolling_mean: low, diff_central: low });
    const r = await composeIntent('x', { planner: anyPlanner, wiring, code }, options());
    expect(r.events.filter((e) => e.type === 'task_blocked').map((e) => e.type === 'task_blocked' && e.item)).toEqual([
      'rolling_mean+diff_central(low_conf)', 'rolling_mean(low_conf)', 'diff_central(low_conf)',
    ]);
    expect(r.events.find((e) => e.type === 'replan')).toMatchObject({ reason: 'stalled', kanban: expect.stringContaining('stalls=3') });
    expect(r.events.filter((e) => e.type === 'plan_rejected')).toHaveLength(2);
    expect(r.refusal).toEqual({ reason: 'no decomposition', message: 'no decomposition into known pieces was found' });
  });

  it('stops at the replan limit when every plan fails the Judge', async () => {
    const planner: Organelle = () => ({ text: 'garbage', confidence: 0.9 });
    const heuristicPlans: ComposePlan[] = [
      { composition: [{ name: 'zscore', args: [] }] },
      { composition: [{ name: 'demean', args: [] }] },
      { composition: [{ name: 'unit_std', args: [] }] },
    ];
    let h = 0;
    const code = scripted({ ...CODE, zscore: ['function zscore(x){return x}', 0.99] });
    const failed = { name: 'finite', ok: false, message: 'finite: NaN at 3' };
    const r = await composeIntent('x', { planner, wiring: scripted(WIRING), code }, options(() => ({ ok: false, checks: [failed], failed }), () => heuristicPlans[h++]));
    expect(r.events.filter((e) => e.type === 'replan')).toHaveLength(2);
    expect(r.fallbackPlans).toBe(3);
    expect(r.iterations).toBe(9);
    expect(r.refusal).toEqual({ reason: 'replan limit', message: 'the Planner found no plan that passed after 2 replans' });
  });

  it('stops after ten tasks', async () => {
    const failed = { name: 'finite', ok: false, message: 'finite: NaN' };
    const planner: Organelle = () => ({ text: 'rolling_mean(5)|diff_central', confidence: 0.9 });
    const r = await composeIntent('x', { planner, wiring: scripted(WIRING), code: scripted(CODE) }, {
      ...options(() => ({ ok: false, checks: [failed], failed }), () => ({ composition: [{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }] })),
      limits: { maxReplans: 10 },
    });
    expect(r.iterations).toBe(10);
    expect(r.refusal?.reason).toBe('iteration limit');
  });

  it('refuses a malformed intent before any organelle runs', async () => {
    const planner = scripted({});
    const r = await composeIntent('smooth | it', { planner, wiring: scripted({}), code: scripted({}) }, options());
    expect(r.refusal).toEqual({ reason: 'bad intent', message: "the intent may not contain '|' or a line break" });
    expect(planner.calls).toEqual([]);
  });

  it('writes a trace that parses back to the same events', async () => {
    const planner = scripted({ 'smooth over 5 points then differentiate|blocked=': ['rolling_mean(5)|diff_central', 0.9] });
    const r = await composeIntent('smooth over 5 points then differentiate', { planner, wiring: scripted(WIRING), code: scripted(CODE) }, options());
    expect(parseJsonl(toJsonl(r.events))).toEqual(r.events);
  });
});
