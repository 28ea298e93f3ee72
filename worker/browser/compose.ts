// Code composition in the engine worker: the Planner, Wiring and Code organelles loaded once
// (with the confidence settings chosen for them), intents composed with every event streamed to
// the page as it happens, share links replayed without any model, composed functions run on a
// person's inputs, and the examples the view offers. Generated code runs only in the sandbox:
// QuickJS in a worker of its own, started by this worker on the first job that needs it (so a
// page that never composes never loads QuickJS), ended with the engine worker. Runs unchanged
// in Node for the tests, with nodeSandbox as the runner.
import { Composer, type ComposeModels } from '../pipeline/composer.ts';
import { parseSettings, type ComposeSettings } from '../compose/settings.ts';
import { COMPOSE_LIBRARY } from '../compose/library.ts';
import { formatPlan, inputArrays, returnKind } from '../compose/plan.ts';
import { composeExamples, type ComposeExamples } from '../compose/examples.ts';
import { planInWords, wordsNoPhraseHolds } from '../compose/reading.ts';
import { runComposed, type ComposedRunRequest, type ComposedRunResult } from '../compose/run.ts';
import type { ComposeResult } from '../compose/pipeline.ts';
import type { SandboxRunner } from '../compose/sandbox/runner.ts';
import { ComposeLinkError, replayComposeLink, type ComposeLinkCheck } from '../share/compose-link.ts';
import type { OrchestratorEvent } from '../orchestrator/events.ts';
import type { Thresholds } from '../compose/pipeline.ts';

/** One composition, run whole in the worker (or replayed from a link): what the page shows and plays back. */
export interface ComposeRun {
  intent: string;
  events: OrchestratorEvent[];
  /** The module handed over (the code the Judge ran), or null when the run refused. */
  code: string | null;
  /** The composition the code implements (`rolling_mean(5)|diff_central`), or null. */
  plan: string | null;
  /** What the code's `composed` takes, one array or two (x and y), and returns; null without code. */
  inputs: 1 | 2 | null;
  returns: 'array' | 'number' | null;
  refusal: { reason: string; message: string } | null;
  /**
   * The plan the run asks about ("Did you mean ...?"): built and judged, its code held back until
   * the person accepts (compose again with acceptOffer); `words` is the plan said back, or null.
   */
  offer: { plan: string; words: string | null; message: string } | null;
  /** The code was handed over because the person accepted the run's offer. */
  accepted: boolean;
  /**
   * After a refusal of the Planners' plan (too unsure of it, or the intent's words do not say
   * it): that plan in the library's own words (compose/reading.ts), for the page to offer; else null.
   */
  reading: string | null;
  /** After a refusal: the intent's words no phrase of the library holds (compose/reading.ts), for the page to name; else none. */
  unknownWords: string[];
  /** The share link's payload (`#/c/<link>`), or null for an intent refused before any organelle ran. */
  link: string | null;
  /** The models' pipeline fingerprint (the link's, for a replay). */
  fingerprint: string;
  /** Whether the Planner planned (false: the keyword decomposer alone). */
  planner: boolean;
  /** Whether a plan the intent's words do not say was asked about rather than refused (the link's, for a replay). */
  askOnWords: boolean;
  thresholds: Thresholds;
  ms: number;
}

/** How one intent is composed: the person's choices beside the loaded models and settings. */
export interface ComposeRequest {
  /** false: the keyword decomposer plans alone (the ablation). */
  planner: boolean;
  /** The person said yes to the plan this intent's run offered ("Did you mean ...?"). */
  acceptOffer?: boolean;
  /** Ask about a plan the intent's words do not say rather than refuse it; absent: as the settings say. */
  askOnWords?: boolean;
}

export type ComposeReplay =
  | { ok: true; run: ComposeRun }
  | { ok: false; check: ComposeLinkCheck | 'error'; message: string };

export type { ComposeExamples, ComposedRunRequest, ComposedRunResult, ComposeModels, ComposeSettings };

type RunExtra = Omit<ComposeRun, 'intent' | 'events' | 'code' | 'plan' | 'inputs' | 'returns' | 'refusal' | 'offer' | 'accepted' | 'reading' | 'unknownWords'>;

function composeRun(result: ComposeResult, extra: RunExtra): ComposeRun {
  const composition = result.code !== null ? result.composition : null;
  const lookup = COMPOSE_LIBRARY.lookup;
  return {
    intent: result.intent,
    events: result.events,
    code: result.code,
    plan: composition ? formatPlan(composition) : null,
    inputs: composition ? inputArrays(composition, lookup) : null,
    returns: composition ? returnKind(composition, lookup) : null,
    refusal: result.refusal,
    offer: result.offered ? { plan: formatPlan(result.offered.composition), words: result.offered.words, message: result.offered.message } : null,
    accepted: result.events.some((e) => e.type === 'accepted'),
    reading: result.refusal?.reason === 'planner unsure' && result.plan !== null && 'composition' in result.plan ? planInWords(result.plan.composition, lookup, { everyNumber: true }) : null,
    unknownWords: result.refusal || result.offered ? wordsNoPhraseHolds(result.intent) : [],
    ...extra,
  };
}

export class ComposeHost {
  readonly #makeRunner: () => SandboxRunner;
  #runner: SandboxRunner | null = null;
  #composer: Composer | null = null;
  #examples: ComposeExamples | null = null;

  /** `makeRunner`: the sandbox, started on first need (browserSandbox in the worker, nodeSandbox in tests). */
  constructor(makeRunner: () => SandboxRunner) {
    this.#makeRunner = makeRunner;
  }

  get #sandbox(): SandboxRunner {
    this.#runner ??= this.#makeRunner();
    return this.#runner;
  }

  /**
   * Replaces the loaded models; a refused file (its check named) or settings chosen for other
   * models leave the previous ones loaded.
   */
  async load(module: WebAssembly.Module, models: ComposeModels, settings: ComposeSettings): Promise<{ fingerprint: string }> {
    const checked = parseSettings(JSON.stringify(settings));
    this.#composer = await Composer.load(module, models, checked, this.#sandbox);
    return { fingerprint: this.#composer.fingerprint };
  }

  /** Composes one intent with the loaded models, as `request` says (the Planners or not, an offer accepted, asking on words). */
  async compose(intent: string, request: ComposeRequest, onEvent?: (event: OrchestratorEvent) => void): Promise<ComposeRun> {
    const composer = this.#composer;
    if (!composer) throw new Error('no compose models are loaded in this worker');
    const t0 = performance.now();
    const result = await composer.compose(intent, { ...request, ...(onEvent ? { onEvent } : {}) });
    const { planner, wiring, code } = composer.settings;
    return composeRun(result, {
      link: result.link,
      fingerprint: composer.fingerprint,
      planner: request.planner,
      askOnWords: result.askOnWords,
      thresholds: { planner, wiring, code },
      ms: performance.now() - t0,
    });
  }

  /** Replays a share link with no model: its recorded answers, the keyword decomposer and the Judge in the sandbox. */
  async replay(payload: string, onEvent?: (event: OrchestratorEvent) => void): Promise<ComposeReplay> {
    const t0 = performance.now();
    try {
      const { link, result } = await replayComposeLink(payload, { runner: this.#sandbox, ...(onEvent ? { onEvent } : {}) });
      return {
        ok: true,
        run: composeRun(result, {
          link: payload, fingerprint: link.models, planner: link.planner, askOnWords: link.askOnWords, thresholds: link.thresholds, ms: performance.now() - t0,
        }),
      };
    } catch (err) {
      if (err instanceof ComposeLinkError) return { ok: false, check: err.check, message: err.message };
      return { ok: false, check: 'error', message: `the link could not be replayed: ${(err as Error).message}` };
    }
  }

  /** A composed module on chosen inputs, in the sandbox, after the Judge's static checks. */
  run(request: ComposedRunRequest): Promise<ComposedRunResult> {
    return runComposed(request, COMPOSE_LIBRARY.lookup, this.#sandbox);
  }

  /** The intents the view offers, and the pool its suggestions come from (made once). */
  examples(): ComposeExamples {
    this.#examples ??= composeExamples(COMPOSE_LIBRARY);
    return this.#examples;
  }

  /** Ends the sandbox's worker; the models must be loaded again. */
  close(): void {
    this.#runner?.close();
    this.#runner = null;
    this.#composer = null; // it held that sandbox
  }
}
