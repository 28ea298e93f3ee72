// Browser: helper threads as Web Workers started by the engine's worker (or the bench page),
// each the threads build over the engine's shared memory (worker/wasm/helper-threads.ts).
// Sharing a WebAssembly.Memory needs a cross-origin isolated page (COOP and COEP headers:
// vite.config.ts for the dev and preview servers, the service worker for static hosts);
// elsewhere available() says one thread, and why. A helper is a few lines of plain JavaScript
// run from a blob, so neither Vite nor the bench bundle has another entry to build.

import { HELPER_LIFE, STOP_TIMEOUT_MS, type HelperInit, type HelperThread, type ThreadPlatform } from './helper-threads.ts';

const HELPER = `onmessage = (e) => {
  const d = e.data;
  const post = (message) => postMessage(message);
  ${HELPER_LIFE}
};`;

let helperUrl: string | undefined;

function spawn(init: HelperInit): Promise<HelperThread> {
  helperUrl ??= URL.createObjectURL(new Blob([HELPER], { type: 'text/javascript' }));
  const worker = new Worker(helperUrl, { name: `organelle-helper-${init.tid}` });
  let left: () => void = () => {};
  const leftLoop = new Promise<void>((resolve) => (left = resolve));
  const helper: HelperThread = {
    async stopped() {
      const timer = setTimeout(left, STOP_TIMEOUT_MS);
      await leftLoop;
      clearTimeout(timer);
      worker.terminate();
    },
    terminate: () => worker.terminate(),
  };
  return new Promise((resolve, reject) => {
    worker.onmessage = (e) => (e.data === 'ready' ? resolve(helper) : left());
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      left();
      reject(new Error(`helper thread ${init.tid} failed to start: ${e.message || 'no message'}`));
    };
    worker.postMessage(init);
  });
}

/** Why memory cannot be shared here, or undefined when it can. */
export function isolationProblem(): string | undefined {
  if (typeof SharedArrayBuffer === 'undefined' || !globalThis.crossOriginIsolated) {
    return 'this page is not cross-origin isolated (no COOP/COEP headers), so threads cannot share memory';
  }
  return undefined;
}

export function browserThreadPlatform(threadsModule: () => Promise<WebAssembly.Module>): ThreadPlatform {
  return {
    available() {
      const reason = isolationProblem();
      return reason ? { threads: 1, reason } : { threads: Math.max(1, navigator.hardwareConcurrency || 1) };
    },
    threadsModule,
    spawn,
  };
}
