// Evaluation board sets: uniformly random held-out states, the reference's random-walk
// distribution bucketed by Manhattan band, and board lists read from text files. Every set
// is a pure function of its seed, and every board in a generated set is held out.
import {
  type Board,
  type Direction,
  BoardError,
  SOLVED,
  applyMove,
  legalMoves,
  manhattan,
  opposite,
  parseBoard,
} from './board.ts';
import { isHeldOut } from './heldout.ts';
import { Rng } from '../rng.ts';
import { STATE_COUNT, UNSOLVABLE, distanceTable, unrankBoard } from './solver.ts';

// ---- bands

/** The reference's test bands, by Manhattan distance of the start board. */
export type ManhattanBand = '1-4' | '5-8' | '9+';
export const MANHATTAN_BANDS: readonly ManhattanBand[] = ['1-4', '5-8', '9+'];

/** Bands by optimal solution length, which say how hard a board really is. */
export type OptimalBand = '1-10' | '11-20' | '21-31';
export const OPTIMAL_BANDS: readonly OptimalBand[] = ['1-10', '11-20', '21-31'];

export function manhattanBand(md: number): ManhattanBand {
  if (!Number.isInteger(md) || md < 1) throw new RangeError(`manhattanBand: expected an integer >= 1, got ${md}`);
  return md <= 4 ? '1-4' : md <= 8 ? '5-8' : '9+';
}

export function optimalBand(d: number): OptimalBand {
  if (!Number.isInteger(d) || d < 1 || d > 31) throw new RangeError(`optimalBand: expected an integer in 1..31, got ${d}`);
  return d <= 10 ? '1-10' : d <= 20 ? '11-20' : '21-31';
}

// ---- uniformly random held-out boards

let heldOutCache: readonly Board[] | null = null;

/** Every solvable held-out state except the goal, in rank order (about 36,100 boards). */
export function heldOutStates(): readonly Board[] {
  if (heldOutCache === null) {
    const table = distanceTable();
    const boards: Board[] = [];
    for (let rank = 0; rank < STATE_COUNT; rank++) {
      if (table[rank] === UNSOLVABLE || table[rank] === 0) continue;
      const board = unrankBoard(rank);
      if (isHeldOut(board)) boards.push(board);
    }
    heldOutCache = boards;
  }
  return heldOutCache;
}

/** `n` distinct held-out boards drawn uniformly at random (a partial Fisher-Yates shuffle). */
export function randomHeldOutBoards(n: number, seed: number): Board[] {
  const pool = heldOutStates().slice();
  if (!Number.isInteger(n) || n < 0 || n > pool.length) {
    throw new RangeError(`randomHeldOutBoards: n must be an integer in 0..${pool.length}, got ${n}`);
  }
  const rng = new Rng(seed);
  for (let i = 0; i < n; i++) {
    const j = i + rng.int(pool.length - i);
    const tmp = pool[i];
    pool[i] = pool[j];
    pool[j] = tmp;
  }
  return pool.slice(0, n);
}

// ---- the reference's random-walk distribution

export interface WalkBoard {
  board: Board;
  band: ManhattanBand;
  manhattan: number;
  walkLength: number; // moves of the walk that produced it (not its optimal distance)
}

export const WALK_MIN_MOVES = 3;
export const WALK_MAX_MOVES = 27;
// Enough walks to fill even the small 1-4 band many times over; past it the request is
// treated as impossible rather than looping for ever.
const WALK_ATTEMPTS = 2_000_000;

export interface WalkOptions {
  /** Never undo the previous move. The reference allows it; forbidding it yields harder boards. */
  noReversal?: boolean;
  /** Never repeat a board within the set. The reference repeats; only 23 held-out states have Manhattan 1-4. */
  distinct?: boolean;
}

/**
 * `perBand` held-out boards per Manhattan band, sampled the way the reference sampled its
 * 30-puzzle test set: walks of 3..27 random legal moves from the goal, each kept if its
 * band still has room. Boards come band by band ('1-4', '5-8', '9+'), each in the order
 * found. With the defaults (reversals and repeats allowed, as in the reference) the bands
 * average about 2.4 / 6.6 / 10.9 optimal moves; the reference's, without the held-out
 * filter, 2.7 / 6.9 / 11.0.
 */
export function randomWalkBoards(perBand: number, seed: number, options: WalkOptions = {}): WalkBoard[] {
  const { noReversal = false, distinct = false } = options;
  const limit = distinct ? Math.min(...Object.values(heldOutCountByBand())) : Infinity;
  if (!Number.isInteger(perBand) || perBand < 0 || perBand > limit) {
    throw new RangeError(`randomWalkBoards: perBand must be an integer in 0..${limit}, got ${perBand}`);
  }
  const rng = new Rng(seed);
  const found: Record<ManhattanBand, WalkBoard[]> = { '1-4': [], '5-8': [], '9+': [] };
  const seen = new Set<Board>();
  let missing = perBand * MANHATTAN_BANDS.length;
  for (let attempt = 0; missing > 0; attempt++) {
    if (attempt === WALK_ATTEMPTS) {
      throw new Error(`randomWalkBoards: ${WALK_ATTEMPTS} walks did not fill every band with ${perBand} boards`);
    }
    const walkLength = WALK_MIN_MOVES + rng.int(WALK_MAX_MOVES - WALK_MIN_MOVES + 1);
    const board = randomWalk(rng, walkLength, noReversal);
    const md = manhattan(board);
    if (md === 0 || !isHeldOut(board) || (distinct && seen.has(board))) continue;
    const band = manhattanBand(md);
    if (found[band].length === perBand) continue;
    seen.add(board);
    found[band].push({ board, band, manhattan: md, walkLength });
    missing--;
  }
  return MANHATTAN_BANDS.flatMap((band) => found[band]);
}

function randomWalk(rng: Rng, moves: number, noReversal: boolean): Board {
  let board = SOLVED;
  let last: Direction | null = null;
  for (let i = 0; i < moves; i++) {
    const back: Direction | null = noReversal && last !== null ? opposite(last) : null;
    const dir: Direction = rng.pick(legalMoves(board).filter((d) => d !== back));
    board = applyMove(board, dir)!;
    last = dir;
  }
  return board;
}

function heldOutCountByBand(): Record<ManhattanBand, number> {
  const counts: Record<ManhattanBand, number> = { '1-4': 0, '5-8': 0, '9+': 0 };
  for (const board of heldOutStates()) counts[manhattanBand(manhattan(board))]++;
  return counts;
}

// ---- board lists from text

export interface BoardListEntry {
  line: number; // 1-based line number in the text
  text: string; // the board field as written
  board?: Board; // set when the board is usable
  error?: BoardError; // set otherwise, with reason 'malformed' | 'unsolvable' | 'solved'
}

/**
 * One board per line: nine digits, optionally followed by other whitespace-separated fields
 * (ignored here). Blank lines and everything after '#' are skipped. A bad line becomes an
 * entry with its error, so a run can report it and go on with the rest.
 */
export function parseBoardList(text: string): BoardListEntry[] {
  const entries: BoardListEntry[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const field = raw.split('#')[0].trim().split(/\s+/)[0];
    if (field === '') return;
    const entry: BoardListEntry = { line: i + 1, text: field };
    try {
      const board = parseBoard(field);
      if (board === SOLVED) {
        throw new BoardError('solved', board, `Board "${board}" is already solved, so it cannot test a solver`);
      }
      entry.board = board;
    } catch (err) {
      if (!(err instanceof BoardError)) throw err;
      entry.error = err;
    }
    entries.push(entry);
  });
  return entries;
}
