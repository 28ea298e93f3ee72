// Worker thread of `organelle bench`'s runs side by side: builds and warms the speed check's
// 64K training (worker/bench/speed-check.ts), says so, then times it each time it is asked.
import { parentPort, workerData } from 'node:worker_threads';
import { SideBySideTraining } from '../worker/bench/speed-check.ts';
import type { SideBySideTiming } from '../worker/bench/side-by-side.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';

export interface SideBySideJob { ms: number }
export type SideBySideMessage = { type: 'ready' } | { type: 'timed'; timing: SideBySideTiming };

const { ms } = workerData as SideBySideJob;
const run = await SideBySideTraining.prepare(await nodeWasmModule());
const post = (m: SideBySideMessage) => parentPort!.postMessage(m);
parentPort!.on('message', () => post({ type: 'timed', timing: run.time(ms) }));
post({ type: 'ready' });
