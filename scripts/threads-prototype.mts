// Prototype (issue 34, branch threads-wip): one model trained by 1, 2 and 3 threads in Node over
// one shared memory, its weights compared with the release build's, then 1 against 2 threads timed.
// npm run asbuild && npx tsx scripts/threads-prototype.mts 460k 200
import { benchOrganelle, trainFor } from '../worker/bench/bench.ts';
import { moverBenchCorpus } from '../worker/bench/mover-corpus.ts';
import { float32Hash } from '../worker/recipes/determinism.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { nodeThreadsWasmModule, sharedMemory, startHelpers } from '../worker/wasm/node-threads.ts';
import { Organelle } from '../worker/organelle.ts';
import { SHAPE_PRESETS } from '../worker/model/shape.ts';

const shape = (process.argv[2] ?? '460k') as '64k' | '460k';
const steps = Number(process.argv[3] ?? 200);
const corpusText = moverBenchCorpus(2000, 7);

async function threaded(count: number) {
  const memory = sharedMemory();
  const o = await Organelle.create(await nodeThreadsWasmModule(), {
    name: shape, corpusId: 'bench/mover', corpusText, architecture: SHAPE_PRESETS[shape], seed: 1,
    config: { steps: 1_000_000, responseOnlyLoss: false }, engine: { memory },
  });
  const helpers = await startHelpers(o.engine, memory, count);
  return { o, stop: () => helpers.stop() };
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
