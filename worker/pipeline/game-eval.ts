// A trained tic-tac-toe or connect-4 organelle measured in its pipeline, after a browser
// training run: paired with a partner for the other role (the built-in one), it plays seeded
// games against the random opponent from each side, which any sound pair wins, and the
// game's strength test, which tells a strong pair from a weak one; the built-in pair plays
// the same strength games beside it. The numbers land in the model file's evaluation and in
// the Train view; `organelle eval` is the full measure.
import type { Organelle } from '../organelle.ts';
import { playMatch, type MatchSummary } from '../orchestrator/game-loop.ts';
import { organelleFn } from './organelle-fn.ts';
import { reseedPerGame } from './sampling-seeds.ts';
import { GAME_PIPELINES, type TwoPlayerGame } from './games.ts';

export type GameRole = 'planner' | 'player';

/** Games per side against random: about a second of play in a browser worker. */
export const PARTNER_GAMES = 50;

/** Games per side of the strength test, for each pair: about a second each in a browser worker. */
export const STRENGTH_GAMES = 100;

/**
 * The opponent that separates pairs, and the random plies before each game. Tic-tac-toe:
 * perfect play, so any loss is a mistake (the built-in pair draws every game). Connect four:
 * the README's headline test, the 2-ply search after 4 random plies (greedy organelles
 * against it from the empty board play a handful of games over and over).
 */
export const STRENGTH_TESTS = {
  tictactoe: { opponent: 'minimax', opening: 0 },
  connect4: { opponent: 'alphabeta2', opening: 4 },
} as const satisfies Record<TwoPlayerGame, { opponent: string; opening: number }>;

export interface GameEvaluationOptions {
  /** Games per side against random (default PARTNER_GAMES). */
  games?: number;
  /** Games per side of the strength test (default STRENGTH_GAMES; 0 leaves it out). */
  strengthGames?: number;
  /** The built-in model of the organelle's own role: with the partner, the pair compared with. */
  builtIn?: Organelle | null;
}

const BOTH_SIDES = ['first', 'second'] as const;

export function evaluateWithPartner(
  game: TwoPlayerGame, role: GameRole, organelle: Organelle, partner: Organelle, options: GameEvaluationOptions = {},
): Record<string, number> {
  const games = options.games ?? PARTNER_GAMES;
  const strengthGames = options.strengthGames ?? STRENGTH_GAMES;
  const ours = pair(game, role, organelle, partner);
  const [first, second] = BOTH_SIDES.map((side) => ours('random', 0, games, side));
  const moves = first.organelle_moves + second.organelle_moves;
  const modelMoves = first.organelle_moves * first.model_move_share + second.organelle_moves * second.model_move_share;
  const result: Record<string, number> = {
    vsRandomFirstWinRate: first.win_rate,
    vsRandomFirstLossRate: first.loss_rate,
    vsRandomSecondWinRate: second.win_rate,
    vsRandomSecondLossRate: second.loss_rate,
    pipelineModelMoveShare: moves ? modelMoves / moves : 0,
    pipelineParseErrors: first.parse_errors + second.parse_errors,
    pipelineErrorGames: first.errors + second.errors,
    pipelineGamesPerSide: games,
  };
  if (strengthGames <= 0) return result;
  const { opponent, opening } = STRENGTH_TESTS[game];
  const strength = (play: ReturnType<typeof pair>) => {
    const [a, b] = BOTH_SIDES.map((side) => play(opponent, opening, strengthGames, side));
    return { wins: a.wins + b.wins, draws: a.draws + b.draws, losses: a.losses + b.losses, errors: a.errors + b.errors };
  };
  const s = strength(ours);
  Object.assign(result, {
    strengthGamesPerSide: strengthGames, strengthOpening: opening,
    strengthWins: s.wins, strengthDraws: s.draws, strengthLosses: s.losses, strengthErrorGames: s.errors,
  });
  if (options.builtIn) {
    const b = strength(pair(game, role, options.builtIn, partner));
    Object.assign(result, {
      builtInStrengthWins: b.wins, builtInStrengthDraws: b.draws, builtInStrengthLosses: b.losses, builtInStrengthErrorGames: b.errors,
    });
  }
  return result;
}

/** The matches' seed, as `organelle eval --seed 1`: the same games and numbers as the CLI's first ones. */
const SEED = 1;

/** A match runner for `organelle` in `role` beside `partner`, greedy, sampling reseeded per game. */
function pair(game: TwoPlayerGame, role: GameRole, organelle: Organelle, partner: Organelle) {
  const { adapter, maxNew, opponent } = GAME_PIPELINES[game];
  const planner = role === 'planner' ? organelle : partner;
  const player = role === 'player' ? organelle : partner;
  const organelles = {
    planner: organelleFn(planner, { maxNew: maxNew.planner }),
    player: organelleFn(player, { maxNew: maxNew.player }),
  };
  const beforeGame = reseedPerGame(SEED, [planner, player]);
  return (opponentName: string, opening: number, games: number, side: 'first' | 'second'): MatchSummary =>
    playMatch(adapter, organelles, opponent(opponentName), { games, seed: SEED, side, opponentName, opening, beforeGame });
}
