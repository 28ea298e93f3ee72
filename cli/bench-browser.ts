// `organelle bench --browser`, `bench --browser --against OLD.wasm` and `profile --browser`:
// the benchmark (worker/bench/bench.ts), the comparison of two builds (compare.ts) or training
// steps under the profiler inside Debian's Chromium, where the product's engine runs, on a
// newer V8 than Node's. The bench code is bundled with esbuild and served with the wasm from
// a throwaway local server; Chromium compiles the same build/organelle.wasm the Node run uses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Page } from '@playwright/test';
import type { BenchReport } from '../worker/bench/bench.ts';
import type { CompareOptions, CompareRow } from '../worker/bench/compare.ts';
import type { StretchOptions } from '../worker/bench/threads.ts';
import { CHROMIUM_LAUNCH } from '../tests/helpers/chromium.ts';

const PAGE = `<!doctype html><meta charset="utf-8"><title>bench</title><link rel="icon" href="data:,">
<script type="module">import * as bench from '/bench.js'; window.bench = bench;</script>`;

// what the page's window.bench offers
const ENTRY = `export { runBench, trainFor } from './worker/bench/bench.ts';
export { browserThreadPlatform } from './worker/wasm/browser-threads.ts';
export { threadedBenchOrganelle } from './worker/bench/threads.ts';
export { moverBenchCorpus } from './worker/bench/mover-corpus.ts';
export { float32Hash } from './worker/recipes/determinism.ts';
export { compareBuilds } from './worker/bench/compare.ts';
export { warmedUpOrganelle } from './worker/bench/profile.ts';`;

/**
 * Runs `use` on a Chromium page where window.bench is ENTRY and the given wasm files are
 * served by path, the page's console going to `log`. Scripts for page.evaluate are source
 * strings, not functions: tsx would compile helpers into a function's body that do not
 * exist in the page.
 */
export async function withBenchPage<T>(wasm: Record<string, Uint8Array>, log: (line: string) => void, use: (page: Page) => Promise<T>): Promise<{ result: T; runtime: string }> {
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: fileURLToPath(new URL('..', import.meta.url)), loader: 'ts' },
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'error',
  });
  const files: Record<string, [string, string | Uint8Array]> = {
    '/': ['text/html', PAGE],
    '/bench.js': ['text/javascript', bundle.outputFiles[0].text],
  };
  for (const [path, bytes] of Object.entries(wasm)) files[path] = ['application/wasm', bytes];
  const server = http.createServer((req, res) => {
    const file = files[req.url ?? ''];
    // cross-origin isolated, so the page's workers can share a wasm memory (the threads bench)
    res.writeHead(file ? 200 : 404, {
      'content-type': file ? file[0] : 'text/plain',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    });
    res.end(file ? file[1] : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    page.on('console', (m) => log(m.text()));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'bench' in window);
    return { result: await use(page), runtime: `Chromium ${browser.version()}` };
  } finally {
    await browser.close();
    server.close();
  }
}

export const thisBuild = () => readFile(new URL('../build/organelle.wasm', import.meta.url));
export const threadsBuild = () => readFile(new URL('../build/organelle-threads.wasm', import.meta.url));

async function inChromium<T>(wasm: Record<string, Uint8Array>, script: string, log: (line: string) => void): Promise<{ result: T; runtime: string }> {
  return withBenchPage(wasm, log, async (page) => (await page.evaluate(script)) as T);
}

/** `organelle bench --browser`; `threadsCheck` shortens the thread comparison (runBench's `stretches` and `checkSteps`). */
export async function runBenchInChromium(
  quick: boolean, log: (line: string) => void, threadsCheck: { stretches: StretchOptions; checkSteps: number } | null = null,
): Promise<{ report: BenchReport; runtime: string }> {
  const wasm = { '/organelle.wasm': await thisBuild(), '/organelle-threads.wasm': await threadsBuild() };
  const { result, runtime } = await inChromium<BenchReport>(wasm, `(async () => {
    const module = await WebAssembly.compileStreaming(fetch('/organelle.wasm'));
    const threadsModule = WebAssembly.compileStreaming(fetch('/organelle-threads.wasm'));
    const threads = window.bench.browserThreadPlatform(() => threadsModule);
    return window.bench.runBench(module, { quick: ${quick}, log: (l) => console.log(l), threads, ...${JSON.stringify(threadsCheck ?? {})} });
  })()`, log);
  return { report: result, runtime };
}

/** compareBuilds (worker/bench/compare.ts) in Chromium: the build `base` against this one. */
export async function compareBuildsInChromium(base: Uint8Array, options: CompareOptions, log: (line: string) => void): Promise<{ rows: CompareRow[]; runtime: string }> {
  const { result, runtime } = await inChromium<CompareRow[]>({ '/base.wasm': base, '/organelle.wasm': await thisBuild() }, `(async () => {
    const [base, current] = await Promise.all(['/base.wasm', '/organelle.wasm'].map((p) => WebAssembly.compileStreaming(fetch(p))));
    return window.bench.compareBuilds(base, current, ${JSON.stringify(options)});
  })()`, log);
  return { rows: result, runtime };
}
