// The search's fast paths against plain definitions: the window counts kept by play and undo,
// isWinAt and wouldWin, which read only the windows through a cell, and moveDelta, which
// updates the static score from those windows alone, must agree with the cells counted
// afresh, a straight line scan and a full evaluation on every move of many random games.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../worker/games/rng.ts';
import { COLS, O, Position, ROWS, WINDOW_COUNT, WINDOWS, X } from '../../../worker/games/connect4/position.ts';
import { evaluate, evaluateForX, moveDelta } from '../../../worker/games/connect4/evaluate.ts';

/** Four in a row through (r, c), by walking each of the four lines cell by cell. */
function plainWinAt(pos: Position, cell: number): boolean {
  const p = pos.cells[cell];
  if (p === 0) return false;
  const r = Math.floor(cell / COLS);
  const c = cell % COLS;
  const at = (rr: number, cc: number) => rr >= 0 && rr < ROWS && cc >= 0 && cc < COLS && pos.cells[rr * COLS + cc] === p;
  return [[0, 1], [1, 0], [1, 1], [1, -1]].some(([dr, dc]) => {
    let n = 1;
    for (let k = 1; at(r + k * dr, c + k * dc); k++) n++;
    for (let k = 1; at(r - k * dr, c - k * dc); k++) n++;
    return n >= 4;
  });
}

/** Plays random games to the end (a win or a full board), calling `visit` before every move. */
function randomGames(games: number, seed: number, visit: (pos: Position, col: number) => void): void {
  const rng = new Rng(seed);
  for (let g = 0; g < games; g++) {
    const pos = new Position();
    while (pos.plies < ROWS * COLS) {
      const col = rng.pick([0, 1, 2, 3, 4, 5, 6].filter((c) => pos.canPlay(c)));
      visit(pos, col);
      if (pos.isWinAt(pos.play(col))) break;
    }
  }
}

/** Each window's pieces counted from the cells: [X's, O's]. */
function plainCounts(pos: Position): [number, number][] {
  return Array.from({ length: WINDOW_COUNT }, (_, w) => {
    const cells = [0, 1, 2, 3].map((k) => pos.cells[WINDOWS[4 * w + k]]);
    return [cells.filter((p) => p === X).length, cells.filter((p) => p === O).length];
  });
}

function expectCountsOf(pos: Position): void {
  const plain = plainCounts(pos);
  expect([...pos.windowCounts].map((code) => [code & 7, code >> 3])).toEqual(plain);
  expect(pos.hasThree(X)).toBe(plain.some(([xs, os]) => xs === 3 && os === 0));
  expect(pos.hasThree(O)).toBe(plain.some(([xs, os]) => os === 3 && xs === 0));
}

describe('connect-4 position', () => {
  it('keeps every window\'s count and the open threes through play, undo, clone and fromBoard', () => {
    let threes = 0;
    randomGames(60, 3, (pos, col) => {
      expectCountsOf(pos);
      if (pos.hasThree(pos.side)) threes++;
      pos.play(col);
      expectCountsOf(pos);
      expectCountsOf(pos.clone());
      expectCountsOf(Position.fromBoard(pos.toBoard()));
      pos.undo(col);
      expectCountsOf(pos);
    });
    expect(threes).toBeGreaterThan(100); // the threes were there to be counted
  });

  it('finds a four through the cell played exactly when a line scan does, and wouldWin agrees', () => {
    let wins = 0;
    randomGames(400, 1, (pos, col) => {
      const cell = pos.landingCell(col);
      const predicted = pos.wouldWin(col, pos.side);
      pos.play(col);
      expect(pos.isWinAt(cell)).toBe(plainWinAt(pos, cell));
      expect(predicted).toBe(plainWinAt(pos, cell));
      if (predicted) wins++;
      pos.undo(col);
    });
    expect(wins).toBeGreaterThan(300); // most random games end in a four, of every direction
  });

  it("moveDelta is the change of the full evaluation, for both sides' pieces", () => {
    randomGames(300, 2, (pos, col) => {
      const before = evaluateForX(pos);
      const delta = moveDelta(pos, pos.landingCell(col), pos.side);
      pos.play(col);
      expect(before + delta).toBe(evaluateForX(pos));
      expect(evaluate(pos)).toBe((pos.plies & 1) === 0 ? before + delta : -(before + delta));
      pos.undo(col);
    });
  });
});
