// The 8-puzzle corpora: the held-out rule holds for every document of every organelle, the
// labels are what the header of corpus/puzzle8.ts promises, and the counts add up.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPuzzle8Corpus, canonicalPlan, type Puzzle8Corpus } from '../../corpus/puzzle8.ts';
import { applyMove, legalMoves, opposite, parseBoard, type Board, type Direction } from '../../worker/games/puzzle8/board.ts';
import { isHeldOut } from '../../worker/games/puzzle8/heldout.ts';
import { directionOf, parsePlan, parseMove } from '../../worker/games/puzzle8/prompts.ts';
import { optimalDistance } from '../../worker/games/puzzle8/solver.ts';
import { parseCorpus } from '../../worker/corpus/documents.ts';

let corpus: Puzzle8Corpus;
beforeAll(() => {
  corpus = buildPuzzle8Corpus(1);
}, 60_000);

const dirs = (letters: string): Direction[] => [...letters].map((c) => directionOf(c)!);
function fields(prompt: string): { board: Board; f: Record<string, string> } {
  const [board, ...rest] = prompt.split('|');
  return { board: parseBoard(board), f: Object.fromEntries(rest.map((x) => x.split('=') as [string, string])) };
}
/** The states a plan's moves are decided at: the board, then each state but the last. */
function decisionStates(board: Board, plan: Direction[]): Board[] {
  const states: Board[] = [];
  let b = board;
  for (const d of plan) {
    states.push(b);
    b = applyMove(b, d)!;
  }
  return states;
}
/** The states a `last` history passed through before reaching the board. */
function historyStates(board: Board, last: Direction[]): Board[] {
  const states: Board[] = [];
  let b = board;
  for (let i = last.length - 1; i >= 0; i--) {
    b = applyMove(b, opposite(last[i]))!;
    states.push(b);
  }
  return states;
}

describe('puzzle8 corpora', () => {
  it('never derive an example from a held-out state', () => {
    // violations are collected and asserted once: a million expect() calls take seconds
    const violations: string[] = [];
    let checked = 0;
    for (const doc of parseCorpus(corpus.planner)) {
      const { board, f } = fields(doc.prompt);
      const plan = dirs(doc.response);
      for (const s of [board, ...decisionStates(board, plan)]) if (isHeldOut(s)) violations.push(`planner "${doc.prompt}" -> ${doc.response} at ${s}`);
      if (f.blocked === undefined) violations.push(`planner "${doc.prompt}" has no blocked field`);
      checked++;
    }
    for (const doc of parseCorpus(corpus.mover)) {
      const { board, f } = fields(doc.prompt);
      const seen = [board, ...decisionStates(board, dirs(f.plan)), ...historyStates(board, dirs(f.last))];
      for (const s of seen) if (isHeldOut(s)) violations.push(`mover "${doc.prompt}" at ${s}`);
      checked++;
    }
    expect(violations.slice(0, 5)).toEqual([]);
    expect(checked).toBe(corpus.stats.plannerDocs + corpus.stats.moverDocs);
  });

  it('labels: plans are legal optimal walks that avoid the blocked move; mover answers are the best unblocked move or the optimal plan head', () => {
    const planner = parseCorpus(corpus.planner);
    for (const doc of planner.filter((_, i) => i % 37 === 0)) {
      const { board, f } = fields(doc.prompt);
      const blocked = dirs(f.blocked);
      const p = parsePlan(doc.response, board, blocked);
      expect(p.ok, doc.prompt).toBe(true);
      const plan = (p as { plan: Direction[] }).plan;
      // with nothing blocked every step is optimal; after a forced detour, the plan goes on
      // with the best move that does not undo the previous one (canonicalPlan)
      if (blocked.length === 0) {
        let b = board;
        for (const d of plan) {
          const n = applyMove(b, d)!;
          expect(optimalDistance(n)).toBe(optimalDistance(b) - 1);
          b = n;
        }
      }
      expect(plan).toEqual(canonicalPlan(board, 4, blocked));
    }
    for (const doc of parseCorpus(corpus.mover).filter((_, i) => i % 37 === 0)) {
      const { board, f } = fields(doc.prompt);
      const move = parseMove(doc.response)!;
      const blocked = dirs(f.blocked);
      expect(legalMoves(board)).toContain(move);
      expect(blocked).not.toContain(move);
      const d = optimalDistance(board);
      const best = Math.min(...legalMoves(board).filter((m) => !blocked.includes(m)).map((m) => optimalDistance(applyMove(board, m)!)));
      expect(optimalDistance(applyMove(board, move)!), doc.prompt).toBe(best);
      if (best !== d - 1) expect(blocked.length).toBe(1);
    }
  });

  it('uses every training state, with the stated counts', () => {
    const s = corpus.stats;
    expect(s.trainingStates + s.heldOutStates).toBe(181_440 - 1);
    expect(s.heldOutStates).toBe(36_103);
    expect(s.moverDocs).toBe(s.trainingStates + s.nearGoalCopies);
    expect(s.plannerDocs).toBe(s.trainingStates + s.nearGoalCopies + s.plannerReplanDocs);
    expect(s.nearGoalCopies).toBeGreaterThan(1000);
    expect(Object.values(s.moverDocsByPlan).reduce((a, b) => a + b, 0)).toBe(s.moverDocs);
    expect(parseCorpus(corpus.mover)).toHaveLength(s.moverDocs);
    expect(parseCorpus(corpus.planner)).toHaveLength(s.plannerDocs);
  });

  it('is a pure function of the seed', () => {
    const again = buildPuzzle8Corpus(1);
    expect(again.planner).toBe(corpus.planner);
    expect(again.mover).toBe(corpus.mover);
  }, 60_000);
});
