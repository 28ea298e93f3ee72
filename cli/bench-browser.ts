// `organelle bench --browser`: the same benchmark (worker/bench/bench.ts) inside Debian's
// Chromium, where the product's engine runs, on a newer V8 than Node's. The benchmark is
// bundled with esbuild and served with the wasm from a throwaway local server; Chromium
// compiles the same build/organelle.wasm the Node run uses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type { BenchReport } from '../worker/bench/bench.ts';
import { CHROMIUM_LAUNCH } from '../tests/helpers/chromium.ts';

const PAGE = `<!doctype html><meta charset="utf-8"><title>bench</title><link rel="icon" href="data:,">
<script type="module">import * as bench from '/bench.js'; window.bench = bench;</script>`;

export async function runBenchInChromium(quick: boolean, log: (line: string) => void): Promise<{ report: BenchReport; runtime: string }> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../worker/bench/bench.ts', import.meta.url))],
    bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'error',
  });
  const files: Record<string, [string, string | Uint8Array]> = {
    '/': ['text/html', PAGE],
    '/bench.js': ['text/javascript', bundle.outputFiles[0].text],
    '/organelle.wasm': ['application/wasm', await readFile(new URL('../build/organelle.wasm', import.meta.url))],
  };
  const server = http.createServer((req, res) => {
    const file = files[req.url ?? ''];
    res.writeHead(file ? 200 : 404, { 'content-type': file ? file[0] : 'text/plain' });
    res.end(file ? file[1] : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    page.on('console', (m) => log(m.text()));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'bench' in window);
    // a source string, not a function: tsx would compile helpers into a function's body
    // that do not exist in the page
    const report = (await page.evaluate(`(async () => {
      const module = await WebAssembly.compileStreaming(fetch('/organelle.wasm'));
      return window.bench.runBench(module, { quick: ${quick}, log: (l) => console.log(l) });
    })()`)) as BenchReport;
    return { report, runtime: `Chromium ${browser.version()}` };
  } finally {
    await browser.close();
    server.close();
  }
}
