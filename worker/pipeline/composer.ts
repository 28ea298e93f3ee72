// The code-composition pipeline as one object: load the two Planners, the Wiring and Code organelles
// (from .organelle bytes) with the settings chosen for them, and the second reading's two Readers
// when the settings name them, and compose intents with events
// streamed as they happen, handing back each run's share link. The CLI and the browser's worker
// both use it, with the sandbox of their host (worker_threads in Node, a Web Worker in the browser).
import { Organelle } from '../organelle.ts';
import { pipelineFingerprint } from './fingerprint.ts';
import { modelFingerprint } from '../model/model-file.ts';
import type { ComposeOrganelles, ComposeResult } from '../compose/pipeline.ts';
import { pipelineOrganelles, readerOrganelles } from '../compose/organelles.ts';
import { composeRecorded, encodeComposeLink } from '../share/compose-link.ts';
import { SECOND_READERS, type ComposeSettings, type SecondReader } from '../compose/settings.ts';
import type { SandboxRunner } from '../compose/sandbox/runner.ts';
import type { OrchestratorEvent } from '../orchestrator/events.ts';

import { COMPOSE_ROLES, type ComposeRole } from '../compose/roles.ts';

export { COMPOSE_ROLES, type ComposeRole };

/** The pipeline's model files by role, and the second reading's when the settings name it. */
export type ComposeModels = Record<ComposeRole, Uint8Array> & Partial<Record<SecondReader, Uint8Array>>;

export interface ComposerRun extends ComposeResult {
  /** The run's share link payload (`#/c/<link>`), or null for an intent refused before any organelle ran. */
  link: string | null;
  /** Whether a plan the intent's words do not say was asked about rather than refused (the option, else the settings'). */
  askOnWords: boolean;
}

export class Composer {
  readonly models: Record<ComposeRole, Organelle>;
  /** The second reading's Readers, or null when the settings name none. */
  readonly readers: Record<SecondReader, Organelle> | null;
  readonly settings: ComposeSettings;
  /** The four's (pipelineFingerprint): the settings, which a link records, name the Readers. */
  readonly fingerprint: string;
  readonly #runner: SandboxRunner;

  private constructor(models: Record<ComposeRole, Organelle>, readers: Record<SecondReader, Organelle> | null, settings: ComposeSettings, runner: SandboxRunner) {
    this.models = models;
    this.readers = readers;
    this.settings = settings;
    this.#runner = runner;
    this.fingerprint = pipelineFingerprint(COMPOSE_ROLES.map((r) => models[r]));
  }

  /**
   * Refuses a corrupt or foreign file with the model file's message naming the check, and
   * settings chosen for other models (their thresholds would mean nothing for these).
   */
  static async load(module: WebAssembly.Module, bytes: ComposeModels, settings: ComposeSettings, runner: SandboxRunner): Promise<Composer> {
    const models = {} as Record<ComposeRole, Organelle>;
    for (const role of COMPOSE_ROLES) {
      models[role] = await Organelle.fromFile(module, bytes[role]);
      const fingerprint = modelFingerprint(models[role].toModel());
      if (fingerprint !== settings.models[role]) {
        throw new Error(`the compose settings were chosen for another ${role} (${settings.models[role]}, this one is ${fingerprint}): choose them again on the validation set`);
      }
    }
    const second = settings.secondReading;
    if (!second) return new Composer(models, null, settings, runner);
    const readers = {} as Record<SecondReader, Organelle>;
    for (const role of SECOND_READERS) {
      const file = bytes[role];
      if (!file) throw new Error(`the compose settings name a second reading, but there is no ${role} model`);
      readers[role] = await Organelle.fromFile(module, file);
      const fingerprint = modelFingerprint(readers[role].toModel());
      if (fingerprint !== second.models[role]) {
        throw new Error(`the compose settings' second reading was chosen for another ${role} (${second.models[role]}, this one is ${fingerprint}): choose them again on the validation set`);
      }
    }
    return new Composer(models, readers, settings, runner);
  }

  /** The organelles as the pipeline calls them (the two Planners as one, the Readers too), with the settings' confidence rule. */
  organelles(): Required<Pick<ComposeOrganelles, ComposeRole>> & Pick<ComposeOrganelles, SecondReader> {
    return { ...pipelineOrganelles(this.models, this.settings), ...(this.readers ? readerOrganelles(this.readers, this.settings) : {}) };
  }

  /**
   * Composes one intent, recording the answers for the run's share link (compose-link.ts).
   * `planner: false` is the ablation: the keyword decomposer plans alone. Greedy answers make
   * the same intent with the same models the same run everywhere, so `acceptOffer` (the person
   * said yes to the plan a run of this intent offered) hands over the code of the plan they saw.
   * `askOnWords` overrides the settings' (the person's choice); the link records the one used.
   */
  async compose(
    intent: string,
    options: { onEvent?: (event: OrchestratorEvent) => void; planner?: boolean; acceptOffer?: boolean; askOnWords?: boolean } = {},
  ): Promise<ComposerRun> {
    const organelles = this.organelles();
    const askOnWords = options.askOnWords ?? this.settings.askOnWords ?? false;
    const { result, link } = await composeRecorded(intent, { ...organelles, planner: options.planner === false ? undefined : organelles.planner }, {
      runner: this.#runner,
      thresholds: this.settings,
      weigh: this.settings.weigh,
      acceptOffer: options.acceptOffer ?? false,
      askOnWords,
      ...(this.settings.secondReading ? { secondReading: this.settings.secondReading } : {}),
      models: this.fingerprint,
      onEvent: options.onEvent,
    });
    return { ...result, link: link && (await encodeComposeLink(link)), askOnWords };
  }
}
