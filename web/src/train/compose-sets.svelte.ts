// Compose sets: the two Planners, Wiring and Code that "Train all four" started together (their
// jobs share JobSpec.set). Once all four are trained and saved, they compose the after-training
// sample of held-out intents together, in a worker of their own, the Judge running their code in
// the sandbox, and the built-in set composes the very same intents beside them
// (worker/pipeline/compose-eval.ts). Both run under the shipped confidence settings, which were
// chosen on the validation set for the built-in models, not for these: the card says so. Each
// trained organelle was also measured alone with built-in partners, on its own card.
import * as Comlink from 'comlink';
import { withEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import type { ComposeSettings } from '../../../worker/compose/settings.ts';
import type { ComposeMeasure } from '../../../worker/pipeline/compose-eval.ts';
import { byRole, COMPOSE_ROLES, type ComposeRole } from '../compose/models.ts';
import type { TrainingJob } from './training-job.svelte.ts';

/** One set's jobs, by role (a role whose job was dismissed is missing). */
export interface ComposeSetJobs {
  id: string;
  jobs: Partial<Record<ComposeRole, TrainingJob>>;
}

export type SetMeasureState =
  | { status: 'training' }
  | { status: 'measuring' }
  | { status: 'measured'; trained: ComposeMeasure; builtIn: ComposeMeasure | null }
  | { status: 'failed'; error: string }
  /** The set cannot be measured: a run of it stopped, or this build ships no settings. */
  | { status: 'unmeasured'; why: string };

interface ModelFiles {
  file(id: string): Promise<{ bytes: Uint8Array }>;
}

export interface ComposeSetDeps {
  spawn: SpawnEngine;
  files: ModelFiles;
  /** The settings shipped beside the built-in models (null: this build has none). */
  settings: ComposeSettings | null;
}

/** The compose sets among `jobs`, in the order their first job stands. */
export function composeSets(jobs: readonly TrainingJob[]): ComposeSetJobs[] {
  const sets = new Map<string, ComposeSetJobs>();
  for (const job of jobs) {
    const { set, game, organelle } = job.spec;
    if (set === undefined || game !== 'compose' || !(COMPOSE_ROLES as readonly string[]).includes(organelle ?? '')) continue;
    let entry = sets.get(set);
    if (!entry) sets.set(set, (entry = { id: set, jobs: {} }));
    entry.jobs[organelle as ComposeRole] = job;
  }
  return [...sets.values()];
}

/** The set's library models, one per role, once every one of its runs is done and saved; else null. */
export function setModels(set: ComposeSetJobs): Record<ComposeRole, string> | null {
  const ids = COMPOSE_ROLES.map((role) => {
    const job = set.jobs[role];
    return job?.status === 'done' ? job.modelId : null;
  });
  return ids.every((id): id is string => typeof id === 'string') ? byRole((_, i) => ids[i]) : null;
}

export class ComposeSetMeasures {
  readonly #deps: ComposeSetDeps;
  #states = $state.raw<ReadonlyMap<string, SetMeasureState>>(new Map());

  constructor(deps: ComposeSetDeps) {
    this.#deps = deps;
  }

  /** The settings the sets are measured under (null: this build ships none). */
  get settings(): ComposeSettings | null { return this.#deps.settings; }

  /** How the set's measure stands: its own state once one began, else what its runs say. */
  state(set: ComposeSetJobs): SetMeasureState {
    const kept = this.#states.get(set.id);
    if (kept) return kept;
    const jobs = COMPOSE_ROLES.map((role) => set.jobs[role]);
    if (jobs.some((job) => !job)) return { status: 'unmeasured', why: 'part of the set is no longer here (it was dismissed, or finished before the page was loaded)' };
    if (jobs.some((job) => job!.finished && job!.status !== 'done')) return { status: 'unmeasured', why: 'not every run of the set was trained to its end' };
    return { status: 'training' };
  }

  /**
   * Measures every set among `jobs` whose runs are all done and saved and that has not been
   * measured yet (the pool calls this as each run ends); never rejects.
   */
  update(jobs: readonly TrainingJob[]): Promise<void> {
    return Promise.all(composeSets(jobs).map((set) => this.#measure(set))).then(() => {});
  }

  async #measure(set: ComposeSetJobs): Promise<void> {
    const models = setModels(set);
    if (!models || this.#states.has(set.id)) return;
    const settings = this.#deps.settings;
    if (!settings) {
      this.#set(set.id, { status: 'unmeasured', why: 'this build ships no confidence settings for the compose pipeline' });
      return;
    }
    this.#set(set.id, { status: 'measuring' });
    try {
      const { trained, builtIn } = await withEngine(this.#deps.spawn, async (api, guard) => {
        const files = await Promise.all(COMPOSE_ROLES.map((role) => this.#deps.files.file(models[role])));
        const bytes = byRole((_, i) => files[i].bytes);
        const thresholds = { rule: settings.rule, agreement: settings.agreement, weigh: settings.weigh, planner: settings.planner, wiring: settings.wiring, code: settings.code };
        return guard(api.measureComposeSet(Comlink.transfer(bytes, files.map((f) => f.bytes.buffer as ArrayBuffer)), thresholds));
      });
      this.#set(set.id, { status: 'measured', trained, builtIn });
    } catch (err) {
      this.#set(set.id, { status: 'failed', error: errorMessage(err) });
    }
  }

  #set(id: string, state: SetMeasureState): void {
    this.#states = new Map([...this.#states, [id, state]]);
  }
}
