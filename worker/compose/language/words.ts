// The words around the steps: what an intent operates on, and how a later step refers to the
// result so far. Every word here is in the corpora; the held-out sets recombine them.

/** The data a one-array composition starts from. */
export const OBJECTS: readonly string[] = [
  'the signal', 'the data', 'the series', 'the values', 'the samples', 'the readings',
  'the measurements', 'the input', 'the sequence', 'the array', 'my signal', 'my data', 'x',
];

/** The two arrays a composition that starts with a binary step takes. */
export const PAIRS: readonly string[] = [
  'the two signals', 'x and y', 'both signals', 'the two series', 'the two arrays', 'both arrays',
];

/** What a sentence said in the library's plainest words works on: "the signal", or "the two signals" for a binary first step. */
export function plainObject(arrays: number): string {
  return arrays === 2 ? PAIRS[0] : OBJECTS[0];
}

/** How a later step names the result so far. */
export const REFS: readonly string[] = ['it', 'the result', 'that'];
