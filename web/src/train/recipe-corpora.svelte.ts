// Corpora built once for several runs. Code composition's organelles read one corpus build that
// takes seconds (corpus/compose.ts: 10-20 s; RecipeInfo.sharedCorpus names such a build): rather
// than every worker that trains or times one of them building it again, a worker of its own
// builds it once, off the page's thread, and hands back the texts (about 10 MB), which each run
// and each timing of those organelles then gets. Nothing here is stored: after a reload the
// first run that needs the texts has them built again, once, for all. Texts no run is waiting
// for are let go when the Train view closes.
import { withEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import type { RecipeInfo, TrainTimingRequest } from '../../../worker/browser/messages.ts';

export type BuildStatus = 'idle' | 'building' | 'ready' | 'failed';

/** How one shared build stands. */
export interface BuildState {
  status: BuildStatus;
  /** Why it failed. */
  error: string | null;
  /** How long it took, once built. */
  seconds: number | null;
}

interface Build extends BuildState {
  texts: Readonly<Record<string, string>> | null;
}

const IDLE: Build = { status: 'idle', error: null, seconds: null, texts: null };

/** The catalog's side the corpora need: which recipes share a build (known once it has loaded). */
export interface CorpusRecipes {
  readonly recipes: readonly RecipeInfo[];
  load(): Promise<void>;
}

export class RecipeCorpora {
  readonly #spawn: SpawnEngine;
  readonly #catalog: CorpusRecipes;
  readonly #now: () => number;
  #builds = $state.raw<Readonly<Record<string, Build>>>({});
  #pending = new Map<string, Promise<Readonly<Record<string, string>>>>();

  constructor(spawn: SpawnEngine, catalog: CorpusRecipes, now: () => number = () => performance.now()) {
    this.#spawn = spawn;
    this.#catalog = catalog;
    this.#now = now;
  }

  /** The shared build a recipe's corpus comes from, if any. */
  keyOf(recipeId: string): string | undefined {
    return this.#catalog.recipes.find((r) => r.id === recipeId)?.sharedCorpus;
  }

  /** How the build `key` stands. */
  state(key: string): BuildState {
    const { status, error, seconds } = this.#builds[key] ?? IDLE;
    return { status, error, seconds };
  }

  /** A recipe's corpus text once its shared build is done; undefined before, or for a recipe built where it trains. */
  text(recipeId: string): string | undefined {
    const key = this.keyOf(recipeId);
    return key ? this.#builds[key]?.texts?.[recipeId] : undefined;
  }

  /** Builds `key`'s corpora unless built or under way; resolves to every member recipe's text. */
  build(key: string): Promise<Readonly<Record<string, string>>> {
    const done = this.#builds[key]?.texts;
    if (done) return Promise.resolve(done);
    let pending = this.#pending.get(key);
    if (pending) return pending;
    const ids = this.#catalog.recipes.filter((r) => r.sharedCorpus === key).map((r) => r.id);
    const started = this.#now();
    this.#set(key, { ...IDLE, status: 'building' });
    pending = withEngine(this.#spawn, (api, guard) => guard(api.buildCorpora(ids))).then(
      (texts) => {
        this.#set(key, { status: 'ready', error: null, seconds: (this.#now() - started) / 1000, texts });
        return texts;
      },
      (err: unknown) => {
        this.#set(key, { ...IDLE, status: 'failed', error: errorMessage(err) });
        throw err;
      },
    );
    pending.catch(() => {}).finally(() => this.#pending.delete(key));
    this.#pending.set(key, pending);
    return pending;
  }

  /**
   * What a run's worker asks before it trains: the recipe's text, waiting for its build (begun
   * here if need be); null for a recipe built where it trains, or when the build failed (the
   * worker then builds it itself, and says what went wrong).
   */
  async corpus(recipeId: string): Promise<string | null> {
    if (this.#catalog.recipes.length === 0) await this.#catalog.load().catch(() => {}); // a run restored before the view opened
    const key = this.keyOf(recipeId);
    if (!key) return null;
    try {
      return (await this.build(key))[recipeId] ?? null;
    } catch {
      return null;
    }
  }

  /**
   * A timing request with its recipe's corpus: as it is for a recipe without a shared build;
   * 'waiting' while its build is under way (started here, so calling this from an effect builds
   * it once, off the page's thread); null for no request, or a build that failed.
   */
  forTiming(request: TrainTimingRequest | null): TrainTimingRequest | null | 'waiting' {
    if (!request || request.source.kind !== 'recipe') return request;
    const key = this.keyOf(request.source.recipeId);
    if (!key) return request;
    const build = this.#builds[key] ?? IDLE;
    if (build.texts) return { ...request, corpus: build.texts[request.source.recipeId] };
    if (build.status === 'failed') return null;
    if (build.status === 'idle') void this.build(key).catch(() => {});
    return 'waiting';
  }

  /** Lets go of the texts `inUse` does not keep (the Train view closed); a build under way finishes. */
  release(inUse: (key: string) => boolean = () => false): void {
    const kept: Record<string, Build> = {};
    for (const [key, build] of Object.entries(this.#builds)) {
      if (build.status === 'building' || (build.status === 'ready' && inUse(key))) kept[key] = build;
    }
    this.#builds = kept;
  }

  #set(key: string, build: Build): void {
    this.#builds = { ...this.#builds, [key]: build };
  }
}
