// One fingerprint for the set of models a run used (share links name it, so a replay can say
// whether the viewer's own models are the same ones).
import { modelFingerprint, fnv1a32 } from '../model/model-file.ts';
import type { Organelle } from '../organelle.ts';

export function pipelineFingerprint(organelles: readonly Organelle[]): string {
  const joined = new TextEncoder().encode(organelles.map((o) => modelFingerprint(o.toModel())).join('|'));
  const a = fnv1a32(joined);
  const b = fnv1a32(joined, 0x9e3779b9);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
