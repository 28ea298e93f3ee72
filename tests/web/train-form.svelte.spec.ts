// The Train view's form: corpus checks with the engine's own messages, the held-out split,
// field validation, the job specs it produces, and its setup in the address.
import { describe, expect, it } from 'vitest';
import { TrainForm, allOf, pipelineRecipes, recipeSpecs, trainAllLabel } from '../../web/src/train/train-form.svelte.ts';
import { TrainAddress } from '../../web/src/train/train-address.svelte.ts';
import { trainHref } from '../../web/src/lib/routes.ts';
import { presetOf } from '../../worker/model/shape.ts';
import { analyseCorpus } from '../../web/src/train/corpus.ts';
import { DETERMINISM_CORPUS } from '../../worker/recipes/determinism.ts';
import type { RecipeInfo } from '../../worker/browser/messages.ts';

const recipe: RecipeInfo = {
  id: 'puzzle8/mover',
  game: 'puzzle8',
  organelle: 'mover',
  title: 'Mover',
  description: 'Proposes a slide.',
  architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 64 },
  seed: 42,
  steps: 25_000,
};

describe('analyseCorpus', () => {
  it('counts documents, characters and the longest document, holding out every tenth', () => {
    const a = analyseCorpus(DETERMINISM_CORPUS, true);
    if ('error' in a) throw new Error(a.error);
    expect(a.documents + a.validationDocuments).toBe(36);
    expect(a.validationDocuments).toBe(3);
    expect(a.longest).toBe(48);
    expect(a.trainingText.split('\n\n')).toHaveLength(33);
    const whole = analyseCorpus(DETERMINISM_CORPUS, false);
    expect('error' in whole ? 0 : whole.validationDocuments).toBe(0);
  });

  it('passes on the engine message for a malformed corpus, as a sentence', () => {
    expect(analyseCorpus('prompt only', true)).toEqual({
      error: 'Corpus document 1 is malformed: expected 2 lines (PROMPT, RESPONSE), found 1: "prompt only".',
    });
    expect(analyseCorpus('  \n ', true)).toEqual({ error: 'Corpus has no documents.' });
  });
});

describe('TrainForm', () => {
  it('asks for a corpus, then for a block that fits it', () => {
    const form = new TrainForm();
    expect(form.errors.source).toMatch(/Choose a corpus file/);
    form.useText('moves.txt', DETERMINISM_CORPUS);
    expect(form.name).toBe('moves');
    expect(form.valid).toBe(true);
    form.block = 32;
    expect(form.errors.block).toMatch(/needs 48 positions; choose a block of 64 or more/);
    form.block = 64;
    form.steps = 0;
    form.seed = -1;
    expect(Object.keys(form.errors).sort()).toEqual(['seed', 'steps']);
    expect(form.spec()).toBeNull();
  });

  it('turns a corpus into a plain job spec with its validation text', () => {
    const form = new TrainForm();
    form.useText('moves.txt', DETERMINISM_CORPUS);
    form.preset = '64k';
    form.block = 64;
    form.steps = 300;
    form.seed = 9;
    const spec = form.spec()!;
    expect(spec).toMatchObject({ name: 'moves', steps: 300, seed: 9, architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 64 } });
    expect(spec.source.kind === 'corpus' && spec.source.validationText?.split('\n\n')).toHaveLength(3);
    expect(structuredClone(spec)).toEqual(spec);
    expect(form.params).toBeGreaterThan(60_000);
  });

  it('takes a recipe\'s settings and builds one spec per organelle for "train all"', () => {
    const form = new TrainForm();
    form.mode = 'recipe';
    expect(form.errors.source).toMatch(/Choose an organelle/);
    form.chooseRecipe(recipe);
    expect([form.preset, form.block, form.steps, form.seed]).toEqual(['64k', 64, 25_000, 42]);
    expect(form.spec()).toMatchObject({ name: 'puzzle8/mover', source: { kind: 'recipe', recipeId: 'puzzle8/mover' }, game: 'puzzle8' });
    expect(presetOf({ embd: 40, heads: 4, layers: 1, mlp: 40, block: 8 })).toBeUndefined();
    expect(recipeSpecs([recipe])).toEqual([
      { name: 'puzzle8/mover', source: { kind: 'recipe', recipeId: 'puzzle8/mover' }, architecture: recipe.architecture, steps: 25_000, seed: 42, game: 'puzzle8', organelle: 'mover' },
    ]);
  });

  it('says "both" on the train-all button of a game with two organelles, "all four" for code composition\'s', () => {
    expect(trainAllLabel(2)).toBe('Train both');
    expect(trainAllLabel(3)).toBe('Train all three');
    expect(trainAllLabel(4)).toBe('Train all four');
    expect(allOf(5)).toBe('all five');
    expect(allOf(6)).toBe('all 6');
  });

  it("trains code composition's pipeline all together, not its single-model baseline, as a set", () => {
    // in the registry's order: the second Planner trains after the Code (worker/recipes/compose.ts)
    const compose = ['planner', 'wiring', 'code', 'planner2', 'single'].map((organelle): RecipeInfo => ({
      ...recipe, id: `compose/${organelle}`, game: 'compose', organelle, sharedCorpus: 'compose',
      architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 320, ...(organelle === 'planner' ? {} : { alibi: true }) },
    }));
    const pipeline = pipelineRecipes(compose);
    expect(pipeline.map((r) => r.organelle)).toEqual(['planner', 'wiring', 'code', 'planner2']);
    expect(pipelineRecipes([recipe, { ...recipe, id: 'puzzle8/planner', organelle: 'planner' }])).toHaveLength(2); // a game's: all of them
    const specs = recipeSpecs(pipeline, 'set-1');
    expect(specs.map((s) => [s.name, s.set, s.architecture.alibi])).toEqual([
      ['compose/planner', 'set-1', undefined], ['compose/wiring', 'set-1', true], ['compose/code', 'set-1', true], ['compose/planner2', 'set-1', true],
    ]);
    expect(recipeSpecs(pipeline)[0]).not.toHaveProperty('set');
  });

  it("keeps a recipe's ALiBi in the run it describes, at the recipe's own shape only", () => {
    const wiring: RecipeInfo = {
      ...recipe, id: 'compose/wiring', game: 'compose', organelle: 'wiring', seed: 32, steps: 6000,
      architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 320, alibi: true },
    };
    const form = new TrainForm();
    form.switchMode('recipe', false);
    form.chooseRecipe(wiring);
    expect(form.preset).toBe('recipe'); // the 64k preset's widths, but no preset has ALiBi
    expect(form.architecture).toEqual(wiring.architecture);
    expect(form.spec()!.architecture).toEqual(wiring.architecture);
    expect(form.timingRequest()!.architecture.alibi).toBe(true);
    expect(form.setup).toMatchObject({ source: 'compose/wiring', shape: 'recipe', block: '320' });
    form.preset = '64k';
    expect(form.architecture).toEqual({ embd: 48, heads: 4, layers: 2, mlp: 192, block: 320 });
  });

  it('keeps separate settings for recipe and corpus training', () => {
    const form = new TrainForm();
    form.steps = 500;
    form.switchMode('recipe', false);
    expect(form.touched).toBe(false);
    form.chooseRecipe(recipe);
    expect(form.steps).toBe(25_000);
    form.switchMode('corpus');
    expect([form.mode, form.steps, form.preset, form.block]).toEqual(['corpus', 500, '30k', 128]);
    expect(form.touched).toBe(true);
    form.switchMode('recipe');
    expect([form.steps, form.seed, form.block]).toEqual([25_000, 42, 64]);
  });

  it('refuses a corpus file too large to read', async () => {
    const form = new TrainForm();
    await form.chooseFile({ name: 'huge.txt', size: 1e9, text: async () => '' });
    expect(form.errors.source).toMatch(/too large/);
  });

  it('describes the run to time once its source, block and seed are usable, whatever its name and steps', () => {
    const form = new TrainForm();
    expect(form.timingRequest()).toBeNull();
    form.useText('moves.txt', DETERMINISM_CORPUS);
    form.name = '';
    form.steps = 0; // neither changes how fast it trains
    expect(form.valid).toBe(false);
    const timing = form.timingRequest();
    expect(timing?.architecture).toEqual({ embd: 32, heads: 4, layers: 2, mlp: 128, block: 128 });
    form.name = 'moves';
    form.steps = 100;
    expect(timing?.source).toEqual(form.spec()!.source); // the very corpus the run trains on
    form.block = 32; // too short for the corpus's longest document
    expect(form.timingRequest()).toBeNull();
    form.block = 64;
    form.seed = -1;
    expect(form.timingRequest()).toBeNull();
    form.seed = 3;
    form.switchMode('recipe');
    form.chooseRecipe(recipe);
    expect(form.timingRequest()).toEqual({ source: { kind: 'recipe', recipeId: 'puzzle8/mover' }, architecture: recipe.architecture, seed: 42 });
  });
});

const tictactoe: RecipeInfo = {
  ...recipe, id: 'tictactoe/planner', game: 'tictactoe', organelle: 'planner', architecture: { embd: 48, heads: 4, layers: 3, mlp: 192, block: 24 }, seed: 21, steps: 12_000,
};
const odd: RecipeInfo = { ...recipe, id: 'odd/one', architecture: { embd: 40, heads: 4, layers: 1, mlp: 80, block: 40 } };
const recipes = [recipe, tictactoe, odd];
const find = (id: string) => recipes.find((r) => r.id === id);

describe('TrainForm in the address', () => {
  it('writes its source, shape and block, and its steps and seed while they are valid', () => {
    const form = new TrainForm();
    expect(form.setup).toEqual({ source: 'corpus', shape: '30k', block: '128', steps: '2000', seed: '1' });
    form.switchMode('recipe');
    form.chooseRecipe(odd);
    expect(form.setup).toEqual({ source: 'odd/one', shape: 'recipe', block: '40', steps: '25000', seed: '42' });
    form.steps = 0;
    form.seed = 1.5;
    expect(form.setup).toEqual({ source: 'odd/one', shape: 'recipe', block: '40' });
  });

  it("takes an address's recipe with its settings, then what the address overrides", () => {
    const form = new TrainForm();
    expect(form.applySetup({ source: 'tictactoe/planner' }, find)).toEqual([]);
    expect(form.touched).toBe(true); // a link is the visitor's choice: no recipe is offered in its place
    expect([form.mode, form.recipeId, form.preset, form.block, form.steps, form.seed]).toEqual(['recipe', 'tictactoe/planner', '92k', 24, 12_000, 21]);
    expect(form.applySetup({ shape: '460k', block: '64', steps: '300', seed: '0' }, find)).toEqual([]);
    expect([form.recipeId, form.preset, form.block, form.steps, form.seed]).toEqual(['tictactoe/planner', '460k', 64, 300, 0]);
    expect(form.applySetup({ source: 'odd/one', shape: 'recipe', block: '40', seed: '4294967295' }, find)).toEqual([]);
    expect([form.preset, form.block, form.seed, form.architecture.embd]).toEqual(['recipe', 40, 4_294_967_295, 40]);
    expect(form.applySetup({ source: 'corpus', steps: '77' }, find)).toEqual([]);
    expect([form.mode, form.steps]).toEqual(['corpus', 77]);
  });

  it('names every part it cannot take, and leaves those parts as they were', () => {
    const form = new TrainForm();
    form.applySetup({ source: 'puzzle8/mover' }, find);
    const problems = form.applySetup({ source: 'chess/king', shape: '999k', block: '24', steps: '1e3', seed: '-1' }, find);
    expect(problems).toEqual([
      'no game organelle has the recipe “chess/king”',
      '“999k” is not a model size the form offers',
      '“24” is not a block size the form offers', // the Tic-tac-toe Planner's own, not the Mover's
      '“1e3” is not a number of steps from 1 to 1,000,000',
      '“-1” is not a seed from 0 to 4,294,967,295',
    ]);
    expect([form.recipeId, form.preset, form.block, form.steps, form.seed]).toEqual(['puzzle8/mover', '64k', 64, 25_000, 42]);
    expect(form.applySetup({ steps: '0', seed: '4294967296' }, find)).toHaveLength(2);
    form.applySetup({ source: 'corpus' }, find);
    expect(form.applySetup({ shape: 'recipe' }, find)).toEqual(['“recipe” is not a model size the form offers']); // no recipe for a corpus
  });
});

describe('TrainAddress', () => {
  const catalog = (status: 'idle' | 'loading' | 'ready' | 'error') => ({ status, find: (id: string) => (status === 'ready' ? find(id) : undefined) });

  it('keeps an address as it came until the recipes are known, then hands it to the form', () => {
    const form = new TrainForm();
    const known = { status: 'loading' as 'loading' | 'ready', find };
    const address = new TrainAddress(form, known);
    const asked = '#/train/tictactoe/planner?steps=600&seed=5';
    address.take({ source: 'tictactoe/planner', steps: '600', seed: '5' });
    expect(address.href).toBe(asked); // as it came, while it waits
    expect(form.mode).toBe('corpus');
    known.status = 'ready';
    address.settle();
    expect([form.recipeId, form.steps, form.seed]).toEqual(['tictactoe/planner', 600, 5]);
    expect(address.href).toBe('#/train/tictactoe/planner?shape=92k&block=24&steps=600&seed=5');
    address.take({}); // the navigation's bare #/train: the form as it was
    expect([address.href, form.steps]).toEqual(['#/train/tictactoe/planner?shape=92k&block=24&steps=600&seed=5', 600]);
  });

  it('says what the form could not take until the visitor changes the form', () => {
    const form = new TrainForm();
    const address = new TrainAddress(form, catalog('error')); // no recipes can be listed
    address.take({ source: 'puzzle8/mover', steps: 'many' });
    expect(address.problems).toEqual(['no game organelle has the recipe “puzzle8/mover”', '“many” is not a number of steps from 1 to 1,000,000']);
    expect(address.href).toBe(trainHref(form.setup));
    form.steps = 40;
    expect(address.problems).toEqual([]);
  });
});
