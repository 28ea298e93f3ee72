// Vite config for the static site: its one page is web/index.html (the app), the engine
// in worker/, the wasm in build/ (made by `npm run asbuild`), static files (icons, shipped
// models) in public/. Workers are ES modules; the wasm is always emitted as a hashed file,
// never inlined (TOOLCHAIN.md pitfalls 5 and 6). The service worker precaches everything
// the app needs to load and train offline: scripts, styles, the wasm, icons and the
// shipped models.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import { ISOLATION_HEADERS } from './web/src/pwa/isolation.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The site's one HTML page: every view, the engine check included, is a route of the app.
const pages = [here('web/index.html')];

const THEME = '#0f5c4c';


// `virtual:shipped-models`: public/models/index.json read at build time (null without it),
// so the app knows its built-in models without requesting a manifest that may not exist. An
// entry whose file is not there is left out, with a warning, rather than fetched for a 404 on
// every visit (a model listed before it has shipped).
// `virtual:compose-settings`: public/models/compose/settings.json, the confidence settings
// chosen for the built-in compose models, read the same way (null without it).
function shippedModels(): Plugin {
  const models = 'virtual:shipped-models';
  const settings = 'virtual:compose-settings';
  const manifestFile = here('public/models/index.json');
  const settingsFile = here('public/models/compose/settings.json');
  const json = (file: string, what: string, warn: (message: string) => void): unknown => {
    if (!existsSync(file)) return null;
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      warn(`${what} is not valid JSON, so it is left out: ${(err as Error).message}`);
      return null;
    }
  };
  return {
    name: 'organelle-shipped-models',
    resolveId: (source) => (source === models || source === settings ? `\0${source}` : undefined),
    load(resolved) {
      if (resolved === `\0${settings}`) {
        this.addWatchFile(settingsFile);
        return `export default ${JSON.stringify(json(settingsFile, 'public/models/compose/settings.json', (m) => this.warn(m)))};`;
      }
      if (resolved !== `\0${models}`) return;
      this.addWatchFile(manifestFile);
      // the manifest lists its models as an array, or under "models" (web/src/library/shipped.ts)
      const manifest = json(manifestFile, 'public/models/index.json', (m) => this.warn(m));
      const shipped = (list: unknown[]) =>
        list.filter((entry) => {
          const file = (entry as { file?: unknown } | null)?.file;
          const present = typeof file === 'string' && existsSync(here(`public/models/${file}`));
          if (!present) this.warn(`public/models/index.json lists ${String(file)}, which is not there: left out`);
          return present;
        });
      if (Array.isArray(manifest)) return `export default ${JSON.stringify(shipped(manifest))};`;
      const listed = (manifest as { models?: unknown } | null)?.models;
      if (Array.isArray(listed)) (manifest as { models: unknown[] }).models = shipped(listed);
      return `export default ${JSON.stringify(manifest)};`;
    },
  };
}

export default defineConfig({
  root: here('web'),
  // relative URLs, so the built site works from any folder of a static host
  base: './',
  publicDir: here('public'),
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
    rolldownOptions: { input: pages },
  },
  worker: { format: 'es' },
  // the code sandbox's QuickJS (worker/compose/sandbox/): pre-bundling would move its loader
  // away from the .wasm it finds by `new URL(..., import.meta.url)` (TOOLCHAIN.md)
  optimizeDeps: { exclude: ['@jitl/quickjs-wasmfile-release-sync'] },
  // Cross-origin isolation, which shared memory (training on several threads) needs; a static
  // host without these headers gets them from the service worker (web/src/pwa/sw.ts).
  server: {
    headers: { ...ISOLATION_HEADERS },
    fs: { allow: [here('web'), here('worker'), here('build'), here('public'), here('node_modules')] },
  },
  preview: { headers: { ...ISOLATION_HEADERS } },
  plugins: [
    svelte(),
    shippedModels(),
    VitePWA({
      // web/src/pwa/sw.ts: workbox's precache, plus the headers that isolate the page
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      injectRegister: false, // web/src/pwa/pwa.svelte.ts registers it and reports its state
      manifestFilename: 'manifest.webmanifest',
      includeManifestIcons: false, // public/icons/ is in the precache glob already
      manifest: {
        name: 'Organelle Lab',
        short_name: 'Organelles',
        description: 'Train tiny GPT organelles in your browser and manage them offline.',
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#f6f7f5',
        theme_color: THEME,
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        // the web manifest is added by the plugin itself
        globPatterns: ['**/*.{html,js,css,wasm,svg,png,json,organelle}'],
        // shipped models can be a few MB each
        maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
      },
    }),
  ],
});
