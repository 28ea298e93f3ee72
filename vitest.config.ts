import { defineConfig } from 'vitest/config';

// Unit and integration tests run in Node against the same wasm the site ships.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'worker/**/*.test.ts', 'corpus/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
