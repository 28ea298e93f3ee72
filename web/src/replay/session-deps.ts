// What a view that runs organelles and shares the run (Solve, Play) takes from the app
// (state.ts) or from a test: engine workers, the library, and the page's address,
// randomness, clock and clipboard, each with the browser's own as the default.
import type { SpawnEngine } from '../lib/engine-worker.ts';
import type { LibraryReader } from '../library/pipelines.ts';
import type { Clock } from './playback.svelte.ts';

export interface RunSessionDeps {
  spawn: SpawnEngine;
  library: LibraryReader;
  pageUrl?: () => string;
  random?: () => number;
  clock?: Clock;
  clipboard?: () => Pick<Clipboard, 'writeText'> | undefined;
}
