// A composition's frames, log and summary (web/src/compose/frames.ts), from runs the real
// pipeline made with scripted organelles: the kanban step by step with its typed tasks moving
// from todo to doing to done or blocked (`zscore(low_conf)`, `a+b(ran)`), each answer against
// its threshold with its exact prompt, the replan's own step, and the endings (an offer's question,
// and the yes to it, among them).
import { describe, expect, it } from 'vitest';
import { buildComposeReplay, composeCalls, composeKanbanCaption } from '../../web/src/compose/frames.ts';
import { encodeKanban } from '../../worker/orchestrator/kanban.ts';
import { plannerPrompt, weighPrompt } from '../../worker/compose/prompts.ts';
import { acceptedOffer, agreed, composed, disagreed, judgeFailed, noPlanner, offered, replanned, reread, rereadAskingNone, SMOOTH, THRESHOLDS, unsure, weighed, composeRun } from './compose-runs.ts';

const kanbans = (events: Awaited<ReturnType<typeof composed>>) => buildComposeReplay(events).frames.map((f) => encodeKanban(f.kanban));

describe('buildComposeReplay', () => {
  it('steps through a composed run: the plan, each task from doing to done, the Judge, the ending', async () => {
    const replay = buildComposeReplay(await composed());
    const { frames, summary } = replay;
    expect(frames.map((f) => `${f.kind}:${f.task ?? ''}:${f.outcome}`)).toEqual([
      'plan::planned',
      'task:wiring(rolling_mean+diff_central):done',
      'task:codegen(rolling_mean):done',
      'task:codegen(diff_central):done',
      'task:judge:done',
      'end::composed',
    ]);
    expect(frames.map((f) => f.phase)).toEqual(['plan', 'wiring', 'codegen', 'codegen', 'judge', 'done']);
    // the task in doing as it was taken up; the ending with every task done and nothing doing
    expect(encodeKanban(frames[0].kanban)).toBe(
      'todo=wiring(rolling_mean+diff_central),codegen(rolling_mean),codegen(diff_central),judge|doing=|done=|blocked=|last=|stalls=0|replans=0',
    );
    expect(frames[2].kanban.doing).toBe('codegen(rolling_mean)');
    expect(frames[2].kanban.done).toEqual(['wiring(rolling_mean+diff_central)']);
    expect(frames[5].kanban).toMatchObject({ todo: [], doing: null, done: ['wiring(rolling_mean+diff_central)', 'codegen(rolling_mean)', 'codegen(diff_central)', 'judge'] });
    expect(summary).toMatchObject({ outcome: 'composed', plan: 'rolling_mean(5)|diff_central', modelPlans: 1, fallbackPlans: 0, tasks: 4, replans: 0, answers: 4 });
    expect(summary.code).toContain('function composed(x){const a=rolling_mean(x,5);const b=diff_central(a);return b}');
    expect(frames[4].checks?.map((c) => c.name)).toEqual(['parsed', 'structure', 'resolved', 'kinds', 'ran', 'returned', 'finite']);
  });

  it("keeps each organelle call's exact prompt, answer and confidence against its threshold", async () => {
    const { frames, summary } = buildComposeReplay(await composed());
    const plan = frames[0].call!;
    expect(plan).toMatchObject({ who: 'Planner', prompt: plannerPrompt(SMOOTH, []), output: 'rolling_mean(5)|diff_central', confidence: 0.91, threshold: THRESHOLDS.planner, accepted: true });
    expect(frames[1].call).toMatchObject({ who: 'Wiring', task: 'wiring(rolling_mean+diff_central)', prompt: 'rolling_mean(a,w=5)>a|diff_central(a)>a', threshold: 0.8, accepted: true });
    expect(frames[3].call).toMatchObject({ who: 'Code', prompt: 'diff_central', confidence: 0.97 });
    // the calls panel: each organelle's latest call as of the step
    const rows = composeCalls(frames[3], summary);
    expect(rows.map((r) => [r.who, r.call?.prompt ?? null, r.when])).toEqual([
      ['Planner', plannerPrompt(SMOOTH, []), '· for the first plan'],
      ['Wiring', 'rolling_mean(a,w=5)>a|diff_central(a)>a', '· for wiring(rolling_mean+diff_central), step 1'],
      ['Code', 'diff_central', '· for codegen(diff_central)'],
    ]);
    expect(composeCalls(frames[0], summary)[2]).toMatchObject({ call: null, none: expect.stringMatching(/once there is a plan/) });
  });

  it("shows a second reading: the Planner's unsure plan, the rereading as a replan, the Readers' plan against their own threshold", async () => {
    const { frames, summary, log } = buildComposeReplay(await reread());
    expect(log.map((l) => l.text).slice(1, 4)).toEqual([
      'Plan: wiring(rolling_mean+diff_central), codegen(rolling_mean), codegen(diff_central), judge (wrote “rolling_mean(3)|diff_central”)',
      'Replan 1: the Planners were unsure, so the Readers read the intent again',
      'Plan: wiring(rolling_mean), codegen(rolling_mean), judge (both Planners wrote “rolling_mean(3)”)',
    ]);
    // the rereading's step shows the Readers' plan, held to their own threshold
    expect(frames[0]).toMatchObject({ kind: 'replan', call: { who: 'Planner', output: 'rolling_mean(3)', threshold: 0.9, accepted: true } });
    expect(summary).toMatchObject({ outcome: 'composed', plan: 'rolling_mean(3)', modelPlans: 2, replans: 1 });
    // asked how sure they are that nothing known builds it, the log says so
    const asking = buildComposeReplay(await rereadAskingNone());
    expect(asking.log.map((l) => l.text)[3]).toBe('Plan: wiring(rolling_mean), codegen(rolling_mean), judge (both Planners wrote “rolling_mean(3)”; their confidence in none 0.120)');
  });

  it('shows a body below its threshold blocked as NAME(low_conf), then the replan as a step of its own', async () => {
    const { frames, summary, log } = buildComposeReplay(await replanned());
    const blocked = frames.find((f) => f.outcome === 'blocked')!;
    expect(blocked).toMatchObject({ task: 'codegen(zscore)', item: 'zscore(low_conf)' });
    expect(blocked.call).toMatchObject({ confidence: 0.51, threshold: 0.8, accepted: false, meaning: 'below its threshold: blocked' });
    // the next step's kanban has it in blocked, with a stall counted
    expect(frames[blocked.index + 1].kanban).toMatchObject({ blocked: ['zscore(low_conf)'], stalls: 1 });
    const replan = frames.find((f) => f.kind === 'replan')!;
    expect(replan.replans).toBe(1);
    expect(replan.kanban).toMatchObject({
      todo: ['wiring(demean+unit_std+mean)', 'codegen(demean)', 'codegen(unit_std)', 'judge'], // codegen(mean) was done already
      blocked: ['zscore(low_conf)'],
      last: ['zscore+mean'],
      replans: 1,
    });
    expect(replan.call).toMatchObject({ prompt: plannerPrompt('standardize the signal then average it', ['zscore(low_conf)']), output: 'demean|unit_std|mean' });
    expect(frames[replan.index - 1]).toMatchObject({ task: 'judge', outcome: 'replan' }); // the plan could not finish
    expect(log.find((e) => e.kind === 'replan')).toMatchObject({ frame: replan.index, text: 'Replan 1: a piece the plan needs was blocked' });
    expect(log.find((e) => e.text.startsWith('Blocked'))).toMatchObject({ frame: blocked.index, kind: 'blocked', who: 'Orchestrator', text: 'Blocked zscore(low_conf)' });
    expect(summary).toMatchObject({ outcome: 'composed', plan: 'demean|unit_std|mean', replans: 1, blocked: ['zscore(low_conf)'], modelPlans: 2 });
  });

  it('names the Judge check that failed, and keeps the code it refused', async () => {
    const { frames, summary, log } = buildComposeReplay(await judgeFailed());
    const judge = frames.find((f) => f.task === 'judge')!;
    expect(judge).toMatchObject({ outcome: 'failed', item: 'rolling_mean+diff_central(ran)', caption: 'judge · failed ran' });
    expect(judge.checks!.at(-1)).toEqual({ name: 'ran', ok: false, message: 'ran: stopped after 500 ms: the time limit' });
    expect(log.map((e) => e.text)).toContain('Refused the code: ran: stopped after 500 ms: the time limit');
    expect(summary.judged).toMatchObject({ ok: false, code: expect.stringContaining('function composed(x)') });
    expect(summary).toMatchObject({ outcome: 'refused', code: null, refusal: { reason: 'planner refused' } });
    expect(frames.at(-1)).toMatchObject({ kind: 'end', outcome: 'refused' });
  });

  it('a Planner below its threshold ends the run before any task: its plan is never on the kanban', async () => {
    const { frames, summary, log } = buildComposeReplay(await unsure());
    expect(frames.map((f) => f.kind)).toEqual(['plan', 'end']);
    expect(frames[0].kanban.todo).toEqual([]);
    expect(frames[0].call).toMatchObject({ confidence: 0.31, threshold: 0.6, accepted: false });
    expect(composeKanbanCaption(frames[0], summary)).toBe('Before any plan was adopted.');
    expect(summary.refusal!.message).toBe("this intent is outside what the organelles know: the Planner's confidence was 0.31 against a threshold of 0.60");
    expect(log.at(-1)).toMatchObject({ kind: 'refused', who: 'Orchestrator' });
  });

  it('a Planner just under its threshold: every task runs, then the run asks, its code held back; the yes to it hands the code over', async () => {
    const { frames, summary, log } = buildComposeReplay(await offered());
    expect(frames.map((f) => `${f.kind}:${f.outcome}`)).toEqual(['plan:planned', 'task:done', 'task:done', 'task:done', 'task:done', 'end:asked']);
    expect(summary).toMatchObject({ outcome: 'asked', code: null, refusal: null, accepted: false, plan: 'rolling_mean(5)|diff_central' });
    expect(summary.offer).toEqual({
      plan: 'rolling_mean(5)|diff_central',
      words: expect.stringMatching(/5 points/),
      message: "the Planner's confidence was 0.50, under its threshold of 0.60",
    });
    expect(composeKanbanCaption(frames.at(-1)!, summary)).toBe('As the run ended: the code passed the Judge, and is held back until the plan is accepted.');
    // the log says the question in words, not as a refusal
    expect(log.at(-1)).toMatchObject({ kind: 'asked', who: 'Orchestrator', text: `Asked “Did you mean: ${summary.offer!.words}?” (${summary.offer!.message}); the code is held back until the plan is accepted` });
    expect(log.some((e) => e.kind === 'refused')).toBe(false);

    const yes = buildComposeReplay(await acceptedOffer());
    expect(yes.summary).toMatchObject({ outcome: 'composed', accepted: true, offer: null, plan: 'rolling_mean(5)|diff_central' });
    expect(yes.summary.code).toContain('function composed(x)');
    expect(yes.frames.at(-1)).toMatchObject({ kind: 'end', outcome: 'composed' });
    const kinds = yes.log.map((e) => e.kind);
    expect(kinds.slice(-2)).toEqual(['accepted', 'composed']);
    expect(yes.log.at(-2)).toMatchObject({ who: 'Person', text: 'Said yes to the plan the run offered, rolling_mean(5)|diff_central: its code is handed over' });
  });

  it('two Planners plan as one: a plan both write counts at the lower confidence; plans that differ count for nothing, and say so', async () => {
    const both = buildComposeReplay(await agreed());
    expect(both.frames[0].call).toMatchObject({ who: 'Planner', output: 'rolling_mean(5)|diff_central', confidence: 0.84, accepted: true, meaning: '4 tasks' });
    expect(both.summary).toMatchObject({ outcome: 'composed', modelPlans: 1 });
    expect(both.log.find((e) => e.kind === 'plan')!.text).toMatch(/\(both Planners wrote “rolling_mean\(5\)\|diff_central”\)$/);
    const { frames, summary, log } = buildComposeReplay(await disagreed());
    expect(log.find((e) => e.kind === 'plan')!.text).toBe('No agreement: the Planners wrote “rolling_mean(3)” and “rolling_mean(5)”');
    expect(frames.map((f) => f.kind)).toEqual(['plan', 'end']);
    expect(frames[0].call?.meaning).toBe('no agreement: the Planners wrote “rolling_mean(3)” and “rolling_mean(5)”');
    expect(frames[0].kanban.todo).toEqual([]);
    expect(summary).toMatchObject({ outcome: 'refused', tasks: 0 });
    // weighed, different plans make one plan, and the log says which both were surer of
    const one = buildComposeReplay(await weighed());
    expect(one.frames[0].call).toMatchObject({ output: 'rolling_mean(5)|diff_central', confidence: 0.86, accepted: true, meaning: '4 tasks, of two different plans weighed' });
    expect(one.log.find((e) => e.kind === 'plan')!.text).toBe(
      'Plan: wiring(rolling_mean+diff_central), codegen(rolling_mean), codegen(diff_central), judge (the Planners wrote “rolling_mean(5)|diff_central” and “rolling_mean(5)|diff_forward”, weighed 0.86 and 0.42)',
    );
    expect(one.summary).toMatchObject({ outcome: 'composed' });
    // weighed, and the refusal both were surer of counts: no plan, and the log says how they weighed
    const prompt = plannerPrompt(SMOOTH, []);
    const none = buildComposeReplay(await composeRun(SMOOTH, {
      planner: { [prompt]: ['none', 0.97], [weighPrompt(prompt, 'rolling_mean(5)')]: ['rolling_mean(5)', 0.3] },
      planner2: { [prompt]: ['rolling_mean(5)', 0.9], [weighPrompt(prompt, 'none')]: ['none', 0.8] },
      weigh: true,
    }));
    expect(none.log.find((e) => e.kind === 'plan')!.text).toBe('The Planners wrote “none” and “rolling_mean(5)”, weighed 0.80 and 0.30: no plan');
    expect(none.frames[0].call?.meaning).toBe('refused: no known pieces make it, of two different plans weighed');
    // sure of "none" (0.80 ≥ its threshold) is still a refusal, never drawn as a pass; a plan is no refusal
    expect(none.frames[0].call).toMatchObject({ accepted: true, refusal: true });
    expect(one.frames[0].call?.refusal).toBeUndefined();
    expect(frames[0].call?.refusal).toBe(true); // no agreement: no plan either
    expect(none.summary).toMatchObject({ outcome: 'refused' });
  });

  it('without the Planner, the keyword decomposer plans and no Planner call is shown', async () => {
    const { frames, summary, log } = buildComposeReplay(await noPlanner());
    expect(summary).toMatchObject({ withPlanner: false, modelPlans: 0, fallbackPlans: 1, outcome: 'composed' });
    expect(frames[0]).toMatchObject({ kind: 'plan', call: null, caption: 'plan by the keyword decomposer' });
    expect(log[1].text).toBe('Keyword decomposer: wiring(rolling_mean+diff_central), codegen(rolling_mean), codegen(diff_central), judge (the Planner is switched off)');
    expect(composeCalls(frames[0], summary)[0].none).toBe('The Planner was not asked: the keyword decomposer planned.');
  });

  it('a run still going shows its steps so far; an intent refused before any organelle has one step', async () => {
    const events = await composed();
    const partial = buildComposeReplay(events.slice(0, 8)); // up to the wiring task's answer
    expect(partial.summary.outcome).toBeNull();
    expect(partial.frames.at(-1)).toMatchObject({ task: 'wiring(rolling_mean+diff_central)', call: { who: 'Wiring' } });
    const bad = buildComposeReplay([{ type: 'refused', step: 0, reason: 'bad intent', message: 'the intent is empty' }]);
    expect(bad.frames).toHaveLength(1);
    expect(bad.summary).toMatchObject({ outcome: 'refused', refusal: { reason: 'bad intent' } });
    expect(buildComposeReplay([]).frames).toHaveLength(1);
  });

  it('is a pure function of the events: the same run gives the same frames', async () => {
    expect(kanbans(await replanned())).toEqual(kanbans(await replanned()));
  });
});
