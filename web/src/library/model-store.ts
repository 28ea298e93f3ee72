// Where the library keeps models: for each one its .organelle file, byte for byte, and a
// small metadata record, listed without reading any file. A model and its metadata are
// written in one IndexedDB transaction, so a full disk leaves the library as it was.
import { createStore, delMany, getMany, get, keys, setMany, type UseStore } from 'idb-keyval';
import type { ModelShape } from '../../../worker/model/shape.ts';
import type { GameId } from '../../../worker/recipes/registry.ts';

export type ModelOrigin = 'trained' | 'imported' | 'built-in';

export interface ModelMeta {
  id: string;
  name: string;
  recipeId: string; // the recipe's corpus id, e.g. "puzzle8/mover", or an uploaded file's name
  game?: GameId;
  organelle?: string;
  shape: ModelShape;
  params: number;
  tokenizer?: 'char' | 'subword'; // what its text is cut into; absent in a meta stored before the Library said it (read from the file on load)
  size: number; // bytes of the .organelle file
  steps: number; // steps done (the file's recipe.stepsDone)
  stepsPlanned?: number; // the run's planned steps (recipe.config.steps); more than `steps` when partly trained
  seed: number;
  createdAt?: string; // ISO 8601 training end, when the file records it (shipped files do not)
  addedAt: string;
  evaluation: Record<string, number>;
  origin: ModelOrigin;
  fingerprint: string; // modelFingerprint: same architecture, vocabulary and weights
  resumable: boolean; // carries optimizer state
}

export interface ModelStore {
  list(): Promise<ModelMeta[]>;
  file(id: string): Promise<Uint8Array | undefined>;
  put(meta: ModelMeta, bytes: Uint8Array): Promise<void>;
  remove(id: string): Promise<void>;
}

/** IndexedDB through idb-keyval: `meta:<id>` -> ModelMeta, `file:<id>` -> Uint8Array. */
export class IdbModelStore implements ModelStore {
  readonly #db: UseStore;

  constructor(db: UseStore = createStore('organelle-lab-models', 'models')) {
    this.#db = db;
  }

  async list(): Promise<ModelMeta[]> {
    const metaKeys = (await keys(this.#db)).map(String).filter((k) => k.startsWith('meta:'));
    return (await getMany<ModelMeta | undefined>(metaKeys, this.#db)).filter((m): m is ModelMeta => m !== undefined);
  }

  file(id: string): Promise<Uint8Array | undefined> {
    return get<Uint8Array>(`file:${id}`, this.#db);
  }

  put(meta: ModelMeta, bytes: Uint8Array): Promise<void> {
    return setMany([[`file:${meta.id}`, bytes], [`meta:${meta.id}`, meta]], this.#db);
  }

  remove(id: string): Promise<void> {
    return delMany([`meta:${id}`, `file:${id}`], this.#db);
  }
}

/** In memory, for tests; `failNextPut` makes the next put fail the way a full disk does. */
export class MemoryModelStore implements ModelStore {
  readonly metas = new Map<string, ModelMeta>();
  readonly files = new Map<string, Uint8Array>();
  failNextPut: Error | null = null;

  async list(): Promise<ModelMeta[]> {
    return [...this.metas.values()];
  }

  async file(id: string): Promise<Uint8Array | undefined> {
    return this.files.get(id);
  }

  async put(meta: ModelMeta, bytes: Uint8Array): Promise<void> {
    if (this.failNextPut) {
      const err = this.failNextPut;
      this.failNextPut = null;
      throw err;
    }
    this.metas.set(meta.id, structuredClone(meta));
    this.files.set(meta.id, bytes.slice());
  }

  async remove(id: string): Promise<void> {
    this.metas.delete(id);
    this.files.delete(id);
  }
}
