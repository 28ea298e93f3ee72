// The model library: the visitor's models in IndexedDB (trained here or imported) and
// the models shipped with the site (read-only, "built-in"). Every file that enters the
// library passes decodeModelFile's checks first; a refused file, or a write the browser
// refuses, leaves the library exactly as it was and says why.
import { decodeModelFile, encodeModelFile, ModelFileError, MODEL_FILE_EXTENSION } from '../../../worker/model/model-file.ts';
import { errorMessage } from '../lib/format.ts';
import { metaFromModel, storageErrorText, tokenizerKind } from './meta.ts';
import type { ModelMeta, ModelStore } from './model-store.ts';
import type { ShippedModel } from './shipped.ts';

export interface LibraryNotice {
  kind: 'success' | 'error' | 'info';
  text: string;
  detail?: string;
}

export interface LibraryDeps {
  store: ModelStore;
  /** The built-in models (an empty list when the site ships none). */
  shipped?: () => Promise<ShippedModel[]>;
  fetchFn?: typeof fetch;
  newId?: () => string;
  /** Called after a model was stored: ask for persistent storage, refresh the estimate. */
  onStored?: () => void;
}

/** What a file picker hands over. */
export interface PickedFile {
  name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const newest = (a: ModelMeta, b: ModelMeta) => b.addedAt.localeCompare(a.addedAt);

export class Library {
  readonly #deps: LibraryDeps;
  #mine = $state.raw<ModelMeta[]>([]);
  #builtIn = $state.raw<ShippedModel[]>([]);
  #status = $state<'idle' | 'loading' | 'ready' | 'error'>('idle');
  #notice = $state.raw<LibraryNotice | null>(null);
  #busy = $state(false);
  #loading: Promise<void> | null = null;
  #settled = $state(false);
  #models = $derived([...[...this.#mine].sort(newest), ...this.#builtIn.map((s) => s.meta)]);

  constructor(deps: LibraryDeps) {
    this.#deps = deps;
  }

  /** The visitor's models, newest first, then the built-in ones. */
  get models(): readonly ModelMeta[] { return this.#models; }
  get mine(): readonly ModelMeta[] { return this.#mine; }
  get status(): 'idle' | 'loading' | 'ready' | 'error' { return this.#status; }
  get notice(): LibraryNotice | null { return this.#notice; }
  get busy(): boolean { return this.#busy; }
  /** True once a load has listed the visitor's models and the built-in ones. */
  get settled(): boolean { return this.#settled; }

  /** The library's other models with the same weights (the same fingerprint) as `meta`. */
  twinsOf(meta: ModelMeta): ModelMeta[] {
    return this.#models.filter((m) => m.id !== meta.id && m.fingerprint === meta.fingerprint);
  }

  dismissNotice(): void {
    this.#notice = null;
  }

  /** Reads the library; resolves once the built-in models are listed too. */
  load(): Promise<void> {
    this.#loading = this.#read();
    return this.#loading;
  }

  /** Resolves once a load has finished (starting one if none has begun). */
  loaded(): Promise<void> {
    return this.#loading ?? this.load();
  }

  async #read(): Promise<void> {
    this.#status = 'loading';
    try {
      this.#mine = await Promise.all((await this.#deps.store.list()).map((m) => this.#withTokenizer(m)));
      this.#status = 'ready';
    } catch (err) {
      this.#status = 'error';
      this.#notice = { kind: 'error', text: `The library could not be read: ${errorMessage(err)}` };
    }
    try {
      this.#builtIn = (await this.#deps.shipped?.()) ?? [];
    } catch {
      this.#builtIn = [];
    }
    this.#settled = true;
  }

  /** The newest model for a recipe id: the visitor's own first, else a built-in one. */
  best(recipeId: string): ModelMeta | undefined {
    return this.#models.find((m) => m.recipeId === recipeId);
  }

  /** Checks and stores a picked .organelle file; returns its metadata, or null if refused. */
  async importFile(file: PickedFile): Promise<ModelMeta | null> {
    this.#busy = true;
    try {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch (err) {
        this.#notice = { kind: 'error', text: `“${file.name}” could not be read: ${errorMessage(err)}` };
        return null;
      }
      let model;
      try {
        model = decodeModelFile(bytes);
      } catch (err) {
        const check = err instanceof ModelFileError ? err.check : undefined;
        this.#notice = {
          kind: 'error',
          text: `“${file.name}” was not imported. ${errorMessage(err)}.`,
          detail: check ? `Failed check: ${check}. Your library is unchanged.` : 'Your library is unchanged.',
        };
        return null;
      }
      const meta = metaFromModel(model, bytes.length, {
        id: this.#newId(),
        origin: 'imported',
        addedAt: new Date().toISOString(),
        name: model.name ?? file.name.replace(/\.organelle$/i, ''),
      });
      const twin = this.#mine.find((m) => m.fingerprint === meta.fingerprint);
      if (twin) {
        this.#notice = { kind: 'info', text: `“${file.name}” is already in your library as “${twin.name}”.` };
        return null;
      }
      try {
        await this.#store(meta, bytes, `“${meta.name}”`);
      } catch (err) {
        this.#notice = { kind: 'error', text: errorMessage(err) };
        return null;
      }
      this.#notice = { kind: 'success', text: `Imported “${meta.name}”.` };
      return meta;
    } finally {
      this.#busy = false;
    }
  }

  /** Stores a model trained in this browser; throws plain words when it cannot. */
  async addTrained(bytes: Uint8Array, name?: string): Promise<ModelMeta> {
    const model = decodeModelFile(bytes);
    const meta = metaFromModel(model, bytes.length, {
      id: this.#newId(),
      origin: 'trained',
      addedAt: new Date().toISOString(),
      name,
    });
    await this.#store(meta, bytes, `the trained model “${meta.name}”`);
    return meta;
  }

  async remove(id: string): Promise<void> {
    const meta = this.#mine.find((m) => m.id === id);
    if (!meta) return;
    try {
      await this.#deps.store.remove(id);
      this.#mine = this.#mine.filter((m) => m.id !== id);
      this.#notice = { kind: 'success', text: `Deleted “${meta.name}”.` };
    } catch (err) {
      this.#notice = { kind: 'error', text: `“${meta.name}” could not be deleted: ${errorMessage(err)}` };
    }
  }

  /**
   * Renames one of the visitor's models, in its file too, so an export carries the new name
   * (weights, recipe and fingerprint are untouched). File and record are replaced in one
   * write: if the browser refuses it, the model keeps its old name and the notice says why.
   */
  async rename(id: string, name: string): Promise<boolean> {
    const meta = this.#mine.find((m) => m.id === id);
    const wanted = name.trim();
    if (!meta || wanted === '' || wanted === meta.name) return false;
    const what = `“${meta.name}”`;
    let renamed: Uint8Array;
    try {
      const bytes = await this.#deps.store.file(id);
      if (!bytes) throw new Error('its file is missing');
      renamed = encodeModelFile({ ...decodeModelFile(bytes), name: wanted });
    } catch (err) {
      this.#notice = { kind: 'error', text: `${what} could not be renamed: ${errorMessage(err)}. It keeps its name.` };
      return false;
    }
    const next: ModelMeta = { ...meta, name: wanted, size: renamed.length };
    try {
      await this.#deps.store.put(next, renamed);
    } catch (err) {
      this.#notice = { kind: 'error', text: storageErrorText(err, `${what} under its new name`, renamed.length) };
      return false;
    }
    this.#mine = this.#mine.map((m) => (m.id === id ? next : m));
    this.#notice = { kind: 'success', text: `Renamed ${what} to “${wanted}”.` };
    return true;
  }

  /** The .organelle bytes of a model, and a file name to save them under. */
  async file(id: string): Promise<{ name: string; bytes: Uint8Array }> {
    const meta = this.#models.find((m) => m.id === id);
    if (!meta) throw new Error('no such model in the library');
    const shipped = this.#builtIn.find((s) => s.meta.id === id);
    let bytes: Uint8Array | undefined;
    if (shipped) {
      const response = await (this.#deps.fetchFn ?? fetch)(shipped.url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bytes = new Uint8Array(await response.arrayBuffer());
    } else {
      bytes = await this.#deps.store.file(id);
    }
    if (!bytes) throw new Error(`the file of “${meta.name}” is missing`);
    return { name: fileName(meta.name), bytes };
  }

  // one atomic write; on failure the list stays as it was and the error says why in plain words
  async #store(meta: ModelMeta, bytes: Uint8Array, what: string): Promise<void> {
    try {
      await this.#deps.store.put(meta, bytes);
    } catch (err) {
      throw new Error(storageErrorText(err, what, bytes.length));
    }
    this.#mine = [...this.#mine, meta];
    this.#deps.onStored?.();
  }

  /**
   * A meta stored before metas named the tokenizer gets it from its file, once: a version 1
   * file is a char model, but a subword one may have been imported since the format carried
   * it. A file that cannot be read leaves the meta as it was (shown as characters); a write
   * refused only means it is read again next time.
   */
  async #withTokenizer(meta: ModelMeta): Promise<ModelMeta> {
    if (meta.tokenizer) return meta;
    let next: ModelMeta;
    let bytes: Uint8Array | undefined;
    try {
      bytes = await this.#deps.store.file(meta.id);
      if (!bytes) return meta;
      next = { ...meta, tokenizer: tokenizerKind(decodeModelFile(bytes)) };
    } catch {
      return meta;
    }
    await this.#deps.store.put(next, bytes).catch(() => undefined);
    return next;
  }

  #newId(): string {
    return this.#deps.newId?.() ?? crypto.randomUUID();
  }
}

/** A safe download name: "puzzle8/mover" -> "puzzle8-mover.organelle". */
export function fileName(name: string): string {
  const base = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'model';
  return base.endsWith(MODEL_FILE_EXTENSION) ? base : base + MODEL_FILE_EXTENSION;
}
