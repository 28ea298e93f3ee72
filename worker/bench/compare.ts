// Two builds of the engine in one process: training steps and generations timed in
// alternation, so a noisy machine slows both alike, and each case reports the median of
// the per-round speed-ups. This is how a kernel change is judged here (a figure from one
// run against a figure from another says little on these machines).
import type { Organelle } from '../organelle.ts';
import { BENCH_SHAPES, benchGeneration, benchOrganelle, type BenchShape } from './bench.ts';
import { moverBenchCorpus } from './mover-corpus.ts';
import { timeInTurns } from './timing.ts';

export interface CompareRow { case: string; base_ms: number; ms: number; speedup: number }
export interface CompareOptions { rounds: number; roundMs: number }
export const FULL_COMPARE: CompareOptions = { rounds: 21, roundMs: 100 };
export const QUICK_COMPARE: CompareOptions = { rounds: 3, roundMs: 10 };

/** A timed case: for one organelle, the call to repeat. */
type Case = { name: string; shape: BenchShape; call: (o: Organelle) => () => unknown };

const CASES: Case[] = [
  ...BENCH_SHAPES.map((shape) => ({ name: `train ${shape} full loss`, shape, call: (o: Organelle) => () => o.trainStep() })),
  ...BENCH_SHAPES.map((shape) => ({ name: `generate ${shape}`, shape, call: (o: Organelle) => { const generate = benchGeneration(o); return () => generate([0]); } })),
];

export async function compareBuilds(base: WebAssembly.Module, current: WebAssembly.Module, o: CompareOptions = FULL_COMPARE): Promise<CompareRow[]> {
  const corpusText = moverBenchCorpus(500, 7);
  const rows: CompareRow[] = [];
  for (const c of CASES) {
    const a = c.call(await benchOrganelle(base, c.shape, corpusText));
    const b = c.call(await benchOrganelle(current, c.shape, corpusText));
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
