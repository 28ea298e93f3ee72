// Vite config for the static site: pages live in web/, the engine in worker/ and the wasm in
// build/ (made by `npm run asbuild`). Workers are ES modules; the wasm is always emitted as
// a hashed file, never inlined (TOOLCHAIN.md pitfalls 5 and 6).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Every HTML page of the site; index.html is optional while the app is being written.
const pages = ['web/index.html', 'web/engine-check.html'].filter((p) => existsSync(here(p))).map(here);

export default defineConfig({
  root: here('web'),
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: { input: pages },
  },
  worker: { format: 'es' },
  server: {
    fs: { allow: [here('web'), here('worker'), here('build'), here('node_modules')] },
  },
});
