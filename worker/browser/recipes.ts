// The recipe registry as the browser worker sees it: plain data for the page's pickers.
// Games register their recipes by side-effect imports gathered in worker/recipes/index.ts,
// which the worker entry (worker/engine.worker.ts) loads when it exists.
import { allRecipes, findRecipe, type GameId, type OrganelleRecipe } from '../recipes/registry.ts';
import { DEFAULT_TRAIN_CONFIG } from '../model/recipe.ts';
import type { RecipeInfo } from './messages.ts';

/**
 * Games whose organelles' corpora the page has built once, in a worker of its own, for all their
 * runs and timings: code composition's (corpus/compose.ts: about 11 s in Node on the project's
 * 2-core machine, for the Planner's 40,000 documents and the Wiring's 40,000). Its three runs
 * outnumber two cores, so built where each trains it would be built again for the third, and for
 * each timing worker. A game's two organelles build theirs side by side, one per core (connect
 * four's takes about 6 s, the 8-puzzle's 2 s, tic-tac-toe's under one).
 */
const SHARED_CORPUS_GAMES: readonly GameId[] = ['compose'];

export function recipeInfo(r: OrganelleRecipe): RecipeInfo {
  return {
    id: r.id,
    game: r.game,
    organelle: r.organelle,
    title: r.title,
    description: r.description,
    architecture: { ...r.architecture },
    seed: r.seed,
    steps: r.config.steps ?? DEFAULT_TRAIN_CONFIG.steps,
    ...(SHARED_CORPUS_GAMES.includes(r.game) ? { sharedCorpus: r.game } : {}),
  };
}

/**
 * The corpora of the recipes named, by id: one build serves a game's organelles (each recipe
 * module makes its corpora once), so asking for all of them at once costs one build.
 */
export function buildCorpora(recipeIds: readonly string[]): Record<string, string> {
  return Object.fromEntries(recipeIds.map((id) => [id, findRecipe(id).buildCorpus()]));
}

export function listRecipes(): RecipeInfo[] {
  return allRecipes().map(recipeInfo);
}

export { findRecipe };
