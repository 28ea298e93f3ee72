// Where a training step's time goes, from V8's sampling profiler (`organelle profile`): the
// profile of N training steps, as Node's inspector and Chromium's DevTools protocol both
// return it, summed into self time per function. Run on a build with function names
// (asconfig.json's "profile" target), the wasm functions are named by their source path
// (assembly/sparse/sparse_matmul_tn); an @inline function counts in its caller.
import type { Organelle } from '../organelle.ts';
import { benchOrganelle, trainFor, type BenchShape } from './bench.ts';
import { moverBenchCorpus } from './mover-corpus.ts';

/** The part of a DevTools Profiler.Profile read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  /** the node sampled, and the microseconds since the sample before it */
  samples?: number[];
  timeDeltas?: number[];
}

// steps before the profile, so every function runs optimised (V8 tiers up as it goes)
const WARMUP_STEPS = 200;

/** The benchmark's model (loss on every position), trained WARMUP_STEPS steps already. */
export async function warmedUpOrganelle(module: WebAssembly.Module, shape: BenchShape): Promise<Organelle> {
  const organelle = await benchOrganelle(module, shape, moverBenchCorpus(2000, 7));
  trainFor(organelle, WARMUP_STEPS);
  return organelle;
}

export interface ProfileRow {
  name: string;
  /** of all sampled time */
  share: number;
  /** self time per training step */
  msPerStep: number;
}

// V8's pseudo-frames for time outside any function: shown together as "(outside)"
const OUTSIDE = new Set(['(program)', '(idle)', '(garbage collector)', '(root)']);

/**
 * Self time by function over `steps` training steps, largest first: each sample weighs the
 * interval that follows it (the next sample's delta; the last sample, the mean interval).
 */
export function selfTimeByFunction(profile: CpuProfile, steps: number): ProfileRow[] {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  if (samples.length === 0) throw new Error('the profile has no samples: the steps ran too briefly to sample');
  const names = new Map(profile.nodes.map((n) => [n.id, frameName(n.callFrame)]));
  const total = samples.length > 1 ? deltas.slice(1).reduce((a, d) => a + d, 0) : 1;
  const meanInterval = total / Math.max(1, samples.length - 1);
  const selfUs = new Map<string, number>();
  samples.forEach((id, i) => {
    const name = names.get(id) ?? '(unknown)';
    const us = i + 1 < samples.length ? deltas[i + 1] : meanInterval;
    selfUs.set(name, (selfUs.get(name) ?? 0) + us);
  });
  const sum = [...selfUs.values()].reduce((a, b) => a + b, 0);
  return [...selfUs]
    .map(([name, us]) => ({ name, share: us / sum, msPerStep: us / 1000 / steps }))
    .sort((a, b) => b.msPerStep - a.msPerStep);
}

function frameName(frame: { functionName: string; url: string }): string {
  if (OUTSIDE.has(frame.functionName)) return '(outside)';
  return frame.functionName || (frame.url ? `(anonymous, ${frame.url})` : '(anonymous)');
}

/** The rows down to `minShare` of the time, then the rest summed in one line. */
export function formatProfile(rows: ProfileRow[], header: string, minShare = 0.002): string {
  const shown = rows.filter((r) => r.share >= minShare);
  const rest = rows.filter((r) => r.share < minShare);
  const line = (share: number, ms: number, name: string) =>
    `  ${(100 * share).toFixed(1).padStart(5)}%  ${(1000 * ms).toFixed(0).padStart(6)} us  ${name}`;
  const lines = [header, '  share   per step  function (self time)'];
  for (const r of shown) lines.push(line(r.share, r.msPerStep, r.name));
  if (rest.length > 0) {
    lines.push(line(rest.reduce((a, r) => a + r.share, 0), rest.reduce((a, r) => a + r.msPerStep, 0), `${rest.length} more, each under ${100 * minShare}%`));
  }
  return lines.join('\n');
}
