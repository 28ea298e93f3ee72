// The tic-tac-toe corpora: every reachable position used, the stated counts, and labels that
// are what corpus/tictactoe.ts promises (checked against the minimax solver, not the builder).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTicTacToeCorpus, copies, type TicTacToeCorpus } from '../../corpus/tictactoe.ts';
import { parseCorpus, type Document } from '../../worker/corpus/documents.ts';
import { allReachablePositions, solve } from '../../worker/games/tictactoe/minimax.ts';
import { legalMoves, status, type Board } from '../../worker/games/tictactoe/rules.ts';
import { parsePlan, planMove } from '../../worker/games/tictactoe/prompts.ts';
import { rankMoves } from '../../worker/games/tictactoe/strategy.ts';
import { findRecipe } from '../../worker/recipes/index.ts';

let corpus: TicTacToeCorpus;
let planner: Document[];
let player: Document[];
beforeAll(() => {
  corpus = buildTicTacToeCorpus(1);
  planner = parseCorpus(corpus.planner);
  player = parseCorpus(corpus.player);
});

/** The real board behind a perspective prompt (x = the side to move). */
function boardOf(prompt: string): Board {
  const view = prompt.slice(0, 9);
  const xs = [...view].filter((c) => c === 'x').length;
  const os = [...view].filter((c) => c === 'o').length;
  const me = xs === os ? 'X' : 'O';
  return [...view].map((c) => (c === 'x' ? me : c === 'o' ? (me === 'X' ? 'O' : 'X') : '_')).join('');
}

function fields(prompt: string): { board: Board; plan: string[]; blocked: number[] } {
  const [, p, b] = prompt.split('|');
  return {
    board: boardOf(prompt),
    plan: p.slice(2) ? p.slice(2).split(',') : [],
    blocked: b.slice(2) ? b.slice(2).split(',').map(Number) : [],
  };
}

describe('tic-tac-toe corpora', () => {
  it('use every reachable ongoing position copies() times in the Planner corpus, four times that in the Player corpus', () => {
    const ongoing = allReachablePositions().filter((b) => status(b) === 'ongoing');
    expect(ongoing).toHaveLength(4520);
    expect(new Set(planner.map((d) => boardOf(d.prompt)))).toEqual(new Set(ongoing));
    // the openings, which every game passes through, weigh more: the empty board 5 times, 1 piece 4, 2 pieces 3, 3 pieces 2
    expect(ongoing.map(copies).filter((n) => n > 1).sort()).toEqual([...Array(252).fill(2), ...Array(72).fill(3), ...Array(9).fill(4), 5]);
    const perBoard = new Map<string, number>();
    for (const d of planner) perBoard.set(d.prompt, (perBoard.get(d.prompt) ?? 0) + 1);
    for (const [prompt, n] of perBoard) expect(n, prompt).toBe(copies(boardOf(prompt)));
    const docs = ongoing.reduce((n, b) => n + copies(b), 0);
    const s = corpus.stats;
    expect(s.positions).toBe(4520);
    expect(s.plannerDocs).toBe(docs);
    expect(s.playerDocs).toBe(4 * docs);
    expect(planner).toHaveLength(s.plannerDocs);
    expect(player).toHaveLength(s.playerDocs);
    expect(s.playerDocsByPlan).toEqual({ canonical: docs, heuristic: docs, random: docs, none: docs });
    expect(player.filter((d) => !d.prompt.endsWith('|b=')).length).toBe(s.blockedDocs);
  });

  it('Planner labels: grammatical, truthfully tagged, value-keeping moves, best first', () => {
    for (const d of planner) {
      const board = boardOf(d.prompt);
      const parsed = parsePlan(d.response, board);
      expect(parsed.ok, `${d.prompt} -> ${d.response}`).toBe(true);
      const cells = d.response.split(',').map((i) => Number(planMove(i)));
      const s = solve(board);
      for (const c of cells) expect(s.valueMoves).toContain(c);
      // the head has the best speed-scaled score (fastest win, slowest loss)
      expect(s.moveScores[cells[0]]).toBe(s.score);
      expect(cells).toEqual(rankMoves(board).filter((m) => m.acceptable).slice(0, 3).map((m) => m.cell));
    }
  });

  it('Player labels: the plan head when it keeps the value and is not refused, else the best unrefused move', () => {
    let overrides = 0;
    for (const d of player) {
      const { board, plan, blocked } = fields(d.prompt);
      const move = Number(d.response);
      expect(legalMoves(board)).toContain(move);
      expect(blocked).not.toContain(move);
      const s = solve(board);
      const head = plan.length ? Number(planMove(plan[0])) : null;
      if (head !== null && !blocked.includes(head) && s.valueMoves.includes(head)) {
        expect(move).toBe(head);
      } else {
        expect(move, d.prompt).toBe(rankMoves(board).find((m) => !blocked.includes(m.cell))!.cell);
      }
      if (head !== null && move !== head) overrides++;
    }
    expect(overrides).toBe(corpus.stats.overrides);
  });

  it('labels are consistent: one prompt, one answer', () => {
    for (const docs of [planner, player]) {
      const seen = new Map<string, string>();
      for (const d of docs) {
        expect(seen.get(d.prompt) ?? d.response).toBe(d.response);
        seen.set(d.prompt, d.response);
      }
    }
  });

  it('fits the recipes and is a pure function of the seed', () => {
    const fit = (docs: Document[], id: string) => {
      const block = findRecipe(id).architecture.block;
      for (const d of docs) expect(d.prompt.length + d.response.length + 2).toBeLessThanOrEqual(block);
    };
    fit(planner, 'tictactoe/planner');
    fit(player, 'tictactoe/player');
    const again = buildTicTacToeCorpus(1);
    expect(again.player).toBe(corpus.player);
    expect(again.planner).toBe(corpus.planner);
    expect(buildTicTacToeCorpus(2).player).not.toBe(corpus.player);
  });
});
