// The puzzle loop (worker/orchestrator/loop.ts) on the number-line toy game with scripted organelles:
// honest model/fallback counts, parse errors, cycle breaks, replans, ablation, limits, determinism.
import { describe, expect, it } from 'vitest';
import type { EventOf, EventType, OrchestratorEvent } from '../../worker/orchestrator/events.ts';
import { decodeKanban } from '../../worker/orchestrator/kanban.ts';
import { resolveLimits, runPuzzle, type RunResult } from '../../worker/orchestrator/loop.ts';
import {
  completion, greedyPath, numberLine, numberLineNoInverse, perfectMover, perfectPlanner, scripted,
} from './numberline.ts';

function ofType<K extends EventType>(events: readonly OrchestratorEvent[], type: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.type === type);
}

function applied(r: RunResult) {
  return ofType(r.events, 'move_applied');
}

describe('runPuzzle with a perfect mover', () => {
  const r = runPuzzle(numberLine, 5, { planner: perfectPlanner, mover: perfectMover });

  it('solves along the optimal path with 100% model moves', () => {
    expect(r.solved).toBe(true);
    expect(r.failure).toBeNull();
    expect(r.moves).toEqual(['-2', '-2', '-1']);
    expect([r.modelMoves, r.fallbackMoves, r.parseErrors, r.cycleBreaks, r.replans, r.plannerFallbacks]).toEqual([3, 0, 0, 0, 0, 0]);
    expect(applied(r).every((e) => e.by === 'model')).toBe(true);
  });

  it('tells the story in order: start, plan, propose/judge/apply per move, solved', () => {
    const types = r.events.map((e) => e.type).filter((t) => t !== 'phase_change');
    expect(types).toEqual([
      'run_started', 'plan_requested', 'plan_generated',
      'move_proposed', 'move_applied', 'move_proposed', 'move_applied', 'move_proposed', 'move_applied',
      'solved',
    ]);
    expect(r.events.map((e) => e.step)).toEqual(r.events.map((_, i) => i));
    expect(r.events.at(-1)).toEqual({ type: 'solved', step: r.events.length - 1, moves: ['-2', '-2', '-1'], modelMoves: 3, fallbackMoves: 0 });
    const phases = ofType(r.events, 'phase_change').map((e) => e.to);
    expect(phases).toEqual(['plan', ...Array(3).fill(['propose', 'judge', 'apply']).flat(), 'done']);
  });

  it('shows the Mover the planned task and the kanban, and records the kanban after each move', () => {
    const proposals = ofType(r.events, 'move_proposed');
    expect(proposals.map((p) => p.prompt)).toEqual([
      'n=5|doing=-2|blocked=|last=',
      'n=3|doing=-2|blocked=|last=-2',
      'n=1|doing=-1|blocked=|last=-2,-2',
    ]);
    expect(proposals.every((p) => p.organelle === 'mover' && p.by === 'model')).toBe(true);
    const last = applied(r).at(-1)!;
    expect(last.state).toBe('n=0');
    expect(last.progress).toBe(0);
    expect(decodeKanban(last.kanban)).toMatchObject({ todo: [], doing: null, done: ['-2', '-2', '-1'], last: ['-2', '-2', '-1'] });
  });

  it('records the run configuration', () => {
    expect(r.events[0]).toMatchObject({ type: 'run_started', game: 'numberline', start: 'n=5' });
    expect((r.events[0] as EventOf<'run_started'>).config).toMatchObject({ maxMoves: 100, planner: true, inverse: true });
  });

  it('an already-solved start finishes without asking anyone', () => {
    const mover = scripted(['-1']);
    const done = runPuzzle(numberLine, 0, { mover });
    expect(done.solved).toBe(true);
    expect(done.events.map((e) => e.type)).toEqual(['run_started', 'phase_change', 'solved']);
    expect(mover.prompts).toEqual([]);
  });
});

describe('runPuzzle with a mover that outputs garbage', () => {
  const mover = scripted(['xyzzy']);
  const r = runPuzzle(numberLine, 6, { planner: perfectPlanner, mover });

  it('counts every output as a parse error and solves by fallback moves only', () => {
    expect(r.solved).toBe(true);
    expect(r.modelMoves).toBe(0);
    expect(r.fallbackMoves).toBe(r.moves.length);
    expect(r.parseErrors).toBe(3 * r.moves.length);
    expect(mover.prompts).toHaveLength(3 * r.moves.length);
    const rejections = ofType(r.events, 'move_rejected');
    expect(rejections.every((e) => e.move === null && e.reason === 'unparseable' && e.by === 'model')).toBe(true);
    expect(ofType(r.events, 'move_proposed').filter((e) => e.move === null)).toHaveLength(r.parseErrors);
    expect(applied(r).every((e) => e.by === 'fallback')).toBe(true);
    expect(ofType(r.events, 'solved')[0]).toMatchObject({ modelMoves: 0, fallbackMoves: r.moves.length });
  });

  it('keeps counting stalls across fallback moves and replans once they pass stallLimit', () => {
    // 3 stalls per move; fallback moves do not reset them, so the third move starts with 6 > 4
    const replan = ofType(r.events, 'replan');
    expect(replan.map((e) => e.reason)).toContain('stalled');
    expect(decodeKanban(replan[0].kanban).stalls).toBe(6);
  });

  it('still terminates at maxMoves when the fallback cannot finish in time', () => {
    const short = runPuzzle(numberLine, 6, { mover: scripted(['xyzzy']) }, { maxMoves: 2 });
    expect(short.solved).toBe(false);
    expect(short.failure).toBe('move limit');
    expect(short.moves).toHaveLength(2);
    expect(short.events.at(-1)).toMatchObject({ type: 'failed', reason: 'move limit', moves: short.moves });
  });
});

describe('judging model proposals', () => {
  it('blocks an illegal move, reports a repeat as blocked, and clears blocked after a move', () => {
    const r = runPuzzle(numberLine, 6, { mover: scripted(['+1']) }, { maxMoves: 1 });
    expect(ofType(r.events, 'move_rejected').map((e) => [e.move, e.reason])).toEqual([['+1', 'illegal'], ['+1', 'blocked'], ['+1', 'blocked']]);
    const prompts = ofType(r.events, 'move_proposed').map((e) => e.prompt);
    expect(prompts.slice(0, 3)).toEqual(['n=6|doing=-2|blocked=|last=', 'n=6|doing=-2|blocked=+1|last=', 'n=6|doing=-2|blocked=+1|last=']);
    const move = applied(r)[0];
    expect(move).toMatchObject({ move: '-2', by: 'fallback', state: 'n=4' });
    expect(decodeKanban(move.kanban)).toMatchObject({ blocked: [], stalls: 3 });
  });

  it('passes ensemble votes and confidence through to the event', () => {
    const r = runPuzzle(numberLine, 1, { mover: () => completion('-1', 2 / 3, ['-1', '-1', '+1']) });
    expect(ofType(r.events, 'move_proposed')[0]).toMatchObject({ confidence: 2 / 3, votes: ['-1', '-1', '+1'] });
  });

  it('maxRejectsPerMove 0 means the fallback plays alone and the Mover is never asked', () => {
    const mover = scripted(['-1']);
    const r = runPuzzle(numberLine, 3, { mover }, { maxRejectsPerMove: 0 });
    expect(r.solved).toBe(true);
    expect(mover.prompts).toEqual([]);
    expect(r.fallbackMoves).toBe(r.moves.length);
  });
});

describe('cycles', () => {
  it('refuses an immediate undo and records a cycle_break with the move taken instead', () => {
    const r = runPuzzle(numberLine, 4, { planner: perfectPlanner, mover: scripted(['-1', '+1']) });
    expect(r.solved).toBe(true);
    expect(r.moves).toEqual(['-1', '-1', '-1', '-1']);
    expect(r.modelMoves).toBe(4);
    const breaks = ofType(r.events, 'cycle_break');
    expect(breaks.map(({ move, alternative, kind }) => ({ move, alternative, kind }))).toEqual(
      Array(3).fill({ move: '+1', alternative: '-1', kind: 'undo' }),
    );
    expect(r.cycleBreaks).toBe(3);
    expect(ofType(r.events, 'move_rejected').every((e) => e.reason === 'cycle')).toBe(true);
  });

  it('without an inverse, lets A,B,A through and refuses the B that would complete A,B,A,B', () => {
    const r = runPuzzle(numberLineNoInverse, 4, { planner: perfectPlanner, mover: scripted(['-1', '+1']) });
    expect(r.solved).toBe(true);
    expect(r.moves.slice(0, 4)).toEqual(['-1', '+1', '-1', '-1']);
    expect(ofType(r.events, 'cycle_break')[0]).toMatchObject({ move: '+1', alternative: '-1', kind: 'period-2' });
  });

  it('the fallback avoids cycling moves too', () => {
    // the Mover keeps proposing the undo; the fallback must not take it either
    const r = runPuzzle(numberLine, 2, { mover: scripted(['+2']) }, { maxMoves: 3 });
    for (let i = 1; i < r.moves.length; i++) expect(numberLine.inverse!(r.moves[i - 1])).not.toBe(r.moves[i]);
  });
});

describe('the revisit rule (maxVisits)', () => {
  // no inverse and no period checks: only the revisit rule can see the loop 4 -> 3 -> 2 -> 4
  const noPeriods = { ...numberLineNoInverse, cyclePeriods: [] as number[] };
  const loopy = () => scripted(['-1', '-1', '+2']);

  it('is off by default: the Mover walks the loop until the move limit', () => {
    const r = runPuzzle(noPeriods, 4, { mover: loopy() }, { maxMoves: 12 });
    expect(r.solved).toBe(false);
    expect(r.failure).toBe('move limit');
    expect(r.cycleBreaks).toBe(0);
  });

  it('refuses a move back into an entered state while another move leads somewhere new; the Mover picks it', () => {
    const r = runPuzzle(noPeriods, 4, { mover: loopy() }, { maxMoves: 12, maxVisits: 1 });
    expect(r.solved).toBe(true);
    expect(r.moves).toEqual(['-1', '-1', '-1', '-1']);
    expect(r.fallbackMoves).toBe(0);
    expect(ofType(r.events, 'move_rejected')[0]).toMatchObject({ move: '+2', reason: 'cycle' });
    expect(ofType(r.events, 'cycle_break')[0]).toMatchObject({ move: '+2', alternative: '-1', kind: 'revisit' });
  });

  it('refuses nothing when every legal move leads back into states entered as often', () => {
    // 6 -> 4 -> 3 -> 5: from 5 every move (to 3, 4, 6) re-enters a state entered once
    const r = runPuzzle(noPeriods, 6, { mover: scripted(['-2', '-1', '+2', '+1']) }, { maxMoves: 4, maxVisits: 1 });
    expect(r.moves).toEqual(['-2', '-1', '+2', '+1']);
    expect(r.cycleBreaks).toBe(0);
    expect(r.modelMoves).toBe(4);
  });
});

describe('replanning', () => {
  it('replans when progress has not improved for noProgressLimit moves', () => {
    const longPlan = () => completion(`plan=${Array(20).fill('-1').join(',')}`);
    const r = runPuzzle(numberLineNoInverse, 3, { planner: longPlan, mover: scripted(['+1', '+1', '-2']) }, { maxMoves: 10 });
    const replan = ofType(r.events, 'replan');
    expect(replan[0].reason).toBe('no progress');
    // six moves applied (none got below |3|) before the replan
    const before = r.events.filter((e) => e.type === 'move_applied' && e.step < replan[0].step);
    expect(before).toHaveLength(6);
    expect(ofType(r.events, 'cycle_break')[0]).toMatchObject({ move: '-2', kind: 'period-3' });
  });

  it('replans when the plan runs out, showing the Planner the kanban', () => {
    const planner = scripted(['plan=-1']);
    const r = runPuzzle(numberLine, 3, { planner, mover: perfectMover });
    expect(r.solved).toBe(true);
    // 3 -> 1 by the Mover's -2 uses up the one-move plan; the replan covers the last move
    expect(ofType(r.events, 'replan').map((e) => e.reason)).toEqual(['plan exhausted']);
    expect(r.replans).toBe(1);
    expect(planner.prompts[1]).toBe('n=1|done=-2|blocked=|last=-2');
  });

  it('stops calling the Planner after maxReplans and refills an empty todo from the heuristic', () => {
    const planner = scripted(['plan=']); // valid but empty: the todo is exhausted every move
    const r = runPuzzle(numberLine, 6, { planner, mover: perfectMover }, { maxReplans: 2 });
    expect(r.solved).toBe(true);
    expect(r.replans).toBe(2);
    expect(planner.prompts).toHaveLength(3); // first plan + 2 replans
    const fallbacks = ofType(r.events, 'plan_fallback');
    expect(fallbacks).toEqual([expect.objectContaining({ reason: 'replan limit', plan: greedyPath(2) })]);
    expect(r.plannerFallbacks).toBe(1);
  });

  it('a planner that never parses costs two attempts per plan and falls back each time', () => {
    const planner = scripted(['nonsense']);
    const r = runPuzzle(numberLine, 3, { planner, mover: perfectMover });
    expect(r.solved).toBe(true);
    expect(planner.prompts).toEqual(['n=3|done=|blocked=|last=', 'n=3|done=|blocked=|last=|strict']);
    expect(ofType(r.events, 'plan_fallback')[0]).toMatchObject({ reason: 'planner rejected twice', plan: ['-2', '-1'] });
    expect(r.plannerFallbacks).toBe(1);
  });
});

describe('ablation and failures', () => {
  it('without a planner, uses heuristic plans and says so', () => {
    const r = runPuzzle(numberLine, 5, { mover: perfectMover });
    expect(r.solved).toBe(true);
    expect(r.modelMoves).toBe(3);
    expect(ofType(r.events, 'plan_requested')).toEqual([]);
    expect(ofType(r.events, 'plan_fallback')).toEqual([expect.objectContaining({ reason: 'no planner', plan: ['-2', '-2', '-1'] })]);
    expect(r.plannerFallbacks).toBe(1);
    expect((r.events[0] as EventOf<'run_started'>).config.planner).toBe(false);
  });

  it('fails cleanly when no move is legal', () => {
    const r = runPuzzle({ ...numberLine, legalMoves: () => [] }, 3, { mover: perfectMover });
    expect(r.failure).toBe('no legal moves');
    expect(r.events.at(-1)).toMatchObject({ type: 'failed', reason: 'no legal moves', moves: [] });
  });

  it('a throwing Mover ends the run with an error event instead of falling back forever', () => {
    const r = runPuzzle(numberLine, 3, { mover: () => { throw new Error('wasm trap'); } });
    expect(r.failure).toBe('error');
    expect(r.events.slice(-3).map((e) => e.type)).toEqual(['error', 'phase_change', 'failed']);
    expect(ofType(r.events, 'error')[0].message).toBe('wasm trap');
  });

  it('an adapter whose fallback ignores avoid is reported as an error', () => {
    const r = runPuzzle({ ...numberLine, fallbackMove: () => '+1' }, 6, { mover: scripted(['?']) });
    expect(ofType(r.events, 'error')[0].message).toMatch(/fallbackMove returned '\+1', which is not a legal move/);
  });

  it('validates limits', () => {
    expect(resolveLimits({ maxMoves: 5 }).maxMoves).toBe(5);
    expect(() => resolveLimits({ maxMoves: 0 })).toThrow(/maxMoves/);
    expect(() => resolveLimits({ stallLimit: 1.5 })).toThrow(/stallLimit/);
    expect(() => resolveLimits({ bogus: 1 } as never)).toThrow(/unknown key 'bogus'/);
  });
});

describe('determinism and live events', () => {
  const once = () => runPuzzle(numberLine, 5, { planner: scripted(['bad', 'plan=-1,+2']), mover: scripted(['-2', '+2', 'zz', '-1', '+1']) });

  it('the same inputs give the identical event list', () => {
    const a = once();
    const b = once();
    expect(b.events).toEqual(a.events);
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
    expect(a.events.length).toBeGreaterThan(10);
  });

  it('onEvent sees every event, in order, as it is emitted', () => {
    const seen: OrchestratorEvent[] = [];
    const r = runPuzzle(numberLine, 5, { mover: perfectMover }, {}, { onEvent: (e) => seen.push(e) });
    expect(seen).toEqual(r.events);
  });
});
