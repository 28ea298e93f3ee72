// Two builds of the engine in one process: training steps and generations timed in
// alternation, so a noisy machine slows both alike, and each case reports the median of
// the per-round speed-ups. This is how a kernel change is judged here (a figure from one
// run against a figure from another says little on these machines).
import type { Organelle } from '../organelle.ts';
import { BENCH_SHAPES, benchGeneration, benchOrganelle, trainFor, type BenchShape } from './bench.ts';
import { moverBenchCorpus } from './mover-corpus.ts';
import { timeInTurns } from './timing.ts';

export interface CompareRow { case: string; base_ms: number; ms: number; speedup: number }
/** trainedSteps: how far the 'trained' case trains its two organelles before it times them. */
export interface CompareOptions { rounds: number; roundMs: number; trainedSteps: number }
export const FULL_COMPARE: CompareOptions = { rounds: 21, roundMs: 100, trainedSteps: 3000 };
export const QUICK_COMPARE: CompareOptions = { rounds: 3, roundMs: 10, trainedSteps: 300 };

/** A timed case: for one organelle, the call to repeat; `trained`: first train it for trainedSteps. */
type Case = { name: string; shape: BenchShape; trained?: boolean; call: (o: Organelle) => () => unknown };

const trainStep = (o: Organelle) => () => o.trainStep();

const CASES: Case[] = [
  ...BENCH_SHAPES.map((shape) => ({ name: `train ${shape} full loss`, shape, call: trainStep })),
  // Further into training fewer of the MLP's activations are nonzero (assembly/sparse.ts):
  // both builds' organelles train as far first (the same steps, so the same weights).
  { name: 'train 64k trained', shape: '64k', trained: true, call: trainStep },
  ...BENCH_SHAPES.map((shape) => ({ name: `generate ${shape}`, shape, call: (o: Organelle) => { const generate = benchGeneration(o); return () => generate([0]); } })),
];

export async function compareBuilds(base: WebAssembly.Module, current: WebAssembly.Module, o: CompareOptions = FULL_COMPARE): Promise<CompareRow[]> {
  const corpusText = moverBenchCorpus(500, 7);
  const rows: CompareRow[] = [];
  const organelle = async (module: WebAssembly.Module, c: Case) => {
    const made = await benchOrganelle(module, c.shape, corpusText);
    if (c.trained) trainFor(made, o.trainedSteps);
    return made;
  };
  for (const c of CASES) {
    const a = c.call(await organelle(base, c));
    const b = c.call(await organelle(current, c));
    // this build first, so the base's time relative to it is the speed-up
    const { ms, relative } = timeInTurns([b, a], { samples: o.rounds, sampleMs: o.roundMs, warmupMs: o.roundMs });
    rows.push({ case: c.name, base_ms: ms[1], ms: ms[0], speedup: relative[1] });
  }
  return rows;
}

export function formatCompare(rows: CompareRow[]): string {
  const lines = ['case                     base ms   this ms   speed-up (median of rounds)'];
  for (const r of rows) lines.push(`  ${r.case.padEnd(22)} ${r.base_ms.toFixed(3).padStart(8)} ${r.ms.toFixed(3).padStart(9)}   ${r.speedup.toFixed(3)}x`);
  return lines.join('\n');
}
