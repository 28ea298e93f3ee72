// What the tic-tac-toe organelles are taught, and the deterministic heuristics beside them.
//
// Canonical ranking of a position's moves (the labels), best first:
//   1. the perfect player's speed-scaled score (minimax.ts): win > draw > loss, the fastest
//      win and the slowest loss first;
//   2. the chance of winning against a uniformly random opponent, when every later move of
//      ours also keeps the game value and maximises that chance (exact expectimax over the
//      5,478 reachable positions). Among equally safe moves this picks the one that sets the
//      most traps: a perfect player that ignores it draws more often against weak play;
//   3. the cell: centre, corners, edges (4 0 2 6 8 1 3 5 7).
// A move is acceptable when it keeps the game value (minimax valueMoves): following an
// acceptable plan can never turn a win into a draw or a draw into a loss.
//
// Plan items are cells, tagged `w` when the move wins at once and `b` when it blocks a line
// the opponent would complete next move (a winning move is tagged `w` even if it also blocks).
import { EMPTY, legalMoves, play, sideToMove, status, type Board, type Player } from './rules.ts';
import { solve } from './minimax.ts';
import { winningCells } from './opponents.ts';

/** Centre, corners, edges: the tie-break of last resort, and the heuristic's order. */
export const CELL_PREFERENCE: readonly number[] = [4, 0, 2, 6, 8, 1, 3, 5, 7];
const PREF_RANK = CELL_PREFERENCE.reduce<number[]>((r, c, i) => ((r[c] = i), r), []);

/** Most plan items. */
export const PLAN_MAX = 3;

// ---- expectimax against a random opponent

const winChance = new Map<Board, number>();

/** P(the side to move wins) against a uniformly random opponent, playing value-keeping moves that maximise it. */
export function randomWinChance(board: Board): number {
  const hit = winChance.get(board);
  if (hit !== undefined) return hit;
  let best = 0;
  if (status(board) === 'ongoing') {
    best = -1;
    for (const m of solve(board).valueMoves) best = Math.max(best, moveWinChance(board, m));
  }
  winChance.set(board, best);
  return best;
}

/** P(win) after playing `cell` on `board`, then the random reply, then optimal play. */
export function moveWinChance(board: Board, cell: number): number {
  const after = play(board, cell);
  const st = status(after);
  if (st !== 'ongoing') return st === 'draw' ? 0 : 1;
  const replies = legalMoves(after);
  let total = 0;
  for (const r of replies) {
    const next = play(after, r);
    // the opponent completing a line or filling the board ends it without a win for us
    if (status(next) === 'ongoing') total += randomWinChance(next);
  }
  return total / replies.length;
}

// ---- ranking and plans

export interface RankedMove {
  cell: number;
  score: number; // minimax speed-scaled score for the mover
  chance: number; // P(win) against a random opponent
  acceptable: boolean; // keeps the game value
  tag: '' | 'w' | 'b';
}

function threatCells(board: Board): { wins: Set<number>; blocks: Set<number> } {
  const me = sideToMove(board);
  const them: Player = me === 'X' ? 'O' : 'X';
  return { wins: new Set(winningCells(board, me)), blocks: new Set(winningCells(board, them)) };
}

/** Every legal move of an ongoing board, best first (see the header). */
export function rankMoves(board: Board): RankedMove[] {
  const s = solve(board);
  const { wins, blocks } = threatCells(board);
  const moves = legalMoves(board).map((cell): RankedMove => ({
    cell,
    score: s.moveScores[cell]!,
    chance: moveWinChance(board, cell),
    acceptable: s.valueMoves.includes(cell),
    tag: wins.has(cell) ? 'w' : blocks.has(cell) ? 'b' : '',
  }));
  // chances are exact rationals computed along the same paths for symmetric cells, so
  // symmetric moves compare equal; a tolerance guards against the rest
  moves.sort((a, b) => b.score - a.score || (Math.abs(b.chance - a.chance) > 1e-12 ? b.chance - a.chance : 0) || PREF_RANK[a.cell] - PREF_RANK[b.cell]);
  return moves;
}

export function tagged(m: { cell: number; tag: string }): string {
  return `${m.tag}${m.cell}`;
}

/** The Planner's label: the acceptable moves, best first, at most PLAN_MAX, tagged. */
export function canonicalPlan(board: Board): string[] {
  return rankMoves(board).filter((m) => m.acceptable).slice(0, PLAN_MAX).map(tagged);
}

/** The best move outside `exclude` (canonical order), or null. */
export function bestMove(board: Board, exclude: ReadonlySet<number> = new Set()): number | null {
  return rankMoves(board).find((m) => !exclude.has(m.cell))?.cell ?? null;
}

/**
 * The rule-of-thumb plan (no look-ahead beyond one move): complete a line, else block every
 * line the opponent would complete, else centre, corners, edges. Tagged like a Planner plan.
 * It knows nothing about forks, so it can steer a Player into a lost position.
 */
export function heuristicPlan(board: Board): string[] {
  const { wins, blocks } = threatCells(board);
  const empty = CELL_PREFERENCE.filter((c) => board[c] === EMPTY);
  if (wins.size > 0) return empty.filter((c) => wins.has(c)).slice(0, PLAN_MAX).map((c) => `w${c}`);
  if (blocks.size > 0) return empty.filter((c) => blocks.has(c)).slice(0, PLAN_MAX).map((c) => `b${c}`);
  return empty.slice(0, PLAN_MAX).map(String);
}

/** The fallback: the heuristic plan's first move outside `avoid`, else the first free cell by preference. */
export function fallbackMove(board: Board, avoid: ReadonlySet<number> = new Set()): number | null {
  if (status(board) !== 'ongoing') return null;
  for (const item of heuristicPlan(board)) {
    const cell = Number(item.replace(/^[wb]/, ''));
    if (!avoid.has(cell)) return cell;
  }
  return CELL_PREFERENCE.find((c) => board[c] === EMPTY && !avoid.has(c)) ?? null;
}

/** The tag a correct plan gives `cell` on `board`. */
export function tagOf(board: Board, cell: number): '' | 'w' | 'b' {
  const { wins, blocks } = threatCells(board);
  return wins.has(cell) ? 'w' : blocks.has(cell) ? 'b' : '';
}
