// The code-composition pipeline's organelles, by role, and which of a game's recipes make up
// its pipeline: compose's single-model baseline is measured beside the pipeline, not part of
// it (worker/recipes/compose.ts). A leaf module, so the page can read it without the engine.
//
// Two Planners from one recipe and two seeds: a plan counts when both write it, or, where the
// settings weigh their different plans, when both are surer of it than of the other's
// (worker/compose/organelles.ts agreeingPlanners). Each is a role of its own, so every place
// that loads, chooses, trains or fingerprints a pipeline's models takes both.

export const COMPOSE_ROLES = ['planner', 'planner2', 'wiring', 'code'] as const;
export type ComposeRole = (typeof COMPOSE_ROLES)[number];

/** A value for each role, in pipeline order. */
export function byRole<T>(value: (role: ComposeRole, i: number) => T): Record<ComposeRole, T> {
  return Object.fromEntries(COMPOSE_ROLES.map((role, i) => [role, value(role, i)])) as Record<ComposeRole, T>;
}

/** The roles that plan: absent together in the ablation where the keyword decomposer plans alone. */
export const PLANNER_ROLES: readonly ComposeRole[] = ['planner', 'planner2'];

export function isPlannerRole(role: string): boolean {
  return (PLANNER_ROLES as readonly string[]).includes(role);
}

/** Whether a recipe's organelle is part of its game's pipeline ("Train all four", trained first by the CLI). */
export function inPipeline(recipe: { game: string; organelle: string }): boolean {
  return recipe.game !== 'compose' || (COMPOSE_ROLES as readonly string[]).includes(recipe.organelle);
}
