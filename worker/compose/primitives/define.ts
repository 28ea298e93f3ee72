// Small constructors that keep the primitive tables readable: parameter specs and phrases
// written as [verb, gerund, noun] triples.
import type { ParamSpec, Phrase } from '../types.ts';

/** An integer parameter (a window, a factor): step 1. */
export function int(name: string, min: number, max: number, fallback: number): ParamSpec {
  return { name, kind: 'int', min, max, step: 1, default: fallback };
}

/** A real parameter (a cutoff, a threshold) drawn from min..max in steps of `step`. */
export function num(name: string, min: number, max: number, step: number, fallback: number): ParamSpec {
  return { name, kind: 'number', min, max, step, default: fallback };
}

/** Phrases from [verb, gerund, noun] triples, e.g. ['smooth {x}', 'smoothing {x}', 'a smoothed version of {x}']. */
export function phrases(...triples: readonly (readonly [string, string, string])[]): Phrase[] {
  return triples.map(([verb, gerund, noun]) => ({ verb, gerund, noun }));
}
