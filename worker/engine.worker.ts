// The Web Worker entry: the engine's API for the web app, exposed through Comlink. The
// wasm is fetched and compiled once per worker (worker/wasm/browser.ts). The app extends
// EngineWorkerApi; the page holds a Comlink.Remote<EngineWorkerApi>.
import * as Comlink from 'comlink';
import { browserWasmModule } from './wasm/browser.ts';
import {
  runDeterminismRecipe,
  type DeterminismOptions,
  type DeterminismResult,
} from './recipes/determinism.ts';

const api = {
  /** Trains the fixed determinism recipe (worker/recipes/determinism.ts) in a fresh engine. */
  async runDeterminismRecipe(options: DeterminismOptions = {}): Promise<DeterminismResult> {
    return runDeterminismRecipe(await browserWasmModule(), options);
  },
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
