// How long the runs the Train form offers would take on this device, known before they start:
// the run the form describes, and the game's organelles that "Train both" would start. Workers
// of its own train a moment of each (worker/browser/train-timing.ts): the form's run alone on
// every core, the game's organelles side by side on their shares of the cores (worker/cores.ts),
// as they would train on a device to themselves, since runs sharing the cores go slower than
// one alone. A rate turns any number of steps into a duration, so changing the steps or the
// seed needs no new timing, while a new corpus, recipe or shape does. The form changes in
// bursts while someone types, so timing starts only once it has held still a moment.
//
// A timing is taken only while no training run is at work in this tab: one beside a run comes
// out slower (sharing the cores), slows the run, and would turn one honest figure into another
// each time a run starts or ends (issue 50: about 20 min for the four, then about 40 once a run
// was going). So a timing that a run started or ended under is thrown away, nothing is timed
// while runs are at work, and the views say what the figure assumes: the device to itself. The
// timings of recipe runs are kept across visits (timing-store.ts), so a recipe timed once is
// shown at once, runs or not, and timed again once a visit with no run at work, the faster of
// the two standing; a corpus of one's own is remembered while the page is open.
import { untrack } from 'svelte';
import { KeptEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import type { TrainSource, TrainTiming, TrainTimingRequest } from '../../../worker/browser/messages.ts';
import { sameWidths } from '../../../worker/model/shape.ts';
import { shareCores } from '../../../worker/cores.ts';
import type { Timed, TimedRun, TimingStore } from './timing-store.ts';

/** 'waiting': not timed, and runs are at work on the device, so it is timed once they are done. */
export type EstimateStatus = 'idle' | 'timing' | 'waiting' | 'ready' | 'failed';

/** How long the form must hold still before a timing starts (ms). */
export const SETTLE_MS = 400;

/** How many corpus runs' timings are remembered (each holds its corpus's text); recipe runs' are all kept. */
export const REMEMBERED_CORPORA = 3;

function sameSource(a: TrainSource, b: TrainSource): boolean {
  if (a.kind === 'recipe') return b.kind === 'recipe' && a.recipeId === b.recipeId;
  // held-out documents are never trained on, so they do not change the rate
  return b.kind === 'corpus' && a.corpusText === b.corpusText;
}

/** Whether one timing serves both requests: the seed only reorders batches. */
export function sameRun(a: TimedRun, b: TimedRun): boolean {
  return sameSource(a.source, b.source) && sameWidths(a.architecture, b.architecture) && a.architecture.block === b.architecture.block;
}

/** A run and where it is timed: with how many runs side by side (itself included), on how many threads. */
type Placement = Pick<Timed, 'request' | 'alongside' | 'threads'>;

/** A run as the form asks for it (its seed included: it is timed as asked), and where it would train. */
interface Slot extends Placement {
  request: TrainTimingRequest;
}

function sameSlot(a: Placement | null, b: Placement | null): boolean {
  return a && b ? a.alongside === b.alongside && a.threads === b.threads && sameRun(a.request, b.request) : a === b;
}

/**
 * The runs "Train both" would start, in the batches they would train in on a device to
 * themselves: as many side by side as it has cores, each on its share of them.
 */
export function batchesOf(cores: number, runs: readonly TrainTimingRequest[]): Slot[][] {
  const together = Math.max(1, Math.min(runs.length, Math.floor(cores)));
  const threads = shareCores(cores, together);
  const batches: Slot[][] = [];
  for (let i = 0; i < runs.length; i += together) {
    batches.push(runs.slice(i, i + together).map((request, j) => ({ request, alongside: together, threads: threads[j] })));
  }
  return batches;
}

/** A run a worker prepared ahead of its batch, while the batch before it was timed. */
interface EarlyPrepare {
  slot: Slot;
  done: Promise<void>;
}
interface Refused extends Slot {
  error: string;
}
/** A timing this estimate knows, from this visit or kept from an earlier one (which is timed again once, with no run at work). */
interface Known {
  timed: Timed;
  thisVisit: boolean;
}

/** Seconds of training for `steps` at a measured rate; NaN until there is one. */
export function trainingSeconds(timing: TrainTiming | null, steps: number): number {
  return timing ? steps / timing.stepsPerSec : NaN;
}

/** How one of the runs beside the form's stands. */
export interface RunTimingState {
  status: EstimateStatus;
  timing: TrainTiming | null;
  /** When it was timed (ISO), this visit or an earlier one. */
  timedAt: string | null;
  error: string | null;
}

export interface EstimateOptions {
  spawn: SpawnEngine;
  settleMs?: number;
  /** The device's (the pool's capacity), which the runs timed share as they would train. */
  cores?: number;
  /** Where recipe runs' timings are kept across visits. */
  store?: TimingStore;
}

export class TrainingEstimate {
  readonly #spawn: SpawnEngine;
  readonly #settleMs: number;
  readonly #cores: number;
  readonly #store: TimingStore | undefined;
  readonly #loaded: Promise<void>; // the stored timings, read once
  readonly #engines: KeptEngine[] = []; // one per run timed side by side
  #own = $state.raw<Slot | null>(null); // the run the form describes now, alone on every core
  #also = $state.raw<readonly Slot[][]>([]); // the batches its "Train both" would start
  #working = $state(0); // runs at work on the device now: nothing is timed beside them
  #loadChanges = 0; // bumped whenever that number changes, even if it changes back
  #known = $state.raw<readonly Known[]>([]); // newest first: remembered timings
  #failed = $state.raw<readonly Refused[]>([]); // refusals since the runs last changed
  #timer: ReturnType<typeof setTimeout> | undefined;
  #generation = 0; // bumped by every change of runs, so a superseded loop stops
  #queue: Promise<void> = Promise.resolve(); // one loop's timings at a time, in the order asked
  #drop: (reason: Error) => void = () => {};
  #dropped = this.#newDrop();

  constructor({ spawn, settleMs = SETTLE_MS, cores = 1, store }: EstimateOptions) {
    this.#spawn = spawn;
    this.#settleMs = settleMs;
    this.#cores = Math.max(1, Math.floor(cores));
    this.#store = store;
    this.#loaded = (store?.list() ?? Promise.resolve([])).then(
      (stored) => {
        // any timed this visit before the store answered are the newer
        this.#known = [...this.#known, ...stored.filter((s) => !this.#find(s)).map((timed) => ({ timed, thisVisit: false }))];
      },
      () => {}, // storage that cannot be read only means the runs are timed as on a first visit
    );
  }

  /** How the form's own run stands. */
  get status(): EstimateStatus {
    return this.#state(this.#own).status;
  }
  get timing(): TrainTiming | null {
    return this.#state(this.#own).timing;
  }
  get timedAt(): string | null {
    return this.#state(this.#own).timedAt;
  }
  get error(): string | null {
    return this.#state(this.#own).error;
  }

  /** How a run "Train both" would start stands, timed as it would train beside the others. */
  stateOf(request: TrainTimingRequest): RunTimingState {
    return this.#state(this.#also.flat().find((s) => sameRun(s.request, request)) ?? null);
  }

  /** Seconds of training for `steps` of the form's run at its measured rate; NaN until timed. */
  seconds(steps: number): number {
    return trainingSeconds(this.timing, steps);
  }

  /**
   * The run the form now describes (null: nothing to time), and the runs beside it that its
   * "Train both" would start, while `working` runs are at work on the device. With none at
   * work, times those not yet timed once the form holds still: the form's own run first, alone,
   * then the others, side by side as they would train. Safe to call from an effect: it tracks
   * nothing it reads.
   */
  update(request: TrainTimingRequest | null, also: readonly TrainTimingRequest[] = [], working = 0): void {
    untrack(() => {
      const own = request && { request, alongside: 1, threads: this.#cores };
      const batches = batchesOf(this.#cores, also);
      const before = [this.#own, ...this.#also.flat()];
      const after = [own, ...batches.flat()];
      const same = working === this.#working && before.length === after.length && before.every((s, i) => sameSlot(s, after[i]));
      this.#own = own;
      this.#also = batches;
      if (working !== this.#working) this.#loadChanges++;
      this.#working = working;
      if (same) return;
      this.#generation++;
      clearTimeout(this.#timer);
      this.#failed = [];
      if (working > 0) return; // timed once the runs are done, not beside them
      const toTime = own && !this.#timedThisVisit(own) ? [[own], ...batches] : batches;
      if (!toTime.some((b) => b.some((s) => !this.#timedThisVisit(s)))) return;
      const generation = this.#generation;
      const time = () => this.#loaded.then(() => this.#timeEach(toTime, generation));
      this.#timer = setTimeout(() => (this.#queue = this.#queue.then(time)), this.#settleMs);
    });
  }

  #find(slot: Placement | null): Timed | undefined {
    return slot ? this.#known.find((k) => sameSlot(k.timed, slot))?.timed : undefined;
  }

  #timedThisVisit(slot: Placement): boolean {
    return this.#known.some((k) => k.thisVisit && sameSlot(k.timed, slot));
  }

  #state(slot: Slot | null): RunTimingState {
    if (!slot) return { status: 'idle', timing: null, timedAt: null, error: null };
    const timed = this.#find(slot);
    const error = this.#failed.find((o) => sameSlot(o, slot))?.error ?? null;
    const status = timed ? 'ready' : error ? 'failed' : this.#working > 0 ? 'waiting' : 'timing';
    return { status, timing: timed?.timing ?? null, timedAt: timed?.timedAt ?? null, error };
  }

  /**
   * Times the batches in turn, each batch's runs side by side; stops once the runs change.
   * Workers a batch leaves idle prepare their part of the next batch meanwhile, since a corpus
   * takes seconds to build. Never rejects.
   */
  async #timeEach(batches: Slot[][], generation: number): Promise<void> {
    const untimed = (batch: Slot[] | undefined) => (batch ?? []).filter((s) => !this.#timedThisVisit(s)); // a twin may have been timed already
    let early: (EarlyPrepare | undefined)[] = []; // by worker: what it prepared for this batch beforehand
    for (let b = 0; b < batches.length; b++) {
      if (generation !== this.#generation) return;
      const load = this.#loadChanges;
      const todo = untimed(batches[b]);
      if (todo.length === 0) continue;
      const dropped = this.#dropped;
      const guard = <T>(call: Promise<T>) => Promise.race([call, dropped]);
      // each run timed on the threads it would train on
      const prepare = (slot: Slot, i: number) =>
        early[i] && sameSlot(early[i].slot, slot) ? early[i].done : guard(this.#engine(i).api.prepareTiming({ ...slot.request, threads: slot.threads }));
      const preparing = Promise.allSettled(todo.map(prepare));
      early = untimed(batches[b + 1]).map((slot, i) => (i < todo.length ? undefined : { slot, done: prepare(slot, i) }));
      // every run prepared (corpus and model) before any is timed, so they train side by side,
      // and the next batch's too, so nothing but this batch runs while it is timed
      const [prepared] = await Promise.all([preparing, Promise.allSettled(early.map((e) => e?.done))]);
      const timed = await Promise.allSettled(
        prepared.map(async (p, i) => {
          if (p.status === 'rejected') throw p.reason;
          return guard(this.#engine(i).api.timePrepared());
        }),
      );
      // a run that started or stopped meanwhile slowed part of it and not the rest (a short
      // run may have come and gone): the update that said so has asked for it again if the
      // device is free of runs
      if (load !== this.#loadChanges) return;
      timed.forEach((result, i) => {
        const { request, alongside, threads } = todo[i];
        // kept without the seed (it only reorders batches) or a shared corpus's text (megabytes)
        const run = { source: request.source, architecture: request.architecture };
        if (result.status === 'fulfilled') this.#remember({ request: run, alongside, threads, timing: result.value, timedAt: new Date().toISOString() });
        else if (generation === this.#generation) this.#failed = [...this.#failed, { ...todo[i], error: errorMessage(result.reason) }];
      });
      if (dropped !== this.#dropped) return; // a worker is gone: the next update starts afresh
    }
  }

  /**
   * Keeps a timing, even of a run the form has moved on from: it serves that run when it is
   * back. Of two timings of a run, the faster stands: other work on the machine (another tab,
   * another program) can slow a timing down, never speed it up, so the faster is nearer the
   * device's own speed, and one taken under such load is mended on a later visit.
   */
  #remember(timed: Timed): void {
    const before = this.#find(timed);
    const best = before && before.timing.stepsPerSec > timed.timing.stepsPerSec ? before : timed;
    let corpora = 0;
    const kept = [{ timed: best, thisVisit: true }, ...this.#known.filter((k) => !sameSlot(k.timed, timed))];
    this.#known = kept.filter((k) => k.timed.request.source.kind === 'recipe' || ++corpora <= REMEMBERED_CORPORA);
    // one not stored is timed again on the next visit, as if never timed
    if (best === timed && timed.request.source.kind === 'recipe') void this.#store?.put(timed).catch(() => {});
  }

  #engine(i: number): KeptEngine {
    this.#engines[i] ??= new KeptEngine(this.#spawn, (message) => {
      this.#closeEngines(); // the others' timings would no longer be side by side
      this.#abandon(new Error(`the timing worker stopped: ${message}`));
    });
    return this.#engines[i];
  }

  #closeEngines(): void {
    for (const engine of this.#engines) engine.close();
  }

  #newDrop(): Promise<never> {
    const dropped = new Promise<never>((_, reject) => (this.#drop = reject));
    dropped.catch(() => {}); // nobody may be waiting
    return dropped;
  }

  /** Ends the wait for the timings under way: a worker crashed or was closed, and never answers. */
  #abandon(reason: Error): void {
    const drop = this.#drop;
    this.#dropped = this.#newDrop();
    drop(reason);
  }

  /**
   * Ends the workers (and the memory their corpora hold) when the form is out of sight.
   * Finished timings stay, so the same runs show them again at once; those under way are
   * abandoned and start afresh on the next update.
   */
  release(): void {
    this.#closeEngines();
    clearTimeout(this.#timer);
    this.#generation++;
    this.#own = null;
    this.#also = [];
    this.#failed = [];
    this.#abandon(new Error('the view closed'));
  }
}
