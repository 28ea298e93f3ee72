// One model on several threads in Chromium (issue 34): the benchmark's organelle trained by
// 1, 2 and 3 Web Workers over one shared memory, on a cross-origin isolated page, gives the
// weights and every loss that Node's release build gives on one thread, bit for bit: 300
// steps at 64K, 200 at 460K. The same build/ the site ships; the page is the bench page
// (cli/bench-browser.ts), which serves the two wasm builds with the isolation headers.
import { expect, test } from '@playwright/test';
import { thisBuild, threadsBuild, withBenchPage } from '../../cli/bench-browser.ts';
import { benchOrganelle } from '../../worker/bench/bench.ts';
import { moverBenchCorpus } from '../../worker/bench/mover-corpus.ts';
import { float32Hash } from '../../worker/recipes/determinism.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';

const RUNS = [['64k', 300], ['460k', 200]] as const;

test('1, 2 and 3 threads in Chromium train the weights and losses of one thread in Node, bit for bit', { tag: '@timed' }, async () => {
  test.setTimeout(300_000);
  const corpus = moverBenchCorpus(500, 7);
  const node: Record<string, string> = {};
  for (const [shape, steps] of RUNS) {
    const o = await benchOrganelle(await nodeWasmModule(), shape, corpus);
    const losses = Array.from({ length: steps }, () => o.trainStep());
    node[shape] = `${float32Hash(o.engine.getParams())}/${float32Hash(losses)}`;
  }
  const wasm = { '/organelle.wasm': await thisBuild(), '/organelle-threads.wasm': await threadsBuild() };
  const { result } = await withBenchPage(wasm, () => {}, (page) =>
    page.evaluate(`(async () => {
      if (!crossOriginIsolated) throw new Error('the bench page is not cross-origin isolated');
      const b = window.bench;
      const module = await WebAssembly.compileStreaming(fetch('/organelle.wasm'));
      const threadsModule = WebAssembly.compileStreaming(fetch('/organelle-threads.wasm'));
      const platform = b.browserThreadPlatform(() => threadsModule);
      const corpus = b.moverBenchCorpus(500, 7);
      const out = {};
      for (const [shape, steps] of ${JSON.stringify(RUNS)}) {
        for (const count of [1, 2, 3]) {
          const o = await b.threadedBenchOrganelle(module, platform, shape, corpus, count);
          const losses = [];
          for (let i = 0; i < steps; i++) losses.push(o.trainStep());
          out[shape + ' on ' + count] = { threads: o.engine.threads, bits: b.float32Hash(o.engine.getParams()) + '/' + b.float32Hash(losses) };
          await o.engine.close();
        }
      }
      return out;
    })()`) as Promise<Record<string, { threads: number; bits: string }>>,
  );
  for (const [shape] of RUNS) {
    for (const count of [1, 2, 3]) expect(result[`${shape} on ${count}`], `${shape} on ${count} thread(s)`).toEqual({ threads: count, bits: node[shape] });
  }
});
