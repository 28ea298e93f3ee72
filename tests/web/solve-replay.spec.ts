// The replay model of a recorded 8-puzzle run (web/src/solve/frames.ts) and its playback
// (playback.svelte.ts): one frame per move with the board and the kanban as the orchestrator
// held it (the last, as the run ended), the log with who chose each move (a Planner that
// writes no moves is no error), and play / pause / step / seek / speed.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReplay, moveLetters } from '../../web/src/solve/frames.ts';
import { Playback, BASE_INTERVAL_MS } from '../../web/src/replay/playback.svelte.ts';
import { FakeClock } from './helpers.ts';
import { decodeKanban, moveAccepted, moveForced } from '../../worker/orchestrator/kanban.ts';
import type { EventOf } from '../../worker/orchestrator/events.ts';
import { mumblingMover, optimalMover, optimalPlanner, recordedRun, sloppyMover, undoingMover, votingMover } from './puzzle8-runs.ts';
import type { Organelle } from '../../worker/orchestrator/types.ts';
import { Puzzle8Solver } from '../../worker/pipeline/puzzle8-solver.ts';

const RUNS = {
  optimal: recordedRun('413026758'),
  sloppy: recordedRun('413026758', sloppyMover()),
  undoing: recordedRun('413026758', undoingMover),
  mumbling: recordedRun('102453786', mumblingMover),
  long: recordedRun('867254301'),
};

describe('buildReplay', () => {
  it('has one frame per move, from the start board to the goal', () => {
    const run = RUNS.optimal;
    const { frames, summary } = buildReplay(run.events);
    expect(frames).toHaveLength(run.moves.length + 1);
    expect(frames[0]).toMatchObject({ index: 0, board: '413026758', move: null, by: null });
    expect(frames.at(-1)!.board).toBe('123456780');
    expect(frames.slice(1).map((f) => f.move)).toEqual(run.moves);
    expect(summary).toMatchObject({ solved: true, moves: run.moves, modelMoves: run.modelMoves, fallbackMoves: 0 });
    expect(moveLetters(summary.moves)).toBe('urddr');
  });

  it('names the tile that slid into the blank', () => {
    const { frames } = buildReplay(RUNS.optimal.events);
    for (const f of frames.slice(1)) {
      const before = frames[f.index - 1].board;
      expect(f.board[before.indexOf('0')]).toBe(String(f.tile));
    }
  });

  it('rebuilds the kanban the orchestrator held when each move was chosen', () => {
    for (const [name, run] of Object.entries(RUNS)) {
      const { frames } = buildReplay(run.events);
      const applied = run.events.filter((e): e is EventOf<'move_applied'> => e.type === 'move_applied');
      frames.slice(1, -1).forEach((f, i) => {
        expect(f.ended).toBe(false);
        const after = f.by === 'model' ? moveAccepted(f.kanban, f.move!) : moveForced(f.kanban, f.move!);
        expect(after, `${name}, move ${f.index}`).toEqual(decodeKanban(applied[i].kanban));
      });
    }
  });

  it('ends on the finished kanban: nothing doing, every move done', () => {
    for (const [name, run] of Object.entries(RUNS)) {
      const { frames, summary } = buildReplay(run.events);
      const last = frames.at(-1)!;
      const applied = run.events.filter((e): e is EventOf<'move_applied'> => e.type === 'move_applied');
      expect(last.ended, name).toBe(true);
      expect(last.kanban, name).toEqual(decodeKanban(applied.at(-1)!.kanban));
      expect(last.kanban.doing, name).toBeNull();
      expect(last.kanban.done, name).toEqual(summary.moves);
      expect(last.board, name).toBe('123456780');
    }
  });

  it('reads a Planner that writes no moves as no plan, not as an error', () => {
    // like the shipped Planner on the held-out board 123405786, two moves from the goal
    const silent: Organelle = (prompt) => (prompt.startsWith('123405786') ? { text: '', confidence: 0.9 } : optimalPlanner(prompt));
    const run = recordedRun('123405786', optimalMover, silent);
    const { log, frames, summary } = buildReplay(run.events);
    expect(run.events.filter((e) => e.type === 'plan_rejected')).toHaveLength(2); // the orchestrator as before
    expect(log.filter((e) => e.kind === 'plan-rejected')).toEqual([]);
    expect(log.filter((e) => e.kind === 'plan-empty').map((e) => [e.who, e.text])).toEqual([
      ['Planner', 'No plan: wrote no moves'],
      ['Planner', 'No plan: wrote no moves again (attempt 2)'],
    ]);
    expect(log.find((e) => e.kind === 'plan-fallback')!.text).toBe('Heuristic plan: right, down (the Planner wrote none)');
    expect(frames.find((f) => f.planner?.output === '')!.planner!.meaning).toBe('no plan');
    expect(summary).toMatchObject({ solved: true, heuristicPlans: 1 });
  });

  it('a malformed plan still reads as refused', () => {
    const garbled: Organelle = (prompt) => (prompt.startsWith('123405786') ? { text: 'rx', confidence: 0.4 } : optimalPlanner(prompt));
    const { log } = buildReplay(recordedRun('123405786', optimalMover, garbled).events);
    expect(log.filter((e) => e.kind === 'plan-rejected').map((e) => e.text)).toEqual([
      'Refused the plan “rx”: plan "rx" has "x", not one of u d l r',
      'Refused the plan “rx”: plan "rx" has "x", not one of u d l r',
    ]);
    expect(log.find((e) => e.kind === 'plan-fallback')!.text).toBe('Heuristic plan: right, down (planner rejected twice)');
  });

  it('shows the doing task and the plan ahead at each move', () => {
    const { frames } = buildReplay(RUNS.optimal.events);
    expect(frames[0].kanban).toMatchObject({ todo: ['up', 'right'], doing: null, done: [] });
    expect(frames[1].kanban).toMatchObject({ todo: ['right'], doing: 'up', done: [] });
    expect(frames[2].kanban).toMatchObject({ todo: [], doing: 'right', done: ['up'] });
  });

  it('keeps the raw prompts each organelle received', () => {
    const { frames } = buildReplay(RUNS.optimal.events);
    expect(frames[0].planner).toMatchObject({ prompt: '413026758|blocked=', output: 'ur', frame: 0 });
    expect(frames[0].mover).toBeNull();
    expect(frames[1].mover).toMatchObject({ prompt: '413026758|plan=ur|blocked=|last=', output: 'u', confidence: 0.8 });
    expect(frames[2].planner!.frame).toBe(0);
    expect(frames[3].planner).toMatchObject({ prompt: '103426758|blocked=', frame: 3 });
  });

  it('logs who chose each move with its confidence, refusals with reasons, replans and cycle breaks', () => {
    const { log, summary } = buildReplay(RUNS.undoing.events);
    const moves = log.filter((e) => e.kind === 'move');
    expect(moves).toHaveLength(summary.moves.length);
    expect(moves[0]).toMatchObject({ who: 'Mover', text: 'Move 1: blank up, chosen by the Mover', confidence: 0.8, frame: 1 });
    const fallback = moves.find((e) => e.who === 'Fallback')!;
    expect(fallback.text).toMatch(/chosen by the fallback$/);
    expect(fallback.confidence).toBeUndefined();
    expect(log.some((e) => e.kind === 'rejection' && e.text === 'Refused down: it would go round in a loop')).toBe(true);
    expect(log.some((e) => e.kind === 'cycle' && /^Cycle break: refused \w+ \((back and forth|back to a board already seen)\), took \w+$/.test(e.text))).toBe(true);
    expect(log.some((e) => e.kind === 'replan' && e.text === 'Replan: plan exhausted')).toBe(true);
    expect(summary.cycleBreaks).toBeGreaterThan(0);
    expect(summary.fallbackMoves).toBeGreaterThan(0);
    expect(log.at(-1)).toMatchObject({ kind: 'solved', frame: summary.moves.length });
  });

  it('explains an answer that is not a move', () => {
    const { log, frames, summary } = buildReplay(RUNS.mumbling.events);
    expect(log.some((e) => e.text === 'Refused “??”: the answer is not a move')).toBe(true);
    expect(summary.modelMoves).toBe(0);
    expect(frames[1].by).toBe('fallback');
    expect(frames[1].confidence).toBeNull();
    expect(frames[1].mover).toMatchObject({ output: '??' });
  });

  it('assigns every log entry to a frame in order', () => {
    const { log, frames } = buildReplay(RUNS.sloppy.events);
    expect(log.map((e) => e.frame)).toEqual([...log.map((e) => e.frame)].sort((a, b) => a - b));
    expect(Math.max(...log.map((e) => e.frame))).toBe(frames.length - 1);
  });
});

describe('Playback', () => {
  const events = RUNS.optimal.events; // 5 moves

  it('plays move by move and stops at the end', () => {
    const clock = new FakeClock();
    const p = new Playback(buildReplay, clock);
    p.load(events, true);
    expect(p.playing).toBe(true);
    expect(p.index).toBe(0);
    expect(clock.fire()).toBe(BASE_INTERVAL_MS);
    expect(p.index).toBe(1);
    for (let i = 2; i <= 5; i++) clock.fire();
    expect(p.index).toBe(5);
    expect(p.atEnd).toBe(true);
    expect(p.playing).toBe(false);
    expect(clock.pending).toHaveLength(0);
    expect(p.frame!.board).toBe('123456780');
  });

  it('pauses, steps both ways and seeks within bounds', () => {
    const clock = new FakeClock();
    const p = new Playback(buildReplay, clock);
    p.load(events, true);
    p.pause();
    expect(p.playing).toBe(false);
    expect(clock.pending).toHaveLength(0);
    p.step(1);
    p.step(1);
    expect(p.index).toBe(2);
    p.step(-1);
    expect(p.index).toBe(1);
    p.seek(99);
    expect(p.index).toBe(5);
    p.seek(-3);
    expect(p.index).toBe(0);
    p.toEnd();
    expect(p.index).toBe(5);
    p.toStart();
    expect(p.atStart).toBe(true);
  });

  it('stepping while playing pauses; play at the end starts over', () => {
    const clock = new FakeClock();
    const p = new Playback(buildReplay, clock);
    p.load(events, true);
    p.step(1);
    expect(p.playing).toBe(false);
    p.toEnd();
    p.play();
    expect(p.index).toBe(0);
    expect(p.playing).toBe(true);
  });

  it('speed changes the time per move, also while playing', () => {
    const clock = new FakeClock();
    const p = new Playback(buildReplay, clock);
    p.load(events);
    expect(p.playing).toBe(false);
    p.setSpeed(4);
    p.play();
    expect(clock.fire()).toBe(BASE_INTERVAL_MS / 4);
    p.setSpeed(0.5);
    expect(clock.pending).toHaveLength(1);
    expect(clock.fire()).toBe(BASE_INTERVAL_MS * 2);
    expect(p.index).toBe(2);
  });

  it('shows the log up to the current move only', () => {
    const p = new Playback(buildReplay, new FakeClock());
    p.load(events);
    expect(p.log.map((e) => e.kind)).toEqual(['start', 'plan']);
    p.step(1);
    expect(p.log.at(-1)).toMatchObject({ kind: 'move', text: 'Move 1: blank up, chosen by the Mover' });
    p.toEnd();
    expect(p.log.at(-1)!.kind).toBe('solved');
  });

  it('clear forgets the run and stops the timer', () => {
    const clock = new FakeClock();
    const p = new Playback(buildReplay, clock);
    p.load(events, true);
    p.clear();
    expect(p.loaded).toBe(false);
    expect(p.frame).toBeNull();
    expect(clock.pending).toHaveLength(0);
    p.play();
    expect(p.playing).toBe(false);
  });
});

describe('buildReplay with ensembles', () => {
  it('lists the votes behind a proposal', () => {
    const { log } = buildReplay(recordedRun('413026758', votingMover).events);
    expect(log.find((e) => e.kind === 'proposal')).toMatchObject({ text: 'Proposed up (votes u l u)', confidence: 2 / 3 });
  });
});

describe('buildReplay of the shipped models’ solve of 806547231', () => {
  it('ends solved with nothing doing and all 33 moves done, the Planner’s empty answers read as no plan', async () => {
    const read = (name: string) => readFile(join(process.cwd(), 'public', 'models', 'puzzle8', `${name}.organelle`));
    const module = await WebAssembly.compile(await readFile(join(process.cwd(), 'build', 'organelle.wasm')));
    const solver = await Puzzle8Solver.load(module, { planner: await read('planner'), mover: await read('mover') });
    const { result } = solver.solve('806547231');
    const { frames, log, summary } = buildReplay(result.events);
    expect(summary).toMatchObject({ solved: true });
    expect(summary.moves).toHaveLength(33);
    const last = frames.at(-1)!;
    expect([last.index, last.board, last.kanban.doing, last.kanban.todo]).toEqual([33, '123456780', null, []]);
    expect(last.kanban.done).toEqual(summary.moves);
    // near the goal (on 123405786) it wrote no moves twice, and the heuristic planned the last two
    expect(log.filter((e) => e.kind === 'plan-rejected')).toEqual([]);
    expect(log.filter((e) => e.kind === 'plan-empty')).toHaveLength(2);
    expect(log.filter((e) => e.kind === 'plan-fallback').at(-1)!.text).toBe('Heuristic plan: right, down (the Planner wrote none)');
  });
});
