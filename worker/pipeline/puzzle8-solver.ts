// The 8-puzzle pipeline as one object: load the Planner and Mover (from .organelle bytes),
// solve boards with events streamed as they happen, and hand back the share link. The
// browser's worker and the CLI both use it, so a solve is the same run everywhere.
import { Organelle } from '../organelle.ts';
import { organelleFn } from './organelle-fn.ts';
import { pipelineFingerprint } from './fingerprint.ts';
import { reseedPerBoard } from './sampling-seeds.ts';
import { parseBoard } from '../games/puzzle8/board.ts';
import { solveRecorded } from '../games/puzzle8/share.ts';
import { encodeSolveLink } from '../share/solve-link.ts';
import type { OrchestratorEvent } from '../orchestrator/events.ts';
import type { RunResult } from '../orchestrator/loop.ts';

/**
 * Votes per organelle answer: an ensemble at temperatures 0.125 / 0.175 / 0.225 (the
 * reference's), majority by exact string. Measured on 1,000 held-out boards before the
 * revisit rule (PUZZLE8_LIMITS.maxVisits): 1 vote solved 92.5% (1.145x optimal), 3 votes
 * 96.3% (1.193x), 5 votes 95.3%. With it (limit 1), all three solve 100% (1.176x / 1.181x / 1.184x);
 * 3 votes leave the fewest Planner answers rejected by the plan grammar.
 */
export const PUZZLE8_VOTES = 3;

export interface Puzzle8Models {
  planner: Uint8Array;
  mover: Uint8Array;
}

export interface Puzzle8Solve {
  result: RunResult;
  link: string; // encoded share link payload
}

export class Puzzle8Solver {
  readonly planner: Organelle;
  readonly mover: Organelle;
  readonly fingerprint: string;

  private constructor(planner: Organelle, mover: Organelle) {
    this.planner = planner;
    this.mover = mover;
    this.fingerprint = pipelineFingerprint([planner, mover]);
  }

  /** Refuses a corrupt or foreign file with the model file's message naming the check. */
  static async load(module: WebAssembly.Module, models: Puzzle8Models): Promise<Puzzle8Solver> {
    const planner = await Organelle.fromFile(module, models.planner);
    const mover = await Organelle.fromFile(module, models.mover);
    return new Puzzle8Solver(planner, mover);
  }

  /**
   * Solves one board (throws BoardError for a malformed, unsolvable or solved board). Sampling
   * (used only when a retry asks for votes) is seeded from the board, so the same board with
   * the same models gives the same run. `planner: false` is the ablation: the orchestrator's
   * heuristic plans replace the Planner, to show what it adds.
   */
  solve(boardText: string, options: { onEvent?: (event: OrchestratorEvent) => void; planner?: boolean } = {}): Puzzle8Solve {
    const board = parseBoard(boardText);
    reseedPerBoard([this.planner, this.mover])(board);
    const fn = (o: Organelle) => organelleFn(o, { votes: PUZZLE8_VOTES });
    const organelles = { ...(options.planner === false ? {} : { planner: fn(this.planner) }), mover: fn(this.mover) };
    const { onEvent } = options;
    const { result, link } = solveRecorded(board, organelles, this.fingerprint, onEvent ? { onEvent } : {});
    return { result, link: encodeSolveLink(link) };
  }
}
