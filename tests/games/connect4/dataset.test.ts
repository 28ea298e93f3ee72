// Raw connect-4 self-play data: determinism, counts, openings, dedup and mirror symmetry.
import { describe, expect, it } from 'vitest';
import { buildConnect4Dataset } from '../../../worker/games/connect4/dataset.ts';
import { EMPTY_BOARD, legalMoves, mirrorBoard, mirrorColumn, parseBoard, play, sideToMove } from '../../../worker/games/connect4/rules.ts';
import { Position } from '../../../worker/games/connect4/position.ts';
import { alphaBeta, scoreMoves } from '../../../worker/games/connect4/search.ts';

describe('buildConnect4Dataset', () => {
  const ds = buildConnect4Dataset({ depth: 2, games: 60, seed: 7 });
  const byBoard = new Map(ds.records.map((r) => [r.board, r]));

  it('is deterministic for a seed and differs across seeds', () => {
    const again = buildConnect4Dataset({ depth: 2, games: 60, seed: 7 });
    expect(again).toEqual(ds);
    const other = buildConnect4Dataset({ depth: 2, games: 60, seed: 8 });
    expect(other.records.map((r) => r.board)).not.toEqual(ds.records.map((r) => r.board));
  });

  it('keeps every board once and counts consistently', () => {
    const { counts } = ds;
    expect(counts.games).toBe(60);
    expect(byBoard.size).toBe(ds.records.length);
    expect(counts.records).toBe(ds.records.length);
    expect(counts.positions + counts.mirrored).toBe(counts.records);
    expect(ds.records.filter((r) => r.mirrored).length).toBe(counts.mirrored);
    // every game starts from the empty board, so it is visited 60 times and kept once
    // one visit per move: the position it was played in (final positions are not recorded)
    const visits = ds.games.reduce((n, g) => n + g.moves.length, 0);
    expect(counts.positions + counts.duplicatesRemoved).toBe(visits);
    expect(counts.duplicatesRemoved).toBeGreaterThanOrEqual(59);
    expect(counts.mirrored).toBeGreaterThan(0);
  });

  it('records random openings of 2..6 plies and replays every game legally', () => {
    const lengths = new Set<number>();
    for (const g of ds.games) {
      lengths.add(g.opening.length);
      expect(g.moves.slice(0, g.opening.length)).toEqual(g.opening);
      let board = EMPTY_BOARD;
      for (const [i, col] of g.moves.entries()) {
        const rec = byBoard.get(board)!;
        expect(rec, `position before move ${i}`).toBeDefined();
        // after the opening the searchers only play best moves
        if (i >= g.opening.length) expect(rec.bestMoves).toContain(col);
        board = play(board, col);
      }
    }
    expect([...lengths].every((n) => n >= 2 && n <= 6)).toBe(true);
    expect(lengths.size).toBeGreaterThan(2);
  });

  it('labels self-play positions with the searcher and mirrors with mirrored moves', () => {
    for (const r of ds.records) {
      expect(parseBoard(r.board)).toBe(r.board);
      expect(r.side).toBe(sideToMove(r.board));
      expect(legalMoves(r.board)).toEqual(expect.arrayContaining(r.bestMoves));
      const twin = byBoard.get(mirrorBoard(r.board));
      expect(twin, 'the mirror of every record is present').toBeDefined();
      expect(twin!.bestMoves).toEqual(r.bestMoves.map(mirrorColumn).sort((a, b) => a - b));
      expect(twin!.score).toBe(r.score);
    }
    // spot-check records, mirrored ones included, against fresh searches of their boards
    for (const r of [...ds.records.filter((x) => !x.mirrored).slice(0, 50), ...ds.records.filter((x) => x.mirrored).slice(0, 50)]) {
      const s = alphaBeta(r.board, 2);
      expect({ bestMoves: s.bestMoves, score: s.score }).toEqual({ bestMoves: r.bestMoves, score: r.score });
      expect(r.scores).toEqual(scoreMoves(Position.fromBoard(r.board), 2));
    }
  });

  it('keeps every column\'s score, mirrored for a mirror, with the best ones as bestMoves', () => {
    for (const r of ds.records) {
      expect(r.scores.map((s, col) => (s === null) === !legalMoves(r.board).includes(col))).not.toContain(false);
      expect(r.bestMoves).toEqual(r.scores.flatMap((s, col) => (s === r.score ? [col] : [])));
      expect(byBoard.get(mirrorBoard(r.board))!.scores).toEqual([...r.scores].reverse());
    }
  });

  it('rejects bad options', () => {
    expect(() => buildConnect4Dataset({ depth: 0, games: 1, seed: 1 })).toThrow(/depth/);
    expect(() => buildConnect4Dataset({ depth: 2, games: 1, seed: 1, maxOpening: 7 })).toThrow(/opening/);
  });
});
