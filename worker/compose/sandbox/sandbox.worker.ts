// Web Worker entry (browser): the sandbox's QuickJS, serving one runner (browser.ts).
import { serveSandbox } from './host.ts';
import type { SandboxRequest } from './messages.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = await serveSandbox((reply) => scope.postMessage(reply));
scope.onmessage = (event: MessageEvent<SandboxRequest>) => handle(event.data);
