// Connect-4 on the two-player orchestrator (worker/orchestrator/game-loop.ts): the adapter
// the loop drives, and the scripted opponents as loop opponents. Moves are column digits.
//
// Roles. The Planner reads the board and writes the tactically acceptable columns best
// first (strategy.ts), tagged w (wins now) / b (blocks); the grammar refuses false tags. The
// Player reads the board, the plan and the columns the Judge refused this turn, and answers
// one column: the plan's first column when it is tactically acceptable, otherwise its own
// best. The heuristic plan (same tactics, centre-first, no evaluation) replaces the Planner
// in the ablation and when it fails twice; the fallback move is its first playable column.
import type { GameAdapter, Opponent } from '../../orchestrator/game-loop.ts';
import { digitGameAdapter, digitOpponent } from '../digit-game.ts';
import * as rules from './rules.ts';
import * as prompts from './prompts.ts';
import * as strategy from './strategy.ts';
import { getOpponent, opponentNames } from './opponents.ts';

export const connect4Adapter: GameAdapter<string> = digitGameAdapter({ game: 'connect4', rules, prompts, strategy });

export const CONNECT4_OPPONENTS = opponentNames;

/**
 * Most characters each organelle writes, for organelleFn's maxNew (its default of 8 would cut
 * the threat map short): Planner `.......|w3,b2,4` (15), Player `.......|3` (9).
 */
export const CONNECT4_MAX_NEW = { planner: 20, player: 12 } as const;

/** A scripted opponent (random, tactical, alphabeta2, alphabeta4) as a loop opponent. */
export function connect4Opponent(name: string): Opponent<string> {
  return digitOpponent(getOpponent(name));
}
