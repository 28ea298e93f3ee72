// The Compose view's worker side with the real Node sandbox: the examples it offers (held out
// where they say so, ordinary ones of the training class, an unknown concept) and the
// suggestions' pool; a composed module run on chosen inputs through the Judge's static checks
// and the sandbox's limits (a loop that only starts on inputs other than the Judge's is
// stopped by the time limit; code touching the host is refused before anything runs); share
// links replayed by the host, a tampered one refused with its check named; and, with the shipped
// models, the person's choice to ask about a plan the words do not say reaching the run and its link.
import { afterAll, describe, expect, it } from 'vitest';
import { composeExamples, EXAMPLE_MAX, phraseIntents, trainingClassIntents } from '../../worker/compose/examples.ts';
import { checkRunRequest, MAX_INPUT, runComposed } from '../../worker/compose/run.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { buildSet } from '../../worker/compose/sets.ts';
import { formatPlan } from '../../worker/compose/plan.ts';
import { isHeldOutPair, isHeldOutWording } from '../../worker/compose/splits.ts';
import { plannerPrompt } from '../../worker/compose/prompts.ts';
import { keywordPlan } from '../../worker/compose/keywords.ts';
import { wireComposition } from '../../worker/compose/wiring.ts';
import { nodeSandbox } from '../../worker/compose/sandbox/node.ts';
import { ComposeHost } from '../../worker/browser/compose.ts';
import { planInWords, wordsNoPhraseHolds } from '../../worker/compose/reading.ts';
import { composeRecorded, decodeComposeLink, encodeComposeLink } from '../../worker/share/compose-link.ts';
import type { Completion } from '../../worker/orchestrator/types.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHIPPED_MODELS_DIR } from '../../cli/models.ts';
import { parseSettings, SECOND_READERS } from '../../worker/compose/settings.ts';
import { byRole, COMPOSE_ROLES } from '../../worker/compose/roles.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';

const lookup = COMPOSE_LIBRARY.lookup;
const runner = nodeSandbox();
afterAll(() => runner.close());

const MODULE = [
  wireComposition([{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }], lookup),
  lookup('rolling_mean')!.body,
  lookup('diff_central')!.body,
].join('\n');

describe('composeExamples', () => {
  const { examples, known, steps } = composeExamples(COMPOSE_LIBRARY);

  it('offers held-out cases of the wording, template and composition sets, two each, short enough to read', () => {
    for (const set of ['wording', 'template', 'composition'] as const) {
      const cases = new Map(buildSet(set, COMPOSE_LIBRARY).map((c) => [c.intent, c]));
      const picked = examples.filter((e) => e.kind === set);
      expect(picked, set).toHaveLength(2);
      for (const e of picked) {
        expect(cases.get(e.intent), e.intent).toBeDefined();
        expect(e.plan).toBe(formatPlan(cases.get(e.intent)!.expected!));
        expect(e.intent.length).toBeLessThanOrEqual(EXAMPLE_MAX);
      }
    }
    expect(examples.filter((e) => e.kind === 'wording').every((e) => isHeldOutWording(e.intent))).toBe(true);
  });

  it('offers ordinary sentences of the training class, and one unknown concept from the oov set', () => {
    const ordinary = examples.filter((e) => e.kind === 'ordinary');
    expect(ordinary).toHaveLength(3);
    for (const e of ordinary) {
      expect(isHeldOutWording(e.intent), e.intent).toBe(false);
      const names = e.plan.split('|').map((s) => s.replace(/\(.*$/, ''));
      for (let i = 1; i < names.length; i++) expect(isHeldOutPair(names[i - 1], names[i])).toBe(false);
      // the keyword decomposer, built from the Planner's corpus words, reads them as they were written
      const plan = keywordPlan(e.intent);
      expect('composition' in plan && formatPlan(plan.composition), e.intent).toBe(e.plan);
    }
    const unknown = examples.filter((e) => e.kind === 'unknown');
    expect(unknown).toEqual([{ intent: buildSet('oov', COMPOSE_LIBRARY).filter((c) => c.intent.length <= 70)[0].intent, kind: 'unknown', plan: 'none' }]);
  });

  it('keeps a pool of training-class sentences over every primitive, for the suggestions', () => {
    expect(known.length).toBeGreaterThan(100);
    expect(known.every((k) => !isHeldOutWording(k))).toBe(true);
    const firsts = new Set(trainingClassIntents(COMPOSE_LIBRARY, COMPOSE_LIBRARY.primitives.length, 1, 'compose/examples/known-1').map((e) => e.plan.replace(/\(.*$/, '')));
    expect(firsts.size).toBe(COMPOSE_LIBRARY.primitives.length);
    // every phrase of every primitive, on its own: the suggestions can meet a person's word for any step
    const phrases = phraseIntents(COMPOSE_LIBRARY);
    expect(phrases.length).toBeGreaterThan(270);
    expect(new Set(phrases.map((p) => p.plan.replace(/\(.*$/, ''))).size).toBe(COMPOSE_LIBRARY.primitives.length);
    expect(phrases.every((p) => known.includes(p.intent))).toBe(true);
    // the same phrases, listed by step in the library's order: the words the view shows
    expect(steps.map((s) => s.name)).toEqual(COMPOSE_LIBRARY.primitives.map((p) => p.name));
    expect(steps.every((s) => s.sentences.length > 0)).toBe(true);
    expect(steps.flatMap((s) => s.sentences)).toEqual(phrases.map((p) => p.intent));
    expect(composeExamples(COMPOSE_LIBRARY)).toEqual({ examples, known, steps }); // the same on every call
  });
});

describe('runComposed', () => {
  const signal = Array.from({ length: 128 }, (_, i) => Math.sin(i / 5));

  it("runs a judged module on a person's inputs in the sandbox", async () => {
    const result = await runComposed({ code: MODULE, plan: 'rolling_mean(5)|diff_central', inputs: [signal] }, lookup, runner);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toHaveLength(128);
  });

  it('checks the request first: the inputs the composition takes, finite numbers, and not too many', () => {
    const req = (inputs: number[][], plan = 'rolling_mean(5)|diff_central') => checkRunRequest({ code: MODULE, plan, inputs }, lookup);
    expect(req([signal])).toEqual({ arrays: 1, returns: 'array' });
    expect(req([signal, signal])).toBe('composed takes one array, got 2');
    expect(req([signal], 'correlation')).toBe('composed takes two arrays (x and y), got 1');
    expect(req([[1, NaN]])).toBe('the input[1] is NaN, not a finite number');
    expect(req([[]])).toBe('the input has no numbers');
    expect(req([Array(MAX_INPUT + 1).fill(0)])).toBe(`the input has ${MAX_INPUT + 1} numbers; at most ${MAX_INPUT}`);
    expect(req([signal], 'no_such_thing')).toBe('the plan "no_such_thing" is not a composition of known primitives');
  });

  it('stops a function that loops only on inputs other than the Judge’s, at the time limit', async () => {
    const code = MODULE.replace('function composed(x){', 'function composed(x){while(x.length!==64){}');
    const t0 = performance.now();
    const result = await runComposed({ code, plan: 'rolling_mean(5)|diff_central', inputs: [signal] }, lookup, runner);
    expect(result).toMatchObject({ ok: false, check: 'time', message: 'stopped after 500 ms: the time limit' });
    expect(performance.now() - t0).toBeLessThan(1500);
    // the sandbox still runs the next job
    expect((await runComposed({ code: MODULE, plan: 'rolling_mean(5)|diff_central', inputs: [signal] }, lookup, runner)).ok).toBe(true);
  });

  it('refuses code that reaches for the host before anything runs: the Judge’s static checks', async () => {
    for (const [touch, name] of [['indexedDB.deleteDatabase(a)', 'indexedDB'], ['const d=document', 'document']]) {
      const code = MODULE.replace('const b=diff_central(a);', `const b=diff_central(a);${touch};`);
      const result = await runComposed({ code, plan: 'rolling_mean(5)|diff_central', inputs: [signal] }, lookup, runner);
      expect(result).toMatchObject({ ok: false, check: 'resolved', message: expect.stringContaining(`${name} is a global the Judge does not allow`) });
    }
  });
});

describe('ComposeHost: share links', () => {
  const SMOOTH = 'smooth the signal over 5 points then differentiate it';
  const organelles = (wiring: string) => ({
    planner: (prompt: string): Completion =>
      prompt === plannerPrompt(SMOOTH, []) ? { text: 'rolling_mean(5)|diff_central', confidence: 0.93 } : { text: 'none', confidence: 0.9 },
    wiring: (): Completion => ({ text: wiring, confidence: 0.95 }),
    code: (name: string): Completion => ({ text: lookup(name)!.body, confidence: 0.97 }),
  });
  const link = async (wiring: string) => {
    const recorded = await composeRecorded(SMOOTH, organelles(wiring), { runner, thresholds: { planner: 0.6, wiring: 0.8, code: 0.8 }, models: '0123456789abcdef' });
    return encodeComposeLink(recorded.link!);
  };
  const host = new ComposeHost(() => runner);

  it('replays a link: the events as they come, the code, what it takes and returns, and the link itself', async () => {
    const payload = await link(wireComposition([{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }], lookup));
    const seen: string[] = [];
    const replay = await host.replay(payload, (e) => seen.push(e.type));
    if (!replay.ok) throw new Error(replay.message);
    expect(replay.run).toMatchObject({ intent: SMOOTH, code: MODULE, plan: 'rolling_mean(5)|diff_central', inputs: 1, returns: 'array', link: payload, fingerprint: '0123456789abcdef', planner: true });
    expect(seen).toEqual(replay.run.events.map((e) => e.type));
  });

  it('after a refusal names the words no phrase of the library holds, leaving out common ones; after code, none', async () => {
    expect(wordsNoPhraseHolds('hamming window then fft magnitude')).toEqual(['fft']);
    expect(wordsNoPhraseHolds("what's the rmse between a and b, using every sample")).toEqual(['rmse', 'b']);
    expect(wordsNoPhraseHolds('keep every 3rd sample')).toEqual([]); // an ordinal is a number, "every" a common word
    expect(wordsNoPhraseHolds('smooth the signal over 5 points then differentiate it')).toEqual([]);
    const refused = await composeRecorded('compute the kurtosis of the signal', { ...organelles(''), planner: () => ({ text: 'none', confidence: 0.99 }) }, { runner, thresholds: { planner: 0.6, wiring: 0.8, code: 0.8 }, models: '0123456789abcdef' });
    const replay = await host.replay(await encodeComposeLink(refused.link!));
    expect(replay.ok && replay.run.unknownWords).toEqual(['kurtosis']);
    const composed = await host.replay(await link(wireComposition([{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }], lookup)));
    expect(composed.ok && composed.run.unknownWords).toEqual([]);
  });

  it("after a refusal of the Planner's plan offers it in the library's words; after code, or a Planner's none, nothing", async () => {
    const BLUR = 'blur the signal with a gaussian of sigma 1.5';
    const replayOf = async (planner: () => Completion, intent = BLUR) => {
      const recorded = await composeRecorded(intent, { ...organelles(''), planner }, { runner, thresholds: { planner: 0.6, wiring: 0.8, code: 0.8 }, models: '0123456789abcdef' });
      const replay = await host.replay(await encodeComposeLink(recorded.link!));
      if (!replay.ok) throw new Error(replay.message);
      return replay.run;
    };
    // below the Planner's threshold (and no ask floor): refused, the plan said back
    const unsure = await replayOf(() => ({ text: 'gaussian_smooth(1.5)', confidence: 0.5 }));
    expect(unsure.refusal?.reason).toBe('planner unsure');
    expect(unsure.reading).toBe('gaussian-smooth the signal with a sigma of 1.5');
    expect(unsure.offer).toBeNull();
    expect((await replayOf(() => ({ text: 'none', confidence: 0.99 }))).reading).toBeNull();
    // sure of a plan the intent's words do not say, with askOnWords: built and judged, then asked about; accepted, handed over
    const blur = [{ name: 'gaussian_smooth', args: [1.5] }];
    const offered = async (acceptOffer: boolean) => {
      const recorded = await composeRecorded(BLUR, { ...organelles(wireComposition(blur, lookup)), planner: () => ({ text: 'gaussian_smooth(1.5)', confidence: 0.99 }) }, {
        runner, thresholds: { planner: 0.6, wiring: 0.8, code: 0.8 }, models: '0123456789abcdef', acceptOffer, askOnWords: true,
      });
      const replay = await host.replay(await encodeComposeLink(recorded.link!));
      if (!replay.ok) throw new Error(replay.message);
      return replay.run;
    };
    const asked = await offered(false);
    expect(asked).toMatchObject({ code: null, refusal: null, accepted: false, reading: null });
    expect(asked.offer).toEqual({ plan: 'gaussian_smooth(1.5)', words: 'gaussian-smooth the signal with a sigma of 1.5', message: expect.stringContaining('gaussian_smooth') });
    const accepted = await offered(true);
    expect(accepted).toMatchObject({ plan: 'gaussian_smooth(1.5)', offer: null, accepted: true, refusal: null });
    expect(accepted.code).not.toBeNull();
    // a plan no template says (a replan may spell a step as two: four steps and more) is offered as nothing
    expect(planInWords(['reverse', 'cumsum', 'reverse', 'cumsum'].map((name) => ({ name, args: [] })), lookup)).toBeNull();
    // what is put to a person says every number the plan runs with, defaults too
    const band = [{ name: 'bandpass', args: [0.05, 0.2] }, { name: 'rms', args: [] }];
    expect(planInWords(band, lookup)).toBe('band-pass filter the signal then compute the rms of it');
    expect(planInWords(band, lookup, { everyNumber: true })).toBe('keep the frequencies of the signal between 0.05 and 0.2 then compute the rms of it');
    const composed = await link(wireComposition([{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }], lookup));
    const replay = await host.replay(composed);
    expect(replay.ok && replay.run.code !== null && replay.run.reading).toBeNull();
  });

  it('replays a forged loop to the time limit, and refuses a tampered link naming its check', async () => {
    const payload = await link('function composed(x){while(true){}return rolling_mean(x,5)}');
    const replay = await host.replay(payload);
    if (!replay.ok) throw new Error(replay.message);
    const judged = replay.run.events.find((e) => e.type === 'judged');
    expect(judged?.type === 'judged' && judged.checks.at(-1)).toEqual({ name: 'ran', ok: false, message: 'ran: stopped after 500 ms: the time limit' });
    expect(replay.run.code).toBeNull();
    const tampered = payload.slice(0, 20) + (payload[20] === 'A' ? 'B' : 'A') + payload.slice(21);
    expect(await host.replay(tampered)).toMatchObject({ ok: false, check: 'checksum' });
    expect(await host.replay('')).toMatchObject({ ok: false, check: 'characters' });
  });
});

describe('ComposeHost: asking about a plan the words do not say, the person\'s choice', () => {
  // after one typed by hand (docs/intents/typed-7.tsv): the shipped Planners are unsure, the Readers write
  // highpass(0.05)|rms, and their learned check finds no word saying highpass ("highpassing" is
  // no corpus word); the shipped settings refuse such plans
  const BLUR = 'rms after highpassing at 0.05';
  const READ = 'apply a high-pass filter with a cutoff of 0.05 to the signal then compute the rms of it';

  it('takes the request over the settings: refused without it, asked about with it, composed on a yes; each link replays as run', async () => {
    const dir = join(SHIPPED_MODELS_DIR, 'compose');
    const settings = parseSettings(await readFile(join(dir, 'settings.json'), 'utf8'));
    expect(settings.askOnWords).toBeUndefined();
    const files = await Promise.all(COMPOSE_ROLES.map((role) => readFile(join(dir, `${role}.organelle`))));
    // the built-in set as the page loads it: the four, and the Readers its settings name
    const readers = await Promise.all(SECOND_READERS.map((role) => readFile(join(dir, `${role}.organelle`))));
    const host = new ComposeHost(() => runner);
    await host.load(await nodeWasmModule(), { ...byRole((_, i) => new Uint8Array(files[i])), reader: new Uint8Array(readers[0]), reader2: new Uint8Array(readers[1]) }, settings);

    const asSettings = await host.compose(BLUR, { planner: true });
    // the Readers read it again, and their check refuses their plan
    expect(settings.secondReading).toBeDefined();
    expect(asSettings.events.some((e) => e.type === 'replan' && e.reason === 'unsure')).toBe(true);
    expect(asSettings).toMatchObject({ askOnWords: false, code: null, offer: null, refusal: { reason: 'planner unsure' }, reading: READ });
    const refused = await host.compose(BLUR, { planner: true, askOnWords: false });
    expect(refused).toMatchObject({ askOnWords: false, code: null, offer: null, refusal: { reason: 'planner unsure' } });
    expect(refused.link).toBe(asSettings.link); // the same run
    const asked = await host.compose(BLUR, { planner: true, askOnWords: true });
    expect(asked).toMatchObject({ askOnWords: true, code: null, refusal: null, accepted: false, offer: { plan: 'highpass(0.05)|rms', words: READ } });
    const accepted = await host.compose(BLUR, { planner: true, askOnWords: true, acceptOffer: true });
    expect(accepted).toMatchObject({ askOnWords: true, plan: 'highpass(0.05)|rms', offer: null, refusal: null, accepted: true });
    expect(accepted.code).toContain('function composed(x');

    // each link says whether the run asked on words, and replays with no model to the same end
    for (const run of [refused, asked, accepted]) {
      expect((await decodeComposeLink(run.link!)).askOnWords).toBe(run.askOnWords);
      const replay = await host.replay(run.link!);
      if (!replay.ok) throw new Error(replay.message);
      expect(replay.run).toMatchObject({ askOnWords: run.askOnWords, code: run.code, offer: run.offer, refusal: run.refusal, accepted: run.accepted });
    }
  }, 120_000);
});
