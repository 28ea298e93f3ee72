// The browser's storage for this site: whether it is persistent (not evicted under
// storage pressure) and how much is used of the quota.

/** The subset of navigator.storage used here (absent in some browsers and contexts). */
export interface StorageApi {
  persisted?(): Promise<boolean>;
  persist?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

export class StorageStatus {
  readonly #api: StorageApi | undefined;
  #persisted = $state<boolean | null>(null);
  #requested = $state(false);
  #usage = $state<number | null>(null);
  #quota = $state<number | null>(null);

  constructor(api: StorageApi | undefined = globalThis.navigator?.storage) {
    this.#api = api;
  }

  /** True, false, or null when the browser cannot tell. */
  get persisted(): boolean | null { return this.#persisted; }
  /** Whether persistence was asked for during this visit. */
  get requested(): boolean { return this.#requested; }
  get usage(): number | null { return this.#usage; }
  get quota(): number | null { return this.#quota; }
  get canPersist(): boolean { return typeof this.#api?.persist === 'function'; }

  async refresh(): Promise<void> {
    try {
      if (this.#api?.persisted) this.#persisted = await this.#api.persisted();
    } catch {
      this.#persisted = null;
    }
    await this.#estimate();
  }

  async #estimate(): Promise<void> {
    try {
      if (this.#api?.estimate) {
        const e = await this.#api.estimate();
        this.#usage = e.usage ?? null;
        this.#quota = e.quota ?? null;
      }
    } catch {
      // an estimate is a nicety; without it the panel says it does not know
    }
  }

  /** Asks the browser to keep this site's data; returns (and shows) its answer. */
  async requestPersist(): Promise<boolean | null> {
    if (!this.#api?.persist) return null;
    this.#requested = true;
    try {
      this.#persisted = await this.#api.persist();
    } catch {
      this.#persisted = false;
    }
    await this.#estimate();
    return this.#persisted;
  }
}
