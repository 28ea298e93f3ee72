// The Train form's source choice (web/src/train/SourceFields.svelte) while the game recipes
// are still being looked up: it offers neither source yet, since the first recipe is about to
// be chosen for the visitor, and a visitor who picks their own corpus meanwhile keeps it.
import { flushSync, mount, unmount } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import type { RecipeInfo } from '../../worker/browser/messages.ts';

const recipes = vi.hoisted(() => ({ answer: (_: RecipeInfo[]) => {} }));
vi.mock('../../web/src/state.ts', async () => {
  const { RecipeCatalog } = await import('../../web/src/train/recipe-catalog.svelte.ts');
  const { TrainForm } = await import('../../web/src/train/train-form.svelte.ts');
  // a worker whose list of recipes arrives when the test says
  const spawn = () => ({ api: { listRecipes: () => new Promise<RecipeInfo[]>((answer) => (recipes.answer = answer)) }, close() {} });
  return { catalog: new RecipeCatalog(spawn as never), trainForm: new TrainForm() };
});
const { catalog, trainForm } = await import('../../web/src/state.ts');
const { default: SourceFields } = await import('../../web/src/train/SourceFields.svelte');

const RECIPE: RecipeInfo = {
  id: 'puzzle8/planner',
  game: 'puzzle8',
  organelle: 'planner',
  title: '8-puzzle Planner',
  description: 'Plans.',
  architecture: { embd: 48, heads: 4, layers: 3, mlp: 192, block: 32 },
  seed: 11,
  steps: 36_000,
};

const radio = (value: string) => document.querySelector<HTMLInputElement>(`input[name="mode"][value="${value}"]`)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SourceFields', () => {
  it('offers no source while the recipes load, and keeps the corpus a visitor chose meanwhile', async () => {
    const loading = catalog.load();
    const view = mount(SourceFields, { target: document.body, props: { showErrors: false } });
    flushSync();
    expect(document.body.textContent).toContain('Looking for game recipes…');
    expect([radio('recipe').checked, radio('corpus').checked]).toEqual([false, false]);
    expect(document.querySelector('.corpus')).toBeNull();

    radio('corpus').click();
    flushSync();
    expect(radio('corpus').checked).toBe(true);
    expect(document.querySelector('.corpus')).not.toBeNull();

    recipes.answer([RECIPE]);
    await loading;
    await settle();
    flushSync();
    expect([trainForm.mode, radio('recipe').checked, radio('corpus').checked]).toEqual(['corpus', false, true]);
    expect(document.querySelector('.corpus')).not.toBeNull();
    unmount(view);
  });
});
