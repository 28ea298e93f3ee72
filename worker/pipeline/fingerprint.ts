// One fingerprint for the set of models a run used (share links name it, so a replay can say
// whether the viewer's own models are the same ones).
import { modelFingerprint, fnv1a32 } from '../model/model-file.ts';
import type { Organelle } from '../organelle.ts';

export function pipelineFingerprint(organelles: readonly Organelle[]): string {
  return combineFingerprints(organelles.map((o) => modelFingerprint(o.toModel())));
}

/**
 * The pipeline fingerprint from the models' own fingerprints (modelFingerprint, in pipeline
 * order): what the web app compares a share link against without loading any model.
 */
export function combineFingerprints(fingerprints: readonly string[]): string {
  const joined = new TextEncoder().encode(fingerprints.join('|'));
  const a = fnv1a32(joined);
  const b = fnv1a32(joined, 0x9e3779b9);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
