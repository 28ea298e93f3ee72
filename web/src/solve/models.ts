// Which 8-puzzle models a solve uses and whether a share link's models are in the library:
// the Planner and Mover candidates (the visitor's newest first, then the built-in ones) and
// the pipeline fingerprint of a pair, computed from the models' metadata alone.
import { combineFingerprints } from '../../../worker/pipeline/fingerprint.ts';
import type { ModelMeta } from '../library/model-store.ts';
import { findPipeline, roleModels } from '../library/pipelines.ts';

export type Puzzle8Role = 'planner' | 'mover';
export const ROLES: readonly Puzzle8Role[] = ['planner', 'mover'];

/** The library's models for one 8-puzzle organelle, in the library's order (newest own first). */
export function candidates(models: readonly ModelMeta[], role: Puzzle8Role): ModelMeta[] {
  return roleModels(models, 'puzzle8', role);
}

/** The fingerprint a share link records for this Planner and Mover. */
export function pairFingerprint(planner: ModelMeta, mover: ModelMeta): string {
  return combineFingerprints([planner.fingerprint, mover.fingerprint]);
}

/** The library's Planner and Mover that made a run with `fingerprint`, if it holds them. */
export function findPair(models: readonly ModelMeta[], fingerprint: string): { planner: ModelMeta; mover: ModelMeta } | null {
  const found = findPipeline(models, 'puzzle8', ROLES, fingerprint);
  return found ? { planner: found[0], mover: found[1] } : null;
}
