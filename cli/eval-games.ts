// `organelle eval tictactoe|connect4 --games N --seed S --opponent NAME [--as first|second]
// [--opening PLIES] [--models DIR] [--json FILE] [--no-ablation]`: plays the organelles
// against a scripted opponent and, on the same seeded games (and openings), four comparisons:
//   heuristic planner  the ablation: the Planner replaced by its heuristic plan
//   no plan            the Player alone, with an empty plan (how much the plan steers)
//   heuristic alone    no models at all: the fallback plays every move
//   labels             no models: every move is the one the organelles were trained to
//                      choose there (what imitating the corpus exactly would do)
// Results are wins / draws / losses with 95% Wilson intervals, the share of moves chosen by
// a model, parse errors, how often the Player played the plan's first move, ms per move, and
// how many of the games were distinct. Greedy organelles against a search that only breaks
// ties at random replay a handful of games (connect four against the 2-ply search: about a
// dozen distinct in 1,000); --opening starts every game after that many random plies so the
// games differ.
import { writeFile } from 'node:fs/promises';
import { playMatch, type GameAdapter, type GameOrganelles, type MatchSummary } from '../worker/orchestrator/game-loop.ts';
import { GAME_PIPELINES, type TwoPlayerGame } from '../worker/pipeline/games.ts';
import { organelleFn } from '../worker/pipeline/organelle-fn.ts';
import { reseedPerGame } from '../worker/pipeline/sampling-seeds.ts';
import { checkOutputFile } from './files.ts';
import { parseArgs, stringOption, intOption } from './args.ts';
import { EVAL_USAGE } from './usage.ts';
import { loadOrganelle, reportedDir, SHIPPED_MODELS_DIR } from './models.ts';
import { modelFingerprint } from '../worker/model/model-file.ts';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ci = (c: [number, number]) => `[${(100 * c[0]).toFixed(1)}-${(100 * c[1]).toFixed(1)}]`;

function row(name: string, s: MatchSummary): string {
  const cell = (k: number, rate: number, c: [number, number]) => `${String(k).padStart(4)} ${pct(rate).padStart(6)} ${ci(c).padEnd(12)}`;
  return [
    name.padEnd(18),
    cell(s.wins, s.win_rate, s.win_ci),
    cell(s.draws, s.draw_rate, s.draw_ci),
    cell(s.losses, s.loss_rate, s.loss_ci),
    pct(s.model_move_share).padStart(7),
    String(s.parse_errors).padStart(6),
    String(s.planner_fallbacks).padStart(6),
    pct(s.plan_follow_rate).padStart(7),
    s.ms_per_move.toFixed(3).padStart(8),
    String(s.distinct_games).padStart(8),
  ].join(' ');
}

/** The adapter with its heuristic plan replaced by an empty one: the "no plan" comparison. */
function withoutPlans<S>(adapter: GameAdapter<S>): GameAdapter<S> {
  return { ...adapter, heuristicPlan: () => [] };
}

/** The adapter whose plan is the Planner's label and whose fallback plays its head: the "labels" comparison. */
export function playingLabels<S>(adapter: GameAdapter<S>, labelPlan: (state: S) => string[]): GameAdapter<S> {
  return {
    ...adapter,
    heuristicPlan: labelPlan,
    fallbackMove: (state, avoid) => {
      const item = labelPlan(state).find((i) => !avoid.has(adapter.planMove(i)));
      return item === undefined ? adapter.fallbackMove(state, avoid) : adapter.planMove(item);
    },
  };
}

export function evalGame(game: TwoPlayerGame): (argv: string[]) => Promise<void> {
  return async (argv) => {
    const args = parseArgs(argv, EVAL_USAGE[game].options);
    const json = stringOption(args, 'json');
    if (json) await checkOutputFile(json, '--json');
    const entry = GAME_PIPELINES[game];
    const games = intOption(args, 'games', 1000, 1);
    const seed = intOption(args, 'seed', 1);
    const opening = intOption(args, 'opening', 0, 0);
    const opponentName = stringOption(args, 'opponent') ?? 'random';
    const opponent = entry.opponent(opponentName);
    const as = stringOption(args, 'as') ?? 'first';
    if (as !== 'first' && as !== 'second') throw new Error(`--as must be first or second, got "${as}"`);
    const dir = stringOption(args, 'models') ?? SHIPPED_MODELS_DIR;
    const planner = await loadOrganelle(dir, game, 'planner');
    const player = await loadOrganelle(dir, game, 'player');
    const votes = intOption(args, 'votes', 1, 1);
    const adapter = entry.adapter;
    // each game reseeds sampling from (seed, index): a game's run does not depend on the order
    const reseed = reseedPerGame(seed, [planner, player]);
    const side = adapter.sides[as === 'first' ? 0 : 1];
    const openings = opening > 0 ? `, each after a random ${opening}-ply opening` : '';
    console.log(`${game}: ${games} games${openings}, organelles ${as} (${side}) vs ${opponentName}, seed ${seed}; models from ${dir}`);
    const run = (label: string, a: GameAdapter<string>, organelles: GameOrganelles, limits = {}) => {
      const summary = playMatch(a, organelles, opponent, {
        games, seed, side: as, opponentName, limits, opening, beforeGame: reseed,
        onGame: (_, i) => {
          if (process.stderr.isTTY && (i + 1) % 50 === 0) process.stderr.write(`\r${label} ${i + 1}/${games}`);
        },
      });
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      return summary;
    };
    const playerFn = organelleFn(player, { votes, maxNew: entry.maxNew.player });
    const plannerFn = organelleFn(planner, { votes, maxNew: entry.maxNew.planner });
    const pipeline = run('pipeline', adapter, { planner: plannerFn, player: playerFn });
    const noAblation = args.options.has('no-ablation');
    const ablation = noAblation ? undefined : run('heuristic planner', adapter, { player: playerFn });
    const noPlan = noAblation ? undefined : run('no plan', withoutPlans(adapter), { player: playerFn });
    const never = () => {
      throw new Error('the heuristic baseline never asks an organelle');
    };
    const heuristic = noAblation ? undefined : run('heuristic alone', adapter, { player: never }, { maxRejectsPerMove: 0 });
    const labels = noAblation ? undefined : run('labels', playingLabels(adapter, entry.labelPlan), { player: never }, { maxRejectsPerMove: 0 });
    console.log(`${''.padEnd(18)} ${'wins'.padEnd(24)} ${'draws'.padEnd(24)} ${'losses'.padEnd(24)}   model  parse  pl.fb  follow  ms/move distinct`);
    console.log(row('pipeline', pipeline));
    if (ablation) console.log(row('heuristic planner', ablation));
    if (noPlan) console.log(row('no plan', noPlan));
    if (heuristic) console.log(row('heuristic alone', heuristic));
    if (labels) console.log(row('labels', labels));
    console.log(
      `model moves ${pipeline.organelle_moves - Math.round(pipeline.fallback_move_share * pipeline.organelle_moves)} of ${pipeline.organelle_moves} ` +
        `(fallback ${pct(pipeline.fallback_move_share)}), ${pipeline.rejections} rejected proposals; ` +
        `planner ${planner.engine.paramCount.toLocaleString('en-US')} params, player ${player.engine.paramCount.toLocaleString('en-US')} params`,
    );
    if (json) {
      const report = {
        game, opponent: opponentName, as, side, seed, opening, models: reportedDir(dir), ...pipeline,
        // names the exact models measured: the site quotes these figures only beside them
        model_fingerprints: { planner: modelFingerprint(planner.toModel()), player: modelFingerprint(player.toModel()) },
        params: { planner: planner.engine.paramCount, player: player.engine.paramCount },
        ablation: ablation ?? null, no_plan: noPlan ?? null, heuristic_alone: heuristic ?? null, labels: labels ?? null,
      };
      await writeFile(json, JSON.stringify(report, null, 2));
      console.log(`wrote ${json}`);
    }
  };
}
