// The Compose view's state (web/src/compose/compose-session.svelte.ts) against a fake engine
// worker: the intent's check, the default and chosen models, models loaded once per set with
// the shipped settings (or, for other models, the same thresholds said to be chosen for the
// built-in ones), the run shown as its events arrive and then played from its start, the
// composed function run on a signal at once, suggestions after a refusal, an offer ("Did you
// mean …?") accepted with one call that composes the intent again with acceptOffer, asking on
// words as the settings say until the person changes it (sent with each run, kept by a yes), the
// setup to and from the address (#/compose/<intent>?…), the share link; and the signal bench alone.
import type { Remote } from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { MAX_INTENT } from '../../worker/compose/prompts.ts';
import { ComposeSession } from '../../web/src/compose/compose-session.svelte.ts';
import { SignalBench } from '../../web/src/compose/signal-bench.svelte.ts';
import { SharedCompose } from '../../web/src/compose/shared-compose.svelte.ts';
import type { LibraryReader } from '../../web/src/library/pipelines.ts';
import type { ModelMeta } from '../../web/src/library/model-store.ts';
import type { Clock } from '../../web/src/replay/playback.svelte.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { EngineConnection, SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { ComposeRequest, ComposeRun, ComposeSettings, ComposedRunRequest } from '../../worker/browser/messages.ts';
import type { OrchestratorEvent } from '../../worker/orchestrator/events.ts';
import { composeHref, parseHash } from '../../web/src/lib/routes.ts';
import { acceptedOffer, CLOSE, composed, judgeFailed, offered, SMOOTH, UNSURE, unsure } from './compose-runs.ts';
import { flush } from './helpers.ts';

/** A few of the library's steps, enough that a word one step holds tells which (the suggestions weigh words by how few steps hold them). */
const STEPS = [
  { name: 'rolling_mean', category: 'smoothing', sentences: ['take a moving average of the signal', 'smooth the signal'] },
  ...['mean', 'maximum', 'minimum', 'diff_central', 'cumsum', 'reverse', 'square', 'negate', 'zscore'].map((name) => ({ name, category: 'other', sentences: [`${name} the signal`] })),
];

const meta = (id: string, organelle: string, origin: ModelMeta['origin'] = 'built-in'): ModelMeta => ({
  id, name: id, recipeId: `compose/${organelle}`, game: 'compose', organelle,
  shape: { vocabSize: 4, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 }, params: 1, size: 1, steps: 1, seed: 1,
  createdAt: '2025-01-01T00:00:00.000Z', addedAt: origin === 'built-in' ? '' : '2025-01-01T00:00:00.000Z', evaluation: {}, origin,
  fingerprint: `${id}`.padEnd(16, '0'), resumable: false,
});

const BUILT_IN = [meta('bp', 'planner'), meta('bq', 'planner2'), meta('bw', 'wiring'), meta('bc', 'code')];

const SETTINGS: ComposeSettings = {
  rule: 'mean', agreement: false, planner: 0.6, wiring: 0.8, code: 0.8, single: 0.5,
  models: { planner: 'bp'.padEnd(16, '0'), planner2: 'bq'.padEnd(16, '0'), wiring: 'bw'.padEnd(16, '0'), code: 'bc'.padEnd(16, '0'), single: '0'.repeat(16) },
  validation: { intents: 400, passed: 300, refused: 90, wrong_code: 10 },
};

const noClock: Clock = { set: () => 0, clear: () => {} };

async function asRun(events: OrchestratorEvent[], withPlanner = true, askOnWords = false): Promise<ComposeRun> {
  const end = events.at(-1)!;
  const code = end.type === 'composed' ? end.code : null;
  return {
    intent: events[0].type === 'run_started' ? events[0].start : '', events, code,
    plan: end.type === 'composed' ? end.plan : null, inputs: code ? 1 : null, returns: code ? 'array' : null,
    refusal: end.type === 'refused' ? { reason: end.reason, message: end.message } : null,
    offer: end.type === 'asked' ? { plan: end.plan, words: end.words, message: end.message } : null,
    accepted: events.some((e) => e.type === 'accepted'), reading: null, unknownWords: [],
    link: 'AbC-123_x', fingerprint: 'feedfacecafebeef', planner: withPlanner, askOnWords, thresholds: { planner: 0.6, wiring: 0.8, code: 0.8 }, ms: 12,
  };
}

function setup(models: ModelMeta[] = BUILT_IN, settings: ComposeSettings | null = SETTINGS) {
  const calls = { spawn: 0, closed: 0, load: [] as { models: Record<string, number>; settings: ComposeSettings }[], compose: [] as [string, boolean][], runs: [] as ComposedRunRequest[] };
  let script: (acceptOffer: boolean) => Promise<OrchestratorEvent[]> = composed;
  const api = {
    loadCompose: vi.fn(async (m: Record<string, Uint8Array>, s: ComposeSettings) => {
      calls.load.push({ models: Object.fromEntries(Object.entries(m).map(([role, bytes]) => [role, bytes[0]])), settings: s });
      return { fingerprint: 'feedfacecafebeef' };
    }),
    compose: vi.fn(async (intent: string, request: ComposeRequest, onEvent?: (e: OrchestratorEvent) => void) => {
      calls.compose.push([intent, request.planner]);
      const events = await script(request.acceptOffer ?? false);
      for (const e of events) onEvent?.(e);
      return asRun(events, request.planner, request.askOnWords ?? false);
    }),
    runComposed: vi.fn(async (request: ComposedRunRequest) => {
      calls.runs.push(request);
      return { ok: true as const, value: request.inputs[0].map((v) => 2 * v), ms: 3 };
    }),
    composeExamples: vi.fn(async () => ({
      examples: [{ intent: 'smooth the readings and then compute the second difference of the result', kind: 'composition' as const, plan: 'rolling_mean(3)|second_difference' }],
      known: ['smooth the signal over 5 points', 'compute the mean of the data'],
      steps: STEPS,
    })),
  };
  const spawn: SpawnEngine = () => {
    calls.spawn++;
    const connection: EngineConnection = { api: api as unknown as Remote<EngineWorkerApi>, close: () => void calls.closed++ };
    return connection;
  };
  const bytesOf: Record<string, number> = { bp: 1, bw: 2, bc: 3, mp: 4, bq: 5 };
  const library: LibraryReader = {
    models,
    file: async (id) => ({ name: `${id}.organelle`, bytes: new Uint8Array([bytesOf[id] ?? 0]) }),
    loaded: async () => {},
  };
  const clipboard = { writeText: vi.fn(async (_: string) => {}) };
  const session = new ComposeSession({ spawn, library, settings, clock: noClock, pageUrl: () => 'https://lab.example/#/compose', clipboard: () => clipboard });
  return { session, calls, api, clipboard, use: (s: (acceptOffer: boolean) => Promise<OrchestratorEvent[]>) => (script = s) };
}

describe('ComposeSession', () => {
  it("checks the intent as the pipeline does, and shows why only once it is worth saying", () => {
    const { session } = setup();
    expect(session.check).toBe('the intent is empty');
    expect(session.showCheck).toBe(false);
    session.input = 'a'.repeat(MAX_INTENT + 1);
    expect(session.check).toBe(`the intent has ${MAX_INTENT + 1} characters; at most ${MAX_INTENT}`);
    session.touch();
    expect(session.showCheck).toBe(true);
    session.input = 'smooth it | then';
    expect(session.check).toBe("the intent may not contain '|' or a line break");
    session.pick(SMOOTH);
    expect(session.check).toBeNull();
  });

  it('chooses the newest compose models by default, the visitor’s before the built-in ones', () => {
    const { session } = setup([meta('mp', 'planner', 'trained'), ...BUILT_IN]);
    expect(session.choice.model('planner')?.id).toBe('mp');
    expect(session.choice.model('wiring')?.id).toBe('bw');
    expect(session.chosenMeasured).toBe(false);
    session.choice.choose('planner', 'bp');
    expect(session.chosenMeasured).toBe(true);
  });

  it('offers the examples the shipped settings name (those the built-in models compose as asked), else the worker\'s', async () => {
    const chosen = [{ intent: 'smooth the readings and then take the running minimum of the result', kind: 'composition' as const, plan: 'rolling_mean(3)|running_min' }];
    const { session } = setup(BUILT_IN, { ...SETTINGS, examples: chosen });
    session.open();
    await flush();
    expect(session.examples).toEqual(chosen);
    // and every step the library has, in its own words, from the worker
    expect(session.steps.map((s) => s.name)).toEqual(STEPS.map((s) => s.name));
  });

  it('composes: models loaded once with the shipped settings, the run shown as it comes, then played, then run on a signal', async () => {
    const { session, calls } = setup();
    session.open();
    await flush();
    expect(session.examples[0].kind).toBe('composition');
    session.pick(SMOOTH);
    await session.compose();
    expect(calls.load).toEqual([{ models: { planner: 1, planner2: 5, wiring: 2, code: 3 }, settings: SETTINGS }]);
    expect(calls.compose).toEqual([[SMOOTH, true]]);
    expect(session.status).toBe('done');
    expect(session.run?.code).toContain('function composed');
    expect(session.fingerprint).toBe('feedfacecafebeef');
    expect(session.runModels).toEqual({ Planner: 'bp', 'Second Planner': 'bq', Wiring: 'bw', Code: 'bc' });
    expect(session.playback.index).toBe(0); // plays from its start
    expect(session.playback.frames.at(-1)?.outcome).toBe('composed');
    // the composed function ran once, at once, on the default signal (the noisy sine)
    await flush();
    expect(calls.runs).toHaveLength(1);
    expect(calls.runs[0]).toMatchObject({ code: session.run!.code, plan: 'rolling_mean(5)|diff_central' });
    expect(calls.runs[0].inputs[0]).toHaveLength(128);
    expect(session.bench.result?.outcome).toMatchObject({ ok: true });
    // again with the same models: not loaded again
    await session.compose();
    expect(calls.load).toHaveLength(1);
    expect(session.shareUrl).toBe('https://lab.example/#/c/AbC-123_x');
  });

  it('shows each event as it arrives while the run goes on', async () => {
    const { session, api } = setup();
    const seen: number[] = [];
    api.compose.mockImplementationOnce(async (_intent, request, onEvent) => {
      const events = await composed();
      for (const e of events) {
        onEvent?.(e);
        seen.push(session.playback.frames.length);
      }
      expect(session.status).toBe('composing');
      expect(session.playback.atEnd).toBe(true); // the newest step is the one shown
      return asRun(events, request.planner);
    });
    session.pick(SMOOTH);
    await session.compose();
    expect(seen[0]).toBe(1);
    expect(seen.at(-1)).toBe(6);
    expect(session.playback.index).toBe(0);
  });

  it('after a refusal offers the closest steps to what was said, and runs nothing on a signal', async () => {
    const { session, calls, use } = setup();
    session.open();
    await flush();
    use(unsure);
    session.pick(UNSURE);
    await session.compose();
    expect(session.run?.refusal?.reason).toBe('planner unsure');
    expect(session.closest).toEqual({ suggestions: [{ intent: 'smooth the signal', steps: [{ name: 'rolling_mean', words: ['smooth'] }] }], unmatched: [] });
    expect(session.bench.target).toBeNull();
    expect(calls.runs).toHaveLength(0);
    use(judgeFailed);
    await session.compose();
    expect(session.playback.replay?.summary.judged?.ok).toBe(false);
  });

  it('an offer holds the code back and runs nothing; one yes composes the same intent again with the offer accepted', async () => {
    const { session, calls, api, use } = setup();
    session.open();
    await flush();
    use((yes) => (yes ? acceptedOffer() : offered()));
    session.pick(CLOSE);
    await session.compose();
    expect(api.compose.mock.calls[0][1]).toEqual({ planner: true, acceptOffer: false, askOnWords: false });
    expect(session.status).toBe('done');
    expect(session.run).toMatchObject({ code: null, refusal: null, accepted: false, offer: { plan: 'rolling_mean(5)|diff_central' } });
    expect(session.playback.frames.at(-1)?.outcome).toBe('asked');
    expect(session.bench.target).toBeNull();
    // the closest steps stand beside the question as alternatives
    expect(session.closest.suggestions.length).toBeGreaterThan(0);
    await flush();
    expect(calls.runs).toHaveLength(0);

    // the person changed the field meanwhile: the yes is to the offer's intent, with its plans and asking
    session.input = 'something else';
    session.withPlanner = false;
    session.askOnWords = true;
    const accepting = session.accept();
    expect(session.busy).toBe(true);
    await session.accept(); // a second press while busy composes nothing more
    await accepting;
    expect(api.compose).toHaveBeenCalledTimes(2);
    expect(api.compose.mock.calls[1].slice(0, 2)).toEqual([CLOSE, { planner: true, acceptOffer: true, askOnWords: false }]);
    expect(session.input).toBe(CLOSE);
    expect(session.run).toMatchObject({ accepted: true, offer: null, plan: 'rolling_mean(5)|diff_central' });
    expect(session.run?.code).toContain('function composed');
    expect(session.playback.replay?.summary).toMatchObject({ outcome: 'composed', accepted: true });
    expect(session.closest).toEqual({ suggestions: [], unmatched: [] });
    await flush();
    expect(calls.runs).toHaveLength(1); // the code ran on a signal, as any composed run's
    expect(session.shareUrl).toBe('https://lab.example/#/c/AbC-123_x');

    // with no offer on screen, a yes does nothing
    await session.accept();
    expect(api.compose).toHaveBeenCalledTimes(2);
  });

  it('runs the keyword decomposer in place of both Planners when asked, and the address says so', async () => {
    const { session, calls } = setup([meta('mq', 'planner2', 'trained'), ...BUILT_IN]);
    session.withPlanner = false;
    session.pick(SMOOTH);
    await session.compose();
    expect(calls.compose).toEqual([[SMOOTH, false]]);
    expect(session.runModels).toEqual({ Wiring: 'bw', Code: 'bc' });
    expect(composeHref(session.setup)).toBe(`#/compose/${encodeURIComponent(SMOOTH)}?plans=heuristic`);
    await session.setUp({ intent: SMOOTH, withPlanner: false }); // back to it: on screen already
    expect(calls.compose).toHaveLength(1);
    // without the Planner, choosing another second Planner is no other run
    await session.setUp({ intent: SMOOTH, choose: { planner2: 'bq' }, withPlanner: false });
    expect(calls.compose).toHaveLength(1);
    await session.setUp({ intent: SMOOTH, withPlanner: true }); // with them, it is
    expect(calls.compose).toEqual([[SMOOTH, false], [SMOOTH, true]]);
  });

  it('asks on words as the settings say until the person changes it; each run sends it, and the address says where it differs', async () => {
    const { session, calls, api } = setup();
    expect(session.askOnWordsByDefault).toBe(false); // settings without askOnWords refuse such plans
    expect(session.askOnWords).toBe(false);
    session.pick(SMOOTH);
    await session.compose();
    expect(api.compose.mock.calls[0][1]).toEqual({ planner: true, acceptOffer: false, askOnWords: false });
    expect(session.run?.askOnWords).toBe(false);
    expect(composeHref(session.setup)).toBe(`#/compose/${encodeURIComponent(SMOOTH)}`);
    session.askOnWords = true;
    expect(composeHref(session.setup)).toBe(`#/compose/${encodeURIComponent(SMOOTH)}?ask=words`);
    await session.setUp({ intent: SMOOTH, askOnWords: true }); // the run on screen did not ask on words: another run
    expect(calls.compose).toHaveLength(2);
    expect(api.compose.mock.calls[1][1]).toEqual({ planner: true, acceptOffer: false, askOnWords: true });
    expect(session.run?.askOnWords).toBe(true);
    await session.setUp({ intent: SMOOTH, askOnWords: true }); // back to it: on screen already
    expect(calls.compose).toHaveLength(2);
    await session.setUp({ intent: SMOOTH, askOnWords: false });
    expect(calls.compose).toHaveLength(3);
    expect(session.askOnWords).toBe(false);

    // settings that ask: on from the start, and the address says when the person turns it off
    const asking = setup(BUILT_IN, { ...SETTINGS, askOnWords: true }).session;
    expect(asking.askOnWordsByDefault).toBe(true);
    expect(asking.askOnWords).toBe(true);
    asking.askOnWords = false;
    expect(asking.setup).toEqual({ askOnWords: false });
    expect(composeHref(asking.setup)).toBe('#/compose?ask=no-words');
  });

  it('uses the shipped thresholds for models of one’s own, naming their fingerprints', async () => {
    const { session, calls } = setup([meta('mp', 'planner', 'trained'), ...BUILT_IN]);
    session.pick(SMOOTH);
    await session.compose();
    expect(calls.load[0].settings.models).toEqual({ ...SETTINGS.models, planner: 'mp'.padEnd(16, '0') });
    expect(calls.load[0].settings.planner).toBe(0.6);
    expect(session.runMeasured).toBe(false);
  });

  it('says what is missing: a role with no model, or a build without settings', async () => {
    let { session } = setup([meta('bw', 'wiring'), meta('bc', 'code')]);
    session.pick(SMOOTH);
    await session.compose();
    expect(session.status).toBe('error');
    expect(session.error).toMatch(/^There is no compose Planner or Second Planner in your library/);
    ({ session } = setup([meta('bp', 'planner'), meta('bw', 'wiring'), meta('bc', 'code')]));
    session.pick(SMOOTH);
    await session.compose();
    expect(session.error).toMatch(/^There is no compose Second Planner in your library/);
    ({ session } = setup(BUILT_IN, null));
    session.pick(SMOOTH);
    await session.compose();
    expect(session.error).toMatch(/ships no compose settings/);
  });

  it('takes its setup from the address: the models, the plans, and an intent composed on arrival, once', async () => {
    const { session, calls } = setup();
    const route = parseHash(composeHref({ intent: SMOOTH, choose: { planner: 'bp', planner2: 'bq', code: 'bc' } }));
    expect(route).toEqual({ name: 'compose', intent: SMOOTH, choose: { planner: 'bp', planner2: 'bq', code: 'bc' } });
    if (route.name !== 'compose') throw new Error('not a compose route');
    await session.setUp(route);
    expect(calls.compose).toHaveLength(1);
    expect(session.setup).toEqual({ intent: SMOOTH, choose: { planner: 'bp', planner2: 'bq', code: 'bc' } });
    await session.setUp(route); // back to the view: that very composition is on screen
    expect(calls.compose).toHaveLength(1);
    await session.setUp({ intent: '' }); // an empty intent waits in the field with its check
    expect(calls.compose).toHaveLength(1);
    expect(session.showCheck).toBe(true);
  });

  it('copies the share link and says whether that worked', async () => {
    const { session, clipboard } = setup();
    session.pick(SMOOTH);
    await session.compose();
    await session.copyLink();
    expect(clipboard.writeText).toHaveBeenCalledWith('https://lab.example/#/c/AbC-123_x');
    expect(session.copy).toBe('copied');
  });
});

describe('SignalBench', () => {
  const target = { code: 'function composed(x){return x}', plan: 'negate', inputs: 1 as const, returns: 'array' as const };

  it('runs nothing while an input does not read, and names the bad entry', async () => {
    const runner = vi.fn(async (r: ComposedRunRequest) => ({ ok: true as const, value: [...r.inputs[0]], ms: 1 }));
    const bench = new SignalBench(runner);
    bench.setTarget(target);
    bench.choices[0].kind = 'pasted';
    bench.choices[0].pasted = '1, 2, x';
    expect(bench.showProblem).toBe(true);
    await bench.run();
    expect(runner).not.toHaveBeenCalled();
    expect(bench.problem).toBe('Entry 3, “x”, is not a number.');
    bench.choices[0].pasted = '1, 2, 3';
    await bench.run();
    expect(runner).toHaveBeenCalledWith({ code: target.code, plan: 'negate', inputs: [[1, 2, 3]] });
    expect(bench.result).toEqual({ inputs: [[1, 2, 3]], outcome: { ok: true, value: [1, 2, 3], ms: 1 } });
  });

  it('never leaves the last plots passing for another input: marked stale as the input changes, gone when a bad one is run', async () => {
    const runner = vi.fn(async (r: ComposedRunRequest) => ({ ok: true as const, value: [...r.inputs[0]], ms: 1 }));
    const bench = new SignalBench(runner);
    bench.setTarget(target);
    await bench.run(); // the sine
    expect(bench.result?.inputs[0]).toHaveLength(128);
    expect(bench.stale).toBe(false);
    bench.choices[0].kind = 'pasted';
    bench.choices[0].pasted = '1, two, 3';
    expect(bench.stale).toBe(true); // the sine's plots, under numbers that do not read
    await bench.run();
    expect(bench.problem).toBe('Entry 2, “two”, is not a number.');
    expect(bench.result).toBeNull();
    expect(bench.stale).toBe(false);
    bench.choices[0].pasted = '1, 2, 3';
    await bench.run();
    expect(bench.stale).toBe(false);
    bench.choices[0].kind = 'step';
    expect(bench.stale).toBe(true); // another made signal picked, not run yet
    expect(runner).toHaveBeenCalledTimes(2);
  });

  it('takes x and y for a composition of two arrays, of one length', async () => {
    const runner = vi.fn(async () => ({ ok: true as const, value: 0.5, ms: 1 }));
    const bench = new SignalBench(runner);
    bench.setTarget({ ...target, inputs: 2, plan: 'correlation' });
    expect(bench.inputs).toHaveLength(2);
    bench.choices[1].kind = 'pasted';
    bench.choices[1].pasted = '1 2 3';
    await bench.run();
    expect(bench.problem).toBe('x has 128 numbers and y 3: give them the same length.');
    bench.choices[1].kind = 'step';
    await bench.run();
    expect(runner).toHaveBeenCalledTimes(1);
    expect((runner.mock.calls[0] as unknown as [ComposedRunRequest])[0].inputs.map((i) => i.length)).toEqual([128, 128]);
  });

  it('reports the sandbox failing, and forgets a result when the code changes', async () => {
    const bench = new SignalBench(async () => {
      throw new Error('the sandbox was closed');
    });
    bench.setTarget(target);
    await bench.run();
    expect(bench.error).toBe('The sandbox could not run it: the sandbox was closed');
    bench.setTarget({ ...target, code: 'function composed(x){return x}\n' });
    expect(bench.error).toBeNull();
    expect(bench.result).toBeNull();
  });
});

describe('SharedCompose', () => {
  function sharedSetup(outcome: unknown) {
    const api = {
      replayCompose: vi.fn(async (_payload: string, onEvent?: (e: OrchestratorEvent) => void) => {
        const o = (await outcome) as { ok: boolean; run?: ComposeRun };
        if (o.ok) for (const e of o.run!.events) onEvent?.(e);
        return o;
      }),
      runComposed: vi.fn(async () => ({ ok: false, check: 'time', message: 'stopped after 500 ms: the time limit', ms: 501 })),
      composeExamples: vi.fn(async () => ({ examples: [], known: [], steps: STEPS })),
    };
    let closed = 0;
    const spawn: SpawnEngine = () => ({ api: api as unknown as Remote<EngineWorkerApi>, close: () => void closed++ });
    return { shared: new SharedCompose(spawn, noClock), api, closed: () => closed };
  }

  it('replays a link, then offers its code to the bench', async () => {
    const run = await asRun(await composed());
    const { shared, api } = sharedSetup({ ok: true, run });
    await shared.open('payload-1');
    expect(shared.status).toBe('done');
    expect(shared.playback.frames.at(-1)?.outcome).toBe('composed');
    expect(shared.bench.target?.code).toBe(run.code);
    await shared.open('payload-1'); // the same link is not replayed twice
    expect(api.replayCompose).toHaveBeenCalledTimes(1);
    await shared.bench.run();
    expect(shared.bench.result?.outcome).toMatchObject({ ok: false, check: 'time' });
  });

  it('says which check a tampered link failed, and shows nothing of it', async () => {
    const { shared } = sharedSetup({ ok: false, check: 'checksum', message: 'checksum: the link is damaged, cut off or edited: its checksum does not match' });
    await shared.open('tampered');
    expect(shared.status).toBe('refused');
    expect(shared.refusal).toEqual({
      check: 'checksum', what: 'it was changed or damaged on the way', message: 'The link is damaged, cut off or edited: its checksum does not match.',
    });
    expect(shared.playback.loaded).toBe(false);
  });

  it('replays an accepted run as composed, saying so, and an asked one as a question without code', async () => {
    const { shared } = sharedSetup({ ok: true, run: await asRun(await acceptedOffer()) });
    await shared.open('accepted-run');
    expect(shared.run?.accepted).toBe(true);
    expect(shared.playback.replay?.summary).toMatchObject({ outcome: 'composed', accepted: true });
    expect(shared.bench.target?.plan).toBe('rolling_mean(5)|diff_central');
    shared.dispose();
    const asked = sharedSetup({ ok: true, run: await asRun(await offered()) });
    await asked.shared.open('asked-run');
    await flush();
    expect(asked.shared.run?.offer?.plan).toBe('rolling_mean(5)|diff_central');
    expect(asked.shared.bench.target).toBeNull();
    expect(asked.shared.stepCount).toBe(STEPS.length);
    asked.shared.dispose();
  });

  it('after a refused run offers the closest steps to what was said', async () => {
    const { shared } = sharedSetup({ ok: true, run: await asRun(await unsure()) });
    await shared.open('refused-run');
    await flush();
    expect(shared.closest.suggestions.map((x) => x.intent)).toEqual(['smooth the signal']);
    expect(shared.stepCount).toBe(STEPS.length);
    shared.dispose();
  });
});
