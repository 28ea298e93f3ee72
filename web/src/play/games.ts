// The two-player games as the Play view presents them (titles from lib/games.ts): the scripted opponents a
// visitor can watch the organelles play (their CLI names, which the worker resolves), how a
// person names a move on the keyboard and a cell, and which cells make the winning line (the
// rules say; this only picks the game).
import { winningLine } from '../../../worker/games/tictactoe/rules.ts';
import { COLS as C4_COLUMNS, EMPTY as C4_EMPTY, winningLines } from '../../../worker/games/connect4/rules.ts';
import { gameTitle } from '../lib/games.ts';
import type { PlayGame } from './game-frames.ts';

export interface PlayGameInfo {
  id: PlayGame;
  title: string;
  /** Scripted opponents, weakest first: CLI name, label, and how a sentence names it. */
  opponents: readonly { name: string; label: string; called: string }[];
  /** How the keyboard names a move. */
  keys: string;
}

export const PLAY_GAMES: Record<PlayGame, PlayGameInfo> = {
  tictactoe: {
    id: 'tictactoe',
    title: gameTitle('tictactoe'),
    opponents: [
      { name: 'random', label: 'Random: any legal cell', called: 'the random opponent' },
      { name: 'tactical', label: 'Tactical: wins or blocks', called: 'the tactical opponent' },
      { name: 'minimax', label: 'Minimax: perfect play', called: 'the minimax opponent' },
    ],
    keys: 'digits 0–8 pick a cell; arrow keys move between cells',
  },
  connect4: {
    id: 'connect4',
    title: gameTitle('connect4'),
    opponents: [
      { name: 'random', label: 'Random: any open column', called: 'the random opponent' },
      { name: 'tactical', label: 'Tactical: wins or blocks', called: 'the tactical opponent' },
      { name: 'alphabeta2', label: 'Alpha-beta, 2 moves deep', called: 'the alpha-beta search (2 moves deep)' },
      { name: 'alphabeta4', label: 'Alpha-beta, 4 moves deep', called: 'the alpha-beta search (4 moves deep)' },
    ],
    keys: 'digits 0–6 pick a column; arrow keys move between columns',
  },
};

export const PLAY_GAME_IDS = Object.keys(PLAY_GAMES) as PlayGame[];

/** The organelles of a two-player game's pipeline. */
export type PlayRole = 'planner' | 'player';
export const PLAY_ROLES: readonly PlayRole[] = ['planner', 'player'];

export { ROWS as C4_ROWS, COLS as C4_COLS } from '../../../worker/games/connect4/rules.ts';

/** Tic-tac-toe's cells as a person names them, 0..8 row by row. */
export const TTT_CELL_NAMES = ['top left', 'top', 'top right', 'left', 'centre', 'right', 'bottom left', 'bottom', 'bottom right'] as const;

/** The cells of a completed line (three in tic-tac-toe, four or more in connect four), or none. */
export function winningCells(game: PlayGame, board: string): number[] {
  return game === 'tictactoe' ? winningLine(board) : winningLines(board);
}

/**
 * Why a person's move cannot be played on `board` (the board string as the rules write it), for
 * a person who pressed Enter on a taken cell or a full column: said, not silently ignored.
 */
export function unplayableMoveText(game: PlayGame, move: string, board: string): string {
  const at = Number(move);
  if (game === 'tictactoe') {
    const piece = board[at];
    if (piece === 'X' || piece === 'O') return `Cell ${at}, ${TTT_CELL_NAMES[at]}, is taken (${piece}): pick an empty cell.`;
    return `Cell ${move} cannot be played now: pick an empty cell.`;
  }
  // row 0 is the top row: a column whose top slot holds a disc is full
  if (at >= 0 && at < C4_COLUMNS && board[at] !== C4_EMPTY) return `Column ${at} is full: pick another column.`;
  return `Column ${move} cannot be played now: pick another column.`;
}
