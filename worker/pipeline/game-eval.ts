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
import { PARTNER_GAMES, STRENGTH_GAMES, STRENGTH_TESTS } from './measure-tests.ts';
import { GAME_PIPELINES, type TwoPlayerGame } from './games.ts';

export type GameRole = 'planner' | 'player';

export interface GameEvaluationOptions {
  /** Games per side against random (default PARTNER_GAMES). */
  games?: number;
  /** Games per side of the strength test (default STRENGTH_GAMES; 0 leaves it out). */
  strengthGames?: number;
  /** The built-in model of the organelle's own role: with the partner, the pair compared with. */
  builtIn?: Organelle | null;
}

const BOTH_SIDES = ['first', 'second'] as const;

/** A game's two organelles. */
export interface GamePair {
  planner: Organelle;
  player: Organelle;
}

/** `organelle` in `role`, `partner` in the other. */
function seated(role: GameRole, organelle: Organelle, partner: Organelle): GamePair {
  return role === 'planner' ? { planner: organelle, player: partner } : { planner: partner, player: organelle };
}

export function evaluateWithPartner(
  game: TwoPlayerGame, role: GameRole, organelle: Organelle, partner: Organelle, options: GameEvaluationOptions = {},
): Record<string, number> {
  const games = options.games ?? PARTNER_GAMES;
  const strengthGames = options.strengthGames ?? STRENGTH_GAMES;
  const ours = seated(role, organelle, partner);
  const play = matches(game, ours);
  const [first, second] = BOTH_SIDES.map((side) => play('random', 0, games, side));
  const result: Record<string, number> = {
    vsRandomFirstWinRate: first.win_rate,
    vsRandomFirstLossRate: first.loss_rate,
    vsRandomSecondWinRate: second.win_rate,
    vsRandomSecondLossRate: second.loss_rate,
    pipelineModelMoveShare: modelMoveShare([first, second]),
    pipelineParseErrors: first.parse_errors + second.parse_errors,
    pipelineErrorGames: first.errors + second.errors,
    pipelineGamesPerSide: games,
  };
  if (strengthGames <= 0) return result;
  const builtIn = options.builtIn ? seated(role, options.builtIn, partner) : null;
  return { ...result, ...measureGamePair(game, ours, builtIn, strengthGames) };
}

/**
 * A pair in the game's strength test, from both sides, and the built-in pair in the same
 * games when given: the after-training measure's keys (strength*, builtInStrength*), the
 * share of moves a model chose among them.
 */
export function measureGamePair(game: TwoPlayerGame, pair: GamePair, builtIn: GamePair | null, gamesPerSide = STRENGTH_GAMES): Record<string, number> {
  const { opponent, opening } = STRENGTH_TESTS[game];
  const strength = (p: GamePair) => {
    const play = matches(game, p);
    const [a, b] = BOTH_SIDES.map((side) => play(opponent, opening, gamesPerSide, side));
    return {
      wins: a.wins + b.wins, draws: a.draws + b.draws, losses: a.losses + b.losses, errors: a.errors + b.errors, share: modelMoveShare([a, b]),
    };
  };
  const s = strength(pair);
  const result: Record<string, number> = {
    strengthGamesPerSide: gamesPerSide, strengthOpening: opening,
    strengthWins: s.wins, strengthDraws: s.draws, strengthLosses: s.losses, strengthErrorGames: s.errors,
    strengthModelMoveShare: s.share,
  };
  if (builtIn) {
    const b = strength(builtIn);
    Object.assign(result, {
      builtInStrengthWins: b.wins, builtInStrengthDraws: b.draws, builtInStrengthLosses: b.losses, builtInStrengthErrorGames: b.errors,
      builtInStrengthModelMoveShare: b.share,
    });
  }
  return result;
}

/** The share of the organelles' moves, over several matches, that a model chose (not the fallback). */
function modelMoveShare(summaries: readonly MatchSummary[]): number {
  const moves = summaries.reduce((n, m) => n + m.organelle_moves, 0);
  return moves ? summaries.reduce((n, m) => n + m.organelle_moves * m.model_move_share, 0) / moves : 0;
}

/** The matches' seed, as `organelle eval --seed 1`: the same games and numbers as the CLI's first ones. */
const SEED = 1;

/** A match runner for a pair, greedy, sampling reseeded per game. */
function matches(game: TwoPlayerGame, { planner, player }: GamePair) {
  const { adapter, maxNew, opponent } = GAME_PIPELINES[game];
  const organelles = {
    planner: organelleFn(planner, { maxNew: maxNew.planner }),
    player: organelleFn(player, { maxNew: maxNew.player }),
  };
  const beforeGame = reseedPerGame(SEED, [planner, player]);
  return (opponentName: string, opening: number, games: number, side: 'first' | 'second'): MatchSummary =>
    playMatch(adapter, organelles, opponent(opponentName), { games, seed: SEED, side, opponentName, opening, beforeGame });
}
