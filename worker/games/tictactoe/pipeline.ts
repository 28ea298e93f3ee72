// Tic-tac-toe on the two-player orchestrator (worker/orchestrator/game-loop.ts): the adapter
// the loop drives, and the scripted opponents as loop opponents. Moves are cell digits.
//
// Roles. The Planner reads the board and writes the acceptable moves best first, tagged
// w (wins now) / b (blocks); the grammar refuses false tags. The Player reads the board, the
// plan and the cells the Judge refused this turn, and answers one cell: the plan's first move
// when it keeps the game value, otherwise its own best move. The heuristic plan (one-move
// look-ahead: win, block, centre, corners, edges) replaces the Planner in the ablation and
// when the Planner fails twice; the fallback move is its first item. Both are always reported.
import type { GameAdapter, Opponent } from '../../orchestrator/game-loop.ts';
import { digitGameAdapter, digitOpponent } from '../digit-game.ts';
import * as rules from './rules.ts';
import * as prompts from './prompts.ts';
import * as strategy from './strategy.ts';
import { getOpponent, opponentNames } from './opponents.ts';

export const ticTacToeAdapter: GameAdapter<string> = digitGameAdapter({ game: 'tictactoe', rules, prompts, strategy });

export const TICTACTOE_OPPONENTS = opponentNames;

/** Most characters each organelle writes (a plan is at most `w4,b2,8`): organelleFn's maxNew. */
export const TICTACTOE_MAX_NEW = { planner: 12, player: 4 } as const;

/** A scripted opponent (random, tactical, minimax) as a loop opponent. */
export function ticTacToeOpponent(name: string): Opponent<string> {
  return digitOpponent(getOpponent(name));
}
