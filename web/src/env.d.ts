// Ambient types for the web app: Svelte components and runes, and the PWA plugin's
// virtual registration module.
/// <reference types="svelte" />
/// <reference types="vite-plugin-pwa/client" />

declare module 'virtual:shipped-models' {
  /** public/models/index.json as parsed at build time, or null when the site ships no models. */
  const manifest: unknown;
  export default manifest;
}

declare module 'virtual:compose-settings' {
  /** public/models/compose/settings.json as parsed at build time, or null when the site ships none. */
  const settings: unknown;
  export default settings;
}
