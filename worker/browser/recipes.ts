// The recipe registry as the browser worker sees it: plain data for the page's pickers.
// Games register their recipes by side-effect imports gathered in worker/recipes/index.ts,
// which the worker entry (worker/engine.worker.ts) loads when it exists.
import { allRecipes, findRecipe, type OrganelleRecipe } from '../recipes/registry.ts';
import { DEFAULT_TRAIN_CONFIG } from '../model/recipe.ts';
import type { RecipeInfo } from './messages.ts';

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
  };
}

export function listRecipes(): RecipeInfo[] {
  return allRecipes().map(recipeInfo);
}

export { findRecipe };
