// A trained tic-tac-toe or connect-4 organelle measured in its pipeline: paired with a
// partner for the other role (the built-in one, after a browser training run), it plays
// seeded games against the random opponent from each side. The numbers land in the model
// file's evaluation and in the Train view; `organelle eval` is the full measure.
import type { Organelle } from '../organelle.ts';
import { playMatch } from '../orchestrator/game-loop.ts';
import { organelleFn } from './organelle-fn.ts';
import { GAME_PIPELINES, type TwoPlayerGame } from './games.ts';

export type GameRole = 'planner' | 'player';

/** Games per side: about a second of play in a browser worker. */
export const PARTNER_GAMES = 50;

export function evaluateWithPartner(
  game: TwoPlayerGame, role: GameRole, organelle: Organelle, partner: Organelle, games = PARTNER_GAMES,
): Record<string, number> {
  const { adapter, maxNew, opponent } = GAME_PIPELINES[game];
  const planner = role === 'planner' ? organelle : partner;
  const player = role === 'player' ? organelle : partner;
  const organelles = {
    planner: organelleFn(planner, { maxNew: maxNew.planner }),
    player: organelleFn(player, { maxNew: maxNew.player }),
  };
  const match = (side: 'first' | 'second') =>
    playMatch(adapter, organelles, opponent('random'), { games, seed: 1, side, opponentName: 'random' });
  const first = match('first');
  const second = match('second');
  const moves = first.organelle_moves + second.organelle_moves;
  const modelMoves = first.organelle_moves * first.model_move_share + second.organelle_moves * second.model_move_share;
  return {
    vsRandomFirstWinRate: first.win_rate,
    vsRandomFirstLossRate: first.loss_rate,
    vsRandomSecondWinRate: second.win_rate,
    vsRandomSecondLossRate: second.loss_rate,
    pipelineModelMoveShare: moves ? modelMoves / moves : 0,
    pipelineParseErrors: first.parse_errors + second.parse_errors,
    pipelineGamesPerSide: games,
  };
}
