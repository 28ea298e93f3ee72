// Board rules: strict parsing with readable errors, moves, and the two heuristics, checked
// over every solvable state against the ANCHORS means and the BFS distances.
import { describe, expect, it } from 'vitest';
import {
  BoardError,
  DIRECTIONS,
  SOLVED,
  applyMove,
  blankIndex,
  isSolvable,
  isSolved,
  legalMoves,
  linearConflict,
  manhattan,
  opposite,
  parseBoard,
} from '../../../worker/games/puzzle8/board.ts';
import { STATE_COUNT, UNSOLVABLE, distanceTable, unrankBoard } from '../../../worker/games/puzzle8/solver.ts';

function parseError(text: string): BoardError {
  try {
    parseBoard(text);
  } catch (err) {
    if (err instanceof BoardError) return err;
    throw err;
  }
  throw new Error(`parseBoard accepted ${text}`);
}

describe('parseBoard', () => {
  it('accepts nine digits, ignoring surrounding whitespace', () => {
    expect(parseBoard('123456780')).toBe('123456780');
    expect(parseBoard('  123456708\n')).toBe('123456708');
  });

  it('names the wrong length', () => {
    const err = parseError('12345678');
    expect(err.reason).toBe('malformed');
    expect(err.message).toBe('Board "12345678" must have 9 characters, got 8');
  });

  it('names a character that is not a digit 0-8', () => {
    expect(parseError('12345678x').message).toBe('Board "12345678x" may hold only the digits 0-8, but has "x" at position 9');
    expect(parseError('123456789').reason).toBe('malformed');
    expect(parseError('1 2 3/4 5').reason).toBe('malformed');
  });

  it('names a repeated and a missing digit', () => {
    const err = parseError('113456780');
    expect(err.reason).toBe('malformed');
    expect(err.message).toBe('Board "113456780" repeats digit 1 and lacks 2');
  });

  it('explains why a board is unsolvable', () => {
    const err = parseError('213456780');
    expect(err.reason).toBe('unsolvable');
    expect(err.text).toBe('213456780');
    expect(err.message).toBe(
      'Board "213456780" is unsolvable: it has an odd number of inversions, so no sequence of moves reaches 123456780',
    );
  });
});

describe('moves', () => {
  it('lists legal moves in DIRECTIONS order by blank position', () => {
    expect(DIRECTIONS).toEqual(['up', 'down', 'left', 'right']);
    expect(legalMoves(SOLVED)).toEqual(['up', 'left']);
    expect(legalMoves('012345678')).toEqual(['down', 'right']);
    expect(legalMoves('123405678')).toEqual(['up', 'down', 'left', 'right']);
    expect(legalMoves('123450678')).toEqual(['up', 'down', 'left']);
  });

  it('moves the blank, not the tile, and refuses to leave the board', () => {
    expect(applyMove(SOLVED, 'up')).toBe('123450786');
    expect(applyMove(SOLVED, 'left')).toBe('123456708');
    expect(applyMove(SOLVED, 'down')).toBeNull();
    expect(applyMove(SOLVED, 'right')).toBeNull();
    // from the centre, every direction: the tile and the blank swap, nothing else moves
    expect(DIRECTIONS.map((d) => applyMove('123405678', d))).toEqual(['103425678', '123475608', '123045678', '123450678']);
    expect(blankIndex('123405678')).toBe(4);
  });

  it('undoes a move with its opposite', () => {
    for (const dir of DIRECTIONS) {
      const moved = applyMove('123405678', dir)!;
      expect(applyMove(moved, opposite(dir))).toBe('123405678');
    }
  });

  it('knows the goal and the solvable half', () => {
    expect(isSolved(SOLVED)).toBe(true);
    expect(isSolved('123456708')).toBe(false);
    expect(isSolvable('213456780')).toBe(false);
    expect(isSolvable('123456780')).toBe(true);
  });
});

describe('heuristics', () => {
  it('scores small examples by hand', () => {
    expect(manhattan(SOLVED)).toBe(0);
    expect(manhattan('123456708')).toBe(1);
    // 2 and 1 swapped in the top row: one of them must step out of the row and back (+2).
    expect(manhattan('213456780')).toBe(2);
    expect(linearConflict('213456780')).toBe(2);
    // A fully reversed line: two of its three tiles must leave it (+4), not three pairs (+6).
    expect(manhattan('321456780')).toBe(4);
    expect(linearConflict('321456780')).toBe(4);
    expect(linearConflict('723456180')).toBe(4);
    // Rows and columns add up: 2 1 reversed in the top row, 6 3 reversed in the right column.
    expect(linearConflict('216453780')).toBe(4);
  });

  it('matches the Manhattan mean over all states (ANCHORS: 14.0)', () => {
    const { states, sumMd } = allStates();
    expect(states).toBe(181_440);
    expect(sumMd / states).toBeCloseTo(14.0, 10);
  });

  it('never overestimates the BFS distance (admissible)', () => {
    const { states, sumMdLc, overestimates } = allStates();
    expect(overestimates).toBe(0);
    // Measured mean of the admissible Manhattan + linear conflict.
    expect((sumMdLc / states).toFixed(2)).toBe('15.12');
  });

  it('shows where the ANCHORS figure 15.17 comes from: charging 2 per reversed pair', () => {
    // That variant overcharges fully reversed lines and overestimates 7 states, which is
    // why linearConflict charges per tile that must leave the line instead.
    const { states, sumPairwise, pairwiseOverestimates } = allStates();
    expect((sumPairwise / states).toFixed(2)).toBe('15.17');
    expect(pairwiseOverestimates).toBe(7);
  });
});

// One pass over all 181,440 solvable states, shared by the tests above.
let stats: ReturnType<typeof measureAllStates> | null = null;
function allStates() {
  stats ??= measureAllStates();
  return stats;
}

function measureAllStates() {
  const table = distanceTable();
  const s = { states: 0, sumMd: 0, sumMdLc: 0, sumPairwise: 0, overestimates: 0, pairwiseOverestimates: 0 };
  for (let rank = 0; rank < STATE_COUNT; rank++) {
    const d = table[rank];
    if (d === UNSOLVABLE) continue;
    const board = unrankBoard(rank);
    const md = manhattan(board);
    const h = md + linearConflict(board);
    const pairwise = md + pairwiseConflict(board);
    s.states++;
    s.sumMd += md;
    s.sumMdLc += h;
    s.sumPairwise += pairwise;
    if (h > d) s.overestimates++;
    if (pairwise > d) s.pairwiseOverestimates++;
  }
  return s;
}

// The textbook shortcut, kept here only to document the ANCHORS number: 2 per reversed pair.
function pairwiseConflict(board: string): number {
  let extra = 0;
  for (let line = 0; line < 3; line++) {
    const row: number[] = [];
    const col: number[] = [];
    for (let k = 0; k < 3; k++) {
      const r = Number(board[line * 3 + k]);
      if (r !== 0 && Math.floor((r - 1) / 3) === line) row.push((r - 1) % 3);
      const c = Number(board[k * 3 + line]);
      if (c !== 0 && (c - 1) % 3 === line) col.push(Math.floor((c - 1) / 3));
    }
    for (const goals of [row, col]) {
      for (let i = 0; i < goals.length; i++) for (let j = i + 1; j < goals.length; j++) if (goals[i] > goals[j]) extra += 2;
    }
  }
  return extra;
}
