// The two-player games as pipelines: each game's adapter, its scripted opponents by name, and
// how many characters each of its organelles writes. The CLI's evaluation and the browser's
// Play view both read this table, so a game is played the same way everywhere.
import type { GameAdapter, Opponent } from '../orchestrator/game-loop.ts';
import { ticTacToeAdapter, ticTacToeOpponent, TICTACTOE_MAX_NEW, TICTACTOE_OPPONENTS } from '../games/tictactoe/pipeline.ts';
import { connect4Adapter, connect4Opponent, CONNECT4_MAX_NEW, CONNECT4_OPPONENTS } from '../games/connect4/pipeline.ts';
import { canonicalPlan as ticTacToeLabelPlan } from '../games/tictactoe/strategy.ts';
import { canonicalPlan as connect4LabelPlan } from '../games/connect4/strategy.ts';

export type TwoPlayerGame = 'tictactoe' | 'connect4';

export interface GamePipeline {
  adapter: GameAdapter<string>;
  /** A scripted opponent by its CLI name; throws listing the valid names. */
  opponent(name: string): Opponent<string>;
  opponents: readonly string[];
  maxNew: { readonly planner: number; readonly player: number };
  /**
   * The plan the Planner was trained to write for a position (its corpus label). The
   * Player's label is that plan's first move, so playing the head is what the organelles
   * were taught, played without them: the ceiling an evaluation compares them with.
   */
  labelPlan(state: string): string[];
}

export const GAME_PIPELINES: Record<TwoPlayerGame, GamePipeline> = {
  tictactoe: {
    adapter: ticTacToeAdapter, opponent: ticTacToeOpponent, opponents: TICTACTOE_OPPONENTS, maxNew: TICTACTOE_MAX_NEW,
    labelPlan: (board) => ticTacToeLabelPlan(board),
  },
  connect4: {
    adapter: connect4Adapter, opponent: connect4Opponent, opponents: CONNECT4_OPPONENTS, maxNew: CONNECT4_MAX_NEW,
    labelPlan: (board) => connect4LabelPlan(board),
  },
};

export function isTwoPlayerGame(name: string): name is TwoPlayerGame {
  return Object.hasOwn(GAME_PIPELINES, name);
}
