// Engine diagnostics page: runs worker/recipes/determinism.ts in a Web Worker and writes
// the result as JSON into #result, then sets body[data-status] to "done" (or "error").
// The end-to-end test compares this JSON with the same recipe run in Node.
import * as Comlink from 'comlink';
import type { EngineWorkerApi } from '../worker/engine.worker.ts';

const status = document.getElementById('status')!;
const result = document.getElementById('result')!;

async function main(): Promise<void> {
  const worker = new Worker(new URL('../worker/engine.worker.ts', import.meta.url), { type: 'module' });
  const engine = Comlink.wrap<EngineWorkerApi>(worker);
  try {
    document.body.dataset.status = 'running';
    status.textContent = 'Training the determinism recipe…';
    const started = performance.now();
    const out = await engine.runDeterminismRecipe();
    const ms = Math.round(performance.now() - started);
    result.textContent = JSON.stringify(out, null, 2);
    status.textContent = `Done in ${ms} ms: params ${out.paramsHash}, final loss ${out.losses.at(-1)}`;
    document.body.dataset.status = 'done';
  } finally {
    engine[Comlink.releaseProxy]();
    worker.terminate();
  }
}

main().catch((err: unknown) => {
  status.textContent = `Error: ${err instanceof Error ? err.message : String(err)}`;
  document.body.dataset.status = 'error';
  console.error(err);
});
