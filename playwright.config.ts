// End-to-end tests in real Chromium: Debian's /usr/bin/chromium (never `playwright install`),
// against the production build served by `vite preview`. Playwright starts the server in its
// own process group and kills that group when the run ends (TOOLCHAIN.md pitfall 10: the
// server is node itself, not an npx wrapper).
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './tests/helpers/chromium.ts';

// E2E_PORT lets two checkouts run their end-to-end tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
// The tests that time something on this device are tagged: test('...', { tag: '@timed' }, ...).
const TIMED = /@timed/;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  // Tests that time something on this device (the form's estimates, "Train both", the Engine
  // check's speed check, a page that must answer within 500 ms while the code sandbox spins a
  // core, one model trained by several threads that spin between products) are tagged @timed:
  // they run first, one at a time, with the machine to themselves. The rest (views, solving,
  // playing, the library, and the untimed tests of the same files: training to the end,
  // resuming, composing) then run on as many workers as there are cores, a test to a worker.
  workers: availableParallelism(),
  projects: [
    { name: 'timed', grep: TIMED, workers: 1 },
    { name: 'untimed', grepInvert: TIMED, dependencies: ['timed'], fullyParallel: true },
  ],
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
  },
  webServer: {
    // Rebuild the wasm and the site so the page and the Node side of each test share one build;
    // `npm test` (tests/run-all.ts) has just built both, and says so with E2E_PREBUILT.
    command:
      (process.env.E2E_PREBUILT ? '' : 'npm run asbuild && node node_modules/vite/bin/vite.js build && ') +
      `node node_modules/vite/bin/vite.js preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
