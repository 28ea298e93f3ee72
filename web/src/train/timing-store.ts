// Training speeds the Train form measured on this device, kept across visits so the form can
// show a recipe's figure at once, and never has to time it again while runs are training (a
// timing beside them comes out slow, and the figure would jump). Only recipe runs are kept: a
// recipe and a shape say all a timing depends on, while a corpus of one's own is a file the
// page holds only while the form does.
import { createStore, set, values, type UseStore } from 'idb-keyval';
import type { TrainTiming, TrainTimingRequest } from '../../../worker/browser/messages.ts';

/** What a timing depends on: the seed only reorders batches. */
export type TimedRun = Pick<TrainTimingRequest, 'source' | 'architecture'>;

/** A run timed with `alongside` runs (itself included) side by side on `threads` threads, the device otherwise idle. */
export interface Timed {
  request: TimedRun;
  alongside: number;
  threads: number;
  timing: TrainTiming;
  /** When it was timed (ISO). */
  timedAt: string;
}

export interface TimingStore {
  list(): Promise<Timed[]>;
  put(timed: Timed): Promise<void>;
}

/** One key per recipe, shape, block and share of the cores: a new timing of the same replaces the old. */
export function timingKey({ request, alongside, threads }: Timed): string {
  const { source, architecture: a } = request;
  const id = source.kind === 'recipe' ? source.recipeId : source.corpusId;
  return `${id}|${a.embd}x${a.heads}x${a.layers}x${a.mlp}${a.alibi ? '-alibi' : ''}|block ${a.block}|${alongside} side by side|${threads} threads`;
}

/** IndexedDB through idb-keyval: timingKey -> Timed. */
export class IdbTimingStore implements TimingStore {
  readonly #db: UseStore;

  constructor(db: UseStore = createStore('organelle-lab-timings', 'timings')) {
    this.#db = db;
  }

  list(): Promise<Timed[]> {
    return values<Timed>(this.#db);
  }

  put(timed: Timed): Promise<void> {
    return set(timingKey(timed), timed, this.#db);
  }
}

/** In memory, for tests. */
export class MemoryTimingStore implements TimingStore {
  readonly timings = new Map<string, Timed>();

  async list(): Promise<Timed[]> {
    return [...this.timings.values()].map((t) => structuredClone(t));
  }

  async put(timed: Timed): Promise<void> {
    this.timings.set(timingKey(timed), structuredClone(timed));
  }
}
