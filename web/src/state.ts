// The app's singletons, wired to the browser: IndexedDB stores, the engine worker factory,
// the shipped-model manifest. Components import these; tests build the classes with fakes.
import shippedManifest from 'virtual:shipped-models';
import shippedComposeSettings from 'virtual:compose-settings';
import { spawnEngineWorker } from './lib/engine-worker.ts';
import { Router } from './lib/router.svelte.ts';
import { Library } from './library/library.svelte.ts';
import { IdbModelStore } from './library/model-store.ts';
import { loadShipped, parseManifest } from './library/shipped.ts';
import { StorageStatus } from './library/storage.svelte.ts';
import { PwaStatus } from './pwa/pwa.svelte.ts';
import { InstallPrompt } from './pwa/install.svelte.ts';
import { SolveSession } from './solve/solve-session.svelte.ts';
import { PlaySession } from './play/play-session.svelte.ts';
import { PairMeasure } from './library/pair-measure.svelte.ts';
import { AskSession } from './ask/ask-session.svelte.ts';
import { ComposeSession } from './compose/compose-session.svelte.ts';
import { shippedSettings } from './compose/models.ts';
import { EngineCheck } from './engine/engine-check.svelte.ts';
import { IdbJobStore } from './train/job-store.ts';
import { RecipeCatalog } from './train/recipe-catalog.svelte.ts';
import { TrainingPool } from './train/training-pool.svelte.ts';
import { TrainForm } from './train/train-form.svelte.ts';
import { TrainAddress } from './train/train-address.svelte.ts';
import { TrainingEstimate } from './train/training-estimate.svelte.ts';
import { IdbTimingStore } from './train/timing-store.ts';
import { RecipeCorpora } from './train/recipe-corpora.svelte.ts';
import { ComposeSetMeasures } from './train/compose-sets.svelte.ts';

export const router = new Router();
export const pwa = new PwaStatus();
export const installer = new InstallPrompt();
export const storage = new StorageStatus();
export const catalog = new RecipeCatalog(spawnEngineWorker);

export const library = new Library({
  store: new IdbModelStore(),
  shipped: async () => {
    const entries = parseManifest(shippedManifest);
    const loaded = await Promise.allSettled(entries.map((e) => loadShipped(e, document.baseURI)));
    return loaded.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  },
  onStored: () => {
    // the first stored model is the moment to ask the browser to keep the site's data
    if (!storage.requested && storage.persisted !== true) void storage.requestPersist();
    else void storage.refresh();
  },
});

/** The confidence settings shipped beside the built-in compose models (null: this build has none). */
const composeSettings = shippedSettings(shippedComposeSettings);

/** Corpora built once, in a worker of their own, for several runs and timings (code composition's). */
export const corpora = new RecipeCorpora(spawnEngineWorker, catalog);

/** The compose sets "Train all four" trained, each measured together once all its runs are done. */
export const composeSetMeasures = new ComposeSetMeasures({ spawn: spawnEngineWorker, files: library, settings: composeSettings });

export const pool = new TrainingPool({
  capacity: navigator.hardwareConcurrency || 2,
  spawn: spawnEngineWorker,
  store: new IdbJobStore(),
  saveModel: async (bytes, spec) => (await library.addTrained(bytes, spec.name)).id,
  recipeCorpus: (recipeId) => corpora.corpus(recipeId),
  onFinished: (_, jobs) => void composeSetMeasures.update(jobs),
});

/** The Train view's form, kept while the visitor moves between views. */
export const trainForm = new TrainForm();

/** The Train form's setup in the address, and what the form could not take from one. */
export const trainAddress = new TrainAddress(trainForm, catalog);

/** How long the form's runs would take here: timings kept across views and visits, its workers only while the Train view is open. */
export const trainEstimate = new TrainingEstimate({ spawn: spawnEngineWorker, cores: pool.capacity, store: new IdbTimingStore() });

/** The Solve view's board, models, engine worker and latest run. */
export const solve = new SolveSession({ spawn: spawnEngineWorker, library });

/** The Play view's game, models and engine worker. */
export const play = new PlaySession({ spawn: spawnEngineWorker, library });

/** Solve's and Play's measures of chosen models together, kept while the visitor moves between views. */
export const pairMeasure = new PairMeasure(spawnEngineWorker, library);

/** The Compose view's intent, models, engine worker (and its code sandbox) and latest run. */
export const compose = new ComposeSession({ spawn: spawnEngineWorker, library, settings: composeSettings });

/** The Ask view's model, engine worker and answers. */
export const ask = new AskSession({ spawn: spawnEngineWorker, library });

/** The Engine check view's latest run. */
export const engineCheck = new EngineCheck(spawnEngineWorker, pool.capacity);
