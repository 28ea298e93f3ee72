// One organelle's training as the page sees it. The job owns its engine worker while it
// runs (one worker per organelle), mirrors the worker's progress into reactive state,
// writes every checkpoint to the job store, and hands the finished model to the library.
// A job restored after a reload starts from its last checkpoint. A run cancelled or
// diverged keeps its last checkpoint until it is dismissed: a cancelled one can resume from
// it, and either can save it to the library as a partly trained model.
import * as Comlink from 'comlink';
import type { EngineConnection, SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage, grouped } from '../lib/format.ts';
import { decodeModelFile, encodeModelFile } from '../../../worker/model/model-file.ts';
import { sentence } from '../replay/shared-run.ts';
import type {
  Evaluation,
  TrainCallbacks,
  TrainCheckpoint,
  TrainProgress,
  TrainStarted,
} from '../../../worker/browser/messages.ts';
import type { CheckpointRecord, JobRecord, JobSpec, JobStore, LossHistory } from './job-store.ts';
import { RunEta } from '../../../worker/run-eta.ts';

export type JobStatus = 'queued' | 'starting' | 'running' | 'paused' | 'saving' | 'done' | 'cancelled' | 'diverged' | 'error';

export interface JobDeps {
  spawn: SpawnEngine;
  store: JobStore;
  /** Stores the finished .organelle file and returns its library id. */
  saveModel(bytes: Uint8Array, spec: JobSpec): Promise<string>;
  /**
   * A recipe's corpus built once in a worker of its own for several runs (recipe-corpora.svelte.ts),
   * waited for if it is under way; null: the run's worker builds it.
   */
  recipeCorpus?(recipeId: string): Promise<string | null>;
  checkpointMs?: number;
}

/** The loss curve keeps at most this many points; older ones are thinned out. */
export const MAX_POINTS = 1500;

/** The curve with `more` appended; every other point is dropped while it is too long. */
export function appendCurve(h: LossHistory, more: LossHistory): LossHistory {
  let steps = [...h.steps];
  let losses = [...h.losses];
  more.steps.forEach((step, i) => {
    if (!Number.isFinite(more.losses[i]) || step <= (steps.at(-1) ?? -1)) return;
    steps.push(step);
    losses.push(more.losses[i]);
  });
  while (steps.length > MAX_POINTS) {
    // keep the newest point where it is; thin out the rest
    const parity = (steps.length - 1) % 2;
    const keep = (_: number, i: number) => i % 2 === parity;
    steps = steps.filter(keep);
    losses = losses.filter(keep);
  }
  return { steps, losses };
}

export class TrainingJob {
  readonly id: string;
  readonly spec: JobSpec;
  readonly createdAt: string;
  readonly #deps: JobDeps;
  #status = $state<JobStatus>('queued');
  #progress = $state.raw<TrainProgress | null>(null);
  #history = $state.raw<LossHistory>({ steps: [], losses: [] });
  #info = $state.raw<TrainStarted | null>(null);
  #resumedFrom = $state<number | null>(null);
  #checkpointStep = $state<number | null>(null);
  #stopping = $state(false);
  #error = $state<string | null>(null);
  #warning = $state<string | null>(null);
  #evaluation = $state.raw<Evaluation | null>(null);
  #modelId = $state<string | null>(null);
  #unsaved = $state.raw<Uint8Array | null>(null);
  #checkpoint = $state.raw<CheckpointRecord | undefined>(undefined);
  #savedStep = $state<number | null>(null); // the step of a partly trained model saved to the library
  #savingCheckpoint = $state(false);
  #stoppedLoss = $state<number | null>(null); // a cancelled run's model loss, measured when it stopped
  #conn = $state.raw<EngineConnection | null>(null); // the pool counts busy cores by it
  #awaitingCorpus = $state(false); // its worker waits for a corpus built elsewhere
  #threads = $state(1); // threads its run trains on (the pool's share of the cores)
  #asked = 1; // the share last asked for, sent with the run's request while it starts
  #writes: Promise<unknown> = Promise.resolve();
  #eta: RunEta; // time left, smoothed, from the form's timing and the run's own pace
  #etaSeconds = $state(NaN);
  #stepsPerSec = $state(NaN);

  /** `restored`: the job comes from storage after a reload (with its checkpoint, if one was saved). */
  constructor(record: JobRecord, deps: JobDeps, checkpoint?: CheckpointRecord, restored = false) {
    this.id = record.id;
    this.spec = record.spec;
    this.createdAt = record.createdAt;
    this.#deps = deps;
    this.#eta = new RunEta(record.spec.timedStepsPerSec);
    this.#stepsPerSec = this.#eta.stepsPerSec;
    if (record.paused) this.#status = 'paused';
    if (record.stopped) {
      this.#status = record.stopped;
      this.#error = record.message ?? null;
      this.#stoppedLoss = record.trainLoss ?? null;
    } else if (restored) this.#resumedFrom = checkpoint?.step ?? 0;
    if (checkpoint) {
      this.#checkpoint = checkpoint;
      this.#history = checkpoint.history;
      this.#checkpointStep = checkpoint.step;
      // the figures the card showed when the checkpoint was taken; older records kept only the curve
      const last = checkpoint.loss ?? checkpoint.history.losses.at(-1) ?? NaN;
      this.#progress = {
        step: checkpoint.step,
        steps: record.spec.steps,
        loss: last,
        curve: { steps: [], losses: [] },
        tokensPerSec: checkpoint.tokensPerSec ?? 0,
        elapsedMs: checkpoint.elapsedMs,
      };
    }
  }

  get status(): JobStatus { return this.#status; }
  get progress(): TrainProgress | null { return this.#progress; }
  get history(): LossHistory { return this.#history; }
  get info(): TrainStarted | null { return this.#info; }
  /** The model's parameters: from its run once started, from its checkpoint after a reload. */
  get paramCount(): number | null { return this.#info?.paramCount ?? this.#checkpoint?.paramCount ?? null; }
  /**
   * The model's loss on its training documents (worker/model-loss.ts), measured on its weights:
   * a finished run's, or a cancelled one's where it stopped; null for a run still going.
   */
  get trainLoss(): number | null {
    if (this.#status === 'done') return this.#evaluation?.trainLoss ?? null;
    return this.#status === 'cancelled' ? this.#stoppedLoss : null;
  }
  /** The checkpoint step a restored job continues from (0: none was saved), or null for a new job. */
  get resumedFrom(): number | null { return this.#resumedFrom; }
  get checkpointStep(): number | null { return this.#checkpointStep; }
  get stopping(): boolean { return this.#stopping; }
  get error(): string | null { return this.#error; }
  get warning(): string | null { return this.#warning; }
  get evaluation(): Evaluation | null { return this.#evaluation; }
  get modelId(): string | null { return this.#modelId; }
  /** The finished model when the library could not store it (offer a download instead). */
  get unsaved(): Uint8Array | null { return this.#unsaved; }
  get hasWorker(): boolean { return this.#conn !== null; }
  /** Threads its run trains on now. */
  get threads(): number { return this.#threads; }
  /** Whether it holds cores: its worker is starting, training or saving (not paused). */
  get holdsCores(): boolean { return this.#conn !== null && this.#status !== 'paused'; }

  /**
   * Its share of the cores from its run's next slice on (training-pool.svelte.ts decides).
   * Same bits on any count; a worker that cannot share memory stays on one thread.
   */
  async setThreads(count: number): Promise<void> {
    this.#asked = count;
    const conn = this.#conn;
    if (!conn || this.#info === null) return; // not started yet: the request carries the share
    try {
      const now = await conn.api.setThreads(count);
      if (this.#conn === conn) this.#threads = now;
    } catch {
      // a worker that ended meanwhile has nothing to share
    }
  }
  /** Whether its worker is waiting for the recipe's corpus, built once in another worker for several runs. */
  get awaitingCorpus(): boolean { return this.#awaitingCorpus; }
  get finished(): boolean { return ['done', 'cancelled', 'diverged', 'error'].includes(this.#status); }
  /** Whether a checkpoint of the run is at hand (what cancelling it would otherwise stop short of). */
  get hasCheckpoint(): boolean { return this.#checkpoint !== undefined; }
  /** A stopped run (cancelled, diverged) whose checkpoint can be resumed or saved until it is dismissed. */
  get stoppedWithCheckpoint(): boolean {
    return (this.#status === 'cancelled' || this.#status === 'diverged') && this.#checkpoint !== undefined;
  }
  /** Whether the finished job still holds something to act on: a model to save, a checkpoint, a failure. */
  get pending(): boolean { return this.#unsaved !== null || this.#status === 'error' || this.stoppedWithCheckpoint; }
  /** The step of the checkpoint saved to the library as a partly trained model, if one was. */
  get savedStep(): number | null { return this.#savedStep; }
  get savingCheckpoint(): boolean { return this.#savingCheckpoint; }
  /** Seconds of training left, one smoothed figure (worker/run-eta.ts); NaN until known. */
  get etaSeconds(): number { return this.#etaSeconds; }
  /** Its steps a second on this device: its own recent pace, or the form's timing until it has one; NaN if neither. */
  get stepsPerSec(): number { return this.#stepsPerSec; }
  get fraction(): number {
    const p = this.#progress;
    return p ? Math.min(1, p.step / this.spec.steps) : 0;
  }

  /** Trains in a new worker until the run is done, cancelled or fails. */
  async run(): Promise<void> {
    if (this.#status !== 'queued') return;
    this.#status = 'starting';
    this.#error = null;
    const from = this.#checkpoint;
    let crash = (_: string) => {};
    const crashed = new Promise<never>((_, reject) => (crash = (m) => reject(new Error(m))));
    const conn = this.#deps.spawn((m) => crash(m));
    this.#conn = conn;
    try {
      const { timedStepsPerSec: _, ...spec } = this.spec; // the page's, not the worker's
      const request = {
        ...spec,
        checkpoint: from?.bytes,
        elapsedMs: from?.elapsedMs,
        checkpointMs: this.#deps.checkpointMs,
        threads: this.#asked,
      };
      const result = await Promise.race([conn.api.train(request, Comlink.proxy(this.#callbacks())), crashed]);
      if (result.status === 'cancelled') {
        if (result.checkpoint) await this.#keepCheckpoint(result.checkpoint);
        this.#stoppedLoss = result.trainLoss ?? null;
        await this.#stop('cancelled');
        return;
      }
      if (result.status === 'diverged') {
        const kept = this.#checkpoint
          ? ` Its last good checkpoint, at step ${grouped(this.#checkpoint.step)}, is kept: save it to the library as a partly trained model, or dismiss the run.`
          : ' No checkpoint had been saved before it, so nothing is kept.';
        this.#error = result.message + kept;
        await this.#stop('diverged');
        return;
      }
      this.#status = 'saving';
      this.#evaluation = result.evaluation;
      const last = this.#progress;
      this.#progress = {
        step: result.step,
        steps: this.spec.steps,
        loss: last?.loss ?? NaN,
        curve: { steps: [], losses: [] },
        tokensPerSec: last?.tokensPerSec ?? 0,
        elapsedMs: result.elapsedMs,
      };
      await this.#save(result.model);
      this.#status = 'done';
    } catch (err) {
      // the engine words its errors as clauses ("corpus document 3 is malformed"); the card shows one alone
      this.#error = sentence(errorMessage(err));
      this.#status = 'error';
    } finally {
      conn.close();
      this.#conn = null;
      this.#threads = 1;
      this.#stopping = false;
    }
  }

  #callbacks(): TrainCallbacks {
    return {
      corpus: async (recipeId) => {
        const built = this.#deps.recipeCorpus?.(recipeId);
        if (!built) return null;
        this.#awaitingCorpus = true;
        try {
          return await built;
        } finally {
          this.#awaitingCorpus = false;
        }
      },
      started: (e) => {
        this.#info = e;
        this.#threads = e.threads;
        if (this.#status === 'starting') this.#status = 'running';
        // the pool's share changed while the run was being prepared
        if (e.threads !== this.#asked && !e.oneThreadBecause) void this.setThreads(this.#asked);
      },
      progress: (p) => {
        this.#progress = p;
        this.#eta.observe(p.step, p.steps, p.elapsedMs);
        this.#etaSeconds = this.#eta.seconds;
        this.#stepsPerSec = this.#eta.stepsPerSec;
        this.#history = appendCurve(this.#history, p.curve);
      },
      checkpoint: (c) => this.#keepCheckpoint(c),
      paused: () => {},
    };
  }

  #keepCheckpoint(c: TrainCheckpoint): Promise<unknown> {
    // the worker hands every checkpoint over before its result; none comes after the run ends
    if (this.finished) return Promise.resolve();
    const record: CheckpointRecord = {
      step: c.step,
      bytes: c.bytes,
      elapsedMs: c.elapsedMs,
      history: this.#history,
      savedAt: new Date().toISOString(),
      ...(c.loss !== undefined ? { loss: c.loss } : {}),
      ...(c.tokensPerSec !== undefined ? { tokensPerSec: c.tokensPerSec } : {}),
      ...(this.paramCount !== null ? { paramCount: this.paramCount } : {}),
    };
    this.#checkpoint = record;
    return this.#queue(async () => {
      try {
        await this.#deps.store.saveCheckpoint(this.id, record);
        this.#checkpointStep = c.step;
        this.#warning = null;
      } catch (err) {
        this.#warning = `The checkpoint at step ${c.step} could not be saved (${errorMessage(err)}); training goes on.`;
      }
    });
  }

  async #save(bytes: Uint8Array): Promise<void> {
    await this.#writes;
    try {
      this.#modelId = await this.#deps.saveModel(bytes, this.spec);
      this.#unsaved = null;
      this.#warning = null;
      await this.#forget();
    } catch (err) {
      this.#unsaved = bytes;
      this.#warning = errorMessage(err);
    }
  }

  /** Tries again to store a finished model that the library refused. */
  async retrySave(): Promise<void> {
    if (this.#unsaved) await this.#save(this.#unsaved);
  }

  // store writes run one after another, in the order they were asked for
  #queue(write: () => Promise<unknown>): Promise<unknown> {
    this.#writes = this.#writes.then(write, write);
    return this.#writes;
  }

  #persist(): Promise<unknown> {
    const s = this.#status;
    const record: JobRecord = { id: this.id, spec: this.spec, createdAt: this.createdAt, paused: s === 'paused' };
    if (s === 'cancelled' || s === 'diverged') {
      record.stopped = s;
      if (this.#error) record.message = this.#error;
      if (this.#stoppedLoss !== null) record.trainLoss = this.#stoppedLoss;
    }
    return this.#queue(() => this.#deps.store.put(record).catch(() => {}));
  }

  /** Ends the run here: with a checkpoint it stays, stored, until dismissed; without one it is forgotten. */
  async #stop(status: 'cancelled' | 'diverged'): Promise<void> {
    this.#status = status;
    await (this.#checkpoint ? this.#persist() : this.#forget());
  }

  #forget(): Promise<unknown> {
    return this.#queue(() => this.#deps.store.remove(this.id).catch(() => {}));
  }

  pause(): void {
    if (this.#status !== 'starting' && this.#status !== 'running') return;
    this.#status = 'paused';
    void this.#conn?.api.pause();
    void this.#persist();
  }

  /**
   * Continues a paused job; one without a worker (restored after a reload) goes back in the
   * queue, as does a cancelled one, from its checkpoint.
   */
  resume(): void {
    if (this.#status === 'cancelled' && this.#checkpoint && !this.#conn) {
      this.#status = 'queued';
      this.#stoppedLoss = null;
      void this.#persist();
      return;
    }
    if (this.#status !== 'paused') return;
    if (this.#conn) {
      this.#status = this.#info ? 'running' : 'starting';
      void this.#conn.api.resume();
    } else {
      this.#status = 'queued';
    }
    void this.#persist();
  }

  /** Queues a failed job again, from its last checkpoint. */
  retry(): void {
    if (this.#status === 'error') this.#status = 'queued';
  }

  async cancel(): Promise<void> {
    if (this.#conn) {
      if (this.#status === 'saving') return;
      this.#stopping = true;
      void this.#conn.api.cancel();
      return;
    }
    if (this.#status === 'queued' || this.#status === 'paused' || this.#status === 'error') await this.#stop('cancelled');
  }

  /**
   * Saves a stopped run's checkpoint to the library as a model: its weights, without the
   * optimizer state, its recipe saying how many of its steps were done (partly trained).
   */
  async saveCheckpoint(): Promise<void> {
    const c = this.#checkpoint;
    if (!c || !this.stoppedWithCheckpoint || this.#savingCheckpoint || this.#savedStep === c.step) return;
    this.#savingCheckpoint = true;
    try {
      const model = decodeModelFile(c.bytes);
      const bytes = encodeModelFile({ ...model, optimizer: undefined, createdAt: new Date().toISOString() });
      this.#modelId = await this.#deps.saveModel(bytes, this.spec);
      this.#savedStep = c.step;
      this.#warning = null;
    } catch (err) {
      this.#warning = `The checkpoint at step ${grouped(c.step)} could not be saved to the library: ${errorMessage(err)}`;
    } finally {
      this.#savingCheckpoint = false;
    }
  }

  /** Forgets a finished job's stored record (a failed or unsaved one keeps it until then). */
  async discard(): Promise<void> {
    await this.#forget();
  }

  /** Ends the worker without touching storage (the page is going away). */
  dispose(): void {
    this.#conn?.close();
    this.#conn = null;
  }
}
