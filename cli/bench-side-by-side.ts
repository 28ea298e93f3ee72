// `organelle bench`'s last part: the 64K training in as many worker threads at once as this
// machine has cores, in the order worker/bench/side-by-side.ts gives (all built and warm, the
// first alone, then all together), as the Engine check does with Web Workers.
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../worker/threads.ts';
import type { SideBySideJob, SideBySideMessage } from './side-by-side-worker.ts';
import { measureSideBySide, type SideBySideTiming } from '../worker/bench/side-by-side.ts';

export interface SideBySideBench {
  runs: number;
  /** Each thread's stretch, in milliseconds. */
  ms: number;
  alone_tokens_per_s: number;
  /** Every run's together, in thread order. */
  each_tokens_per_s: number[];
  tokens_per_s: number;
  /** tokens_per_s over alone_tokens_per_s. */
  speedup: number;
}

/** The next message of `worker`; its error or an early exit rejects. */
function next(worker: Worker): Promise<SideBySideMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`a side-by-side bench thread exited with code ${code}`));
    worker.once('message', (m: SideBySideMessage) => {
      worker.off('exit', onExit);
      worker.off('error', reject);
      resolve(m);
    });
    worker.once('error', reject);
    worker.once('exit', onExit);
  });
}

async function timed(worker: Worker): Promise<SideBySideTiming> {
  const reply = next(worker);
  worker.postMessage('time');
  const m = await reply;
  if (m.type !== 'timed') throw new Error(`a side-by-side bench thread answered ${m.type}, not its timing`);
  return m.timing;
}

export async function benchSideBySide(runs: number, ms: number): Promise<SideBySideBench> {
  if (!Number.isInteger(runs) || runs < 2) throw new RangeError(`runs side by side need at least 2 threads, got ${runs}`);
  const job: SideBySideJob = { ms };
  const workers = Array.from({ length: runs }, () => startTsWorker(new URL('./side-by-side-worker.ts', import.meta.url), job));
  try {
    // a thread says 'ready' once its run is built and warm
    const ready = async (worker: Worker) => {
      const m = await next(worker);
      if (m.type !== 'ready') throw new Error(`a side-by-side bench thread answered ${m.type} before it was ready`);
    };
    const s = await measureSideBySide(workers.map((worker) => ({ prepare: () => ready(worker), time: () => timed(worker) })));
    return {
      runs,
      ms,
      alone_tokens_per_s: s.alone.tokens_per_s,
      each_tokens_per_s: s.each.map((t) => t.tokens_per_s),
      tokens_per_s: s.tokens_per_s,
      speedup: s.speedup,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

export function formatSideBySide(s: SideBySideBench): string {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return [
    `training 64K, ${s.runs} runs at once (one worker thread each, ${(s.ms / 1000).toFixed(1)} s together, after the first alone)`,
    `  together ${n(s.tokens_per_s)} tokens/s (${s.each_tokens_per_s.map(n).join(' + ')}), alone ${n(s.alone_tokens_per_s)}: ${s.speedup.toFixed(2)}x`,
  ].join('\n');
}
