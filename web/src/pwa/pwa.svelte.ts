// The service worker's state as the footer reports it: registered, ready to work offline,
// and whether the browser is online right now. registerType is autoUpdate: a new version
// takes over by itself, and a job in training continues from its last checkpoint.
import { registerSW } from 'virtual:pwa-register';

export class PwaStatus {
  #offlineReady = $state(false);
  #online = $state(true);
  #error = $state<string | null>(null);

  get offlineReady(): boolean { return this.#offlineReady; }
  get online(): boolean { return this.#online; }
  get error(): string | null { return this.#error; }

  start(): void {
    this.#online = navigator.onLine;
    addEventListener('online', () => (this.#online = true));
    addEventListener('offline', () => (this.#online = false));
    if (!('serviceWorker' in navigator)) return;
    // a page already controlled by the service worker has everything cached
    if (navigator.serviceWorker.controller) this.#offlineReady = true;
    navigator.serviceWorker.addEventListener('controllerchange', reloadOnceToIsolate);
    registerSW({
      immediate: true,
      onOfflineReady: () => (this.#offlineReady = true),
      onRegisterError: (err: unknown) => (this.#error = err instanceof Error ? err.message : String(err)),
    });
    void navigator.serviceWorker.ready.then(() => (this.#offlineReady = true));
  }
}

// The service worker adds the headers that isolate the page (web/src/pwa/sw.ts), but only to
// what it serves: a page loaded before it took control (a first visit to a host that sets no
// headers) is reloaded once, so training gets shared memory and every core. Once per tab
// session, so a browser that will not isolate the page never loops.
const RELOADED = 'organelle-lab:reloaded-to-isolate';

function reloadOnceToIsolate(): void {
  if (globalThis.crossOriginIsolated) return;
  try {
    if (sessionStorage.getItem(RELOADED)) return;
    sessionStorage.setItem(RELOADED, String(Date.now()));
  } catch {
    return; // without session storage a reload could not know it was the second
  }
  location.reload();
}
