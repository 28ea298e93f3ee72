// The worker's side of the sandbox, the same in a Node worker thread (node.worker.ts) and a
// browser Web Worker (sandbox.worker.ts): load QuickJS once, say 'ready', answer each request
// with runInQuickJS's result. A module a job left spent (an out-of-memory error, a host stack
// overflow) or that threw is replaced by a fresh one before the next job.
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { isSpent, loadQuickJS, runInQuickJS } from './quickjs.ts';
import type { SandboxReply, SandboxRequest } from './messages.ts';

/** Loads QuickJS, posts 'ready' (or 'failed'), and returns the handler for requests. */
export async function serveSandbox(post: (reply: SandboxReply) => void): Promise<(request: SandboxRequest) => void> {
  let module: Promise<QuickJSWASMModule>;
  try {
    module = Promise.resolve(await loadQuickJS());
  } catch (error) {
    post({ type: 'failed', message: (error as Error).message });
    return (request) => post({ type: 'error', id: request.id, message: 'QuickJS is not loaded' });
  }
  post({ type: 'ready' });
  // a replacement starts loading at once; a failure to load is reported by the next job
  const fresh = () => {
    const loading = loadQuickJS();
    loading.catch(() => undefined);
    return loading;
  };
  // requests arrive one at a time (the runner queues them); a reload delays only the next one
  let queue = Promise.resolve();
  return (request) => {
    queue = queue.then(async () => {
      try {
        const current = await module;
        const result = runInQuickJS(current, request.job, request.limits);
        if (isSpent(current)) module = fresh();
        post({ type: 'result', id: request.id, result });
      } catch (error) {
        module = fresh();
        post({ type: 'error', id: request.id, message: (error as Error).message });
      }
    });
  };
}
