import { defineConfig } from 'vitest/config';

// Unit and integration tests run in Node against the same wasm the site ships.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'worker/**/*.test.ts', 'corpus/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // every core (vitest leaves one free by default: on a 2-core machine that was one fork,
    // 190 s instead of 106 s); no unit test times anything, so sharing the cores is safe
    maxWorkers: '100%',
  },
});
