// The Web Worker entry: the engine's API for the web app, exposed through Comlink. The
// wasm is fetched and compiled once per worker (worker/wasm/browser.ts). The web app runs
// one worker per organelle it trains, one to time the Train form's run before it starts, and
// one per view that runs organelles (Solve, Play, Ask, Compose, a shared compose link's
// replay); the page holds a Comlink.Remote<EngineWorkerApi>. Composing starts one more worker
// from this one, the code sandbox, on its first job.
// Message types: worker/browser/messages.ts.
import * as Comlink from 'comlink';
import { browserWasmModule, siteThreadPlatform } from './wasm/browser.ts';
import { threadsOffered, threadsWithin } from './wasm/helper-threads.ts';
import {
  runDeterminismRecipe,
  type DeterminismOptions,
  type DeterminismResult,
} from './recipes/determinism.ts';
import { runSpeedCheck, SideBySideTraining, type SpeedCheck } from './bench/speed-check.ts';
import type { SideBySideTiming } from './bench/side-by-side.ts';
import { buildCorpora, listRecipes } from './browser/recipes.ts';
import { trainOrganelle } from './browser/train.ts';
import { PreparedTiming } from './browser/train-timing.ts';
import type { TrainingSession } from './browser/training-session.ts';
import { Puzzle8Host } from './browser/puzzle8.ts';
import { GameHost } from './browser/games.ts';
import { builtInModels } from './recipes/built-in-model.ts';
import { AskHost, modelPromptUnits, type AskAnswer, type AskModelInfo, type AskRequest, type ModelVocabulary } from './browser/ask.ts';
import type { ComposeHost } from './browser/compose.ts';
import type { ComposeMeasure, ComposeSet, ComposeThresholds } from './pipeline/compose-eval.ts';
import { byRole, COMPOSE_ROLES } from './compose/roles.ts';
import { Organelle } from './organelle.ts';
import type { OrganelleSide } from './orchestrator/game-loop.ts';
import type { OrchestratorEvent } from './orchestrator/events.ts';
import { evaluationChoices, scrambleChoice } from './pipeline/puzzle8-boards.ts';
import type {
  BoardChoice,
  ComposeExamples,
  ComposeModels,
  ComposeReplay,
  ComposeRequest,
  ComposeRun,
  ComposeSettings,
  ComposedRunRequest,
  ComposedRunResult,
  GameModels,
  GameRun,
  GameUpdate,
  Puzzle8Models,
  Puzzle8Run,
  RecipeInfo,
  TrainCallbacks,
  TrainRequest,
  TrainResult,
  TrainTiming,
  TrainTimingRequest,
  TwoPlayerGame,
} from './browser/messages.ts';

// The games' recipes register themselves when worker/recipes/index.ts is imported. The glob
// imports it when it exists and matches nothing when it does not (the registry is then
// empty and the Train view offers corpus training only).
import.meta.glob('./recipes/index.ts', { eager: true });

// The run this worker is training, if any. Pause and cancel requests that arrive while the
// organelle is still being prepared are remembered and applied once its session exists.
interface Current {
  session: TrainingSession | null;
  paused: boolean;
  cancelled: boolean;
  threads: number | null; // a share of the cores asked for while preparing
}
let training: Current | null = null;
// The run the Train view's estimate has prepared and will time next.
let prepared: PreparedTiming | null = null;
// The Engine check's training prepared to be timed alone and beside other workers' (kept
// until the check closes the worker).
let sideBySide: SideBySideTraining | null = null;

/** A run's new share of the cores, capped at what the device offers; an engine without shared memory stays on one. */
async function setSessionThreads(session: TrainingSession, count: number): Promise<number> {
  const engine = session.organelle.engine;
  const available = siteThreadPlatform.available().threads;
  if (available < 2) return engine.threads;
  await engine.setThreads(threadsWithin(count, available));
  return engine.threads;
}

const puzzle8 = new Puzzle8Host();
const games = new GameHost();
const asking = new AskHost();
// Code composition (the Judge, acorn, share links) loads with the first compose call, a chunk
// of its own: the workers that train or play never pay for it. The code sandbox (QuickJS in a
// worker of its own) starts with the first job that needs it.
let composeHost: Promise<ComposeHost> | undefined;
function composing(): Promise<ComposeHost> {
  composeHost ??= Promise.all([import('./browser/compose.ts'), import('./compose/sandbox/browser.ts')]).then(
    ([{ ComposeHost }, { browserSandbox }]) => new ComposeHost(() => browserSandbox()),
  );
  return composeHost;
}

const api = {
  /** Trains the fixed determinism recipe (worker/recipes/determinism.ts) in a fresh engine. */
  async runDeterminismRecipe(options: DeterminismOptions = {}, threads = 1): Promise<DeterminismResult> {
    if (threads === 1) return runDeterminismRecipe(await browserWasmModule(), options);
    const { reason } = threadsOffered(siteThreadPlatform);
    if (reason) throw new Error(reason);
    return runDeterminismRecipe(await browserWasmModule(), options, { count: threads, platform: siteThreadPlatform });
  },

  /** The threads this worker can train one model on, or 1 and why (worker/wasm/helper-threads.ts). */
  threadsAvailable(): { threads: number; reason?: string } {
    return threadsOffered(siteThreadPlatform);
  },

  /** A couple of seconds of the benchmark's 64K training and generation, and the training on every thread against one (worker/bench/speed-check.ts). */
  async speedCheck(): Promise<SpeedCheck> {
    return runSpeedCheck(await browserWasmModule(), siteThreadPlatform);
  },

  /** Builds and warms up the speed check's training, to be timed by timeSideBySide() at the same moment as other workers'. */
  async prepareSideBySide(): Promise<void> {
    sideBySide = null;
    sideBySide = await SideBySideTraining.prepare(await browserWasmModule());
  },

  /** Trains the prepared run for a moment and reports its rate (the run stays, to be timed again). */
  timeSideBySide(): SideBySideTiming {
    if (!sideBySide) throw new Error('no training was prepared to time side by side');
    return sideBySide.time();
  },

  /** The registered recipes (empty until games register theirs). */
  listRecipes(): RecipeInfo[] {
    return listRecipes();
  },

  /**
   * The named recipes' corpora, built here once for them all (a game's recipes share one
   * build), for the page to hand to the runs and timings that need them.
   */
  buildCorpora(recipeIds: string[]): Record<string, string> {
    return buildCorpora(recipeIds);
  },

  /**
   * Trains one organelle, new or resumed from `request.checkpoint`, reporting through the
   * Comlink-proxied `callbacks`; resolves when the run is done or cancelled.
   */
  async train(request: TrainRequest, callbacks: TrainCallbacks): Promise<TrainResult> {
    if (training) throw new Error('this worker is already training an organelle');
    const current: Current = { session: null, paused: false, cancelled: false, threads: null };
    training = current;
    try {
      return await trainOrganelle(await browserWasmModule(), request, callbacks, {
        transfer: (value, buffers) => Comlink.transfer(value, buffers),
        threads: siteThreadPlatform,
        onSession: (session) => {
          current.session = session;
          if (current.cancelled) session.cancel();
          else if (current.paused) session.pause();
          if (current.threads !== null) void setSessionThreads(session, current.threads);
        },
      });
    } finally {
      training = null;
    }
  },

  /**
   * Builds the corpus and the model of the run `request` describes, to be timed by the next
   * timePrepared() (worker/browser/train-timing.ts): a page times runs side by side by
   * preparing each in its own worker first.
   */
  async prepareTiming(request: TrainTimingRequest): Promise<void> {
    // a run prepared and never timed is dropped with its memory and its threads
    const before = prepared;
    prepared = null;
    await before?.close();
    prepared = await PreparedTiming.prepare(await browserWasmModule(), request, siteThreadPlatform);
  },

  /** Trains the prepared run for a moment and reports its rate; keeps nothing afterwards. */
  async timePrepared(): Promise<TrainTiming> {
    if (!prepared) throw new Error('no run was prepared for timing');
    const timing = prepared;
    prepared = null;
    try {
      return timing.time();
    } finally {
      await timing.close();
    }
  },

  pause(): void {
    if (!training) return;
    training.paused = true;
    training.session?.pause();
  },

  resume(): void {
    if (!training) return;
    training.paused = false;
    training.session?.resume();
  },

  /**
   * The run's share of the cores from its next slice on (the pool's scheduling), where its
   * engine can share memory; the bits do not change. Resolves to the threads now in use.
   */
  async setThreads(count: number): Promise<number> {
    if (!training) return 1;
    if (!training.session) {
      training.threads = count;
      return 1;
    }
    return setSessionThreads(training.session, count);
  },

  /** Stops the run after the current slice; train() then resolves with status 'cancelled'. */
  cancel(): void {
    if (!training) return;
    training.cancelled = true;
    training.session?.cancel();
  },

  // ---- 8-puzzle

  /** Loads the Planner and Mover (.organelle bytes, transferred); refuses a bad file with its check. */
  async loadPuzzle8(models: Puzzle8Models): Promise<{ fingerprint: string }> {
    return puzzle8.load(await browserWasmModule(), models);
  },

  /** Solves one board with the loaded models (heuristic plans only without the Planner); throws BoardError's message for a bad board. */
  solvePuzzle8(board: string, withPlanner = true): Puzzle8Run {
    return puzzle8.solve(board, withPlanner);
  },

  /** The loaded Planner and Mover on 100 held-out boards, beside the built-in pair on the same boards. */
  async measurePuzzle8(): Promise<Record<string, number>> {
    const { planner, mover } = await builtInModels('puzzle8', ['planner', 'mover'], await browserWasmModule());
    return puzzle8.measure(planner && mover ? { planner, mover } : null);
  },

  /** The Solve view's evaluation boards, easiest first, with their optimal lengths. */
  puzzle8Choices(): BoardChoice[] {
    return evaluationChoices();
  },

  /** A random held-out board for `seed`, with its optimal length. */
  scramblePuzzle8(seed: number): BoardChoice {
    return scrambleChoice(seed);
  },

  // ---- tic-tac-toe and connect-4

  /** Loads a game's Planner and Player (.organelle bytes, transferred); refuses a bad file with its check. */
  async loadGame(game: TwoPlayerGame, models: GameModels): Promise<{ fingerprint: string }> {
    return games.load(await browserWasmModule(), game, models);
  },

  /** A new game against a person; the organelles' first move is in the update when they start. */
  startGame(game: TwoPlayerGame, side: OrganelleSide, seed: number): GameUpdate {
    return games.start(game, side, seed);
  },

  /** The person's move and the organelles' reply; an illegal move throws and changes nothing. */
  humanMove(move: string): GameUpdate {
    return games.humanMove(move);
  },

  /** A whole game against a scripted opponent, for the page to play back. */
  watchGame(game: TwoPlayerGame, side: OrganelleSide, opponent: string, seed: number): GameRun {
    return games.watch(game, side, opponent, seed);
  },

  /** The game's loaded Planner and Player in its strength test, beside the built-in pair in the same games. */
  async measureGame(game: TwoPlayerGame): Promise<Record<string, number>> {
    const { planner, player } = await builtInModels(game, ['planner', 'player'], await browserWasmModule());
    return games.measure(game, planner && player ? { planner, player } : null);
  },

  // ---- one model, asked anything

  /** Loads one model (.organelle bytes, transferred); refuses a bad file with its check and keeps the last. */
  async loadAskModel(bytes: Uint8Array): Promise<AskModelInfo> {
    return asking.load(await browserWasmModule(), bytes);
  },

  /** The prompt's length in the loaded model's units (its characters, or its subword units), as ask() checks it. */
  askPromptLength(prompt: string): number {
    return asking.promptLength(prompt);
  },

  /** The same for a model that is not loaded, from its alphabet and subword vocabulary (as its file holds them). */
  promptUnits(prompt: string, model: ModelVocabulary): number {
    return modelPromptUnits(model, prompt);
  },

  /** The loaded model's answer to one prompt; a prompt it cannot take throws a message naming why. */
  ask(request: AskRequest): AskAnswer {
    return asking.ask(request);
  },

  // ---- code composition

  /** Loads the Planner, Wiring and Code (.organelle bytes, transferred) with the settings chosen for them. */
  async loadCompose(models: ComposeModels, settings: ComposeSettings): Promise<{ fingerprint: string }> {
    const [host, module] = await Promise.all([composing(), browserWasmModule()]);
    return host.load(module, models, settings);
  },

  /**
   * Composes one intent as `request` says (the Planners or not, an offer accepted, asking on
   * words or not); each event goes to `onEvent` (Comlink-proxied) as it happens.
   */
  async compose(intent: string, request: ComposeRequest, onEvent?: (event: OrchestratorEvent) => void): Promise<ComposeRun> {
    try {
      return await (await composing()).compose(intent, request, onEvent);
    } finally {
      release(onEvent);
    }
  },

  /** Replays a compose share link with no model; a link that does not replay comes back with the check it failed. */
  async replayCompose(payload: string, onEvent?: (event: OrchestratorEvent) => void): Promise<ComposeReplay> {
    try {
      return await (await composing()).replay(payload, onEvent);
    } finally {
      release(onEvent);
    }
  },

  /** Runs a composed module on chosen inputs in the sandbox, after the Judge's static checks. */
  async runComposed(request: ComposedRunRequest): Promise<ComposedRunResult> {
    return (await composing()).run(request);
  },

  /**
   * Two Planners, a Wiring and a Code (.organelle bytes, transferred) composing the after-training
   * sample of held-out intents under `settings`, the Judge in the sandbox, and the built-in set
   * on the same intents (null where the site has none). worker/pipeline/compose-eval.ts.
   */
  async measureComposeSet(models: ComposeModels, settings: ComposeThresholds): Promise<{ trained: ComposeMeasure; builtIn: ComposeMeasure | null }> {
    const module = await browserWasmModule();
    const [{ measureComposeSet, measureIntents }, { browserSandbox }] = await Promise.all([import('./pipeline/compose-eval.ts'), import('./compose/sandbox/browser.ts')]);
    const loaded = await Promise.all(COMPOSE_ROLES.map((role) => Organelle.fromFile(module, models[role])));
    const trained: ComposeSet = byRole((_, i) => loaded[i]);
    const builtIn = await builtInModels('compose', COMPOSE_ROLES, module);
    const runner = browserSandbox();
    try {
      const cases = measureIntents();
      const measured = await measureComposeSet(trained, settings, runner, cases);
      const reference = COMPOSE_ROLES.every((role) => builtIn[role] !== null)
        ? await measureComposeSet(builtIn as ComposeSet, settings, runner, cases)
        : null;
      return { trained: measured, builtIn: reference };
    } finally {
      runner.close();
    }
  },

  /** The intents the Compose view offers, and its suggestions' pool. */
  async composeExamples(): Promise<ComposeExamples> {
    return (await composing()).examples();
  },
};

/** Lets go of a callback the page passed wrapped in Comlink.proxy, once the call it served is over. */
function release(callback: unknown): void {
  (callback as { [Comlink.releaseProxy]?: () => void } | undefined)?.[Comlink.releaseProxy]?.();
}

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
