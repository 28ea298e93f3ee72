// Connect-4 negamax alpha-beta to a fixed depth (plies), with the static evaluation of
// evaluate.ts at the horizon. Wins score WIN_SCORE minus the ply they happen at, so the
// searcher takes the fastest win and postpones a loss. Moves are tried centre-first (on the
// last ply, best evaluation first: lastPly), and the root is searched tie-aware so
// `bestMoves` is the exact set of equally good columns (a seeded Rng then picks among them).
// Every node first looks for a move that wins at once, which is the best any move can score
// and also lets the horizon see wins one ply beyond `depth`. Cost at depth 4, over the 4,916
// positions of 300 self-play games: 0.027-0.031 ms and 130 nodes per search (0.061 ms and
// 210 nodes before lastPly and the window counts; 0.11 ms when every leaf was evaluated from
// scratch).

import type { Rng } from '../rng.ts';
import { CELLS, COLS, O, type Piece, Position, X } from './position.ts';

import { evaluateForX, moveDelta } from './evaluate.ts';
import { parseBoard } from './rules.ts';

/** A win found `ply` plies from the root scores WIN_SCORE - ply. */
export const WIN_SCORE = 100_000;
/** Centre-first: central columns win more often and cause earlier cutoffs. */
export const MOVE_ORDER: readonly number[] = [3, 2, 4, 1, 5, 0, 6];

// module-local copies for the hot loops (imported bindings are re-read on every iteration)
const ORDER = Int32Array.from(MOVE_ORDER);
const N_COLS = COLS;
const FULL = CELLS;

export interface SearchResult {
  /** Best score for the side to move (|score| > WIN_SCORE - 43 means a forced result). */
  score: number;
  /** Every column reaching `score`, ascending. */
  bestMoves: number[];
  /** The column to play: rng.pick(bestMoves), or the most central best move without an rng. */
  chosen: number;
  /** Positions visited, for cost measurements. */
  nodes: number;
}

/** True when `score` is a forced win (> 0) or loss (< 0) rather than a heuristic estimate. */
export function isForced(score: number): boolean {
  return Math.abs(score) > WIN_SCORE - 100;
}

// ---- negamax

let nodes = 0;

/** Plays `col` for `me`, the side to move; returns evaluateForX after it, from `staticX` before it. */
function playScored(pos: Position, col: number, me: Piece, staticX: number): number {
  const after = staticX + moveDelta(pos, pos.landingCell(col), me);
  pos.play(col);
  return after;
}

/** Whether the side to move can complete four at once. */
function winsNow(pos: Position, me: Piece): boolean {
  if (!pos.hasThree(me)) return false;
  for (let i = 0; i < N_COLS; i++) {
    const col = ORDER[i];
    if (pos.canPlay(col) && pos.wouldWin(col, me)) return true;
  }
  return false;
}

// lastPly's replies, best evaluation first (one set: lastPly does not recurse)
const replyCols = new Int32Array(N_COLS);
const replyScores = new Float64Array(N_COLS);

/**
 * negamax one ply from the horizon, on a board with room for two more pieces, where `me`
 * cannot win at once. A reply scores the static evaluation after it, or a loss when the
 * opponent then wins at once, which only lowers it. So the replies are tried best evaluation
 * first, and once one's evaluation cannot beat the best score so far, the rest cannot either
 * and are not played. The result is negamax's: the same score, or (past beta) a bound.
 */
function lastPly(pos: Position, beta: number, ply: number, staticX: number): number {
  const me = pos.side;
  const them: Piece = me === X ? O : X;
  let n = 0;
  for (let i = 0; i < N_COLS; i++) {
    const col = ORDER[i];
    if (!pos.canPlay(col)) continue;
    const after = staticX + moveDelta(pos, pos.landingCell(col), me);
    const score = me === X ? after : -after;
    // insertion sort, stable: equal evaluations stay centre-first
    let k = n++;
    for (; k > 0 && replyScores[k - 1] < score; k--) {
      replyScores[k] = replyScores[k - 1];
      replyCols[k] = replyCols[k - 1];
    }
    replyScores[k] = score;
    replyCols[k] = col;
  }
  let best = -Infinity;
  for (let k = 0; k < n && replyScores[k] > best; k++) {
    const col = replyCols[k];
    nodes++;
    pos.play(col);
    const s = winsNow(pos, them) ? -(WIN_SCORE - (ply + 2)) : replyScores[k];
    pos.undo(col);
    if (s > best) {
      best = s;
      if (best >= beta) break;
    }
  }
  return best;
}

/** `staticX` is evaluateForX(pos), kept up to date move by move (playScored) instead of recomputed. */
function negamax(pos: Position, depth: number, alpha: number, beta: number, ply: number, staticX: number): number {
  nodes++;
  if (pos.plies === FULL) return 0; // full board, and the last move did not win: draw
  const me = pos.side;
  // an immediate win is the best any move can do, so look for one before recursing
  if (winsNow(pos, me)) return WIN_SCORE - (ply + 1);
  if (depth === 0) return me === X ? staticX : -staticX;
  if (depth === 1 && pos.plies + 2 <= FULL) return lastPly(pos, beta, ply, staticX);
  let best = -Infinity;
  for (let i = 0; i < N_COLS; i++) {
    const col = ORDER[i];
    if (!pos.canPlay(col)) continue;
    const s = -negamax(pos, depth - 1, -beta, -alpha, ply + 1, playScored(pos, col, me, staticX));
    pos.undo(col);
    if (s > best) {
      best = s;
      if (s > alpha) {
        alpha = s;
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

/** Searches a Position in place (restored on return). Throws when the game is over. */
export function searchPosition(pos: Position, depth: number, rng?: Rng): SearchResult {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`search depth must be an integer >= 1, got ${depth}`);
  nodes = 0;
  const me = pos.side;
  const moves = MOVE_ORDER.filter((c) => pos.canPlay(c));
  if (moves.length === 0 || pos.hasFour(X) || pos.hasFour(O)) throw new RangeError('search: the game is over, there is no move to choose');
  const staticX = evaluateForX(pos);
  let best = -Infinity;
  let bestMoves: number[] = [];
  for (const col of moves) {
    let s: number;
    if (pos.wouldWin(col, me)) s = WIN_SCORE - 1;
    else {
      // window (best - 1, +inf): scores are integers, so any move at least as good as the
      // best so far comes back exact, while worse moves may stop early at a bound
      s = -negamax(pos, depth - 1, -Infinity, -(best - 1), 1, playScored(pos, col, me, staticX));
      pos.undo(col);
    }
    if (s > best) {
      best = s;
      bestMoves = [col];
    } else if (s === best) bestMoves.push(col);
  }
  // bestMoves is in centre-first order here, so its head is the most central choice
  const chosen = rng ? rng.pick(bestMoves.slice().sort((a, b) => a - b)) : bestMoves[0];
  return { score: 0 + best, bestMoves: bestMoves.sort((a, b) => a - b), chosen, nodes };
}

/** Alpha-beta search of a string board to `depth` plies for the side to move. */
export function alphaBeta(board: string, depth: number, rng?: Rng): SearchResult {
  return searchPosition(Position.fromBoard(parseBoard(board)), depth, rng);
}

/**
 * The exact score of every playable column for the side to move (full-window searches, so
 * unlike searchPosition's losing moves these are values, not bounds); null for full columns.
 * Used to rank moves for corpus labels. Restores `pos`.
 */
export function scoreMoves(pos: Position, depth: number): (number | null)[] {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`search depth must be an integer >= 1, got ${depth}`);
  const me = pos.side;
  const staticX = evaluateForX(pos);
  const scores: (number | null)[] = new Array(N_COLS).fill(null);
  for (let col = 0; col < N_COLS; col++) {
    if (!pos.canPlay(col)) continue;
    if (pos.wouldWin(col, me)) {
      scores[col] = WIN_SCORE - 1;
      continue;
    }
    scores[col] = 0 - negamax(pos, depth - 1, -Infinity, Infinity, 1, playScored(pos, col, me, staticX));
    pos.undo(col);
  }
  return scores;
}
