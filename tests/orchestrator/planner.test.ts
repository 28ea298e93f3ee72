// Planner validation (worker/orchestrator/planner.ts): accept, one retry, then the heuristic.
import { describe, expect, it, vi } from 'vitest';
import { EventLog } from '../../worker/orchestrator/events.ts';
import { planWithRetry, type PlanRequest } from '../../worker/orchestrator/planner.ts';
import type { Completion } from '../../worker/orchestrator/types.ts';

function request(outputs: (string | Error)[]): PlanRequest & { ask: ReturnType<typeof vi.fn> } {
  let call = 0;
  return {
    ask: vi.fn((): Completion => {
      const out = outputs[call++];
      if (out instanceof Error) throw out;
      return { text: out, confidence: 0.75 };
    }),
    buildPrompt: (attempt) => (attempt === 1 ? 'plan n=3' : 'plan n=3|strict'),
    parse: (output) => (output.startsWith('todo=') ? { ok: true, plan: output.slice(5).split(',') } : { ok: false, reason: 'no todo=' }),
    heuristic: () => ['-2', '-1'],
  };
}

function run(outputs: (string | Error)[]) {
  const log = new EventLog();
  const req = request(outputs);
  const outcome = planWithRetry(req, log.emit);
  return { outcome, events: log.events, ask: req.ask };
}

describe('planWithRetry', () => {
  it('takes a valid first answer and asks once', () => {
    const { outcome, events, ask } = run(['todo=-2,-1']);
    expect(outcome).toEqual({ source: 'model', plan: ['-2', '-1'], attempt: 1, completion: { text: 'todo=-2,-1', confidence: 0.75 } });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(events).toEqual([
      { type: 'plan_requested', step: 0, prompt: 'plan n=3', attempt: 1 },
      { type: 'plan_generated', step: 1, prompt: 'plan n=3', output: 'todo=-2,-1', plan: ['-2', '-1'], attempt: 1, confidence: 0.75 },
    ]);
  });

  it('retries once with the attempt-2 prompt after malformed output', () => {
    const { outcome, events, ask } = run(['garbage', 'todo=-1,-2']);
    expect(outcome).toMatchObject({ source: 'model', plan: ['-1', '-2'], attempt: 2 });
    expect(ask.mock.calls).toEqual([['plan n=3', 1], ['plan n=3|strict', 2]]);
    expect(events.map((e) => e.type)).toEqual(['plan_requested', 'plan_rejected', 'plan_requested', 'plan_generated']);
    expect(events[1]).toEqual({ type: 'plan_rejected', step: 1, output: 'garbage', reason: 'no todo=', attempt: 1 });
  });

  it('falls back to the heuristic after two bad answers, never asking a third time', () => {
    const { outcome, events, ask } = run(['garbage', 'more garbage', 'todo=-2']);
    expect(outcome).toEqual({ source: 'fallback', plan: ['-2', '-1'] });
    expect(ask).toHaveBeenCalledTimes(2);
    expect(events.map((e) => e.type)).toEqual(['plan_requested', 'plan_rejected', 'plan_requested', 'plan_rejected', 'plan_fallback']);
    expect(events[4]).toEqual({ type: 'plan_fallback', step: 4, reason: 'planner rejected twice', plan: ['-2', '-1'] });
  });

  it('treats a throwing planner like malformed output', () => {
    const { outcome, events } = run([new Error('engine gone'), new Error('engine gone')]);
    expect(outcome.source).toBe('fallback');
    expect(events[1]).toMatchObject({ type: 'plan_rejected', output: '', reason: 'planner failed: engine gone', attempt: 1 });
  });
});
