// The primitive library of code composition (seed section 9): every primitive the Planner may
// name, the Code organelle recalls and the Judge runs, in one fixed order (category by category,
// in the order of types.ts's Category), so indices and generated tables are stable.
import type { Primitive } from '../types.ts';
import { ACTIVATIONS } from './activations.ts';
import { DETECTORS } from './detectors.ts';
import { DIFFERENCES } from './differences.ts';
import { NORMALISATION } from './normalisation.ts';
import { RESAMPLING } from './resampling.ts';
import { SMOOTHING } from './smoothing.ts';
import { SPECTRA } from './spectra.ts';
import { STATISTICS } from './statistics.ts';
import { VECTOR } from './vector.ts';
import { WINDOWS } from './windows.ts';

export const PRIMITIVES: readonly Primitive[] = [
  ...STATISTICS,
  ...SMOOTHING,
  ...DIFFERENCES,
  ...NORMALISATION,
  ...RESAMPLING,
  ...SPECTRA,
  ...WINDOWS,
  ...VECTOR,
  ...ACTIVATIONS,
  ...DETECTORS,
];

export const PRIMITIVE_NAMES: readonly string[] = PRIMITIVES.map((p) => p.name);

const BY_NAME = new Map(PRIMITIVES.map((p) => [p.name, p]));

/** The primitive called `name`; throws, naming it, if there is none. */
export function primitiveByName(name: string): Primitive {
  const primitive = BY_NAME.get(name);
  if (!primitive) throw new Error(`unknown primitive '${name}'`);
  return primitive;
}
