// A recipe's corpus built once in another worker and handed to a run (worker/browser/train.ts,
// train-timing.ts, recipes.ts), in Node on the same wasm: the run asks for it once, before it
// trains, and trains on exactly the text it gets, to the same weights as a run that built it
// itself; without one it builds its own; a timing takes the text too. Which recipes share a
// build the page makes once: code composition's only.
import { describe, expect, it, vi } from 'vitest';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { trainOrganelle } from '../../worker/browser/train.ts';
import { PreparedTiming } from '../../worker/browser/train-timing.ts';
import { buildCorpora, listRecipes } from '../../worker/browser/recipes.ts';
import { findRecipe } from '../../worker/recipes/index.ts';
import { decodeModelFile } from '../../worker/model/model-file.ts';
import { float32Hash } from '../../worker/recipes/determinism.ts';
import type { TrainCallbacks, TrainRequest, TrainStarted } from '../../worker/browser/messages.ts';

const recipe = findRecipe('tictactoe/planner');
const request: TrainRequest = {
  name: 'tictactoe/planner', source: { kind: 'recipe', recipeId: recipe.id }, architecture: recipe.architecture, steps: 5, seed: recipe.seed,
};

function callbacks(corpus?: TrainCallbacks['corpus']) {
  const seen: { started?: TrainStarted } = {};
  const cb: TrainCallbacks = {
    ...(corpus ? { corpus } : {}),
    started: (e) => (seen.started = e),
    progress: () => {},
    checkpoint: () => {},
    paused: () => {},
  };
  return { cb, seen };
}

async function weights(result: Awaited<ReturnType<typeof trainOrganelle>>): Promise<string> {
  if (result.status !== 'done') throw new Error(`the run ended ${result.status}`);
  return float32Hash(decodeModelFile(result.model).params);
}

describe('a corpus built elsewhere', () => {
  it('is asked for once and trained on, to the weights the run would make building it itself', async () => {
    const module = await nodeWasmModule();
    const text = recipe.buildCorpus();
    const corpus = vi.fn(async () => text);
    const given = callbacks(corpus);
    const own = callbacks();
    const a = await trainOrganelle(module, request, given.cb);
    const b = await trainOrganelle(module, request, own.cb);
    expect(corpus).toHaveBeenCalledOnce();
    expect(corpus).toHaveBeenCalledWith('tictactoe/planner');
    expect(await weights(a)).toBe(await weights(b));
    expect(given.seen.started).toEqual(own.seen.started);
  });

  it('is the text the run trains on, and null leaves the run to build its own', async () => {
    const module = await nodeWasmModule();
    const two = recipe.buildCorpus().split('\n\n').slice(0, 2).join('\n\n');
    const given = callbacks(async () => two);
    await trainOrganelle(module, request, given.cb);
    expect(given.seen.started?.documents).toBe(2);
    const none = callbacks(() => null);
    await trainOrganelle(module, request, none.cb);
    expect(none.seen.started?.documents).toBe(recipe.buildCorpus().split('\n\n').length);
  });

  it('serves a timing too', async () => {
    const module = await nodeWasmModule();
    const two = recipe.buildCorpus().split('\n\n').slice(0, 2).join('\n\n');
    const timing = (await PreparedTiming.prepare(module, { ...request, corpus: two })).time({ warmupMs: 5, timedMs: 20 });
    const vocab = new Set(two.replace(/\n/g, '')).size + 2; // the characters, newline, BOS
    expect(timing.vocabSize).toBe(vocab);
  });
});

describe('recipes sharing a build', () => {
  it("marks code composition's recipes as sharing one build, and no game's", () => {
    const shared = listRecipes().filter((r) => r.sharedCorpus !== undefined);
    expect(shared.map((r) => [r.id, r.sharedCorpus])).toEqual([
      ['compose/planner', 'compose'], ['compose/wiring', 'compose'], ['compose/code', 'compose'], ['compose/planner2', 'compose'],
      ['compose/reader', 'compose'], ['compose/reader2', 'compose'], ['compose/single', 'compose'],
    ]);
    // the ALiBi of compose recipes' shapes reaches the page
    expect(listRecipes().some((r) => r.architecture.alibi)).toBe(true);
    for (const r of listRecipes()) expect(r.architecture, r.id).toEqual(findRecipe(r.id).architecture);
  });

  it("gives each recipe's text by id, from one build", () => {
    const built = buildCorpora(['tictactoe/planner', 'tictactoe/player']);
    expect(Object.keys(built)).toEqual(['tictactoe/planner', 'tictactoe/player']);
    expect(built['tictactoe/player']).toBe(findRecipe('tictactoe/player').buildCorpus());
    expect(() => buildCorpora(['nope/none'])).toThrow(/no organelle recipe "nope\/none"/);
  });
});
