// The two-player games as the Play view presents them: titles, the scripted opponents a
// visitor can watch the organelles play (their CLI names, which the worker resolves), how a
// person names a move on the keyboard, and which cells make the winning line.
import { LINES } from '../../../worker/games/tictactoe/rules.ts';
import type { PlayGame } from './game-frames.ts';

export interface PlayGameInfo {
  id: PlayGame;
  title: string;
  /** Scripted opponents, weakest first: CLI name -> label. */
  opponents: readonly { name: string; label: string }[];
  /** How the keyboard names a move. */
  keys: string;
}

export const PLAY_GAMES: Record<PlayGame, PlayGameInfo> = {
  tictactoe: {
    id: 'tictactoe',
    title: 'Tic-tac-toe',
    opponents: [
      { name: 'random', label: 'Random: any legal cell' },
      { name: 'tactical', label: 'Tactical: wins or blocks when it can' },
      { name: 'minimax', label: 'Minimax: perfect play' },
    ],
    keys: 'digits 0–8 pick a cell; arrow keys move between cells',
  },
  connect4: {
    id: 'connect4',
    title: 'Connect four',
    opponents: [
      { name: 'random', label: 'Random: any open column' },
      { name: 'tactical', label: 'Tactical: wins or blocks when it can' },
      { name: 'alphabeta2', label: 'Alpha-beta search, 2 moves deep' },
      { name: 'alphabeta4', label: 'Alpha-beta search, 4 moves deep' },
    ],
    keys: 'digits 0–6 pick a column; arrow keys move between columns',
  },
};

export const PLAY_GAME_IDS = Object.keys(PLAY_GAMES) as PlayGame[];

export const C4_ROWS = 6;
export const C4_COLS = 7;

/** The cells of a completed line (three in tic-tac-toe, four or more in connect four), or none. */
export function winningCells(game: PlayGame, state: string): number[] {
  if (game === 'tictactoe') {
    const line = LINES.find(([a, b, c]) => state[a] !== '_' && state[a] === state[b] && state[a] === state[c]);
    return line ? [...line] : [];
  }
  const at = (r: number, c: number) => (r >= 0 && r < C4_ROWS && c >= 0 && c < C4_COLS ? state[r * C4_COLS + c] : '');
  const cells = new Set<number>();
  for (let r = 0; r < C4_ROWS; r++) {
    for (let c = 0; c < C4_COLS; c++) {
      const p = at(r, c);
      if (p !== 'X' && p !== 'O') continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        if ([1, 2, 3].every((k) => at(r + k * dr, c + k * dc) === p)) {
          for (let k = 0; k < 4; k++) cells.add((r + k * dr) * C4_COLS + c + k * dc);
        }
      }
    }
  }
  return [...cells].sort((a, b) => a - b);
}
