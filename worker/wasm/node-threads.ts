// Node only: the threads build (build/organelle-threads.wasm, made by `npm run asbuild`) and
// its helper threads as worker_threads (worker/wasm/helper-threads.ts says what they do).
// A helper is a few lines of plain JavaScript, so it starts in milliseconds without the
// TypeScript loader; it is unref'd, so a CLI whose work is done exits without closing its engines.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { nodeBuild } from './node.ts';
import { HELPER_LIFE, STOP_TIMEOUT_MS, type HelperInit, type HelperThread, type ThreadPlatform } from './helper-threads.ts';

const HELPER = `
const { parentPort, workerData: d } = require('node:worker_threads');
const post = (message) => parentPort.postMessage(message);
${HELPER_LIFE}`;

function spawn(init: HelperInit): Promise<HelperThread> {
  const worker = new Worker(HELPER, { eval: true, workerData: init });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const left = new Promise<void>((resolve) => {
    worker.on('message', (m) => m === 'stopped' && resolve());
    void exited.then(resolve);
  });
  const helper: HelperThread = {
    async stopped() {
      const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
      await left;
      clearTimeout(timer);
      await worker.terminate();
    },
    terminate: () => void worker.terminate(),
  };
  return new Promise((resolve, reject) => {
    worker.on('message', (m) => m === 'ready' && resolve(helper));
    worker.once('error', (err) => reject(new Error(`helper thread ${init.tid} failed to start: ${err.message}`)));
  });
}

export const nodeThreadPlatform: ThreadPlatform = {
  available: () => ({ threads: availableParallelism() }),
  threadsModule: () => nodeBuild('organelle-threads.wasm'),
  spawn,
};
