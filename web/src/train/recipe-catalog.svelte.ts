// The registered organelle recipes, read once from a short-lived engine worker so the
// games' corpus builders stay out of the page's bundle. Empty until games register theirs.
import { withEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import type { RecipeInfo } from '../../../worker/browser/messages.ts';
import type { GameId } from '../../../worker/recipes/registry.ts';

export class RecipeCatalog {
  readonly #spawn: SpawnEngine;
  #recipes = $state.raw<RecipeInfo[]>([]);
  #status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  #error = $state<string | null>(null);
  #loading: Promise<void> | null = null;
  #games = $derived([...new Set(this.#recipes.map((r) => r.game))]);

  constructor(spawn: SpawnEngine) {
    this.#spawn = spawn;
  }

  get recipes(): readonly RecipeInfo[] { return this.#recipes; }
  get status(): 'idle' | 'loading' | 'ready' | 'error' { return this.#status; }
  get error(): string | null { return this.#error; }
  /** Games with at least one recipe, in registration order. */
  get games(): readonly GameId[] { return this.#games; }

  forGame(game: GameId): RecipeInfo[] {
    return this.#recipes.filter((r) => r.game === game);
  }

  find(id: string): RecipeInfo | undefined {
    return this.#recipes.find((r) => r.id === id);
  }

  /** Lists the recipes once; a call while they are being listed waits for the same listing. */
  load(): Promise<void> {
    if (this.#status === 'ready') return Promise.resolve();
    this.#loading ??= this.#list().finally(() => (this.#loading = null));
    return this.#loading;
  }

  async #list(): Promise<void> {
    this.#status = 'loading';
    try {
      this.#recipes = await withEngine(this.#spawn, (api, guard) => guard(api.listRecipes()));
      this.#status = 'ready';
    } catch (err) {
      this.#error = errorMessage(err);
      this.#status = 'error';
    }
  }
}
