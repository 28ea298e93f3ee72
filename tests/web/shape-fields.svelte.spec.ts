// The Train form's shape fields (web/src/train/ShapeFields.svelte): the size picker names each
// shape by its widths, never by a rough count that the model's own count below contradicts
// ("92K · E48 H4 L3" above "87K parameters"), and the hint's sentences are spaced.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecipeInfo } from '../../worker/browser/messages.ts';

vi.mock('../../web/src/state.ts', async () => {
  const { TrainForm } = await import('../../web/src/train/train-form.svelte.ts');
  return { trainForm: new TrainForm() };
});
const { trainForm: form } = await import('../../web/src/state.ts');
const { default: ShapeFields } = await import('../../web/src/train/ShapeFields.svelte');
const { DETERMINISM_CORPUS } = await import('../../worker/recipes/determinism.ts');

const PLANNER: RecipeInfo = {
  id: 'tictactoe/planner', game: 'tictactoe', organelle: 'planner', title: 'Tic-tac-toe Planner', description: 'Plans.',
  architecture: { embd: 48, heads: 4, layers: 3, mlp: 192, block: 24 }, seed: 21, steps: 12_000,
};

const text = () => document.body.textContent!.replace(/\s+/g, ' ');
const options = () => [...document.querySelectorAll<HTMLOptionElement>('#preset option')].map((o) => o.textContent!.trim());

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view && unmount(view));

describe('ShapeFields', () => {
  it('names every size by its widths, with no parameter count to contradict the model’s own', () => {
    form.useText('moves.txt', DETERMINISM_CORPUS);
    form.preset = '92k';
    view = mount(ShapeFields, { target: document.body, props: { showErrors: false } });
    flushSync();
    expect(options()).toEqual(['E32 H4 L2', 'E48 H4 L2', 'E48 H4 L3', 'E64 H4 L3', 'E96 H8 L4']);
    for (const o of options()) expect(o).not.toMatch(/\d\s*K\b/i);
    // the one count on show is the model's own
    expect(text()).toMatch(/Embedding 48, 4 heads, 3 layers, MLP 192, block 128 · \d+K parameters \([\d,]+\)/);
  });

  it('names a recipe’s own shape by its widths too, and spaces the sentence about the address', () => {
    form.switchMode('recipe');
    form.chooseRecipe({ ...PLANNER, architecture: { ...PLANNER.architecture, embd: 40, mlp: 160 } });
    view = mount(ShapeFields, { target: document.body, props: { showErrors: false } });
    flushSync();
    expect(form.preset).toBe('recipe');
    expect(options()[0]).toBe("Recipe's own · E40 H4 L3");
    expect(text()).toContain("the same settings give the same model, bit for bit. The page's address holds them");
  });
});
