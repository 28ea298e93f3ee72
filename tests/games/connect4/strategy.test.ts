// Connect-4 labels and heuristics: exact per-column scores, tactics (win, block, unsafe),
// plans, the Planner grammar, the Player answer format, the adapter and the noisy dataset.
import { describe, expect, it } from 'vitest';
import { EMPTY_BOARD, legalMoves, parseBoard, play } from '../../../worker/games/connect4/rules.ts';
import { Position } from '../../../worker/games/connect4/position.ts';
import { scoreMoves, searchPosition } from '../../../worker/games/connect4/search.ts';
import { canonicalPlan, fallbackMove, heuristicPlan, rankMoves, tactics } from '../../../worker/games/connect4/strategy.ts';
import { parseMove, parsePlan, playerPrompt } from '../../../worker/games/connect4/prompts.ts';
import { connect4Adapter, connect4Opponent } from '../../../worker/games/connect4/pipeline.ts';
import { buildConnect4Dataset } from '../../../worker/games/connect4/dataset.ts';
import { Rng } from '../../../worker/games/rng.ts';

const row = (s: string) => s;
// X to move; O threatens col 6 (three stacked); X can win at col 3 (three in the bottom row)
const WIN_AND_THREAT = parseBoard('.'.repeat(21) + row('......O') + row('......O') + row('XXX...O'));
// X to move; O has three in the second row from the bottom (cols 0-2) and the cells of col 3
// below are empty: X dropping into col 3 fills the bottom cell and O completes the row on top
const UNSAFE = parseBoard('.'.repeat(28) + row('OOO....') + row('XXO.X.X'));

describe('scores and tactics', () => {
  it('scoreMoves gives exact scores whose best matches the root search', () => {
    const rng = new Rng(4);
    let board = EMPTY_BOARD;
    for (let i = 0; i < 12; i++) {
      for (const depth of [1, 2, 3]) {
        const pos = Position.fromBoard(board);
        const scores = scoreMoves(pos, depth);
        const r = searchPosition(pos, depth);
        const legal = legalMoves(board);
        expect(Math.max(...legal.map((c) => scores[c]!))).toBe(r.score);
        expect(legal.filter((c) => scores[c] === r.score)).toEqual(r.bestMoves);
        expect(scores.filter((s) => s === null).length).toBe(7 - legal.length);
        expect(pos.toBoard()).toBe(board);
      }
      board = play(board, rng.pick(legalMoves(board)));
      if (legalMoves(board).length === 0) break;
    }
  });

  it('sees wins, blocks and unsafe columns; acceptable follows the precedence', () => {
    const t = tactics(WIN_AND_THREAT);
    expect([t.wins, t.blocks, t.acceptable]).toEqual([[3], [6], [3]]);
    expect(canonicalPlan(WIN_AND_THREAT)).toEqual(['w3']);
    expect(heuristicPlan(WIN_AND_THREAT)).toEqual(['w3']);
  });

  it('a column under an opponent four is never acceptable while a safe one exists', () => {
    const t = tactics(UNSAFE);
    expect([t.wins, t.blocks, t.unsafe]).toEqual([[], [], [3]]);
    expect(t.acceptable).toEqual([2, 4, 1, 5, 0, 6]);
    expect(rankMoves(UNSAFE)[0].col).not.toBe(3);
    expect(canonicalPlan(UNSAFE).map(Number)).not.toContain(3);
    expect(heuristicPlan(UNSAFE)).toEqual(['2', '4', '1']);
  });

  it('the fallback takes the heuristic plan head outside the avoid set', () => {
    expect(fallbackMove(EMPTY_BOARD)).toBe(3);
    expect(fallbackMove(EMPTY_BOARD, new Set([3]))).toBe(2);
    expect(fallbackMove(WIN_AND_THREAT, new Set([3]))).toBe(6);
  });
});

describe('grammar and prompts', () => {
  it('needs a 7-character threat map, then truthfully tagged playable columns', () => {
    expect(parsePlan('.......|3,2,4', EMPTY_BOARD)).toEqual({ ok: true, plan: ['3', '2', '4'] });
    expect(parsePlan('3,2,4', EMPTY_BOARD).ok).toBe(false);
    expect(parsePlan('......|3', EMPTY_BOARD).ok).toBe(false);
    expect(parsePlan('.......|3,2,4,1', EMPTY_BOARD).ok).toBe(false);
    expect(parsePlan('.......|w3', EMPTY_BOARD).ok).toBe(false);
    expect(parsePlan('.......|3', WIN_AND_THREAT).ok).toBe(false); // 3 wins: must be tagged w
    expect(parsePlan('.......|w3,b6', WIN_AND_THREAT).ok).toBe(true); // the map is not checked
    expect(parsePlan('.......|7', EMPTY_BOARD).ok).toBe(false);
  });

  it('the Player answers map|column', () => {
    expect(parseMove('...w..b|3')).toBe('3');
    for (const bad of ['3', '...w..b|', '...w..b|7', '...w..|3', '...w..b|33']) expect(parseMove(bad)).toBeNull();
    expect(playerPrompt(EMPTY_BOARD, ['3', '2'], [])).toBe('ĀĀĀĀĀĀĀ|p=3,2|b=');
  });
});

describe('adapter and dataset', () => {
  it('speaks columns as strings and wraps the scripted opponents', () => {
    const a = connect4Adapter;
    expect(a.sides).toEqual(['X', 'O']);
    expect(a.legalMoves(EMPTY_BOARD)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(a.status(WIN_AND_THREAT)).toBe('ongoing');
    expect(a.fallbackMove(WIN_AND_THREAT, new Set())).toBe('3');
    expect(connect4Opponent('tactical')(WIN_AND_THREAT, new Rng(1))).toBe('3');
    expect(() => connect4Opponent('nobody')).toThrow(/unknown connect-4 opponent/);
  });

  it('noisy self-play is deterministic, records who played, and counts visits', () => {
    const o = { depth: 1, games: 40, seed: 5, noise: { random: 0.3, tactical: 0.3 } };
    const a = buildConnect4Dataset(o);
    expect(buildConnect4Dataset(o)).toEqual(a);
    expect(a.games.every((g) => g.players !== undefined)).toBe(true);
    expect(new Set(a.games.flatMap((g) => g.players!)).size).toBe(3);
    const empty = a.records.find((r) => r.board === EMPTY_BOARD)!;
    expect(empty.visits).toBe(40);
    const visits = a.records.filter((r) => !r.mirrored).reduce((n, r) => n + r.visits, 0);
    expect(visits).toBe(a.games.reduce((n, g) => n + g.moves.length, 0));
    expect(() => buildConnect4Dataset({ ...o, noise: { random: 0.8, tactical: 0.5 } })).toThrow(/noise/);
    // without noise the pure self-play stream is the one it always was
    expect(buildConnect4Dataset({ depth: 2, games: 10, seed: 7 }).games.every((g) => g.players === undefined)).toBe(true);
  });
});
