// How long the runs the Train form offers would take on this device, known before they start:
// the run the form describes, and the game's organelles that "Train both" would start. Workers
// of its own train a moment of each (worker/browser/train-timing.ts): the form's run alone,
// the game's organelles side by side as they would train, since runs sharing a device's cores
// go slower than one alone. A rate turns any number of steps into a duration, so changing the
// steps or the seed needs no new timing, while a new corpus, recipe or shape does. The form
// changes in bursts while someone types, so timing starts only once it has held still a
// moment. Runs already at work (building a corpus, training, being measured) slow a timing
// down, so each timing belongs to the number of runs at work while it was taken: one that
// any run started or stopped under is thrown away, and such a change times the runs again.
// Each is timed on the threads it would get: its share of the cores beside the runs at work
// (worker/cores.ts), so one run alone is timed on every core. Timings of the last few runs are remembered and outlive
// the view; the workers do not.
import { untrack } from 'svelte';
import { KeptEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import type { TrainSource, TrainTiming, TrainTimingRequest } from '../../../worker/browser/messages.ts';
import { sameWidths } from '../../../worker/model/shape.ts';
import { shareCores } from '../../../worker/cores.ts';

export type EstimateStatus = 'idle' | 'timing' | 'ready' | 'failed';

/** How long the form must hold still before a timing starts (ms). */
export const SETTLE_MS = 400;

/** How many runs' timings are remembered (a corpus run's request holds its corpus text). */
export const REMEMBERED_RUNS = 6;

function sameSource(a: TrainSource, b: TrainSource): boolean {
  if (a.kind === 'recipe') return b.kind === 'recipe' && a.recipeId === b.recipeId;
  // held-out documents are never trained on, so they do not change the rate
  return b.kind === 'corpus' && a.corpusText === b.corpusText;
}

/** Whether one timing serves both requests: the seed only reorders batches. */
export function sameRun(a: TrainTimingRequest, b: TrainTimingRequest): boolean {
  return sameSource(a.source, b.source) && sameWidths(a.architecture, b.architecture) && a.architecture.block === b.architecture.block;
}

function sameRuns(a: readonly (TrainTimingRequest | null)[], b: readonly (TrainTimingRequest | null)[]): boolean {
  return a.length === b.length && a.every((r, i) => (r && b[i] ? sameRun(r, b[i]) : r === b[i]));
}

/**
 * A run timed with `alongside` runs (itself included) side by side while `working` runs
 * were at work on the device: its timing, or why it has none.
 */
interface Timed {
  request: TrainTimingRequest;
  alongside: number;
  working: number;
  timing: TrainTiming;
}
/** A run a worker prepared ahead of its batch, while the batch before it was timed. */
interface EarlyPrepare {
  request: TrainTimingRequest;
  done: Promise<void>;
}
interface Refused {
  request: TrainTimingRequest;
  alongside: number;
  working: number;
  error: string;
}

function timedAs(o: Timed | Refused, request: TrainTimingRequest, alongside: number, working: number): boolean {
  return o.alongside === alongside && o.working === working && sameRun(o.request, request);
}

/** Seconds of training for `steps` at a measured rate; NaN until there is one. */
export function trainingSeconds(timing: TrainTiming | null, steps: number): number {
  return timing ? steps / timing.stepsPerSec : NaN;
}

/** How one of the runs beside the form's stands. */
export interface RunTimingState {
  status: EstimateStatus;
  timing: TrainTiming | null;
  error: string | null;
}

export class TrainingEstimate {
  readonly #spawn: SpawnEngine;
  readonly #settleMs: number;
  readonly #cores: number;
  readonly #engines: KeptEngine[] = []; // one per run timed side by side
  #wanted = $state.raw<TrainTimingRequest | null>(null); // the run the form describes now
  #also: readonly TrainTimingRequest[] = []; // the runs its "Train both" would start (only compared)
  #alongside = $state(1); // how many of those would train side by side
  #working = $state(0); // runs at work on the device now, which slow a timing down
  #loadChanges = 0; // bumped whenever that number changes, even if it changes back
  #timed = $state.raw<readonly Timed[]>([]); // newest first: remembered timings
  #failed = $state.raw<readonly Refused[]>([]); // refusals since the runs last changed
  #timer: ReturnType<typeof setTimeout> | undefined;
  #generation = 0; // bumped by every change of runs, so a superseded loop stops
  #queue: Promise<void> = Promise.resolve(); // one loop's timings at a time, in the order asked
  #drop: (reason: Error) => void = () => {};
  #dropped = this.#newDrop();

  /** `cores`: the device's (the pool's capacity), which the runs timed and those at work share as they would train. */
  constructor(spawn: SpawnEngine, settleMs = SETTLE_MS, cores = 1) {
    this.#spawn = spawn;
    this.#settleMs = settleMs;
    this.#cores = cores;
  }

  /** How the form's own run stands. */
  get status(): EstimateStatus {
    return this.#state(this.#wanted, 1).status;
  }
  get timing(): TrainTiming | null {
    return this.#state(this.#wanted, 1).timing;
  }
  get error(): string | null {
    return this.#state(this.#wanted, 1).error;
  }

  /** How a run beside the form's stands, timed with as many side by side as update() last said. */
  stateOf(request: TrainTimingRequest): RunTimingState {
    return this.#state(request, this.#alongside);
  }

  /** Seconds of training for `steps` of the form's run at its measured rate; NaN until timed. */
  seconds(steps: number): number {
    return trainingSeconds(this.timing, steps);
  }

  /**
   * The run the form now describes (null: nothing to time), and the runs beside it that its
   * "Train both" would start with `alongside` of them training side by side, while `working`
   * runs are already at work on the device. Times those not yet timed under these conditions once
   * the form holds still: the form's own run first, alone, then the others, side by side as
   * they would train. Safe to call from an effect: it tracks nothing it reads.
   */
  update(request: TrainTimingRequest | null, also: readonly TrainTimingRequest[] = [], alongside = 1, working = 0): void {
    untrack(() => {
      const together = Math.max(1, Math.min(also.length, Math.floor(alongside)));
      const same = together === this.#alongside && working === this.#working && sameRuns([this.#wanted, ...this.#also], [request, ...also]);
      this.#wanted = request;
      this.#also = also;
      this.#alongside = together;
      if (working !== this.#working) this.#loadChanges++;
      this.#working = working;
      if (same) return;
      this.#generation++;
      clearTimeout(this.#timer);
      this.#failed = [];
      const batches: { runs: TrainTimingRequest[]; alongside: number }[] = [];
      if (request && !this.#find(request, 1)) batches.push({ runs: [request], alongside: 1 });
      for (let i = 0; i < also.length; i += together) batches.push({ runs: also.slice(i, i + together), alongside: together });
      if (!batches.some((b) => b.runs.some((r) => !this.#find(r, b.alongside)))) return;
      const generation = this.#generation;
      this.#timer = setTimeout(() => (this.#queue = this.#queue.then(() => this.#timeEach(batches, generation))), this.#settleMs);
    });
  }

  #find(request: TrainTimingRequest | null, alongside: number): TrainTiming | null {
    return (request && this.#timed.find((o) => timedAs(o, request, alongside, this.#working))?.timing) ?? null;
  }

  #state(request: TrainTimingRequest | null, alongside: number): RunTimingState {
    const timing = this.#find(request, alongside);
    const error = (request && this.#failed.find((o) => timedAs(o, request, alongside, this.#working))?.error) ?? null;
    return { status: !request ? 'idle' : timing ? 'ready' : error ? 'failed' : 'timing', timing, error };
  }

  /**
   * Times the batches in turn, each batch's runs side by side; stops once the runs change.
   * Workers a batch leaves idle prepare their part of the next batch meanwhile, since a corpus
   * takes seconds to build. Never rejects.
   */
  async #timeEach(batches: { runs: TrainTimingRequest[]; alongside: number }[], generation: number): Promise<void> {
    const untimed = (b: { runs: TrainTimingRequest[]; alongside: number } | undefined) =>
      b ? b.runs.filter((r) => !this.#find(r, b.alongside)) : []; // a twin may have been timed already
    let early: (EarlyPrepare | undefined)[] = []; // by worker: what it prepared for this batch beforehand
    for (let b = 0; b < batches.length; b++) {
      if (generation !== this.#generation) return;
      const { alongside } = batches[b];
      const working = this.#working;
      const load = this.#loadChanges;
      const todo = untimed(batches[b]);
      if (todo.length === 0) continue;
      const dropped = this.#dropped;
      const guard = <T>(call: Promise<T>) => Promise.race([call, dropped]);
      // each run timed on the threads it would train on: its share of the cores beside the runs
      // at work and the rest of its batch
      const threads = (together: number, i: number) => shareCores(this.#cores, working + together)[working + i] ?? 1;
      const prepare = (request: TrainTimingRequest, i: number, together: number) =>
        early[i] && sameRun(early[i].request, request)
          ? early[i].done
          : guard(this.#engine(i).api.prepareTiming({ ...request, threads: threads(together, i) }));
      const preparing = Promise.allSettled(todo.map((request, i) => prepare(request, i, alongside)));
      const next = batches[b + 1]?.alongside ?? 1;
      early = untimed(batches[b + 1]).map((request, i) => (i < todo.length ? undefined : { request, done: prepare(request, i, next) }));
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
      // run may have come and gone): the update that said so has asked for it again
      if (load !== this.#loadChanges) return;
      timed.forEach((result, i) => {
        const run = { request: todo[i], alongside, working };
        if (result.status === 'fulfilled') this.#remember({ ...run, timing: result.value });
        else if (generation === this.#generation) this.#failed = [...this.#failed, { ...run, error: errorMessage(result.reason) }];
      });
      if (dropped !== this.#dropped) return; // a worker is gone: the next update starts afresh
    }
  }

  /** Keeps a timing, even of a run the form has moved on from: it serves that run when it is back. */
  #remember(timed: Timed): void {
    const others = this.#timed.filter((o) => !timedAs(o, timed.request, timed.alongside, timed.working));
    this.#timed = [timed, ...others].slice(0, REMEMBERED_RUNS);
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
    this.#wanted = null;
    this.#also = [];
    this.#failed = [];
    this.#abandon(new Error('the view closed'));
  }
}
