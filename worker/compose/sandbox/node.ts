// The sandbox runner for Node (CLI, tests): one worker thread holds QuickJS, booted through
// tsx like the CLI's other threads (worker/threads.ts). The runner (runner.ts) queues the jobs
// and ends the thread when a job outlives the wall clock; close() ends it so Node can exit.
import { startTsWorker } from '../../threads.ts';
import { sandboxLimits, workerRunner, type SandboxLimits, type SandboxRunner } from './runner.ts';
import type { SandboxReply } from './messages.ts';

export function nodeSandbox(limits: Partial<SandboxLimits> = {}): SandboxRunner {
  return workerRunner(({ reply, crashed }) => {
    const worker = startTsWorker(new URL('./node.worker.ts', import.meta.url), null);
    worker.on('message', (message: SandboxReply) => reply(message));
    worker.on('error', (error) => crashed(error));
    worker.on('exit', (code) => crashed(new Error(`the sandbox's worker thread exited (code ${code})`)));
    return {
      post: (request) => worker.postMessage(request),
      terminate: () => void worker.terminate(),
    };
  }, sandboxLimits(limits));
}
