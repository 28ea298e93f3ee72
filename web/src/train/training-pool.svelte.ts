// The training jobs of this tab and the workers they run on. At most `capacity` jobs
// (navigator.hardwareConcurrency) hold a worker at once; the rest wait in order. The jobs
// training share the cores: one alone trains on every core, several split them (shareCores),
// and a job that finishes or pauses gives its threads to the others. On load
// the pool restores the jobs a previous page left unfinished, each from its last
// checkpoint. A Web Lock per job keeps two tabs from training the same job.
import { TrainingJob, type JobDeps } from './training-job.svelte.ts';
import type { JobRecord, JobSpec, JobStore } from './job-store.ts';
import { shareCores } from '../../../worker/cores.ts';
import { overallFraction } from './overall-progress.ts';

export interface PoolOptions extends JobDeps {
  capacity: number;
  /** Takes the job's lock; resolves to its release function, or null if another tab holds it. */
  lock?: (name: string) => Promise<(() => void) | null>;
  newId?: () => string;
  /** Hears of every job whose run ended (done, cancelled, failed), with the pool's jobs at that moment. */
  onFinished?(job: TrainingJob, jobs: readonly TrainingJob[]): void;
}

/** Holds a Web Lock until the returned function is called; null when it is taken. */
export function webLock(name: string): Promise<(() => void) | null> {
  if (typeof navigator === 'undefined' || !navigator.locks) return Promise.resolve(() => {});
  return new Promise((resolve) => {
    void navigator.locks.request(name, { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(null);
        return;
      }
      return new Promise<void>((release) => resolve(() => release()));
    });
  });
}

/**
 * When the last of some jobs would finish, given how long each trains and how many cores they
 * have: the pool starts them in order, each on the first core to come free.
 */
export function finishTime(durations: readonly number[], cores: number): number {
  const freeAt = new Array<number>(Math.max(1, Math.floor(cores))).fill(0);
  for (const d of durations) {
    const core = freeAt.indexOf(Math.min(...freeAt));
    freeAt[core] += d;
  }
  return Math.max(...freeAt);
}

export class TrainingPool {
  readonly capacity: number;
  readonly #options: PoolOptions;
  #jobs = $state.raw<TrainingJob[]>([]);
  #elsewhere = $state(0);
  #restored = $state(false);
  #storageError = $state<string | null>(null);
  #releases = new Map<string, () => void>();
  #active = $derived(this.#jobs.filter((j) => !j.finished));

  constructor(options: PoolOptions) {
    this.capacity = Math.max(1, Math.floor(options.capacity));
    this.#options = options;
  }

  get jobs(): readonly TrainingJob[] { return this.#jobs; }
  /** Jobs not yet finished (queued, running, paused, saving). */
  get active(): readonly TrainingJob[] { return this.#active; }
  /**
   * How far the unfinished jobs are together, 0 to 1: their steps weighted by each one's cost
   * a step on this device (overall-progress.ts), the waiting and paused ones counted too.
   */
  get overall(): number {
    return overallFraction(this.#active.map((j) => ({ step: j.progress?.step ?? 0, steps: j.spec.steps, stepsPerSec: j.stepsPerSec })));
  }
  /** Jobs training right now, each on a core of its own. */
  get training(): number { return this.#active.filter((j) => j.status === 'running').length; }
  /** Jobs whose worker is at work right now: building its corpus, training, or being measured and saved. */
  get working(): number { return this.#active.filter((j) => j.status === 'starting' || j.status === 'running' || j.status === 'saving').length; }
  /** Whether every core the pool may use holds a job's worker, so a new job would wait. */
  get full(): boolean { return this.freeCores === 0; }
  /** Cores that no job's worker holds, where new jobs would start at once. */
  get freeCores(): number { return Math.max(0, this.capacity - this.#busy()); }
  /** Unfinished jobs that another tab is training. */
  get elsewhere(): number { return this.#elsewhere; }
  get restored(): boolean { return this.#restored; }
  /** Why stored jobs could not be read (training still works, but will not survive a reload). */
  get storageError(): string | null { return this.#storageError; }

  /** Takes over the unfinished jobs stored by earlier page loads. */
  async restore(): Promise<void> {
    if (this.#restored) return;
    let stored: Awaited<ReturnType<JobStore['list']>>;
    try {
      stored = await this.#options.store.list();
    } catch (err) {
      this.#storageError = err instanceof Error ? err.message : String(err);
      this.#restored = true;
      return;
    }
    const jobs: TrainingJob[] = [];
    let elsewhere = 0;
    for (const { record, checkpoint } of stored) {
      if (this.#jobs.some((j) => j.id === record.id)) continue;
      if (!(await this.#lock(record.id))) {
        elsewhere++;
        continue;
      }
      jobs.push(new TrainingJob(record, this.#options, checkpoint, true));
    }
    this.#elsewhere = elsewhere;
    this.#jobs = [...jobs, ...this.#jobs];
    this.#restored = true;
    this.#pump();
  }

  /** Adds jobs (one per organelle) and starts as many as there are free workers. */
  async add(specs: JobSpec[]): Promise<TrainingJob[]> {
    const added: TrainingJob[] = [];
    for (const spec of specs) {
      const id = this.#options.newId?.() ?? crypto.randomUUID();
      const record: JobRecord = { id, spec, createdAt: new Date().toISOString(), paused: false };
      // without storage the run still trains; it just cannot resume after a reload
      await this.#options.store.put(record).catch(() => {});
      await this.#lock(id);
      added.push(new TrainingJob(record, this.#options));
    }
    this.#jobs = [...this.#jobs, ...added];
    this.#pump();
    return added;
  }

  pause(job: TrainingJob): void {
    job.pause();
    this.#share();
  }

  resume(job: TrainingJob): void {
    job.resume();
    this.#pump();
  }

  retry(job: TrainingJob): void {
    job.retry();
    this.#pump();
  }

  async cancel(job: TrainingJob): Promise<void> {
    await job.cancel();
    this.#pump();
  }

  /** Removes a finished job from the list (and its stored record, if any is left). */
  async dismiss(job: TrainingJob): Promise<void> {
    if (!job.finished) return;
    await job.discard();
    this.#release(job.id);
    this.#jobs = this.#jobs.filter((j) => j !== job);
  }

  /** Finished jobs that left nothing behind to act on: what clearFinished removes. */
  get clearable(): readonly TrainingJob[] {
    return this.#jobs.filter((j) => j.finished && !j.pending);
  }

  /** Removes every finished job that left nothing behind to act on. */
  async clearFinished(): Promise<void> {
    for (const job of this.clearable) await this.dismiss(job);
  }

  /** Saves a stopped run's checkpoint to the library as a partly trained model. */
  saveCheckpoint(job: TrainingJob): Promise<void> {
    return job.saveCheckpoint();
  }

  /** Ends every worker (tests, page teardown); stored jobs stay for the next load. */
  dispose(): void {
    for (const job of this.#jobs) job.dispose();
    for (const id of [...this.#releases.keys()]) this.#release(id);
  }

  #busy(): number {
    return this.#jobs.filter((j) => j.hasWorker || j.status === 'starting').length;
  }

  #pump(): void {
    let busy = this.#busy();
    const starting: TrainingJob[] = [];
    for (const job of this.#jobs) {
      if (busy >= this.capacity) break;
      if (job.status !== 'queued') continue;
      busy++;
      starting.push(job);
    }
    // the runs at hand share the cores: the new ones start with their share, the others change theirs
    void this.#share(starting);
    for (const job of starting) {
      void job.run().finally(() => {
        // a job that keeps its stored record keeps its lock until it is dismissed
        if (job.finished && !job.pending) this.#release(job.id);
        this.#pump();
        if (job.finished) this.#options.onFinished?.(job, this.#jobs);
      });
    }
  }

  /**
   * Shares the cores among the runs that hold them (not the paused ones), in the order they
   * were added, `starting` counted among them; returns when every running job has its share.
   */
  #share(starting: readonly TrainingJob[] = []): Promise<unknown> {
    const runs = this.#jobs.filter((j) => j.holdsCores || starting.includes(j));
    const shares = shareCores(this.capacity, runs.length);
    return Promise.all(runs.map((job, i) => job.setThreads(shares[i]!)));
  }

  async #lock(id: string): Promise<boolean> {
    const release = await (this.#options.lock ?? webLock)(`organelle-lab-job:${id}`);
    if (!release) return false;
    this.#releases.set(id, release);
    return true;
  }

  #release(id: string): void {
    this.#releases.get(id)?.();
    this.#releases.delete(id);
  }
}
