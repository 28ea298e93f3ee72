// Exact 8-puzzle solving: a bijection from boards to 0..9!-1, the BFS table of optimal
// distances for every state (built once, lazily), the optimal moves it implies, and an A*
// search with Manhattan + linear conflict that the evaluation uses as its optimal baseline.
import {
  type Board,
  type Direction,
  CELLS as BOARD_CELLS,
  DIRECTIONS,
  SIZE,
  SOLVED,
  applyMove,
  canMove,
  legalMoves,
  manhattanLinearConflict,
  opposite,
  parseBoard,
} from './board.ts';

/** 9! permutations of the nine cells; exactly half of them are solvable. */
export const STATE_COUNT = 362_880;
export const SOLVABLE_COUNT = 181_440;
/** Distance-table entry of a state that cannot reach the goal. */
export const UNSOLVABLE = 255;

const FACTORIAL = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];
// A module-local copy for the hot loops: under the test runner an imported binding is a
// getter on a namespace object, which made the BFS several times slower.
const CELLS = BOARD_CELLS;

// ---- permutation rank (Lehmer code)

// Nine-bit sets of cell values. COUNT[set] is its size; NTH[set * 9 + k] its k-th smallest
// member. They turn each Lehmer digit into one lookup instead of a scan of the other cells.
const COUNT = new Uint8Array(1 << CELLS);
const NTH = new Uint8Array((1 << CELLS) * CELLS);
for (let set = 0; set < 1 << CELLS; set++) {
  let k = 0;
  for (let v = 0; v < CELLS; v++) if (set & (1 << v)) NTH[set * CELLS + k++] = v;
  COUNT[set] = k;
}

/**
 * Lehmer code read as a factorial-base number: digit i counts the later cells holding a
 * smaller value, weighted by (8 - i)!. A bijection from the 9! boards onto 0..362879.
 * The count of later smaller values is v minus the smaller values already seen.
 */
export function rankBoard(board: Board): number {
  let rank = 0;
  let seen = 0;
  for (let i = 0; i < CELLS; i++) {
    const v = board.charCodeAt(i) - 48;
    rank += (v - COUNT[seen & ((1 << v) - 1)]) * FACTORIAL[CELLS - 1 - i];
    seen |= 1 << v;
  }
  return rank;
}

/** Inverse of rankBoard. */
export function unrankBoard(rank: number): Board {
  const cells = new Uint8Array(CELLS);
  unrankInto(rank, cells);
  return String.fromCharCode(...Array.from(cells, (v) => v + 48));
}

// Array versions keep the BFS free of string allocation.
function rankCells(cells: Uint8Array): number {
  let rank = 0;
  let seen = 0;
  for (let i = 0; i < CELLS; i++) {
    const v = cells[i];
    rank += (v - COUNT[seen & ((1 << v) - 1)]) * FACTORIAL[CELLS - 1 - i];
    seen |= 1 << v;
  }
  return rank;
}

function unrankInto(rank: number, cells: Uint8Array): void {
  // Digit i picks the k-th smallest value not placed yet.
  let unused = (1 << CELLS) - 1;
  for (let i = 0; i < CELLS; i++) {
    const f = FACTORIAL[CELLS - 1 - i];
    const k = Math.floor(rank / f);
    rank -= k * f;
    const v = NTH[unused * CELLS + k];
    unused &= ~(1 << v);
    cells[i] = v;
  }
}

// ---- BFS distance table

// For each blank cell, the cells it can swap with (one entry per legal direction).
const NEIGHBOURS: number[][] = Array.from({ length: CELLS }, (_, blank) =>
  DIRECTIONS.filter((dir) => canMove(blank, dir)).map((dir) => {
    if (dir === 'up') return blank - SIZE;
    if (dir === 'down') return blank + SIZE;
    return dir === 'left' ? blank - 1 : blank + 1;
  }),
);

let cachedTable: Uint8Array | null = null;

/**
 * Optimal distance to the goal for every rank (UNSOLVABLE for the odd half). Moves are
 * reversible, so one breadth-first sweep outward from the goal labels every state with its
 * distance to it. Built on first use and shared afterwards; callers must not write to it.
 */
export function distanceTable(): Uint8Array {
  if (cachedTable === null) cachedTable = buildDistanceTable();
  return cachedTable;
}

function buildDistanceTable(): Uint8Array {
  const dist = new Uint8Array(STATE_COUNT).fill(UNSOLVABLE);
  // Every solvable state enters the queue exactly once, so a flat array is the whole queue.
  const queue = new Int32Array(SOLVABLE_COUNT);
  const cells = new Uint8Array(CELLS);
  let head = 0;
  let tail = 0;
  const goal = rankBoard(SOLVED);
  dist[goal] = 0;
  queue[tail++] = goal;
  while (head < tail) {
    const rank = queue[head++];
    const next = dist[rank] + 1;
    unrankInto(rank, cells);
    const blank = cells.indexOf(0);
    for (const target of NEIGHBOURS[blank]) {
      cells[blank] = cells[target];
      cells[target] = 0;
      const r = rankCells(cells);
      cells[target] = cells[blank];
      cells[blank] = 0;
      if (dist[r] === UNSOLVABLE) {
        dist[r] = next;
        queue[tail++] = r;
      }
    }
  }
  return dist;
}

/** Fewest moves from `board` to the goal. Throws BoardError for a malformed or unsolvable board. */
export function optimalDistance(board: Board): number {
  return distanceTable()[rankBoard(parseBoard(board))];
}

/** Every legal move that lands one step closer to the goal (empty when already solved). */
export function optimalMoves(board: Board): Direction[] {
  const table = distanceTable();
  const start = parseBoard(board);
  const d = table[rankBoard(start)];
  return legalMoves(start).filter((dir) => table[rankBoard(applyMove(start, dir)!)] === d - 1);
}

// ---- A*

/**
 * An optimal move sequence found by A* with Manhattan + linear conflict. Independent of the
 * BFS table on purpose: it is the baseline the evaluation reports, and agreeing with the
 * table is its test. A shorter path to a seen board re-opens it, so optimality needs only
 * an admissible estimate. Throws BoardError for a malformed or unsolvable board.
 */
export function astar(board: Board): Direction[] {
  const start = parseBoard(board);
  // Search nodes live in parallel arrays; the heap holds node ids.
  const boards: Board[] = [start];
  const parent: number[] = [-1];
  const via: (Direction | null)[] = [null];
  const cost: number[] = [0];
  const bestCost = new Map<Board, number>([[start, 0]]);
  const open = new MinHeap();
  open.push(0, priority(0, manhattanLinearConflict(start)));

  while (open.size > 0) {
    const id = open.pop();
    const b = boards[id];
    if (cost[id] > bestCost.get(b)!) continue; // superseded by a shorter path
    if (b === SOLVED) return pathTo(id, parent, via);
    const back = via[id] === null ? null : opposite(via[id]!);
    for (const dir of legalMoves(b)) {
      if (dir === back) continue; // undoing the last move never shortens a path
      const nb = applyMove(b, dir)!;
      const g = cost[id] + 1;
      const known = bestCost.get(nb);
      if (known !== undefined && known <= g) continue;
      bestCost.set(nb, g);
      const nid = boards.length;
      boards.push(nb);
      parent.push(id);
      via.push(dir);
      cost.push(g);
      open.push(nid, priority(g, manhattanLinearConflict(nb)));
    }
  }
  // Unreachable for a parsed board: parseBoard has already rejected the unsolvable half.
  throw new Error(`astar: no path from ${start}`);
}

// Lowest f = g + h first; among equal f prefer the deeper node, which reaches the goal sooner.
function priority(g: number, h: number): number {
  return (g + h) * 256 - g;
}

function pathTo(id: number, parent: number[], via: (Direction | null)[]): Direction[] {
  const path: Direction[] = [];
  for (let n = id; parent[n] >= 0; n = parent[n]) path.push(via[n]!);
  return path.reverse();
}

/** Binary min-heap of ids ordered by a numeric key. */
class MinHeap {
  #ids: number[] = [];
  #keys: number[] = [];

  get size(): number {
    return this.#ids.length;
  }

  push(id: number, key: number): void {
    const ids = this.#ids;
    const keys = this.#keys;
    let i = ids.length;
    ids.push(id);
    keys.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      ids[i] = ids[p];
      keys[i] = keys[p];
      i = p;
    }
    ids[i] = id;
    keys[i] = key;
  }

  pop(): number {
    const ids = this.#ids;
    const keys = this.#keys;
    const top = ids[0];
    const lastId = ids.pop()!;
    const lastKey = keys.pop()!;
    const n = ids.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && keys[c + 1] < keys[c]) c++;
        if (keys[c] >= lastKey) break;
        ids[i] = ids[c];
        keys[i] = keys[c];
        i = c;
      }
      ids[i] = lastId;
      keys[i] = lastKey;
    }
    return top;
  }
}
