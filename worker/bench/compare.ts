// Two builds of the engine in one process: training steps and generations timed in
// alternation, so a noisy machine slows both alike, and each case reports the median of
// the per-round speed-ups. This is how a kernel change is judged here (a figure from one
// run against a figure from another says little on these machines).
import { Organelle } from '../organelle.ts';
import { SHAPE_PRESETS } from '../model/shape.ts';
import { moverBenchCorpus } from './mover-corpus.ts';
import { median, msPerCall } from './timing.ts';

export interface CompareRow { case: string; base_ms: number; ms: number; speedup: number }
export interface CompareOptions { rounds: number; roundMs: number }
export const FULL_COMPARE: CompareOptions = { rounds: 21, roundMs: 100 };
export const QUICK_COMPARE: CompareOptions = { rounds: 3, roundMs: 10 };

const PROMPT = 'm=14,x,12,12|b=7|valid=up,left,right'; // the bench's 36-character prompt

type Case = { name: string; run: (o: Organelle) => void; shape: '64k' | '460k'; responseOnlyLoss: boolean };

const CASES: Case[] = [
  ...(['64k', '460k'] as const).map((shape) => ({ name: `train ${shape} full loss`, shape, responseOnlyLoss: false, run: (o: Organelle) => void o.trainStep() })),
  ...(['64k', '460k'] as const).map((shape) => ({
    name: `generate ${shape}`, shape, responseOnlyLoss: false,
    run: (o: Organelle) => void o.engine.generate({ prompt: o.encodePrompt(PROMPT), temperatures: [0], maxNew: 6, stop: [-1, -1] }),
  })),
];

export async function compareBuilds(base: WebAssembly.Module, current: WebAssembly.Module, o: CompareOptions = FULL_COMPARE): Promise<CompareRow[]> {
  const corpusText = moverBenchCorpus(500, 7);
  const rows: CompareRow[] = [];
  for (const c of CASES) {
    const make = (module: WebAssembly.Module) => Organelle.create(module, {
      name: c.shape, corpusId: 'bench/mover', corpusText, architecture: SHAPE_PRESETS[c.shape], seed: 1,
      config: { steps: 1_000_000, responseOnlyLoss: c.responseOnlyLoss },
    });
    const [a, b] = [await make(base), await make(current)];
    msPerCall(() => c.run(a), o.roundMs); // warm both up
    msPerCall(() => c.run(b), o.roundMs);
    const ta: number[] = [], tb: number[] = [], ratio: number[] = [];
    for (let r = 0; r < o.rounds; r++) {
      const x = msPerCall(() => c.run(a), o.roundMs);
      const y = msPerCall(() => c.run(b), o.roundMs);
      ta.push(x);
      tb.push(y);
      ratio.push(x / y);
    }
    rows.push({ case: c.name, base_ms: median(ta), ms: median(tb), speedup: median(ratio) });
  }
  return rows;
}

export function formatCompare(rows: CompareRow[]): string {
  const lines = ['case                     base ms   this ms   speed-up (median of rounds)'];
  for (const r of rows) lines.push(`  ${r.case.padEnd(22)} ${r.base_ms.toFixed(3).padStart(8)} ${r.ms.toFixed(3).padStart(9)}   ${r.speedup.toFixed(3)}x`);
  return lines.join('\n');
}
