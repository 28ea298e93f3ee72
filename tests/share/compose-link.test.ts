// Compose share links: a recorded run encodes to a short link, and the link replays, with no
// model, to the very same events and code (the Judge running the code again in the real Node
// sandbox); a link that was cut or edited is refused with the check it failed.
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  composePayload, composeRecorded, COMPOSE_ROUTE, ComposeLinkError, decodeComposeLink, encodeComposeLink, replayComposeLink,
  type ComposeLink, type ComposeLinkCheck, type RecordedCompose,
} from '../../worker/share/compose-link.ts';
import { fnv1a, fromBase64Url, toBase64Url } from '../../worker/share/solve-link.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { parsePlan } from '../../worker/compose/plan.ts';
import { plannerPrompt, weighPrompt } from '../../worker/compose/prompts.ts';
import { wireComposition } from '../../worker/compose/wiring.ts';
import { nodeSandbox } from '../../worker/compose/sandbox/node.ts';
import type { ComposeOrganelles, Thresholds } from '../../worker/compose/pipeline.ts';
import type { Composition } from '../../worker/compose/types.ts';
import type { Weighing } from '../../worker/compose/settings.ts';
import { toJsonl } from '../../worker/orchestrator/events.ts';
import type { Completion } from '../../worker/orchestrator/types.ts';
import { composeCommand, describeComposeEvent } from '../../cli/compose.ts';

const lookup = COMPOSE_LIBRARY.lookup;
const runner = nodeSandbox();
afterAll(() => runner.close());

const THRESHOLDS: Thresholds = { planner: 0.6, wiring: 0.8, code: 0.8 };
const MODELS = '0123456789abcdef';

interface Script {
  /** The Planner's answers by prompt (plannerPrompt(intent, blocked)); absent: no Planner. */
  planner?: Record<string, [string, number]>;
  /** The second Planner's, likewise; absent: one Planner (as links were made before it). */
  planner2?: Record<string, [string, number]>;
  /** A body's confidence, or [body, confidence] for a body other than the library's. */
  code?: Record<string, number | [string, number]>;
  wiring?: number;
}

/**
 * Scripted organelles over the real library: the Planner answers from its table, the Wiring
 * organelle wires whatever its prompt lists (as a perfect one would), the Code organelle
 * recalls the library's body. Confidences are arbitrary doubles, as a model's are.
 */
function organelles(script: Script): ComposeOrganelles {
  const planner = (table: Record<string, [string, number]>) => (prompt: string): Completion => {
    const entry = table[prompt];
    if (!entry) throw new Error(`no Planner answer for "${prompt}"`);
    return { text: entry[0], confidence: entry[1] };
  };
  return {
    ...(script.planner && { planner: planner(script.planner) }),
    ...(script.planner2 && { planner2: planner(script.planner2) }),
    wiring: (prompt) => ({ text: wireComposition(fromWiringPrompt(prompt), lookup), confidence: script.wiring ?? 0.9517 }),
    code: (name) => {
      const entry = script.code?.[name] ?? 0.9731;
      const [text, confidence] = typeof entry === 'number' ? [lookup(name)!.body, entry] : entry;
      return { text, confidence };
    },
  };
}

/** `rolling_mean(a,w=5)>a|diff_central(a)>a` -> the composition it describes. */
function fromWiringPrompt(prompt: string): Composition {
  return prompt.split('|').map((part) => {
    const m = /^([a-z0-9_]+)\(([^)]*)\)>[an]$/.exec(part)!;
    return { name: m[1], args: m[2].split(',').filter((a) => a.includes('=')).map((a) => Number(a.split('=')[1])) };
  });
}

const record = (intent: string, script: Script, weigh: Weighing | false = false): Promise<RecordedCompose> =>
  composeRecorded(intent, organelles(script), { runner, thresholds: THRESHOLDS, models: MODELS, weigh });

/** Records, encodes, decodes and replays; the replay must be the recorded run, event for event. */
async function roundTrip(intent: string, script: Script, weigh: Weighing | false = false) {
  const recorded = await record(intent, script, weigh);
  const payload = await encodeComposeLink(recorded.link!);
  const replay = await replayComposeLink(payload, { runner });
  expect(replay.link).toEqual(recorded.link);
  expect(replay.result.events).toEqual(recorded.result.events);
  expect(toJsonl(replay.result.events)).toBe(toJsonl(recorded.result.events));
  expect(replay.result.code).toBe(recorded.result.code);
  expect(replay.result.refusal).toEqual(recorded.result.refusal);
  return { recorded, payload, replay };
}

/** The error a link gets, or a failure if it gets none. */
async function refusal(promise: Promise<unknown>): Promise<ComposeLinkError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ComposeLinkError);
    const e = err as ComposeLinkError;
    expect(e.message.startsWith(`${e.check}: `)).toBe(true);
    return e;
  }
  throw new Error('the link was accepted');
}

const SMOOTH = 'smooth over 5 points then differentiate';
const smoothPlanner = { [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_central', 0.9137] as [string, number] };

const REPLAN_INTENT = 'standardize the signal then take the average of it';
const REPLAN = {
  intent: REPLAN_INTENT,
  script: {
    planner: {
      [plannerPrompt(REPLAN_INTENT, [])]: ['zscore|mean', 0.88],
      [plannerPrompt(REPLAN_INTENT, ['zscore(low_conf)'])]: ['demean|unit_std|mean', 0.7],
    },
    code: { zscore: 0.5123 },
  } satisfies Script,
};

describe('compose links: record, encode, decode, replay', () => {
  it('replays a composed run: the same events, the same code, the same Judge checks', async () => {
    const { recorded, replay } = await roundTrip(SMOOTH, { planner: smoothPlanner, code: { diff_central: 0.8804 } });
    expect(recorded.result.code).toBe([
      wireComposition(composition('rolling_mean(5)|diff_central'), lookup), lookup('rolling_mean')!.body, lookup('diff_central')!.body,
    ].join('\n'));
    expect(recorded.link!.answers.map((a) => a.source)).toEqual(['planner', 'wiring', 'code', 'code']);
    expect(recorded.link!.answers[3].confidence).toBe(0.8804);
    const judged = replay.result.events.find((e) => e.type === 'judged');
    expect(judged).toMatchObject({ ok: true, checks: expect.arrayContaining([expect.objectContaining({ name: 'ran', ok: true })]) });
  });

  it('replays a run that asked ("Did you mean ...?") and one whose offer the person accepted; the link records which', async () => {
    const unsure = { [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_central', 0.4711] as [string, number] };
    const options = (acceptOffer: boolean) => ({ runner, thresholds: { ...THRESHOLDS, ask: 0.4 }, models: MODELS, weigh: false as const, acceptOffer });
    const asked = await composeRecorded(SMOOTH, organelles({ planner: unsure }), options(false));
    expect(asked.result.code).toBeNull();
    expect(asked.result.events.at(-1)).toMatchObject({ type: 'asked', plan: 'rolling_mean(5)|diff_central', words: 'smooth the signal over 5 points then differentiate it' });
    const accepted = await composeRecorded(SMOOTH, organelles({ planner: unsure }), options(true));
    expect(accepted.result.code).toBe(asked.result.offered!.code);
    expect(accepted.link!.accepted).toBe(true);
    for (const run of [asked, accepted]) {
      const replay = await replayComposeLink(await encodeComposeLink(run.link!), { runner });
      expect(replay.link).toEqual(run.link);
      expect(replay.result.events).toEqual(run.result.events);
    }
    // the accepted bit flipped: the replay is another run, and the trace says so
    const flipped = await encodeComposeLink({ ...accepted.link!, accepted: false });
    expect((await refusal(replayComposeLink(flipped, { runner }))).check).toBe('trace');
    // a plan the words do not say ("blur" is no phrase of rolling_mean's): refused, or asked about where the settings say so
    const BLUR = 'blur the signal over 5 points';
    const blurPlanner = { [plannerPrompt(BLUR, [])]: ['rolling_mean(5)', 0.97] as [string, number] };
    const words = async (askOnWords: boolean) => {
      const run = await composeRecorded(BLUR, organelles({ planner: blurPlanner }), { runner, thresholds: THRESHOLDS, models: MODELS, askOnWords });
      const replay = await replayComposeLink(await encodeComposeLink(run.link!), { runner });
      expect(replay.link.askOnWords).toBe(askOnWords);
      expect(replay.result.events).toEqual(run.result.events);
      return run.result.events.at(-1)!.type;
    };
    expect(await words(false)).toBe('refused');
    expect(await words(true)).toBe('asked');
  });

  it('replays runs of two Planners: both answers recorded, a plan both write composed, different plans refused', async () => {
    const agreed = await roundTrip(SMOOTH, { planner: smoothPlanner, planner2: { [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_central', 0.8712] } });
    expect(agreed.recorded.link!.answers.map((a) => a.source)).toEqual(['planner', 'planner2', 'wiring', 'code', 'code']);
    expect(agreed.recorded.result.events.find((e) => e.type === 'plan_generated')).toMatchObject({ confidence: 0.8712, votes: ['rolling_mean(5)|diff_central', 'rolling_mean(5)|diff_central'] });
    expect(agreed.recorded.result.code).not.toBeNull();
    const apart = await roundTrip(SMOOTH, { planner: smoothPlanner, planner2: { [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_forward', 0.9911] } });
    expect(apart.recorded.result.refusal).toEqual({ reason: 'planner refused', message: expect.stringContaining('the Planners wrote different plans') });
    // neither Planner answers in a run without the Planner
    await expect(refusal(encodeComposeLink({ ...agreed.recorded.link!, planner: false }))).resolves.toMatchObject({
      check: 'answers', message: expect.stringContaining("answer 1 is the Planner's, in a run without the Planner"),
    });
    const second = { ...agreed.recorded.link!, planner: false, answers: agreed.recorded.link!.answers.slice(1) };
    await expect(refusal(encodeComposeLink(second))).resolves.toMatchObject({
      check: 'answers', message: expect.stringContaining("answer 1 is the second Planner's, in a run without the Planner"),
    });
  });

  it("replays runs whose two Planners' different plans were weighed: each Planner's weighing recorded, and the setting", async () => {
    const weighing = (intent: string) => {
      const prompt = plannerPrompt(intent, []);
      return {
        planner: { [prompt]: ['rolling_mean(5)|diff_central', 0.9137], [weighPrompt(prompt, 'rolling_mean(5)|diff_forward')]: ['rolling_mean(5)|diff_forward', 0.3104] },
        planner2: { [prompt]: ['rolling_mean(5)|diff_forward', 0.9911], [weighPrompt(prompt, 'rolling_mean(5)|diff_central')]: ['rolling_mean(5)|diff_central', 0.8803] },
      } satisfies Script;
    };
    const { recorded, payload } = await roundTrip(SMOOTH, weighing(SMOOTH), 'readable');
    const link = recorded.link!;
    expect(link.weigh).toBe('readable');
    expect(link.answers.map((a) => a.source)).toEqual(['planner', 'planner2', 'planner2', 'planner', 'wiring', 'code', 'code']);
    expect(recorded.result.events.find((e) => e.type === 'plan_generated')).toMatchObject({
      output: 'rolling_mean(5)|diff_central', confidence: 0.8803, votes: ['rolling_mean(5)|diff_central', 'rolling_mean(5)|diff_forward'], weighed: [0.8803, 0.3104],
    });
    expect(recorded.result.code).not.toBeNull();
    expect((await decodeComposeLink(payload)).weigh).toBe('readable');
    // the same answers replayed as a run that did not weigh do not replay
    const unweighed = await encodeComposeLink({ ...link, weigh: false });
    expect((await refusal(replayComposeLink(unweighed, { runner }))).check).toBe('replay');
    // the most answers a weighed run can give with the default limits (4 Planner answers an
    // attempt, 2 attempts, 3 plans, 10 tasks) still make a link; one more does not, and an
    // unweighed run's bound is its own
    const most = 4 * 2 * 3 + 10;
    const padded = (n: number) => [...link.answers, ...Array.from({ length: n - link.answers.length }, () => link.answers[4])];
    expect((await decodeComposeLink(await encodeComposeLink({ ...link, answers: padded(most) }))).answers).toHaveLength(most);
    expect((await refusal(encodeComposeLink({ ...link, answers: padded(most + 1) }))).message).toContain(`a run with its limits asks at most ${most}`);
    expect((await refusal(encodeComposeLink({ ...link, weigh: false, answers: padded(2 * 2 * 3 + 10 + 1) }))).message).toContain('asks at most 22');
    // weighing without the Planner is no run at all
    expect((await refusal(encodeComposeLink({ ...link, planner: false, answers: link.answers.slice(4) }))).check).toBe('flags');
    // the ablation with weighing on in the settings: the keyword decomposer plans, nothing is weighed, and the link says so
    const { planner: _, ...withoutPlanner } = organelles(weighing(SMOOTH));
    const ablation = await composeRecorded(SMOOTH, withoutPlanner, { runner, thresholds: THRESHOLDS, models: MODELS, weigh: 'readable' });
    expect(ablation.link).toMatchObject({ planner: false, weigh: false });
    expect((await replayComposeLink(await encodeComposeLink(ablation.link!), { runner })).result.code).toBe(ablation.result.code);
    // a word the keyword decomposer cannot read: not weighed, refused as before, and no weighing recorded
    const odd = `${SMOOTH} kurtosis`;
    const unread = await roundTrip(odd, weighing(odd), 'readable');
    expect(unread.recorded.link!.answers.map((a) => a.source)).toEqual(['planner', 'planner2']);
    expect(unread.recorded.result.refusal).toMatchObject({ reason: 'planner refused' });
    // weighing every intent: the same words weighed, the link says so, and it replays only so
    const every = await roundTrip(odd, weighing(odd), 'every');
    expect(every.recorded.link!.weigh).toBe('every');
    expect(every.recorded.link!.answers.map((a) => a.source)).toEqual(['planner', 'planner2', 'planner2', 'planner', 'wiring', 'code', 'code']);
    expect(every.recorded.result.code).not.toBeNull();
    expect((await decodeComposeLink(every.payload)).weigh).toBe('every');
    const asReadable = await encodeComposeLink({ ...every.recorded.link!, weigh: 'readable' });
    expect((await refusal(replayComposeLink(asReadable, { runner }))).check).toBe('replay');
  });

  it("replays a run read a second time: the Readers' answers recorded after the unsure Planners, and their setting", async () => {
    const unsure = { [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_central', 0.3141] as [string, number] };
    const script = { planner: unsure, planner2: unsure };
    const readers = { reader: organelles({ planner: smoothPlanner }).planner!, reader2: organelles({ planner: smoothPlanner }).planner! };
    const secondReading = { planner: 0.9, ask: 0.5, weigh: 'every' as const };
    const recorded = await composeRecorded(SMOOTH, { ...organelles(script), ...readers }, { runner, thresholds: THRESHOLDS, models: MODELS, secondReading });
    expect(recorded.result.code).not.toBeNull();
    expect(recorded.result.events.find((e) => e.type === 'replan')).toMatchObject({ reason: 'unsure' });
    expect(recorded.link!.second).toEqual({ ...secondReading, aligned: false });
    expect(recorded.link!.answers.map((a) => a.source).slice(0, 4)).toEqual(['planner', 'planner2', 'reader', 'reader2']);
    const replay = await replayComposeLink(await encodeComposeLink(recorded.link!), { runner });
    expect(replay.link).toEqual(recorded.link);
    expect(replay.result.events).toEqual(recorded.result.events);
    // its threshold changed in the link: the Readers' 0.91 is offered instead, and the trace says so
    const stricter = { ...recorded.link!, second: { ...recorded.link!.second!, planner: 0.95 } };
    expect((await refusal(replayComposeLink(await encodeComposeLink(stricter), { runner }))).check).toBe('trace');
    // a Reader's answer in a link without a second reading
    expect((await refusal(encodeComposeLink({ ...recorded.link!, second: null }))).check).toBe('answers');
    // without the Planner (the ablation) the keyword decomposer plans alone: no second reading either
    const { planner: _p, planner2: _q, ...workers } = organelles(script);
    const ablation = await composeRecorded(SMOOTH, { ...workers, ...readers }, { runner, thresholds: THRESHOLDS, models: MODELS, secondReading });
    expect([ablation.link!.planner, ablation.link!.second, ablation.result.replans]).toEqual([false, null, 0]);
    await replayComposeLink(await encodeComposeLink(ablation.link!), { runner });
    // the Readers' plans checked by the learned lexicon (settings.ts secondReading.check): recorded, and replayed so
    const aligned = await composeRecorded(SMOOTH, { ...organelles(script), ...readers }, { runner, thresholds: THRESHOLDS, models: MODELS, secondReading: { ...secondReading, check: 'aligned' } });
    expect(aligned.link!.second).toEqual({ ...secondReading, aligned: true });
    const again = await replayComposeLink(await encodeComposeLink(aligned.link!), { runner });
    expect(again.link).toEqual(aligned.link);
    expect(again.result.events).toEqual(aligned.result.events);
  });

  it("replays a run whose Readers settled a thing no corpus holds by their confidence in none, and refuses one over the ceiling", async () => {
    const GLORP = 'smooth the glorp over 5 points then differentiate';
    const prompt = plannerPrompt(GLORP, []);
    const unsure = { [prompt]: ['rolling_mean(5)|diff_central', 0.3141] as [string, number] };
    // a Reader writes the plan, and is asked how sure it is of none (weighPrompt)
    const reader = (none: number) => organelles({ planner: { [prompt]: ['rolling_mean(5)|diff_central', 0.9137], [weighPrompt(prompt, 'none')]: ['none', none] } }).planner!;
    const run = (first: number, second: number, ceiling?: number) => composeRecorded(GLORP, { ...organelles({ planner: unsure, planner2: unsure }), reader: reader(first), reader2: reader(second) }, {
      runner, thresholds: THRESHOLDS, models: MODELS, secondReading: { planner: 0.9, check: 'aligned', ...(ceiling !== undefined ? { none: ceiling } : {}) },
    });
    // without a ceiling the learned lexicon's unknown-thing rule refuses, and nobody is asked of none
    const before = await run(0.2, 0.3);
    expect(before.result.refusal?.message).toContain('the intent names "glorp", which no corpus holds');
    expect(before.link!.answers.map((a) => a.source)).toEqual(['planner', 'planner2', 'reader', 'reader2']);
    // under the ceiling: both Readers asked of none, the surer of them at 0.3, and the plan composes
    const settled = await run(0.2, 0.3, 0.35);
    expect(settled.result.code).not.toBeNull();
    expect(settled.link!.second).toMatchObject({ aligned: true, none: 0.35 });
    expect(settled.link!.answers.map((a) => a.source).slice(0, 6)).toEqual(['planner', 'planner2', 'reader', 'reader2', 'reader', 'reader2']);
    expect(settled.result.events.find((e) => e.type === 'plan_generated' && e.none !== undefined)).toMatchObject({ none: 0.3 });
    const payload = await encodeComposeLink(settled.link!);
    const replay = await replayComposeLink(payload, { runner });
    expect(replay.link).toEqual(settled.link);
    expect(replay.result.events).toEqual(settled.result.events);
    // over it: refused, the thing and both figures named
    const over = await run(0.2, 0.5, 0.35);
    expect(over.result.code).toBeNull();
    expect(over.result.refusal?.message).toContain('the intent names "glorp", which no corpus holds and no step of the plan says (aligned), and the Readers\' confidence that nothing known builds it was 0.50, over their ceiling of 0.35');
    expect((await replayComposeLink(await encodeComposeLink(over.link!), { runner })).result.events).toEqual(over.result.events);
    // the ceiling edited in the link: the replay refuses where the run composed, and leaves its answers unused
    expect((await refusal(replayComposeLink(await encodeComposeLink({ ...settled.link!, second: { ...settled.link!.second!, none: 0.25 } }), { runner }))).check).toBe('replay');
    // a ceiling without the learned lexicon's check, or outside [0, 1], is no link
    expect((await refusal(encodeComposeLink({ ...settled.link!, second: { ...settled.link!.second!, aligned: false } }))).message).toMatch(/not checked by the learned lexicon/);
    expect((await refusal(encodeComposeLink({ ...settled.link!, second: { ...settled.link!.second!, none: 1.5 } }))).check).toBe('thresholds');
  });

  it('replays a run whose Readers read again without a step no word says (format 7), and refuses that flag without the learned lexicon', async () => {
    const prompt = plannerPrompt(SMOOTH, []);
    const unsure = { [prompt]: ['rolling_mean(5)|diff_central', 0.3141] as [string, number] };
    // each Reader adds relu, which no word of the intent says; asked again without it, they leave it out
    const reader = organelles({ planner: { [prompt]: ['rolling_mean(5)|diff_central|relu', 0.9512], [plannerPrompt(SMOOTH, ['relu(unsaid)'])]: ['rolling_mean(5)|diff_central', 0.9437] } }).planner!;
    const run = (unsaid: boolean) => composeRecorded(SMOOTH, { ...organelles({ planner: unsure, planner2: unsure }), reader, reader2: reader }, {
      runner, thresholds: THRESHOLDS, models: MODELS, secondReading: { planner: 0.9, check: 'aligned', ...(unsaid ? { unsaid: true } : {}) },
    });
    const reread = await run(true);
    expect(reread.result.composition?.map((s) => s.name)).toEqual(['rolling_mean', 'diff_central']);
    expect(reread.result.events.flatMap((e) => (e.type === 'replan' ? [e.reason] : []))).toEqual(['unsure', 'doubted']);
    expect(reread.link!.second).toMatchObject({ aligned: true, unsaid: true });
    const replay = await replayComposeLink(await encodeComposeLink(reread.link!), { runner });
    expect(replay.link).toEqual(reread.link);
    expect(replay.result.events).toEqual(reread.result.events);
    // without the setting the Readers' plan is refused for relu, and the link says so
    const refused = await run(false);
    expect(refused.result.refusal?.message).toContain("the plan's relu is said by no word of the intent (aligned)");
    expect(refused.link!.second?.unsaid).toBeUndefined();
    expect((await replayComposeLink(await encodeComposeLink(refused.link!), { runner })).result.events).toEqual(refused.result.events);
    // the flag edited out of a link: the replay refuses where the run composed
    const { unsaid: _u, ...without } = reread.link!.second!;
    expect((await refusal(replayComposeLink(await encodeComposeLink({ ...reread.link!, second: without }), { runner }))).check).toBe('replay');
    expect((await refusal(encodeComposeLink({ ...reread.link!, second: { ...reread.link!.second!, aligned: false } }))).check).toBe('flags');
    // the second reading's own flags (after the flags, the fingerprint, four thresholds, its threshold, ask floor and weighing): an unknown one
    const forged = await forge(await encodeComposeLink(reread.link!), (b) => Uint8Array.from(b, (v, i) => (i === 1 + 8 + 32 + 17 ? 2 : v)), 7);
    expect((await refusal(decodeComposeLink(forged))).message).toMatch(/unknown flags for its second reading \(2\)/);
  });

  it('replays a link made before version 6 with the left-out rule its run was checked by, and writes no such link', async () => {
    // made by the CLI at a03a0cf (link format 5) with the shipped models: the Readers wrote
    // downsample(4)|diff_central, refused as "positions" says local_maxima, which the plan leaves out
    const V5 = 'BXu-TE9v89nFWstnzQSBm_YQ-iWcZgCDD_ZhfLqb5r5_b58GBu_sGc6eAYE79lxMTCeEKz7ap-SX5xUn5hbkpCqUZKQqFOQXZ5Zk5ucVKyRVKpiAhPIUShKzIZLJqXklRYk5CimZaWmpRal5yanFHAxSCBM0TDRrQHLxUIXJdvoFLl_e2zOz5OXnpbpmOQbwfnxjz4xHxy09oQitr2_sGcA6Xul8EGZPvGHPgkfH9RV9C7b9eW_PikfN9HcGU6b8eW_PAja1WMFHuObwUXtWMK9kjfyt8B3b7AEsm90e';
    const replay = await replayComposeLink(V5, { runner });
    expect(replay.link.second).toMatchObject({ aligned: true, leftOut: true });
    expect(replay.result.code).toBeNull();
    expect(replay.result.refusal?.message).toContain('the intent\'s word "positions" says local_maxima, which the plan leaves out (aligned)');
    // the same body as a version 6 link: checked without the rule, the run goes on past its answers
    expect((await refusal(replayComposeLink(await forge(V5, (b) => b, 6), { runner }))).message).toMatch(/ran out of answers/);
    // no build writes the old rule into a link
    expect((await refusal(encodeComposeLink(replay.link))).check).toBe('version');
  });

  it('replays a run without the Planner: the keyword decomposer plans again', async () => {
    const { recorded } = await roundTrip(SMOOTH, {});
    expect(recorded.link!.planner).toBe(false);
    expect(recorded.result.events.find((e) => e.type === 'plan_fallback')).toMatchObject({ reason: 'no planner' });
    expect(recorded.result.code).not.toBeNull();
  });

  it('replays refused runs: the Planner answering none, and one below its threshold', async () => {
    const none = await roundTrip('sort the samples', { planner: { [plannerPrompt('sort the samples', [])]: ['none', 0.93] } });
    expect(none.recorded.result.refusal?.reason).toBe('planner refused');
    const unsure = await roundTrip('kurtosis of x', { planner: { [plannerPrompt('kurtosis of x', [])]: ['mean', 0.41] } });
    expect(unsure.recorded.result.refusal?.reason).toBe('planner unsure');
  });

  it('replays a run with a replan: a body below threshold blocked, the Planner asked again, done tasks not asked again', async () => {
    const { recorded } = await roundTrip(REPLAN.intent, REPLAN.script);
    expect(recorded.result.replans).toBe(1);
    expect(recorded.result.events.find((e) => e.type === 'task_blocked')).toMatchObject({ item: 'zscore(low_conf)' });
    expect(recorded.link!.answers.map((a) => `${a.source}:${a.source === 'code' ? a.text.slice(9, a.text.indexOf('(')) : ''}`)).toEqual([
      'planner:', 'wiring:', 'code:zscore', 'code:mean', 'planner:', 'wiring:', 'code:demean', 'code:unit_std',
    ]);
    expect(recorded.result.code).not.toBeNull();
  });

  it('replays code that would loop forever: the Judge stops it at the time limit, in the replay too', async () => {
    const spin: [string, number] = ['function diff_central(x){for(;;){}return x}', 0.99];
    const prompts = { [plannerPrompt(SMOOTH, [])]: smoothPlanner[plannerPrompt(SMOOTH, [])], [plannerPrompt(SMOOTH, ['rolling_mean+diff_central(ran)'])]: ['none', 0.9] as [string, number] };
    const recorded = await record(SMOOTH, { planner: prompts, code: { diff_central: spin } });
    const payload = await encodeComposeLink(recorded.link!);
    const started = performance.now();
    const replay = await replayComposeLink(payload, { runner });
    const ms = performance.now() - started;
    expect(toJsonl(replay.result.events)).toBe(toJsonl(recorded.result.events));
    const judged = replay.result.events.find((e) => e.type === 'judged');
    expect(judged?.type === 'judged' && judged.checks.at(-1)).toEqual({ name: 'ran', ok: false, message: 'ran: stopped after 500 ms: the time limit' });
    expect(replay.result.refusal?.reason).toBe('planner refused');
    expect(ms).toBeLessThan(4000);
  });

  it('keeps links short: measured lengths', async () => {
    const two = await record(SMOOTH, { planner: smoothPlanner });
    const intent = 'clip x to the range -1 to 1, then standardize it, then smooth the result over 4 points';
    const plan = 'clamp(-1,1)|zscore|rolling_mean(4)';
    const three = await record(intent, { planner: { [plannerPrompt(intent, [])]: [plan, 0.8] } });
    expect(three.result.code).not.toBeNull();
    const replanned = await record(REPLAN.intent, REPLAN.script);
    const lengths = [];
    for (const { link } of [two, three, replanned]) {
      const payload = await encodeComposeLink(link!);
      const text = link!.answers.reduce((n, a) => n + a.text.length, 0);
      // the same bytes uncompressed: the version, the body and the checksum, in base64
      const body = await pipe(fromBase64Url(payload).slice(1, -4), new DecompressionStream('deflate-raw'));
      lengths.push({ answers: link!.answers.length, text, link: payload.length, uncompressed: Math.ceil(((body.length + 5) * 4) / 3) });
    }
    console.log('compose link lengths', JSON.stringify(lengths));
    expect(lengths[0].link).toBeLessThan(500);
    expect(lengths[1].link).toBeLessThan(600);
    expect(lengths[2].link).toBeLessThan(800);
    for (const l of lengths) expect(l.link).toBeLessThan(0.7 * l.uncompressed);
  });
});

function composition(plan: string): Composition {
  const p = parsePlan(plan, lookup);
  if (!p.ok || !('composition' in p)) throw new Error(`not a composition: ${plan}`);
  return p.composition;
}

// ---- tampering

/** A forged payload: the body inflated, edited, deflated, and given a fresh checksum. */
async function forge(payload: string, edit: (body: Uint8Array) => Uint8Array, version = 3): Promise<string> {
  const bytes = fromBase64Url(payload);
  const body = await pipe(bytes.slice(1, -4), new DecompressionStream('deflate-raw'));
  const packed = await pipe(Uint8Array.from(edit(body)), new CompressionStream('deflate-raw'));
  const out = new Uint8Array(packed.length + 5);
  out[0] = version;
  out.set(packed, 1);
  new DataView(out.buffer).setUint32(out.length - 4, fnv1a(out, out.length - 4), true);
  return toBase64Url(out);
}

async function pipe(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

/** Body offsets (compose-link.ts's layout): flags 0, models 1, thresholds 9 (the ask floor 33), limits 41, trace 44, intent length 48. */
const AT = { flags: 0, thresholds: 9, limits: 41, intent: 49 };

describe('compose links: tampering', () => {
  let link: ComposeLink;
  let payload: string;
  const ready = (async () => {
    link = (await record(SMOOTH, { planner: smoothPlanner })).link!;
    payload = await encodeComposeLink(link);
  })();

  it('refuses every single changed character, by its checksum', async () => {
    await ready;
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const checks = new Set<ComposeLinkCheck>();
    for (let i = 0; i < payload.length; i++) {
      const other = ALPHABET[(ALPHABET.indexOf(payload[i]) + 1 + (i % 63)) % 64];
      const e = await refusal(decodeComposeLink(payload.slice(0, i) + other + payload.slice(i + 1)));
      checks.add(e.check);
    }
    // 'characters': the last character's unused bits; the rest fail the checksum
    expect([...checks].sort()).toEqual(['characters', 'checksum']);
    expect((await refusal(decodeComposeLink(payload.slice(0, 20) + '+' + payload.slice(21)))).check).toBe('characters');
    expect((await refusal(decodeComposeLink(''))).check).toBe('characters');
  });

  it('refuses a truncated link', async () => {
    await ready;
    for (const cut of [1, 2, 3, 5, 40, payload.length - 4]) {
      const e = await refusal(decodeComposeLink(payload.slice(0, payload.length - cut)));
      expect(['checksum', 'characters', 'length']).toContain(e.check);
    }
    expect((await refusal(decodeComposeLink(payload.slice(0, 4)))).check).toBe('length');
    expect((await refusal(decodeComposeLink(payload.slice(0, 32)))).check).toBe('checksum');
  });

  it('refuses a changed intent: one the pipeline refuses before the replay, another by the replay', async () => {
    await ready;
    const bar = await forge(payload, (b) => {
      const c = b.slice();
      c[AT.intent + 6] = '|'.charCodeAt(0);
      return c;
    });
    expect((await refusal(decodeComposeLink(bar))).message).toBe("intent: the intent may not contain '|' or a line break");
    expect((await refusal(encodeComposeLink({ ...link, intent: 'smooth | it' }))).check).toBe('intent');
    // the same plan still fits the words: the run asks for every answer, but its events differ
    const other = await encodeComposeLink({ ...link, intent: 'smooth over 5 points then differentiate it' });
    expect((await refusal(replayComposeLink(other, { runner }))).check).toBe('trace');
    // a number changed: the plan's 5 is no longer said, the run ends early and leaves answers unused
    const six = await encodeComposeLink({ ...link, intent: 'smooth over 6 points then differentiate' });
    expect((await refusal(replayComposeLink(six, { runner }))).message).toMatch("replay: the link has 3 answer(s) the replay never used");
  });

  it('refuses a changed answer: its text, its confidence, one missing, one too many', async () => {
    await ready;
    const body = link.answers[2];
    const changed = { ...link, answers: link.answers.map((a) => (a === body ? { ...a, text: a.text.replace('Math.min(i+1,w)', 'w') } : a)) };
    expect((await refusal(replayComposeLink(await encodeComposeLink(changed), { runner }))).check).toBe('trace');
    const unsure = { ...link, answers: link.answers.map((a) => (a === body ? { ...a, confidence: 0.79 } : a)) };
    // below the threshold the body is blocked, the plan cannot finish, and the replan asks the
    // Planner for an answer the link does not have
    expect((await refusal(replayComposeLink(await encodeComposeLink(unsure), { runner }))).message).toMatch(
      /^replay: the link ran out of answers .* \(the run asked for answer 5 of 4, the Planner's to "smooth over 5 points then differentiate\|blocked=rolling_mean\(low_conf\)"\)$/,
    );
    const missing = { ...link, answers: link.answers.slice(0, -1) };
    expect((await refusal(replayComposeLink(await encodeComposeLink(missing), { runner }))).message).toBe(
      'replay: the link ran out of answers before the run ended, so it does not replay (the run asked for answer 4 of 3, the Code organelle\'s to "diff_central")',
    );
    const extra = { ...link, answers: [...link.answers, { source: 'code' as const, text: 'function mean(x){return 0}', confidence: 1 }] };
    expect((await refusal(replayComposeLink(await encodeComposeLink(extra), { runner }))).message).toBe(
      'replay: the link has 1 answer(s) the replay never used, so it does not replay',
    );
    const swapped = { ...link, answers: [link.answers[0], link.answers[2], link.answers[1], link.answers[3]] };
    expect((await refusal(replayComposeLink(await encodeComposeLink(swapped), { runner }))).message).toMatch(
      /^replay: the link's answers are out of order: the run needed the Wiring organelle's answer next, but the link has the Code organelle's/,
    );
  });

  it('checks every field of a forged link (a valid checksum over bad values)', async () => {
    await ready;
    const set = (at: number, bytes: number[]) => (b: Uint8Array) => {
      const c = b.slice();
      c.set(bytes, at);
      return c;
    };
    const f64 = (v: number) => Array.from(new Uint8Array(new Float64Array([v]).buffer));
    const cases: [string, (b: Uint8Array) => Uint8Array, ComposeLinkCheck][] = [
      ['unknown flags', set(AT.flags, [64]), 'flags'],
      ['an ask floor above 1', set(AT.thresholds + 24, f64(1.5)), 'thresholds'],
      ['every intent weighed, but nothing weighed', set(AT.flags, [5]), 'flags'],
      ['weighed without the Planner', set(AT.flags, [2]), 'flags'],
      ['a threshold above 1', set(AT.thresholds + 8, f64(1.5)), 'thresholds'],
      ['a threshold NaN', set(AT.thresholds, f64(NaN)), 'thresholds'],
      ['no iterations', set(AT.limits, [0]), 'limits'],
      ['too many replans', set(AT.limits + 2, [200]), 'limits'],
      ['a confidence above 1', (b) => set(b.length - 8, f64(2))(b), 'answers'],
      ['an unknown organelle', set(AT.intent + SMOOTH.length + 1, [7]), 'answers'],
      ['data after the answers', (b) => Uint8Array.from([...b, 0]), 'length'],
      ['an answer cut short', (b) => b.slice(0, -3), 'length'],
      ['an intent that is not UTF-8', set(AT.intent, [0xff]), 'intent'],
    ];
    for (const [what, edit, check] of cases) {
      const e = await refusal(decodeComposeLink(await forge(payload, edit)));
      expect(e.check, what).toBe(check);
    }
    expect((await refusal(decodeComposeLink(await forge(payload, (b) => b, 8)))).message).toMatch(/^version: .*newer version/);
    // version 4: bit 7 unknown to it; in version 5, bit 7 without a second reading the learned lexicon checked is refused
    expect((await refusal(decodeComposeLink(await forge(payload, set(AT.flags, [129]), 4)))).check).toBe('flags');
    expect((await refusal(decodeComposeLink(await forge(payload, set(AT.flags, [129]), 5)))).message).toMatch(/ceiling on the Readers' confidence in none, but not a second reading/);
    // version 3: bit 6 unknown to it; in version 4, bit 6 without a second reading is refused
    expect((await refusal(decodeComposeLink(await forge(payload, set(AT.flags, [65]), 3)))).check).toBe('flags');
    expect((await refusal(decodeComposeLink(await forge(payload, set(AT.flags, [65]), 4)))).message).toMatch(/checked, but not that there was a second reading/);
    // version 2: the same, with no second reading (bit 5 unknown to it)
    expect((await decodeComposeLink(await forge(payload, (b) => b, 2))).second).toBeNull();
    expect((await refusal(decodeComposeLink(await forge(payload, set(AT.flags, [33]), 2)))).check).toBe('flags');
    // version 1: no ask floor and no accepted bit, read as a run that never asked
    const v1 = await decodeComposeLink(await forge(payload, (b) => Uint8Array.from([...b.slice(0, 33), ...b.slice(41)]), 1));
    expect(v1.thresholds.ask).toBeUndefined();
    expect(v1.accepted).toBe(false);
    expect(v1.answers).toEqual(link.answers);
    expect((await refusal(decodeComposeLink(await forge(payload, set(AT.flags, [8]), 1)))).check).toBe('flags');
    // a valid checksum over bytes that are not deflate's (block type 3 does not exist)
    const junk = Uint8Array.from([1, 0xff, 0xff, 0xff, 0, 0, 0, 0]);
    new DataView(junk.buffer).setUint32(4, fnv1a(junk, 4), true);
    expect((await refusal(decodeComposeLink(toBase64Url(junk)))).check).toBe('compression');
    // a Planner answer in a run that had none, refused before anything runs
    expect((await refusal(encodeComposeLink({ ...link, planner: false }))).check).toBe('answers');
    // forged but consistent: a valid link of another run's answers replays to another trace
    expect((await decodeComposeLink(await forge(payload, (b) => b))).answers).toEqual(link.answers);
  });

  it('reads a payload, a #/c/ link and an address alike', async () => {
    await ready;
    expect(composePayload(payload)).toBe(payload);
    expect(composePayload(`${COMPOSE_ROUTE}${payload}`)).toBe(payload);
    expect(composePayload(` https://example.org/organelle/${COMPOSE_ROUTE}${payload}\n`)).toBe(payload);
  });
});

describe('organelle compose --replay', () => {
  it("says what each of two Planners wrote", async () => {
    const plannerLine = async (second: string) => {
      const r = await record(SMOOTH, { planner: smoothPlanner, planner2: { [plannerPrompt(SMOOTH, [])]: [second, 0.9] } });
      return describeComposeEvent(r.result.events.find((e) => e.type === 'plan_generated')!);
    };
    expect(await plannerLine('rolling_mean(5)|diff_central')).toContain('confidence 0.900; both Planners wrote it)');
    expect(await plannerLine('rolling_mean(5)|diff_forward')).toContain('planner -> "none" (attempt 1, confidence 0.900; the Planners wrote "rolling_mean(5)|diff_central" and "rolling_mean(5)|diff_forward")');
    const prompt = plannerPrompt(SMOOTH, []);
    const weighed = await record(SMOOTH, {
      planner: { ...smoothPlanner, [weighPrompt(prompt, 'rolling_mean(5)|diff_forward')]: ['rolling_mean(5)|diff_forward', 0.2] },
      planner2: { [prompt]: ['rolling_mean(5)|diff_forward', 0.9], [weighPrompt(prompt, 'rolling_mean(5)|diff_central')]: ['rolling_mean(5)|diff_central', 0.7] },
    }, 'readable');
    expect(describeComposeEvent(weighed.result.events.find((e) => e.type === 'plan_generated')!)).toContain(
      'planner -> "rolling_mean(5)|diff_central" (attempt 1, confidence 0.700; the Planners wrote "rolling_mean(5)|diff_central" and "rolling_mean(5)|diff_forward", weighed 0.700 and 0.200)',
    );
  });

  it('prints the lines of the recorded run, with no model', async () => {
    const recorded = await record(SMOOTH, { planner: smoothPlanner });
    const payload = await encodeComposeLink(recorded.link!);
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      await composeCommand(['--replay', `${COMPOSE_ROUTE}${payload}`]);
    } finally {
      log.mockRestore();
    }
    const expected = recorded.result.events.flatMap((e) => {
      const line = describeComposeEvent(e);
      return line ? [`${String(e.step).padStart(4)} ${line}`] : [];
    });
    expect(lines).toEqual([
      `replay of a shared run by models ${MODELS}: the recorded answers, no model loaded`, ...expected, `\n${recorded.result.code}`,
      `share: ${COMPOSE_ROUTE}${payload} (${payload.length} characters)`,
    ]);
    await expect(composeCommand(['--replay', payload.slice(0, -2)])).rejects.toThrow(/^(checksum|characters): /);
    await expect(composeCommand(['--replay', payload, 'an intent'])).rejects.toThrow(/usage/);
  });

  it('with the shipped models: --ask asks about a plan the words do not say (exit 3), --yes takes it, and its link replays as accepted', async () => {
    // after one typed by hand (docs/intents/typed-7.tsv): the Readers write highpass(0.05)|rms, and
    // their learned check finds no word saying highpass ("highpassing" is no corpus word)
    const BLUR = 'rms after highpassing at 0.05';
    const run = async (...flags: string[]) => {
      const lines: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
      process.exitCode = undefined;
      try {
        await composeCommand([BLUR, ...flags]);
        return { text: lines.join('\n'), exit: process.exitCode };
      } finally {
        log.mockRestore();
        process.exitCode = undefined;
      }
    };
    const refused = await run();
    expect(refused.exit).toBe(2);
    expect(refused.text).toContain("refused this intent is outside what the organelles know: the plan's highpass is said by no word of the intent (aligned)");
    const asked = await run('--ask');
    expect(asked.exit).toBe(3);
    expect(asked.text).toContain('Did you mean: apply a high-pass filter with a cutoff of 0.05 to the signal then compute the rms of it? Nothing was handed over; run it again with --yes');
    const yes = await run('--ask', '--yes');
    expect(yes.exit).toBeUndefined();
    expect(yes.text).toContain('accept  the person accepted highpass(0.05)|rms');
    const link = /share: #\/c\/(\S+)/.exec(yes.text)![1];
    const replay = await replayComposeLink(link, { runner });
    expect(replay.link).toMatchObject({ accepted: true, askOnWords: true });
    expect(replay.result.code).toContain('function highpass(');
  }, 60_000);
});
