// Typed events and JSONL traces (worker/orchestrator/events.ts): stepping, round trip, line-numbered errors.
import { describe, expect, it } from 'vitest';
import { EventLog, parseJsonl, toJsonl } from '../../worker/orchestrator/events.ts';
import { runPuzzle } from '../../worker/orchestrator/loop.ts';
import { numberLine, perfectPlanner, scripted } from './numberline.ts';

describe('EventLog', () => {
  it('stamps a monotonic step and nothing time-based', () => {
    const log = new EventLog();
    log.emit('error', { message: 'a' });
    log.emit('phase_change', { from: null, to: 'plan' });
    expect(log.events).toEqual([
      { type: 'error', step: 0, message: 'a' },
      { type: 'phase_change', step: 1, from: null, to: 'plan' },
    ]);
  });
});

describe('JSONL traces', () => {
  // a run with every kind of move event: parse errors, rejections, cycle breaks, fallbacks, replans
  const run = runPuzzle(numberLine, 4, { planner: perfectPlanner, mover: scripted(['-1', '+1', 'zz', '+2', '?', '!']) });

  it('round-trips a real trace exactly', () => {
    const types = new Set(run.events.map((e) => e.type));
    for (const t of ['move_rejected', 'cycle_break', 'replan', 'move_proposed', 'move_applied', 'solved']) expect(types).toContain(t);
    const text = toJsonl(run.events);
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(run.events.length + 1);
    expect(parseJsonl(text)).toEqual(run.events);
    expect(parseJsonl(text.replaceAll('\n', '\r\n') + '\n\n')).toEqual(run.events);
  });

  it('round-trips optional fields and nulls', () => {
    const log = new EventLog();
    log.emit('move_proposed', { prompt: 'p', output: 'o', move: null, by: 'model', confidence: 0.5, votes: ['a', 'b'], organelle: 'mover' });
    log.emit('move_applied', { move: 'a', by: 'fallback', state: 's', kanban: 'todo=' });
    log.emit('run_started', { game: 'g', start: 's', config: { maxMoves: 3, planner: false, note: 'x' } });
    expect(parseJsonl(toJsonl(log.events))).toEqual(log.events);
  });

  it.each([
    ['{"type":"error","step":0,"message":"a"}\n{"type":"teleport","step":1}', /line 2: unknown event type 'teleport'/],
    ['{"type":"error","step":0,"message":"a"}\n\n{"step":2}', /line 3: missing string 'type'/],
    ['{"type":"error","step":0,"message":"a"}\n{oops', /line 2: invalid JSON/],
    ['[1,2]', /line 1: not a JSON object/],
    ['{"type":"error","message":"a"}', /line 1: 'error' needs a non-negative integer 'step'/],
    ['{"type":"error","step":0}', /line 1: 'error' is missing field 'message'/],
    ['{"type":"error","step":0,"message":3}', /line 1: 'error' field 'message' should be string/],
    ['{"type":"error","step":0,"message":"a","when":1}', /line 1: 'error' has unexpected field 'when'/],
    ['{"type":"move_applied","step":0,"move":"a","by":"model","state":"s","progress":"far","kanban":""}', /field 'progress' should be number/],
    ['{"type":"plan_fallback","step":0,"reason":"r","plan":[1]}', /field 'plan' should be string\[\]/],
    ['{"type":"constructor","step":0}', /unknown event type 'constructor'/],
  ])('rejects bad line %#', (text, message) => {
    expect(() => parseJsonl(text)).toThrow(message);
  });
});
