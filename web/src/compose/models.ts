// Which compose models a composition uses and whether a share link's models are in the library:
// the role titles of the two Planners, Wiring and Code, the pipeline a share link names, and the
// settings the run takes: the confidence rule and thresholds
// chosen on the validation set for the built-in models (public/models/compose/settings.json,
// read at build time).
import type { ModelMeta } from '../library/model-store.ts';
import { findPipeline } from '../library/pipelines.ts';
import { parseSettings, SECOND_READERS, type ComposeSettings, type SecondReader } from '../../../worker/compose/settings.ts';
import { byRole, COMPOSE_ROLES, isPlannerRole, type ComposeRole } from '../../../worker/compose/roles.ts';

export { byRole, COMPOSE_ROLES, isPlannerRole, type ComposeRole };

/** The second reading's Readers as the page names them. */
export const READER_TITLES: Record<SecondReader, string> = { reader: 'Reader', reader2: 'Second Reader' };

/** Each role as the page names it; the Second Planner is the Planner's recipe from another seed. */
export const ROLE_TITLES: Record<ComposeRole, string> = { planner: 'Planner', planner2: 'Second Planner', wiring: 'Wiring', code: 'Code' };

/** The library's models, one per role, whose pipeline has `fingerprint`, if it holds them. */
export function findComposeModels(models: readonly ModelMeta[], fingerprint: string): Record<ComposeRole, ModelMeta> | null {
  const found = findPipeline(models, 'compose', COMPOSE_ROLES, fingerprint);
  return found ? byRole((_, i) => found[i]) : null;
}

/** The shipped settings, or null when the build has none (or they do not read). */
export function shippedSettings(json: unknown): ComposeSettings | null {
  if (json === null || json === undefined) return null;
  try {
    return parseSettings(JSON.stringify(json));
  } catch {
    return null;
  }
}

/**
 * The settings a composition with `chosen` runs under: the shipped ones, which name the models
 * they were chosen for. For other models (trained or imported) the same rule and thresholds are
 * used, with the models' own fingerprints, and `measured` says they were not chosen for them.
 * The second reading's Readers (`readers`: found in the library by the fingerprints the settings
 * name) read again only for the models it was chosen with; otherwise, or without them, there is
 * no second reading.
 */
export function settingsFor(
  shipped: ComposeSettings,
  chosen: Record<ComposeRole, Pick<ModelMeta, 'fingerprint'>>,
  library: readonly ModelMeta[] = [],
): { settings: ComposeSettings; measured: boolean; readers: Record<SecondReader, ModelMeta> | null } {
  const measured = COMPOSE_ROLES.every((role) => shipped.models[role] === chosen[role].fingerprint);
  const { secondReading, ...first } = shipped;
  const found = measured && secondReading ? SECOND_READERS.map((role) => library.find((m) => m.game === 'compose' && m.organelle === role && m.fingerprint === secondReading.models[role])) : [];
  const readers = found.length > 0 && found.every((m) => m !== undefined) ? { reader: found[0]!, reader2: found[1]! } : null;
  if (measured) return { settings: readers ? shipped : first, measured, readers };
  const models = { ...shipped.models, ...byRole((role) => chosen[role].fingerprint) };
  return { settings: { ...first, models }, measured, readers: null };
}
