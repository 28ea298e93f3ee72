// Which of the library's models made a run: a share link names its pipeline's fingerprint
// (combineFingerprints of its models, in pipeline order), computed here from the models'
// metadata alone, without loading any model.
import { combineFingerprints } from '../../../worker/pipeline/fingerprint.ts';
import type { ModelMeta } from './model-store.ts';

/** What a view that runs models needs of the library: its models and their files. */
export interface LibraryReader {
  readonly models: readonly ModelMeta[];
  file(id: string): Promise<{ name: string; bytes: Uint8Array }>;
  /** Resolves once the library (the visitor's models and the built-in ones) has been read. */
  loaded(): Promise<void>;
}

/** The library's models for one organelle of a game, in the library's order (newest own first). */
export function roleModels(models: readonly ModelMeta[], game: string, role: string): ModelMeta[] {
  return models.filter((m) => m.game === game && m.organelle === role);
}

/** The library's models, one per role in pipeline order, whose pipeline has `fingerprint`; null if it lacks them. */
export function findPipeline(models: readonly ModelMeta[], game: string, roles: readonly string[], fingerprint: string): ModelMeta[] | null {
  const search = (i: number, chosen: ModelMeta[]): ModelMeta[] | null => {
    if (i === roles.length) return combineFingerprints(chosen.map((m) => m.fingerprint)) === fingerprint ? chosen : null;
    for (const m of roleModels(models, game, roles[i])) {
      const found = search(i + 1, [...chosen, m]);
      if (found) return found;
    }
    return null;
  };
  return search(0, []);
}
