// Node only: starts a TypeScript module in a worker thread. Node's loader hooks do not reach
// worker threads, so the worker boots through tsx's API and imports the module from there.
// The CLI's training and benchmark threads and the code sandbox's worker
// (worker/compose/sandbox/node.ts) start this way.
import { Worker } from 'node:worker_threads';

// tsx as this project has it: the worker's own lookup would start from the working directory,
// and the CLI may be run from any
const TSX_API = import.meta.resolve('tsx/esm/api');

export function startTsWorker(module: URL, workerData: unknown): Worker {
  const boot = `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(module.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true, workerData });
}
