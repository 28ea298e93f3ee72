// Tic-tac-toe and connect-4 meet the two-player orchestrator the same way: the board is a
// string, a move is one digit (a cell, a column), and each game has the same four modules
// (rules, prompts, strategy, opponents). This wires such a game into a GameAdapter and its
// scripted opponents into loop opponents; each game's pipeline.ts names its modules.
import type { GameAdapter, Opponent } from '../orchestrator/game-loop.ts';
import type { PlanParse } from '../orchestrator/planner.ts';
import type { Rng } from './rng.ts';

export interface DigitGame {
  game: string;
  rules: {
    EMPTY_BOARD: string;
    parseBoard(text: string): string;
    sideToMove(board: string): string;
    status(board: string): string;
    legalMoves(board: string): number[];
    play(board: string, move: number): string;
  };
  prompts: {
    plannerPrompt(board: string): string;
    parsePlan(output: string, board: string): PlanParse;
    playerPrompt(board: string, plan: readonly string[], blocked: readonly string[]): string;
    parseMove(output: string): string | null;
    planMove(item: string): string;
  };
  strategy: {
    heuristicPlan(board: string): string[];
    fallbackMove(board: string, avoid: ReadonlySet<number>): number | null;
  };
}

export function digitGameAdapter({ game, rules, prompts, strategy }: DigitGame): GameAdapter<string> {
  return {
    game,
    sides: ['X', 'O'],
    initial: () => rules.EMPTY_BOARD,
    describe: (board) => board,
    parse: (text) => rules.parseBoard(text),
    sideToMove: (board) => rules.sideToMove(board),
    status: (board) => rules.status(board),
    legalMoves: (board) => rules.legalMoves(board).map(String),
    apply: (board, move) => rules.play(board, Number(move)),
    plannerPrompt: (board) => prompts.plannerPrompt(board),
    parsePlan: (output, board) => prompts.parsePlan(output, board),
    heuristicPlan: (board) => strategy.heuristicPlan(board),
    playerPrompt: (board, kanban) => prompts.playerPrompt(board, kanban.todo, kanban.blocked),
    parseMove: (output) => prompts.parseMove(output),
    planMove: (item) => prompts.planMove(item),
    fallbackMove: (board, avoid) => {
      const move = strategy.fallbackMove(board, new Set([...avoid].map(Number)));
      return move === null ? null : String(move);
    },
  };
}

/** A scripted opponent that answers a digit move as the loop's string move. */
export function digitOpponent(choose: (board: string, rng: Rng) => number): Opponent<string> {
  return (board, rng) => String(choose(board, rng));
}
