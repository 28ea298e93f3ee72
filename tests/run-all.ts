// `npm test`: every check, in an order that keeps the cores busy. The wasm first (everything
// else needs it), unless build/ holds it newer than every source it is built from, as
// `npm install` leaves it (package.json's `prepare`, cli/prepare-wasm.ts, asks the same); then the two type
// checks and the site's production build side by side (each holds one core for most of its
// time); the Node tests; the web app's tests; and the end-to-end tests last, against the site
// just built (E2E_PREBUILT tells playwright.config.ts not to build the wasm and the site a
// second time). A stage of several commands prints each one's output when it ends, so they do
// not interleave; it stops at the first stage that fails. Each stage's wall time is printed at
// the end.
import { spawn } from 'node:child_process';
import { WASM, WASM_SOURCES, wasmUpToDate } from '../cli/prepare-wasm.ts';

const vite = 'node node_modules/vite/bin/vite.js';
const built = wasmUpToDate();
if (built) console.log(`${WASM.join(' and ')}: newer than ${WASM_SOURCES.join(', ')}; not built again`);
const STAGES: string[][] = [
  ...(built ? [] : [['npm run asbuild']]),
  ['npm run typecheck', 'npm run check', `${vite} build`],
  ['vitest run'],
  ['npm run test:web'],
  ['playwright test'],
];

function run(command: string, live: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, E2E_PREBUILT: '1' },
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const times: string[] = [];
const start = Date.now();
for (const stage of STAGES) {
  const t0 = Date.now();
  const live = stage.length === 1;
  const results = await Promise.all(
    stage.map(async (command) => {
      if (live) console.log(`\n> ${command}`);
      const r = await run(command, live);
      if (!live) process.stdout.write(`\n> ${command}\n${r.output}`);
      return { command, ...r };
    }),
  );
  times.push(`${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s  ${stage.join(' | ')}`);
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length > 0) {
    console.error(`\nnpm test: failed: ${failed.map((r) => r.command).join(', ')}`);
    process.exit(1);
  }
}
console.log(`\nnpm test: every stage passed in ${((Date.now() - start) / 1000).toFixed(0)} s\n${times.join('\n')}`);
