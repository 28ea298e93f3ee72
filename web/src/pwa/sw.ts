// The service worker: precaches everything the app needs to load and train offline (scripts,
// styles, the wasm builds, icons, the shipped models; the list is injected at build time), and
// serves the app's page for every navigation. Every response it serves carries the headers
// that make the page cross-origin isolated (COOP same-origin, COEP require-corp), so a static
// host that sets no headers still gets shared memory, and with it training on several threads
// (issue 34). The page reloads once when this worker first takes control of a page that was
// not isolated (web/src/pwa/pwa.svelte.ts).
/// <reference lib="webworker" />
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isolated } from './isolation.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

addPlugins([
  {
    cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? isolated(cachedResponse) : cachedResponse),
    fetchDidSucceed: async ({ response }) => isolated(response),
  },
]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));

// a new version takes over at once; a training run continues from its checkpoint
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
