// What the connect-4 organelles are taught, and the deterministic heuristics beside them.
//
// Tactics (one move deep, exact): a column *wins* when the side to move completes four
// there; it *blocks* when the opponent would complete four there; it is *unsafe* when it
// fills the cell under one where the opponent would complete four, handing over the win.
// A move is *acceptable* when it is tactically sound:
//   a win exists       -> only the winning columns;
//   else a threat      -> only the blocking columns (two threats cannot both be blocked:
//                         every move loses, and the blocks are still the acceptable ones);
//   else               -> the safe columns (every column when none is safe).
//
// Canonical ranking (the labels): the alpha-beta score at LABEL_DEPTH (search.ts, static
// evaluation at the horizon, fastest win first), then centre-first. Two plies (the move and
// the opponent's best reply, seeing a win of ours one ply further) rather than one. Against
// the 2-ply search from random 4-ply openings, the one-ply ranking itself won about 26% of
// the games, the two-ply one 47% (a scratch run of the bare rankings, 1,000 games); the
// organelles trained on them, same shapes and steps, won 336 and then 548 of 2,000.
// Deeper labels were harder to learn: at three plies a 96K Planner chose the labelled
// column on 59% of unseen positions, against 64% at two. The Planner's label
// is the acceptable columns in that order, at most PLAN_MAX, tagged w (wins) / b (blocks).
// The heuristic plan (the ablation, and the Planner fallback) has the same tactics but
// orders the rest centre-first, blind to the evaluation.
import { Position, type Piece } from './position.ts';
import { MOVE_ORDER, scoreMoves } from './search.ts';
import { status, type Board } from './rules.ts';

/** Most plan items. */
export const PLAN_MAX = 3;
/** Search depth of the labels (plies, see the header). */
export const LABEL_DEPTH = 2;

const CENTRE_RANK = MOVE_ORDER.reduce<number[]>((r, c, i) => ((r[c] = i), r), []);

export interface Tactics {
  legal: number[]; // centre-first
  wins: number[];
  blocks: number[];
  unsafe: number[];
  acceptable: number[]; // centre-first
}

export function tactics(board: Board): Tactics {
  const pos = Position.fromBoard(board);
  const me = pos.side;
  const them = (me === 1 ? 2 : 1) as Piece;
  const legal = MOVE_ORDER.filter((c) => pos.canPlay(c));
  const wins = legal.filter((c) => pos.wouldWin(c, me));
  const blocks = legal.filter((c) => pos.wouldWin(c, them));
  const unsafe = legal.filter((c) => {
    pos.play(c);
    const bad = pos.canPlay(c) && pos.wouldWin(c, them);
    pos.undo(c);
    return bad;
  });
  let acceptable: number[];
  if (wins.length > 0) acceptable = wins;
  else if (blocks.length > 0) acceptable = blocks;
  else {
    const safe = legal.filter((c) => !unsafe.includes(c));
    acceptable = safe.length > 0 ? safe : legal;
  }
  return { legal, wins, blocks, unsafe, acceptable };
}

export function tagOf(t: Tactics, col: number): '' | 'w' | 'b' {
  return t.wins.includes(col) ? 'w' : t.blocks.includes(col) ? 'b' : '';
}

export interface RankedMove {
  col: number;
  score: number;
  acceptable: boolean;
  tag: '' | 'w' | 'b';
}

/** Every playable column of an ongoing board, best first (see the header). */
export function rankMoves(board: Board, depth = LABEL_DEPTH): RankedMove[] {
  return rankScores(scoreMoves(Position.fromBoard(board), depth), tactics(board));
}

/** rankMoves from the board's column scores (scoreMoves), when already searched. */
export function rankScores(scores: readonly (number | null)[], t: Tactics): RankedMove[] {
  return t.legal
    .map((col) => ({ col, score: scores[col]!, acceptable: t.acceptable.includes(col), tag: tagOf(t, col) }))
    .sort((a, b) => b.score - a.score || CENTRE_RANK[a.col] - CENTRE_RANK[b.col]);
}

export function tagged(m: { col: number; tag: string }): string {
  return `${m.tag}${m.col}`;
}

/** The Planner's label: acceptable columns, best first, at most PLAN_MAX, tagged. */
export function canonicalPlan(board: Board, depth = LABEL_DEPTH): string[] {
  return planOf(rankMoves(board, depth));
}

/** canonicalPlan from a ranking already made (a corpus labels each position from one). */
export function planOf(ranked: readonly RankedMove[]): string[] {
  return ranked.filter((m) => m.acceptable).slice(0, PLAN_MAX).map(tagged);
}

/** The best column outside `exclude` (canonical order), or null. */
export function bestMove(board: Board, exclude: ReadonlySet<number> = new Set(), depth = LABEL_DEPTH): number | null {
  return bestOf(rankMoves(board, depth), exclude);
}

/** bestMove from a ranking already made. */
export function bestOf(ranked: readonly RankedMove[], exclude: ReadonlySet<number> = new Set()): number | null {
  return ranked.find((m) => !exclude.has(m.col))?.col ?? null;
}

/** Tactics first, then centre-first among the acceptable columns (no evaluation). */
export function heuristicPlan(board: Board): string[] {
  const t = tactics(board);
  return t.acceptable.slice(0, PLAN_MAX).map((c) => `${tagOf(t, c)}${c}`);
}

/**
 * The fallback: the first column outside `avoid` among the wins, then the blocks, then the
 * safe columns, then the rest, each centre-first (the heuristic plan's head when nothing is avoided).
 */
export function fallbackMove(board: Board, avoid: ReadonlySet<number> = new Set()): number | null {
  if (status(board) !== 'ongoing') return null;
  const t = tactics(board);
  const safe = t.legal.filter((c) => !t.unsafe.includes(c));
  for (const tier of [t.wins, t.blocks, safe, t.legal]) {
    const col = tier.find((c) => !avoid.has(c));
    if (col !== undefined) return col;
  }
  return null;
}
