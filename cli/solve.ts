// `organelle solve puzzle8 <board> [--models DIR] [--trace FILE] [--no-planner]`: one solve,
// printing each step's kanban and event as it happens; the trace (the event list) can be
// written as JSONL. --no-planner is the ablation: heuristic plans replace the Planner.
import { writeFile } from 'node:fs/promises';
import { parseBoard } from '../worker/games/puzzle8/board.ts';
import { isNoPlan } from '../worker/games/puzzle8/prompts.ts';
import { optimalDistance } from '../worker/games/puzzle8/solver.ts';
import { toJsonl, type OrchestratorEvent } from '../worker/orchestrator/events.ts';
import { Puzzle8Solver } from '../worker/pipeline/puzzle8-solver.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { parseArgs, stringOption } from './args.ts';
import { COMMAND_USAGE, synopsis } from './usage.ts';
import { readModelFile, SHIPPED_MODELS_DIR } from './models.ts';

function describe(e: OrchestratorEvent): string | null {
  switch (e.type) {
    case 'plan_generated': return `plan    planner -> "${e.output}" (attempt ${e.attempt}, confidence ${e.confidence.toFixed(2)})`;
    case 'plan_rejected': return isNoPlan(e.output) ? `plan    planner wrote no moves (attempt ${e.attempt})` : `reject  planner "${e.output}": ${e.reason}`;
    case 'plan_fallback': return `plan    heuristic ${e.plan.join(',')} (${e.reason})`;
    case 'move_proposed': return e.by === 'model' ? `propose mover "${e.prompt}" -> "${e.output}" (confidence ${e.confidence.toFixed(2)})` : `propose fallback -> ${e.move}`;
    case 'move_rejected': return `reject  ${e.move ?? '(unparseable)'}: ${e.reason}`;
    case 'move_applied': return `apply   ${e.move} by ${e.by} -> ${e.state}   kanban ${e.kanban}`;
    case 'cycle_break': return `cycle   refused ${e.move} (${e.kind}), took ${e.alternative}`;
    case 'replan': return `replan  ${e.reason}`;
    case 'solved': return `solved  in ${e.moves.length} moves (${e.modelMoves} by a model, ${e.fallbackMoves} by the fallback)`;
    case 'failed': return `failed  ${e.reason} after ${e.moves.length} moves`;
    case 'error': return `error   ${e.message}`;
    default: return null;
  }
}

export async function solveCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.solve.options);
  const [game, text] = args.positional;
  if (game !== 'puzzle8' || text === undefined) throw new Error(synopsis(COMMAND_USAGE.solve));
  const board = parseBoard(text);
  const dir = stringOption(args, 'models') ?? SHIPPED_MODELS_DIR;
  const solver = await Puzzle8Solver.load(await nodeWasmModule(), {
    planner: await readModelFile(dir, 'puzzle8', 'planner'),
    mover: await readModelFile(dir, 'puzzle8', 'mover'),
  });
  console.log(`board ${board}, optimal solution ${optimalDistance(board)} moves`);
  const planner = !args.options.has('no-planner');
  if (!planner) console.log('without the Planner: heuristic plans only');
  const { result, link } = solver.solve(board, {
    planner,
    onEvent: (e) => {
      const line = describe(e);
      if (line) console.log(`${String(e.step).padStart(4)} ${line}`);
    },
  });
  console.log(`share: #/r/${link} (${link.length} characters)`);
  const trace = stringOption(args, 'trace');
  if (trace) {
    await writeFile(trace, toJsonl(result.events));
    console.log(`wrote ${result.events.length} events to ${trace}`);
  }
  if (!result.solved) process.exitCode = 2;
}
