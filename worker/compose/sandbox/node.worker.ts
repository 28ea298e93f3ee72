// Worker thread entry (Node): the sandbox's QuickJS, serving one runner (node.ts).
import { parentPort } from 'node:worker_threads';
import { serveSandbox } from './host.ts';
import type { SandboxReply, SandboxRequest } from './messages.ts';

const port = parentPort!;
const handle = await serveSandbox((reply: SandboxReply) => port.postMessage(reply));
port.on('message', (request: SandboxRequest) => handle(request));
