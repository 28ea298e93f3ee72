// What a share link holds, read from its payload alone: an 8-puzzle solve (and of which
// board) or a game (and which one). The page for a link that does not replay uses it to say
// what the link was and what to do instead; a link too damaged to read tells nothing.
import { SOLVED, parseBoard } from '../../../worker/games/puzzle8/board.ts';
import { decodeSolveLink } from '../../../worker/share/solve-link.ts';
import { gameTitle } from './games.ts';

export type LinkKind =
  | { kind: 'solve'; board: string | null } // board: its start, when that is a board to solve
  | { kind: 'game'; title: string }
  | { kind: 'unknown' };

export function linkKind(payload: string): LinkKind {
  let link;
  try {
    link = decodeSolveLink(payload);
  } catch {
    return { kind: 'unknown' };
  }
  if (link.game !== 'puzzle8') return { kind: 'game', title: gameTitle(link.game) };
  return { kind: 'solve', board: boardToSolve(link.start) };
}

function boardToSolve(start: string): string | null {
  try {
    const board = parseBoard(start);
    return board === SOLVED ? null : board;
  } catch {
    return null;
  }
}
