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
// evaluation at the horizon, fastest win first), then centre-first. Four plies. Against the
// 2-ply search from random 4-ply openings (2,000 games, 1,000 a side), the rankings played
// exactly win 883 at two plies, 1,108 at three and 1,159 at four; the one-ply ranking won
// about 26% of such games. Deeper labels are harder to learn (at three plies a 96K Planner
// chose the labelled column on 59% of unseen positions, against 64% at two), but what the
// organelles learn of them plays better: with the same Planner recipe and the same Player,
// labels of one, two and four plies gave 336, 548 (at 30,000 steps) and then, at 90,000
// steps over seeds 31, 41, 51 and 61, a mean of 624 wins at two plies against 708 at four,
// more at every seed (667/638/561/631 against 748/713/622/747). The Planner's label
// is the acceptable columns in that order, at most PLAN_MAX, tagged w (wins) / b (blocks).
// The heuristic plan (the ablation, and the Planner fallback) has the same tactics but
// orders the rest centre-first, blind to the evaluation.
import { Position, type Piece } from './position.ts';
import { MOVE_ORDER, scoreMoves } from './search.ts';
import { status, type Board } from './rules.ts';

/** Most plan items. */
export const PLAN_MAX = 3;
/** Search depth of the labels (plies, see the header). */
export const LABEL_DEPTH = 4;

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
