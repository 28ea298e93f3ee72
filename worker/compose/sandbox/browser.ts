// The sandbox runner for the browser: one module Web Worker holds QuickJS (its .wasm loaded
// through Vite: vite.config.ts keeps the variant out of dependency pre-bundling, so the file
// is served and emitted as wasm). The same runner as Node's (runner.ts) queues the jobs and
// ends the worker when a job outlives the wall clock; close() ends it.
import { sandboxLimits, workerRunner, type SandboxLimits, type SandboxRunner } from './runner.ts';
import type { SandboxReply } from './messages.ts';

export function browserSandbox(limits: Partial<SandboxLimits> = {}): SandboxRunner {
  return workerRunner(({ reply, crashed }) => {
    const worker = new Worker(new URL('./sandbox.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<SandboxReply>) => reply(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      crashed(new Error(`the sandbox's worker failed: ${event.message || 'it could not start'}`));
    };
    worker.onmessageerror = () => crashed(new Error("the sandbox's worker sent a message that could not be read"));
    return {
      post: (request) => worker.postMessage(request),
      terminate: () => worker.terminate(),
    };
  }, sandboxLimits(limits));
}
