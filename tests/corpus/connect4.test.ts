// The connect-4 corpora: counts (every self-play position and mirror used, weighted by visits),
// and labels that are what corpus/connect4.ts promises, checked against the rules and search.
// (That the shipped build holds every column code a game can show is checked in
// tests/games/shipped-models.test.ts, which builds the shipped corpus anyway.)
import { beforeAll, describe, expect, it } from 'vitest';
import { buildConnect4Corpus, copies, type Connect4Corpus } from '../../corpus/connect4.ts';
import { parseCorpus, type Document } from '../../worker/corpus/documents.ts';
import { buildConnect4Dataset } from '../../worker/games/connect4/dataset.ts';
import { COLS, ROWS, legalMoves, parseBoard, type Board } from '../../worker/games/connect4/rules.ts';
import { Position } from '../../worker/games/connect4/position.ts';
import { decodeColumn, describeColumns, parseMove, parsePlan, planMove, perspective, threatMap } from '../../worker/games/connect4/prompts.ts';
import { LABEL_DEPTH, rankMoves, tactics } from '../../worker/games/connect4/strategy.ts';
import { scoreMoves, searchPosition } from '../../worker/games/connect4/search.ts';
import { findRecipe } from '../../worker/recipes/index.ts';

// a smaller build than the shipped one keeps the test fast; the rules are the same
const OPTIONS = { games: 400, seed: 3, noise: { random: 0.3, tactical: 0.3 } };
let corpus: Connect4Corpus;
let planner: Document[];
let player: Document[];
beforeAll(() => {
  corpus = buildConnect4Corpus(OPTIONS);
  planner = parseCorpus(corpus.planner);
  player = parseCorpus(corpus.player);
}, 60_000);

/** The real board behind a prompt's seven column codes (x = the side to move). */
function boardOf(prompt: string): Board {
  const columns = [...prompt.slice(0, COLS)].map(decodeColumn);
  const pieces = columns.join('');
  const xs = [...pieces].filter((c) => c === 'x').length;
  const os = pieces.length - xs;
  const me = xs === os ? 'X' : 'O';
  const them = me === 'X' ? 'O' : 'X';
  const cells: string[] = new Array(ROWS * COLS).fill('.');
  columns.forEach((col, c) => {
    [...col].forEach((p, i) => (cells[(ROWS - 1 - i) * COLS + c] = p === 'x' ? me : them));
  });
  return parseBoard(cells.join(''));
}

describe('connect-4 prompts', () => {
  it('write one code per column, its pieces from the bottom up as seen by the side to move', () => {
    let b = '.'.repeat(42);
    expect(perspective(b)).toBe('ĀĀĀĀĀĀĀ');
    b = b.slice(0, 38) + 'X' + b.slice(39); // X in column 3: O to move sees an opponent piece
    expect(perspective(b)).toBe('ĀĀĀĂĀĀĀ');
    expect(boardOf(perspective(b))).toBe(b);
    expect(decodeColumn('Ā')).toBe('');
    expect(decodeColumn('ā')).toBe('x');
    expect(decodeColumn(String.fromCharCode(0x17e))).toBe('oooooo');
    expect(describeColumns('ĀāĂĀĀĀĀ')).toBe('-/x/o/-/-/-/-');
    expect(() => decodeColumn('a')).toThrow(/not a connect-4 column code/);
    // every column of every corpus board round-trips
    for (const d of planner.filter((_, i) => i % 11 === 0)) expect(perspective(boardOf(d.prompt))).toBe(d.prompt);
  });

  it('the threat map marks wins, blocks, unsafe and full columns', () => {
    // X: three in the bottom row (cols 0-2); O: three stacked in col 6
    const b = parseBoard('.'.repeat(21) + '......O' + '......O' + 'XXX...O');
    const t = tactics(b);
    expect(t.wins).toEqual([3]);
    expect(t.blocks).toEqual([6]);
    expect(threatMap(b)).toBe('...w..b');
    expect(t.acceptable).toEqual([3]);
  });
});

describe('connect-4 corpora', () => {
  it('use every self-play position and mirror, copies(visits) times each, with the stated counts', () => {
    const ds = buildConnect4Dataset({ depth: LABEL_DEPTH, games: OPTIONS.games, seed: OPTIONS.seed, noise: OPTIONS.noise });
    const expected = ds.records.reduce((n, r) => n + copies(r.visits), 0);
    const s = corpus.stats;
    expect(s.depth).toBe(LABEL_DEPTH);
    expect(s.positions + s.mirrored).toBe(ds.records.length);
    expect(s.plannerDocs).toBe(expected);
    expect(s.playerDocs).toBe(expected);
    expect(planner).toHaveLength(expected);
    expect(player).toHaveLength(expected);
    expect(Object.values(s.playerDocsByPlan).reduce((a, b) => a + b, 0)).toBe(expected);
    expect(new Set(planner.map((d) => boardOf(d.prompt)))).toEqual(new Set(ds.records.map((r) => r.board)));
    expect(copies(1)).toBe(1);
    expect(copies(OPTIONS.games)).toBe(1 + Math.floor(Math.log2(OPTIONS.games)));
    expect(player.filter((d) => !d.prompt.endsWith('|b=')).length).toBe(s.blockedDocs);
  });

  it('Planner labels: the true threat map, then acceptable columns ranked by the search, truthfully tagged', () => {
    for (const d of planner.filter((_, i) => i % 7 === 0)) {
      const board = boardOf(d.prompt);
      const [map, plan] = d.response.split('|');
      expect(map).toBe(threatMap(board));
      expect(parsePlan(d.response, board).ok, `${d.prompt} -> ${d.response}`).toBe(true);
      const cols = plan.split(',').map((i) => Number(planMove(i)));
      const t = tactics(board);
      for (const c of cols) expect(t.acceptable).toContain(c);
      // the head has the best search score among the acceptable columns
      const scores = scoreMoves(Position.fromBoard(board), LABEL_DEPTH);
      expect(scores[cols[0]]).toBe(Math.max(...t.acceptable.map((c) => scores[c]!)));
      // and the search's exact scores agree with the root search's best score
      expect(Math.max(...t.legal.map((c) => scores[c]!))).toBe(searchPosition(Position.fromBoard(board), LABEL_DEPTH).score);
    }
  });

  it('Player labels: its threat map, then the plan head when tactically acceptable and not refused, else the best unrefused column', () => {
    let overrides = 0;
    for (const d of player) {
      const [view, p, b] = d.prompt.split('|');
      void view;
      const board = boardOf(d.prompt);
      const plan = p.slice(2) ? p.slice(2).split(',') : [];
      const blocked = b.slice(2) ? b.slice(2).split(',').map(Number) : [];
      const move = Number(parseMove(d.response));
      expect(d.response.slice(0, 7)).toBe(threatMap(board));
      expect(legalMoves(board)).toContain(move);
      expect(blocked).not.toContain(move);
      const head = plan.length ? Number(planMove(plan[0])) : null;
      if (plan.length) expect(parsePlan(`${threatMap(board)}|${plan.join(',')}`, board).ok, d.prompt).toBe(true);
      if (head !== null && !blocked.includes(head) && tactics(board).acceptable.includes(head)) expect(move).toBe(head);
      else expect(move, d.prompt).toBe(rankMoves(board).find((m) => !blocked.includes(m.col))!.col);
      if (head !== null && move !== head) overrides++;
    }
    expect(overrides).toBe(corpus.stats.overrides);
    expect(corpus.stats.playerDocsByPlan.wrong).toBeGreaterThan(0);
  });

  it('labels are consistent (one prompt, one answer) and fit the recipes', () => {
    for (const [docs, id] of [[planner, 'connect4/planner'], [player, 'connect4/player']] as const) {
      const seen = new Map<string, string>();
      const block = findRecipe(id).architecture.block;
      for (const d of docs) {
        expect(seen.get(d.prompt) ?? d.response).toBe(d.response);
        seen.set(d.prompt, d.response);
        expect(d.prompt.length + d.response.length + 2).toBeLessThanOrEqual(block);
      }
    }
  });

  it('rank at the depth it is given: a one-ply build labels by the one-ply search', () => {
    const shallow = buildConnect4Corpus({ ...OPTIONS, depth: 1 });
    expect(LABEL_DEPTH).toBeGreaterThan(1);
    expect(shallow.stats.depth).toBe(1);
    let differ = 0;
    for (const d of parseCorpus(shallow.planner).filter((_, i) => i % 5 === 0)) {
      const board = boardOf(d.prompt);
      const head = Number(planMove(d.response.split('|')[1].split(',')[0]));
      const one = scoreMoves(Position.fromBoard(board), 1);
      expect(one[head]).toBe(Math.max(...tactics(board).acceptable.map((c) => one[c]!)));
      if (head !== rankMoves(board, LABEL_DEPTH).find((m) => m.acceptable)!.col) differ++;
    }
    expect(differ).toBeGreaterThan(0); // the two depths do disagree, so the test above can fail
  }, 60_000);

  it('is a pure function of its options', () => {
    const again = buildConnect4Corpus(OPTIONS);
    expect(again.player).toBe(corpus.player);
    expect(again.planner).toBe(corpus.planner);
  }, 60_000);
});
