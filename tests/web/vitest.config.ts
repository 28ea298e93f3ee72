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
  },
});
