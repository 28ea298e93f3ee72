// Evaluation of the 8-puzzle pipeline on a set of boards, beside two baselines on the same
// boards: greedy Manhattan with the same Judge and cycle breaker (the loop with the Mover
// never asked), and A* (optimal). Every figure says who chose the moves.
import { astar, optimalDistance } from './solver.ts';
import { manhattanBand, MANHATTAN_BANDS, optimalBand, OPTIMAL_BANDS, type ManhattanBand, type OptimalBand } from './boards.ts';
import { manhattan } from './board.ts';
import { puzzle8Adapter, PUZZLE8_LIMITS } from './pipeline.ts';
import { runPuzzle, type Limits, type Organelles, type RunResult } from '../../orchestrator/loop.ts';
import type { Board } from './board.ts';

/** One board's run, its counts as the loop reports them (RunResult), moves as a count. */
export interface BoardOutcome
  extends Pick<RunResult, 'solved' | 'modelMoves' | 'fallbackMoves' | 'parseErrors' | 'cycleBreaks' | 'replans' | 'plannerFallbacks'> {
  board: Board;
  optimal: number;
  moves: number;
  ms: number;
}

export interface BandResult {
  boards: number;
  solved: number;
  solved_rate: number;
}

export interface EvalSummary {
  boards: number;
  solved: number;
  solved_rate: number;
  by_band: Record<OptimalBand, BandResult>; // by optimal solution length
  by_manhattan_band: Record<ManhattanBand, BandResult>; // the reference's bands
  mean_optimal: number; // over all boards
  mean_moves_over_optimal: number; // over solved boards: mean of moves / optimal
  model_move_share: number; // applied moves chosen by a model / all applied moves
  fallback_move_share: number;
  parse_errors: number;
  cycle_breaks: number;
  replans: number;
  planner_fallbacks: number;
  ms_per_solve: number; // mean wall time per board
}

export function outcomeOf(board: Board, r: RunResult, ms: number): BoardOutcome {
  return {
    board, optimal: optimalDistance(board), solved: r.solved, moves: r.moves.length, modelMoves: r.modelMoves,
    fallbackMoves: r.fallbackMoves, parseErrors: r.parseErrors, cycleBreaks: r.cycleBreaks, replans: r.replans,
    plannerFallbacks: r.plannerFallbacks, ms,
  };
}

export function summarize(outcomes: BoardOutcome[]): EvalSummary {
  const sum = (f: (o: BoardOutcome) => number, xs = outcomes) => xs.reduce((a, o) => a + f(o), 0);
  const solved = outcomes.filter((o) => o.solved);
  const moves = sum((o) => o.moves);
  const bands = <B extends string>(names: readonly B[], bandOf: (o: BoardOutcome) => B) =>
    Object.fromEntries(
      names.map((band) => {
        const inBand = outcomes.filter((o) => bandOf(o) === band);
        const s = inBand.filter((o) => o.solved).length;
        return [band, { boards: inBand.length, solved: s, solved_rate: inBand.length ? s / inBand.length : 0 }];
      }),
    ) as Record<B, BandResult>;
  const by_band = bands(OPTIMAL_BANDS, (o) => optimalBand(o.optimal));
  const by_manhattan_band = bands(MANHATTAN_BANDS, (o) => manhattanBand(manhattan(o.board)));
  return {
    boards: outcomes.length,
    solved: solved.length,
    solved_rate: outcomes.length ? solved.length / outcomes.length : 0,
    by_band,
    by_manhattan_band,
    mean_optimal: outcomes.length ? sum((o) => o.optimal) / outcomes.length : 0,
    mean_moves_over_optimal: solved.length ? sum((o) => o.moves / o.optimal, solved) / solved.length : 0,
    model_move_share: moves ? sum((o) => o.modelMoves) / moves : 0,
    fallback_move_share: moves ? sum((o) => o.fallbackMoves) / moves : 0,
    parse_errors: sum((o) => o.parseErrors),
    cycle_breaks: sum((o) => o.cycleBreaks),
    replans: sum((o) => o.replans),
    planner_fallbacks: sum((o) => o.plannerFallbacks),
    ms_per_solve: outcomes.length ? sum((o) => o.ms) / outcomes.length : 0,
  };
}

export interface PipelineOptions {
  organelles: Organelles;
  limits?: Partial<Limits>;
  /** Called before each board, e.g. to reseed sampling so a board's run does not depend on order. */
  beforeBoard?: (board: Board, index: number) => void;
  onBoard?: (outcome: BoardOutcome, index: number) => void;
}

export function evaluatePipeline(boards: readonly Board[], o: PipelineOptions): BoardOutcome[] {
  return boards.map((board, i) => {
    o.beforeBoard?.(board, i);
    const t0 = performance.now();
    const run = runPuzzle(puzzle8Adapter, board, o.organelles, { ...PUZZLE8_LIMITS, ...o.limits });
    const outcome = outcomeOf(board, run, performance.now() - t0);
    o.onBoard?.(outcome, i);
    return outcome;
  });
}

/** Greedy Manhattan through the same loop, Judge and cycle breaker, the Mover never asked. */
export function greedyBaseline(boards: readonly Board[], limits: Partial<Limits> = {}): BoardOutcome[] {
  const never = () => {
    throw new Error('the greedy baseline never asks an organelle');
  };
  return evaluatePipeline(boards, { organelles: { mover: never }, limits: { ...limits, maxRejectsPerMove: 0 } });
}

/** A* with Manhattan + linear conflict: optimal paths, the limit for path length. */
export function astarBaseline(boards: readonly Board[]): BoardOutcome[] {
  return boards.map((board) => {
    const t0 = performance.now();
    const path = astar(board);
    const ms = performance.now() - t0;
    return {
      board, optimal: path.length, solved: true, moves: path.length, modelMoves: 0, fallbackMoves: 0, parseErrors: 0,
      cycleBreaks: 0, replans: 0, plannerFallbacks: 0, ms,
    };
  });
}
