// `organelle eval puzzle8 [--models DIR] (--boards FILE | --random N --seed S | --walk N
// --seed S) [--json FILE]`: the pipeline, the same pipeline with its Planner replaced by the
// heuristic (the ablation), greedy Manhattan and A*, all on the same boards.
import { writeFile } from 'node:fs/promises';
import { checkOutputFile, readNamedFile } from './files.ts';
import { parseBoardList, randomHeldOutBoards, randomWalkBoards } from '../worker/games/puzzle8/boards.ts';
import { isHeldOut } from '../worker/games/puzzle8/heldout.ts';
import type { Board } from '../worker/games/puzzle8/board.ts';
import { astarBaseline, evaluatePipeline, greedyBaseline, summarize, type BoardOutcome, type EvalSummary } from '../worker/games/puzzle8/evaluate.ts';
import { organelleFn } from '../worker/pipeline/organelle-fn.ts';
import { reseedPerBoard } from '../worker/pipeline/sampling-seeds.ts';
import { PUZZLE8_VOTES } from '../worker/pipeline/puzzle8-solver.ts';
import { parseArgs, stringOption, intOption } from './args.ts';
import { EVAL_USAGE } from './usage.ts';
import { loadOrganelle, reportedDir, SHIPPED_MODELS_DIR } from './models.ts';
import { modelFingerprint } from '../worker/model/model-file.ts';

interface Invalid { line: number; text: string; reason: string; message: string }

async function readBoards(args: ReturnType<typeof parseArgs>): Promise<{ boards: Board[]; invalid: Invalid[]; source: string }> {
  const file = stringOption(args, 'boards');
  const seed = intOption(args, 'seed', 1);
  if (file) {
    const entries = parseBoardList(await readNamedFile(file, 'boards file'));
    const boards: Board[] = [];
    const invalid: Invalid[] = [];
    for (const e of entries) {
      if (e.board !== undefined) boards.push(e.board);
      else invalid.push({ line: e.line, text: e.text, reason: e.error!.reason, message: e.error!.message });
    }
    return { boards, invalid, source: file };
  }
  if (args.options.has('walk')) {
    const per = intOption(args, 'walk', 10, 1);
    return { boards: randomWalkBoards(per, seed).map((w) => w.board), invalid: [], source: `random walks, ${per} per Manhattan band, seed ${seed}` };
  }
  const n = intOption(args, 'random', 1000, 1);
  return { boards: randomHeldOutBoards(n, seed), invalid: [], source: `${n} random held-out boards, seed ${seed}` };
}

function row(name: string, s: EvalSummary): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
  const bands = Object.values(s.by_band).map((b) => (b.boards ? pct(b.solved_rate) : '    -  ')).join(' ');
  return `${name.padEnd(20)} ${pct(s.solved_rate)}  ${bands}  ${s.mean_moves_over_optimal.toFixed(3).padStart(7)}  ${pct(s.model_move_share)}  ${String(s.parse_errors).padStart(5)} ${String(s.cycle_breaks).padStart(6)} ${String(s.replans).padStart(6)} ${String(s.planner_fallbacks).padStart(6)}  ${s.ms_per_solve.toFixed(2).padStart(7)}`;
}

export async function evalPuzzle8(argv: string[]): Promise<void> {
  const args = parseArgs(argv, EVAL_USAGE.puzzle8.options);
  const json = stringOption(args, 'json');
  if (json) await checkOutputFile(json, '--json');
  const { boards, invalid, source } = await readBoards(args);
  for (const bad of invalid) console.log(`skipped line ${bad.line} "${bad.text}": ${bad.reason}: ${bad.message}`);
  const notHeldOut = boards.filter((b) => !isHeldOut(b)).length;
  if (notHeldOut) console.log(`note: ${notHeldOut} of ${boards.length} boards are not in the held-out class (they may appear in training)`);
  if (boards.length === 0) throw new Error('no valid boards to evaluate');
  const dir = stringOption(args, 'models') ?? SHIPPED_MODELS_DIR;
  const planner = await loadOrganelle(dir, 'puzzle8', 'planner');
  const mover = await loadOrganelle(dir, 'puzzle8', 'mover');
  const votes = intOption(args, 'votes', PUZZLE8_VOTES, 1);
  // each board reseeds sampling from its own text, so its run does not depend on the order
  const reseed = reseedPerBoard([planner, mover]);
  console.log(`evaluating ${boards.length} boards (${source}); models from ${dir}; ${votes} vote(s) per answer`);
  const progress = (label: string) => (_: BoardOutcome, i: number) => {
    if (process.stderr.isTTY && (i + 1) % 50 === 0) process.stderr.write(`\r${label} ${i + 1}/${boards.length}`);
  };
  const pipeline = summarize(evaluatePipeline(boards, {
    organelles: { planner: organelleFn(planner, { votes }), mover: organelleFn(mover, { votes }) }, beforeBoard: reseed, onBoard: progress('pipeline'),
  }));
  const ablation = args.options.has('no-ablation') ? undefined : summarize(evaluatePipeline(boards, {
    organelles: { mover: organelleFn(mover, { votes }) }, beforeBoard: reseed, onBoard: progress('ablation'),
  }));
  if (process.stderr.isTTY) process.stderr.write('\r');
  const greedy = summarize(greedyBaseline(boards));
  const astar = summarize(astarBaseline(boards));
  console.log(`${''.padEnd(20)}  solved   1-10   11-20   21-31  moves/opt  model  parse  cycle replan pl.fb  ms/solve`);
  console.log(row('pipeline', pipeline));
  if (ablation) console.log(row('no planner (ablation)', ablation));
  console.log(row('greedy manhattan', greedy));
  console.log(row('A* (optimal)', astar));
  const md = (x: EvalSummary) => Object.entries(x.by_manhattan_band).map(([b, r]) => `${b}: ${r.boards ? `${(100 * r.solved_rate).toFixed(1)}%` : '-'} of ${r.boards}`).join(', ');
  console.log(`by Manhattan band (the reference's): pipeline ${md(pipeline)}${ablation ? `; no planner ${md(ablation)}` : ''}`);
  console.log(`mean optimal length ${pipeline.mean_optimal.toFixed(2)}; move cap 100; planner ${planner.engine.paramCount} params, mover ${mover.engine.paramCount} params`);
  if (json) {
    const report = {
      ...pipeline, source, invalid, models: reportedDir(dir), votes,
      // names the exact models measured: the site quotes these figures only beside them
      model_fingerprints: { planner: modelFingerprint(planner.toModel()), mover: modelFingerprint(mover.toModel()) },
      params: { planner: planner.engine.paramCount, mover: mover.engine.paramCount },
      ablation: ablation ?? null,
      baselines: { greedy, astar },
    };
    await writeFile(json, JSON.stringify(report, null, 2));
    console.log(`wrote ${json}`);
  }
}
