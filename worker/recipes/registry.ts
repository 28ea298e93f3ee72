// The organelles the product can train: for each, the game and role it serves, its
// architecture, default steps and seed, and a deterministic corpus builder. The CLI's
// `organelle train <game>` and the browser's Train view both read this list, so a model
// trained in either place from the same entry is the same model, bit for bit.
import type { ShapePreset } from '../model/shape.ts';
import type { TrainConfig } from '../model/types.ts';
import type { TokenizerOptions } from '../model/tokenizer.ts';

export type GameId = 'puzzle8' | 'tictactoe' | 'connect4' | 'compose';

export interface OrganelleRecipe {
  game: GameId;
  organelle: string; // role within the game's pipeline: 'planner', 'mover', 'player'
  id: string; // `${game}/${organelle}`, also the corpus id
  title: string;
  description: string;
  architecture: ShapePreset;
  seed: number;
  config: Partial<TrainConfig>; // overrides of DEFAULT_TRAIN_CONFIG (steps included)
  tokenizer?: TokenizerOptions; // characters unless given (worker/model/tokenizer.ts)
  buildCorpus(): string; // PROMPT\nRESPONSE documents separated by blank lines
}

const recipes: OrganelleRecipe[] = [];

/** Called by each game's recipe module at import time. */
export function registerRecipe(recipe: OrganelleRecipe): void {
  if (recipes.some((r) => r.id === recipe.id)) throw new Error(`recipe ${recipe.id} registered twice`);
  recipes.push(recipe);
}

export function allRecipes(): readonly OrganelleRecipe[] {
  return recipes;
}

export function recipesFor(game: GameId): OrganelleRecipe[] {
  return recipes.filter((r) => r.game === game);
}

export function findRecipe(id: string): OrganelleRecipe {
  const r = recipes.find((x) => x.id === id);
  if (!r) throw new Error(`no organelle recipe "${id}" (known: ${recipes.map((x) => x.id).join(', ') || 'none'})`);
  return r;
}
