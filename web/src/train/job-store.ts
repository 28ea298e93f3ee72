// Where training jobs live between page loads: one record per unfinished job (what to
// train) and its latest checkpoint (a .organelle file with optimizer state, plus the loss
// curve so far). Reloading the tab restores both and the run continues from that step. A
// run that was cancelled or diverged keeps both until it is dismissed.
import { createStore, delMany, getMany, keys, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { ShapePreset } from '../../../worker/model/shape.ts';
import type { TrainSource } from '../../../worker/browser/messages.ts';
import type { GameId } from '../../../worker/recipes/registry.ts';

/** What to train: everything needed to start (or restart) the run. */
export interface JobSpec {
  name: string;
  source: TrainSource;
  architecture: ShapePreset;
  steps: number;
  seed: number;
  game?: GameId;
  organelle?: string;
  /** Steps a second its run was timed at on this device before it started (the form's estimate): where its "Time left" starts. */
  timedStepsPerSec?: number;
  /** Shared by the compose Planners, Wiring and Code that "Train all four" started together: a set measured together once all are trained. */
  set?: string;
}

export interface JobRecord {
  id: string;
  spec: JobSpec;
  createdAt: string; // ISO 8601
  paused: boolean;
  /** A run that stopped before its end and kept its checkpoint, to resume or save until dismissed. */
  stopped?: 'cancelled' | 'diverged';
  message?: string; // why it stopped, for a diverged run
  /** A cancelled run's model loss, measured on its weights when it stopped (worker/model-loss.ts). */
  trainLoss?: number;
}

/** The loss curve: steps[i] and losses[i] belong together. */
export interface LossHistory {
  steps: number[];
  losses: number[];
}

export interface CheckpointRecord {
  step: number;
  bytes: Uint8Array; // .organelle with optimizer state
  elapsedMs: number;
  history: LossHistory;
  savedAt: string;
  /**
   * What the run's card showed at this step, kept so a reload shows the same figures: the
   * batch loss its progress reported (the curve's last point is a shorter stretch's mean,
   * another figure), its tokens a second and its model's parameters (absent from older records).
   */
  loss?: number;
  tokensPerSec?: number;
  paramCount?: number;
}

export interface StoredJob {
  record: JobRecord;
  checkpoint?: CheckpointRecord;
}

export interface JobStore {
  list(): Promise<StoredJob[]>;
  put(record: JobRecord): Promise<void>;
  saveCheckpoint(id: string, checkpoint: CheckpointRecord): Promise<void>;
  remove(id: string): Promise<void>;
}

/** IndexedDB, through idb-keyval: `job:<id>` -> JobRecord, `checkpoint:<id>` -> CheckpointRecord. */
export class IdbJobStore implements JobStore {
  readonly #db: UseStore;

  constructor(db: UseStore = createStore('organelle-lab-training', 'jobs')) {
    this.#db = db;
  }

  async list(): Promise<StoredJob[]> {
    const all = (await keys(this.#db)).map(String);
    const ids = all.filter((k) => k.startsWith('job:')).map((k) => k.slice(4));
    const orphans = all.filter((k) => k.startsWith('checkpoint:') && !ids.includes(k.slice(11)));
    if (orphans.length) await delMany(orphans, this.#db);
    const records = await getMany<JobRecord | undefined>(ids.map((id) => `job:${id}`), this.#db);
    const checkpoints = await getMany<CheckpointRecord | undefined>(ids.map((id) => `checkpoint:${id}`), this.#db);
    const jobs: StoredJob[] = [];
    records.forEach((record, i) => {
      if (record) jobs.push({ record, checkpoint: checkpoints[i] });
    });
    return jobs.sort((a, b) => a.record.createdAt.localeCompare(b.record.createdAt));
  }

  put(record: JobRecord): Promise<void> {
    return set(`job:${record.id}`, record, this.#db);
  }

  saveCheckpoint(id: string, checkpoint: CheckpointRecord): Promise<void> {
    // one transaction: a job removed meanwhile (cancelled, finished) gets no checkpoint back
    return this.#db('readwrite', (store) => {
      const job = store.get(`job:${id}`);
      job.onsuccess = () => {
        if (job.result) store.put(checkpoint, `checkpoint:${id}`);
      };
      return promisifyRequest(store.transaction);
    });
  }

  remove(id: string): Promise<void> {
    return delMany([`job:${id}`, `checkpoint:${id}`], this.#db);
  }
}

/** In memory, for tests. */
export class MemoryJobStore implements JobStore {
  readonly records = new Map<string, JobRecord>();
  readonly checkpoints = new Map<string, CheckpointRecord>();

  async list(): Promise<StoredJob[]> {
    return [...this.records.values()].map((record) => ({ record, checkpoint: this.checkpoints.get(record.id) }));
  }

  async put(record: JobRecord): Promise<void> {
    this.records.set(record.id, structuredClone(record));
  }

  async saveCheckpoint(id: string, checkpoint: CheckpointRecord): Promise<void> {
    if (this.records.has(id)) this.checkpoints.set(id, checkpoint);
  }

  async remove(id: string): Promise<void> {
    this.records.delete(id);
    this.checkpoints.delete(id);
  }
}
