// The fixed inputs every composition runs on when judged: two 64-sample signals, the same in
// every run, in Node and in every browser. x is a sine (period 16) plus seeded noise, so it has
// negative values, no zeros and no two samples alike; y is a slower cosine plus a seeded random
// walk, for the binary primitives (x and y). Values are rounded to 6 decimals, so the inputs do
// not depend on the last bit of an engine's Math.sin.
import { Rng } from '../games/rng.ts';

/** Samples per signal (x and y). */
export const JUDGE_SAMPLES = 64;

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

function signalX(): number[] {
  const rng = new Rng('compose/judge-inputs').fork('x');
  const x: number[] = [];
  for (let i = 0; i < JUDGE_SAMPLES; i++) {
    x.push(round6(Math.sin((2 * Math.PI * i) / 16) + 0.3 * (2 * rng.next() - 1)));
  }
  return x;
}

function signalY(): number[] {
  const rng = new Rng('compose/judge-inputs').fork('y');
  const y: number[] = [];
  let walk = 0;
  for (let i = 0; i < JUDGE_SAMPLES; i++) {
    walk += 0.2 * (2 * rng.next() - 1);
    y.push(round6(0.8 * Math.cos((2 * Math.PI * i) / 40) + walk + 0.1));
  }
  return y;
}

export interface JudgeInputs {
  readonly x: readonly number[];
  readonly y: readonly number[];
}

export const JUDGE_INPUTS: JudgeInputs = Object.freeze({
  x: Object.freeze(signalX()),
  y: Object.freeze(signalY()),
});
