// The code-composition pipeline's organelles, by role, and which of a game's recipes make up
// its pipeline: compose's single-model baseline is measured beside the pipeline, not part of
// it (worker/recipes/compose.ts). A leaf module, so the page can read it without the engine.

export const COMPOSE_ROLES = ['planner', 'wiring', 'code'] as const;
export type ComposeRole = (typeof COMPOSE_ROLES)[number];

/** Whether a recipe's organelle is part of its game's pipeline ("Train all three", trained first by the CLI). */
export function inPipeline(recipe: { game: string; organelle: string }): boolean {
  return recipe.game !== 'compose' || (COMPOSE_ROLES as readonly string[]).includes(recipe.organelle);
}
