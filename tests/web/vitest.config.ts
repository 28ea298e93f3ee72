// Unit tests of the web app's state classes (*.svelte.ts): compiled by the Svelte plugin,
// run in happy-dom. Separate from the root vitest config, which runs in plain Node:
// `npm run test:web` (or `npx vitest run --config tests/web/vitest.config.ts`).
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  plugins: [svelte()],
  resolve: { conditions: ['browser'] },
  test: {
    include: ['tests/web/**/*.spec.ts'],
    environment: 'happy-dom',
    testTimeout: 30_000,
    maxWorkers: '100%', // every core, as the root config
    // One happy-dom and one module graph per worker, not per file: 31 s to 10 s on 2 cores, most
    // of it was building each file's window and importing Svelte again. The files share no
    // state they rely on (each builds its own objects and renders into its own container).
    isolate: false,
  },
});
