// Prototype (issue 34, branch threads-wip): one model trained by 1, 2 and 3 threads in Node over
// one shared memory, its weights compared with the release build's, then 1 against 2 threads timed.
// npx asc assembly/index.ts --config asconfig.json --target threads && npx tsx scripts/threads-prototype.mts 460k 200
import { Worker } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { benchOrganelle, trainFor } from '../worker/bench/bench.ts';
import { moverBenchCorpus } from '../worker/bench/mover-corpus.ts';
import { float32Hash } from '../worker/recipes/determinism.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { Organelle } from '../worker/organelle.ts';
import { SHAPE_PRESETS } from '../worker/model/shape.ts';

const shape = (process.argv[2] ?? '460k') as '64k' | '460k';
const steps = Number(process.argv[3] ?? 200);
const corpusText = moverBenchCorpus(2000, 7);
const threadsModule = await WebAssembly.compile(await readFile(new URL('../build/organelle-threads.wasm', import.meta.url)));

async function threaded(count: number) {
  const memory = new WebAssembly.Memory({ initial: 64, maximum: 16384, shared: true });
  const o = await Organelle.create(threadsModule, {
    name: shape, corpusId: 'bench/mover', corpusText, architecture: SHAPE_PRESETS[shape], seed: 1,
    config: { steps: 1_000_000, responseOnlyLoss: false }, engine: { memory },
  });
  const w = o.engine.wasm;
  const workers: Worker[] = [];
  for (let tid = 1; tid < count; tid++) {
    const scratch = w.arena_alloc(w.scratch_bytes());
    workers.push(new Worker(`
      const { workerData: d } = require('node:worker_threads');
      const ex = new WebAssembly.Instance(d.module, { env: { memory: d.memory, abort(m, f, l, c) { throw new Error('abort ' + l + ':' + c); } } }).exports;
      ex.scratch_use(d.scratch);
      ex.worker_loop(d.tid, d.count);
    `, { eval: true, workerData: { module: threadsModule, memory, tid, count, scratch } }));
  }
  await new Promise((r) => setTimeout(r, 200));
  w.threads_use(count);
  return { o, stop: () => { w.threads_stop(); return Promise.all(workers.map((x) => x.terminate())); } };
}

const single = await benchOrganelle(await nodeWasmModule(), shape, corpusText, false);
const results: string[] = [];
const ref = (() => { trainFor(single, steps); return float32Hash(single.engine.getParams()); })();
for (const count of [1, 2, 3]) {
  const { o, stop } = await threaded(count);
  trainFor(o, steps);
  const hash = float32Hash(o.engine.getParams());
  results.push(`${count} thread(s): params ${hash} ${hash === ref ? 'same as' : 'DIFFERENT from'} the release build's ${ref}`);
  await stop();
}
console.log(results.join('\n'));

// speed: alternate 1 and 2 threads, 5 rounds
const one = await threaded(1), two = await threaded(2);
trainFor(one.o, 50); trainFor(two.o, 50);
const ratios: number[] = [];
const each = shape === '460k' ? 60 : 400;
for (let round = 0; round < 5; round++) {
  const t1 = trainFor(one.o, each), t2 = trainFor(two.o, each);
  ratios.push(t1 / t2);
  console.log(`round ${round}: 1 thread ${(t1 / each).toFixed(2)} ms/step, 2 threads ${(t2 / each).toFixed(2)} ms/step, ${(t1 / t2).toFixed(2)}x`);
}
ratios.sort((a, b) => a - b);
console.log(`${shape}: 2 threads ${ratios[2].toFixed(2)}x one (median of 5; the products and AdamW on 2 threads, the rest on one)`);
await one.stop(); await two.stop();
process.exit(0);
