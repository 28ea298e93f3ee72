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
import { legalMoves, parseBoard, play, sideToMove, status, EMPTY_BOARD, type Board } from './rules.ts';
import { parseMove, parsePlan, planMove, playerPrompt, plannerPrompt } from './prompts.ts';
import { fallbackMove, heuristicPlan } from './strategy.ts';
import { getOpponent, opponentNames } from './opponents.ts';

export const ticTacToeAdapter: GameAdapter<Board> = {
  game: 'tictactoe',
  sides: ['X', 'O'],
  initial: () => EMPTY_BOARD,
  describe: (board) => board,
  parse: (text) => parseBoard(text),
  sideToMove,
  status,
  legalMoves: (board) => legalMoves(board).map(String),
  apply: (board, move) => play(board, Number(move)),
  plannerPrompt: (board) => plannerPrompt(board),
  parsePlan: (output, board) => parsePlan(output, board),
  heuristicPlan,
  playerPrompt: (board, kanban) => playerPrompt(board, kanban.todo, kanban.blocked),
  parseMove,
  planMove,
  fallbackMove: (board, avoid) => {
    const cell = fallbackMove(board, new Set([...avoid].map(Number)));
    return cell === null ? null : String(cell);
  },
};

export const TICTACTOE_OPPONENTS = opponentNames;

/** Most characters each organelle writes (a plan is at most `w4,b2,8`): organelleFn's maxNew. */
export const TICTACTOE_MAX_NEW = { planner: 12, player: 4 } as const;

/** A scripted opponent (random, tactical, minimax) as a loop opponent. */
export function ticTacToeOpponent(name: string): Opponent<Board> {
  const choose = getOpponent(name);
  return (board, rng) => String(choose(board, rng));
}
