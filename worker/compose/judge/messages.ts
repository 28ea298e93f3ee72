// How the Judge's static checks report: a check that passes returns what it found and says it
// (Passed); one that fails throws a Refusal carrying its whole message. Beside them, the words
// those messages share: where in the module a node stands, a count, a primitive's signature.
import type { Node } from 'acorn';
import type { Primitive } from '../types.ts';

/** A static check passed: what it hands the next check, and its message (without the check's name). */
export interface Passed<T> {
  value: T;
  message: string;
}

/** A failed check, thrown by the walkers and caught per check (judge.ts). */
export class Refusal extends Error {}

/** '1:27': acorn's line and a 1-based column. */
export function at(node: Node): string {
  const start = node.loc!.start;
  return `${start.line}:${start.column + 1}`;
}

/** '1 parameter', '2 parameters' */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** 'x: array, w: int' */
export function signature(primitive: Primitive): string {
  const arrays = primitive.arrays === 2 ? ['x', 'y'] : ['x'];
  return [...arrays.map((a) => `${a}: array`), ...primitive.params.map((p) => `${p.name}: ${p.kind}`)].join(', ');
}
