// The messages between the web app and an engine worker (worker/engine.worker.ts), in one
// place: what the page asks for, the events a training run streams back through
// Comlink-proxied callbacks, what a finished run returns, and an 8-puzzle solve. Plain
// data only, so every value survives structured cloning; model bytes travel as transferables.
import type { ShapePreset } from '../model/shape.ts';
import type { GameId } from '../recipes/registry.ts';
import type { FailReason, GameResult, OrchestratorEvent } from '../orchestrator/events.ts';
import type { GameCounts } from '../orchestrator/game-loop.ts';

/** What to train on: a registered recipe (its corpus is rebuilt in the worker) or a user's text. */
export type TrainSource =
  | { kind: 'recipe'; recipeId: string }
  | {
      kind: 'corpus';
      corpusId: string; // recorded in the model's recipe, e.g. the uploaded file's name
      corpusText: string; // PROMPT\nRESPONSE documents separated by blank lines
      validationText?: string; // held-out documents, never trained on (same format)
    };

export interface TrainRequest {
  name: string;
  source: TrainSource;
  architecture: ShapePreset; // ignored when resuming: the checkpoint holds the shape
  steps: number; // ignored when resuming
  seed: number; // ignored when resuming
  /** A .organelle file with optimizer state: continue that run instead of starting one. */
  checkpoint?: Uint8Array;
  /** Training time already spent before the checkpoint, so elapsed time keeps adding up. */
  elapsedMs?: number;
  /** Slice length and checkpoint spacing (defaults: 100 ms, 3 s). */
  sliceMs?: number;
  checkpointMs?: number;
  /** Threads to train on at first: the pool's share of the cores (default 1; setThreads changes it). */
  threads?: number;
}

export interface TrainStarted {
  paramCount: number;
  vocabSize: number;
  documents: number; // training documents
  validationDocuments: number; // held-out documents usable for validation loss
  step: number; // 0, or the checkpoint's step when resuming
  steps: number;
  threads: number; // threads the run started on
  /** Why the run cannot use more than one thread here (a page that is not cross-origin isolated, one core). */
  oneThreadBecause?: string;
}

/**
 * What the Train view times before a run starts: the run's source, shape and seed; for a recipe
 * whose corpus the page has built already (RecipeInfo.sharedCorpus), that corpus's text, so the
 * timing worker does not build it again.
 */
export type TrainTimingRequest = Pick<TrainRequest, 'source' | 'architecture' | 'seed' | 'threads'> & { corpus?: string };

/** A short timed stretch of a run (worker/browser/train-timing.ts), and the model it would make. */
export interface TrainTiming {
  paramCount: number;
  vocabSize: number;
  timedSteps: number;
  timedMs: number;
  stepsPerSec: number;
  tokensPerSec: number; // every position processed, as in the run's progress
}

/** Loss points: losses[i] is the mean batch loss of the few steps up to steps[i]. */
export interface LossCurve {
  steps: number[];
  losses: number[];
}

export interface TrainProgress {
  step: number;
  steps: number;
  loss: number; // mean batch loss over the last slice (label-smoothed, as trained)
  curve: LossCurve; // the slice's loss points, several per slice, for the chart
  tokensPerSec: number; // smoothed over recent slices
  elapsedMs: number; // training time, pauses excluded, across resumes
  threads?: number; // threads that trained the latest step: fewer than the run's while one trains faster on this device (worker/thread-governor.ts)
}

export interface TrainCheckpoint {
  step: number;
  bytes: Uint8Array; // a .organelle file with optimizer state (transferred)
  elapsedMs: number;
  /** The batch loss the run's progress last reported at this step, kept with it so a reload shows the same figure. */
  loss?: number;
  /** The tokens a second the run's progress last reported. */
  tokensPerSec?: number;
}

/** The worker calls these; the page passes them wrapped in Comlink.proxy. */
export interface TrainCallbacks {
  /**
   * A recipe's corpus text when the page has it built already, or will shortly (one build in
   * a worker of its own for all of a game's organelles, RecipeInfo.sharedCorpus); null: the
   * worker builds it itself. Asked once, before the run starts.
   */
  corpus?(recipeId: string): Promise<string | null> | string | null;
  started(event: TrainStarted): unknown;
  progress(event: TrainProgress): unknown;
  checkpoint(event: TrainCheckpoint): unknown;
  paused(step: number): unknown;
}

/** Evaluation numbers, metric name -> value; also written into the model file's header. */
export type Evaluation = Record<string, number>;

export type TrainResult =
  | {
      status: 'done';
      model: Uint8Array; // the trained .organelle file, weights only (transferred)
      evaluation: Evaluation;
      paramCount: number;
      step: number;
      elapsedMs: number;
    }
  | {
      status: 'cancelled';
      step: number;
      /** The run at the step it stopped, when no checkpoint was handed out there (transferred). */
      checkpoint?: TrainCheckpoint;
      /** The stopped model's loss (worker/model-loss.ts): the figure its weights have, whatever trained them. */
      trainLoss?: number;
    }
  | {
      /** A loss, gradient norm or weight stopped being a finite number: no model, no checkpoint after it. */
      status: 'diverged';
      step: number; // steps done, the one that diverged included
      message: string; // what diverged, and what to try
    };

/** A registered recipe without its corpus builder, for the page's pickers. */
export interface RecipeInfo {
  id: string;
  game: GameId;
  organelle: string;
  title: string;
  description: string;
  architecture: ShapePreset;
  seed: number;
  steps: number;
  /**
   * Set for the recipes whose organelles' corpora come from one build taking seconds (the
   * game's id names the build): the page has it made once, in a worker, and hands each run and
   * each timing its text rather than have every worker build it again.
   */
  sharedCorpus?: string;
}

// ---- 8-puzzle solving (worker/browser/puzzle8.ts)

export type { BoardChoice } from '../pipeline/puzzle8-boards.ts';
export type { Puzzle8Models } from '../pipeline/puzzle8-solver.ts';

/** One solve, run whole in the worker: the page animates the recorded events itself. */
export interface Puzzle8Run {
  start: string;
  events: OrchestratorEvent[];
  link: string; // the share link's payload (the part after #/r/)
  solved: boolean;
  moves: string[];
  modelMoves: number;
  fallbackMoves: number;
  failure: FailReason | null;
  optimal: number; // fewest moves from start to the goal
  fingerprint: string; // the models' pipeline fingerprint, as in the link
  ms: number; // time the solve took in the worker
}

// ---- two-player games (worker/browser/games.ts)

export type { GameModels } from '../pipeline/game-player.ts';
export type { TwoPlayerGame } from '../pipeline/games.ts';

/** What the page learns after each step of a person's game. */
export interface GameUpdate {
  events: OrchestratorEvent[]; // the events since the previous update
  state: string; // the board after them
  toMove: 'organelles' | 'opponent' | null; // null: the game is over
  legal: string[]; // the person's legal moves (empty unless it is their turn)
  result: GameResult | null; // for the organelles' side, once over
  counts: GameCounts;
  turnMs: number[]; // wall time of each organelle turn so far (Planner, Player and Judge)
  link: string | null; // the share link's payload, once the game is over
}

/** A whole game against a scripted opponent, played in the worker for the page to animate. */
export interface GameRun {
  events: OrchestratorEvent[];
  link: string;
  result: GameResult | null;
  counts: GameCounts;
  turnMs: number[]; // wall time of each organelle turn (Planner, Player and Judge)
  ms: number; // the whole game, opponent included
}

// ---- code composition (worker/browser/compose.ts)

export type {
  ComposeExamples, ComposeModels, ComposeReplay, ComposeRequest, ComposeRun, ComposeSettings, ComposedRunRequest, ComposedRunResult,
} from './compose.ts';
export type { ExampleIntent, ExampleKind, LibraryStep } from '../compose/examples.ts';
