// Corpora built once for several runs (web/src/train/recipe-corpora.svelte.ts), against a fake
// engine worker: code composition's build is asked for by the form's timings and by every run
// of its organelles, and made once, in one worker closed afterwards; a recipe without a shared
// build is left to its own worker; a build that fails leaves each run to build its own; a
// restored run asks before the catalog is loaded; the texts are let go when no run needs them.
import { describe, expect, it } from 'vitest';
import type { Remote } from 'comlink';
import { RecipeCorpora } from '../../web/src/train/recipe-corpora.svelte.ts';
import type { SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { RecipeInfo, TrainTimingRequest } from '../../worker/browser/messages.ts';
import { flush } from './helpers.ts';

const recipe = (id: string, sharedCorpus?: string): RecipeInfo => {
  const [game, organelle] = id.split('/');
  return {
    id, game: game as RecipeInfo['game'], organelle, title: id, description: '', seed: 1, steps: 10,
    architecture: { embd: 32, heads: 4, layers: 2, mlp: 128, block: 64 }, ...(sharedCorpus ? { sharedCorpus } : {}),
  };
};
const RECIPES = [
  recipe('tictactoe/planner'),
  ...['planner', 'wiring', 'code', 'planner2', 'single'].map((o) => recipe(`compose/${o}`, 'compose')),
];

/** Engine workers whose corpus builds the test finishes by hand. */
function fakeBuilds() {
  const calls = { spawned: 0, closed: 0, builds: [] as string[][] };
  let finish: (texts: Record<string, string>) => void = () => {};
  let fail: (err: Error) => void = () => {};
  const spawn: SpawnEngine = () => {
    calls.spawned++;
    const api = {
      buildCorpora: (ids: string[]) => {
        calls.builds.push(ids);
        return new Promise<Record<string, string>>((resolve, reject) => ((finish = resolve), (fail = reject)));
      },
    };
    return { api: api as unknown as Remote<EngineWorkerApi>, close: () => void calls.closed++ };
  };
  const texts = Object.fromEntries(RECIPES.filter((r) => r.sharedCorpus).map((r) => [r.id, `${r.id} corpus`]));
  return { spawn, calls, done: () => finish(texts), fail: (m: string) => fail(new Error(m)) };
}

function catalog(recipes: RecipeInfo[] = RECIPES) {
  const c = { recipes: [] as RecipeInfo[], loads: 0, load: async () => void ((c.loads++, (c.recipes = recipes))) };
  c.recipes = recipes;
  return c;
}

const timing = (recipeId: string): TrainTimingRequest => ({ source: { kind: 'recipe', recipeId }, architecture: RECIPES[1].architecture, seed: 1 });

describe('RecipeCorpora', () => {
  it("builds code composition's corpus once, in one worker, for the form's timings and every run", async () => {
    const fake = fakeBuilds();
    let clock = 1000;
    const corpora = new RecipeCorpora(fake.spawn, catalog(), () => clock);
    expect(corpora.state('compose').status).toBe('idle');
    // the form times the Planner's run, and the Wiring's and Code's beside it
    expect(corpora.forTiming(timing('compose/planner'))).toBe('waiting');
    expect(corpora.forTiming(timing('compose/wiring'))).toBe('waiting');
    expect(corpora.state('compose').status).toBe('building');
    // runs started meanwhile wait for the same build
    const planner = corpora.corpus('compose/planner');
    const code = corpora.corpus('compose/code');
    await flush();
    expect(fake.calls.builds).toEqual([['compose/planner', 'compose/wiring', 'compose/code', 'compose/planner2', 'compose/single']]);
    clock += 12_500;
    fake.done();
    expect(await planner).toBe('compose/planner corpus');
    expect(await code).toBe('compose/code corpus');
    expect(corpora.state('compose')).toEqual({ status: 'ready', error: null, seconds: 12.5 });
    expect(corpora.forTiming(timing('compose/wiring'))).toEqual({ ...timing('compose/wiring'), corpus: 'compose/wiring corpus' });
    expect(corpora.text('compose/single')).toBe('compose/single corpus');
    // later runs get the texts at once: still one build, its worker closed
    expect(await corpora.corpus('compose/wiring')).toBe('compose/wiring corpus');
    expect(fake.calls).toMatchObject({ spawned: 1, closed: 1 });
  });

  it("leaves a game's recipe and a visitor's corpus to the worker that trains them", async () => {
    const fake = fakeBuilds();
    const corpora = new RecipeCorpora(fake.spawn, catalog());
    const own: TrainTimingRequest = { source: { kind: 'corpus', corpusId: 'a.txt', corpusText: 'a\nb' }, architecture: RECIPES[0].architecture, seed: 1 };
    expect(corpora.forTiming(own)).toBe(own);
    expect(corpora.forTiming(timing('tictactoe/planner'))).toEqual(timing('tictactoe/planner'));
    expect(corpora.forTiming(null)).toBeNull();
    expect(await corpora.corpus('tictactoe/planner')).toBeNull();
    expect(corpora.keyOf('tictactoe/planner')).toBeUndefined();
    expect(fake.calls.spawned).toBe(0);
  });

  it('after a failed build, runs build their own corpus and the form times nothing until asked again', async () => {
    const fake = fakeBuilds();
    const corpora = new RecipeCorpora(fake.spawn, catalog());
    const run = corpora.corpus('compose/code');
    await flush();
    fake.fail('out of memory');
    expect(await run).toBeNull(); // the run's worker builds it, and says what went wrong
    expect(corpora.state('compose')).toEqual({ status: 'failed', error: 'out of memory', seconds: null });
    expect(corpora.forTiming(timing('compose/code'))).toBeNull(); // no retry from an effect
    expect(fake.calls).toMatchObject({ spawned: 1, closed: 1 });
    // a run that asks again starts a new build
    const again = corpora.corpus('compose/code');
    await flush();
    expect(corpora.state('compose').status).toBe('building');
    fake.done();
    expect(await again).toBe('compose/code corpus');
  });

  it('loads the catalog first for a run restored before the Train view opened', async () => {
    const fake = fakeBuilds();
    const c = catalog();
    c.recipes = [];
    const corpora = new RecipeCorpora(fake.spawn, c);
    const run = corpora.corpus('compose/planner');
    await flush();
    expect(c.loads).toBe(1);
    fake.done();
    expect(await run).toBe('compose/planner corpus');
  });

  it('lets go of the texts when the view closes, unless a run still needs them', async () => {
    const fake = fakeBuilds();
    const corpora = new RecipeCorpora(fake.spawn, catalog());
    const run = corpora.corpus('compose/planner');
    await flush();
    fake.done();
    await run;
    corpora.release(() => true);
    expect(corpora.text('compose/code')).toBe('compose/code corpus');
    corpora.release();
    expect(corpora.state('compose').status).toBe('idle');
    expect(corpora.text('compose/code')).toBeUndefined();
  });

  it('tells an effect that reads it when the build is done, and starts it only once', async () => {
    const fake = fakeBuilds();
    const corpora = new RecipeCorpora(fake.spawn, catalog());
    const seen: string[] = [];
    const stop = $effect.root(() => {
      $effect(() => {
        const r = corpora.forTiming(timing('compose/planner'));
        seen.push(r === 'waiting' ? 'waiting' : r === null ? 'none' : (r.corpus ?? 'no corpus'));
      });
    });
    await flush();
    expect(fake.calls.builds).toHaveLength(1);
    fake.done();
    await flush();
    expect(seen.at(-1)).toBe('compose/planner corpus');
    expect(fake.calls.builds).toHaveLength(1);
    stop();
  });
});
