// Composition runs for the web tests, made by the real pipeline (worker/compose/pipeline.ts)
// with scripted organelles: the Planner (and, where scripted, the second Planner) answers from a table, the Wiring organelle wires what its
// prompt lists as a perfect one would, the Code organelle recalls the library's bodies, each at
// the confidence the script says. The Judge is a stand-in that passes (or fails with a named
// check) without a sandbox: the frames only read its events.
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { keywordPlan } from '../../worker/compose/keywords.ts';
import { composeIntent, type JudgeFn } from '../../worker/compose/pipeline.ts';
import { plannerPrompt, weighPrompt } from '../../worker/compose/prompts.ts';
import { wireComposition } from '../../worker/compose/wiring.ts';
import type { Composition } from '../../worker/compose/types.ts';
import type { OrchestratorEvent } from '../../worker/orchestrator/events.ts';
import type { Completion } from '../../worker/orchestrator/types.ts';

const lookup = COMPOSE_LIBRARY.lookup;
export const THRESHOLDS = { planner: 0.6, wiring: 0.8, code: 0.8 };
// every scripted plan taken as said in its intent's words: the frames only read the events, and
// said.ts has tests of its own
const TAKEN_AS_SAID = { unsaid: () => null };

export interface RunScript {
  /** The Planner's answer and confidence by its prompt; absent: the keyword decomposer plans. */
  planner?: Record<string, [string, number]>;
  /** The second Planner's, likewise: with it, a plan counts only when both write it. */
  planner2?: Record<string, [string, number]>;
  /** A primitive's body confidence (0.97 by default). */
  code?: Record<string, number>;
  wiring?: number;
  /** The Judge fails this check on its first verdict (then passes). */
  judgeFails?: { name: string; message: string };
  /** The two Planners' different plans are weighed (the settings' weigh). */
  weigh?: boolean;
  /** The ask floor: a Planner plan at or above it but under the threshold is offered, not refused. */
  ask?: number;
  /** The person accepts the plan the run offers. */
  acceptOffer?: boolean;
  /** The second reading's Readers (both answer from this table), their threshold, and their ceiling on none (asked of it when given). */
  readers?: { answers: Record<string, [string, number]>; threshold: number; none?: number };
}

/** `rolling_mean(a,w=5)>a|diff_central(a)>a` -> the composition it describes. */
function fromWiringPrompt(prompt: string): Composition {
  return prompt.split('|').map((part) => {
    const m = /^([a-z0-9_]+)\(([^)]*)\)>[an]$/.exec(part)!;
    return { name: m[1], args: m[2].split(',').filter((a) => a.includes('=')).map((a) => Number(a.split('=')[1])) };
  });
}

const PASSED = ['parsed', 'structure', 'resolved', 'kinds', 'ran', 'returned', 'finite'].map((name) => ({ name, ok: true, message: `${name}: fine` }));

/** An organelle that answers from a table by its prompt. */
function scripted(who: string, table: Record<string, [string, number]>) {
  return (prompt: string): Completion => {
    const entry = table[prompt];
    if (!entry) throw new Error(`no ${who} answer for "${prompt}"`);
    return { text: entry[0], confidence: entry[1] };
  };
}

export async function composeRun(intent: string, script: RunScript): Promise<OrchestratorEvent[]> {
  let judged = 0;
  const judge: JudgeFn = async () => {
    judged++;
    const fail = script.judgeFails && judged === 1 ? script.judgeFails : null;
    if (!fail) return { ok: true, checks: PASSED };
    const index = PASSED.findIndex((c) => c.name === fail.name);
    const checks = [...PASSED.slice(0, index), { name: fail.name, ok: false, message: `${fail.name}: ${fail.message}` }];
    return { ok: false, checks, failed: checks.at(-1) };
  };
  const result = await composeIntent(
    intent,
    {
      ...(script.planner && { planner: scripted('Planner', script.planner) }),
      ...(script.planner2 && { planner2: scripted('second Planner', script.planner2) }),
      wiring: (prompt) => ({ text: wireComposition(fromWiringPrompt(prompt), lookup), confidence: script.wiring ?? 0.95 }),
      code: (name) => ({ text: lookup(name)!.body, confidence: script.code?.[name] ?? 0.97 }),
      ...(script.readers && { reader: scripted('Reader', script.readers.answers), reader2: scripted('second Reader', script.readers.answers) }),
    },
    {
      lookup, judge, heuristic: keywordPlan, planFacts: TAKEN_AS_SAID, planWords: TAKEN_AS_SAID,
      thresholds: script.ask === undefined ? THRESHOLDS : { ...THRESHOLDS, ask: script.ask },
      ...(script.weigh ? { weighPlanners: () => true } : {}),
      ...(script.acceptOffer ? { acceptOffer: true } : {}),
      ...(script.readers ? { secondReading: { planner: script.readers.threshold, ...(script.readers.none !== undefined ? { none: script.readers.none } : {}) } } : {}),
    },
  );
  return result.events;
}

export const SMOOTH = 'smooth the signal over 5 points then differentiate it';

/** The Planner plans rolling_mean(5)|diff_central; everything passes. */
export const composed = () => composeRun(SMOOTH, { planner: { [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_central', 0.91] } });

/** The Code organelle is unsure of zscore: blocked, a replan spells it as demean then unit_std. */
export const REPLAN_INTENT = 'standardize the signal then average it';
export const replanned = () =>
  composeRun(REPLAN_INTENT, {
    planner: {
      [plannerPrompt(REPLAN_INTENT, [])]: ['zscore|mean', 0.88],
      [plannerPrompt(REPLAN_INTENT, ['zscore(low_conf)'])]: ['demean|unit_std|mean', 0.7],
    },
    code: { zscore: 0.51 },
  });

/** The Planner below its threshold: the intent is refused before any task. */
export const UNSURE = 'encrypt the signal then smooth it';
export const unsure = () => composeRun(UNSURE, { planner: { [plannerPrompt(UNSURE, [])]: ['rolling_mean(3)', 0.31] } });

/** The Planner between the ask floor and its threshold: the plan is built and judged, then offered, its code held back. */
/** The Planner is unsure (0.31); the Readers read it again as rolling_mean(3), sure at their own threshold of 0.9 (0.93). */
export const reread = () => composeRun(UNSURE, {
  planner: { [plannerPrompt(UNSURE, [])]: ['rolling_mean(3)|diff_central', 0.31] },
  readers: { answers: { [plannerPrompt(UNSURE, [])]: ['rolling_mean(3)', 0.93] }, threshold: 0.9 },
});

/** The same, with the Readers asked how sure they are of none (0.12, under a ceiling of 0.35). */
export const rereadAskingNone = () => composeRun(UNSURE, {
  planner: { [plannerPrompt(UNSURE, [])]: ['rolling_mean(3)|diff_central', 0.31] },
  readers: { answers: { [plannerPrompt(UNSURE, [])]: ['rolling_mean(3)', 0.93], [weighPrompt(plannerPrompt(UNSURE, []), 'none')]: ['none', 0.12] }, threshold: 0.9, none: 0.35 },
});

export const CLOSE = 'smooth the signal over 5 points then take its slope';
const closeScript = (acceptOffer: boolean): RunScript => ({
  planner: { [plannerPrompt(CLOSE, [])]: ['rolling_mean(5)|diff_central', 0.5] },
  ask: 0.4,
  acceptOffer,
});
export const offered = () => composeRun(CLOSE, closeScript(false));
/** The same run, with the person's yes to the offer: the code is handed over. */
export const acceptedOffer = () => composeRun(CLOSE, closeScript(true));

/** Both Planners sure, of different plans: no plan counts, and the intent is refused before any task. */
export const disagreed = () =>
  composeRun(UNSURE, {
    planner: { [plannerPrompt(UNSURE, [])]: ['rolling_mean(3)', 0.95] },
    planner2: { [plannerPrompt(UNSURE, [])]: ['rolling_mean(5)', 0.97] },
  });

/** The Planners write different plans, weighed: the one both are surer of counts, at the lower of their confidences in it. */
export const weighed = () => {
  const prompt = plannerPrompt(SMOOTH, []);
  return composeRun(SMOOTH, {
    planner: { [prompt]: ['rolling_mean(5)|diff_central', 0.91], [weighPrompt(prompt, 'rolling_mean(5)|diff_forward')]: ['rolling_mean(5)|diff_forward', 0.42] },
    planner2: { [prompt]: ['rolling_mean(5)|diff_forward', 0.93], [weighPrompt(prompt, 'rolling_mean(5)|diff_central')]: ['rolling_mean(5)|diff_central', 0.86] },
    weigh: true,
  });
};

/** Both Planners write the same plan: it counts at the lower of their confidences. */
export const agreed = () =>
  composeRun(SMOOTH, {
    planner: { [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_central', 0.91] },
    planner2: { [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_central', 0.84] },
  });

/** The Judge stops the first code at the time limit, then the Planner has nothing else. */
export const judgeFailed = () =>
  composeRun(SMOOTH, {
    planner: {
      [plannerPrompt(SMOOTH, [])]: ['rolling_mean(5)|diff_central', 0.91],
      [plannerPrompt(SMOOTH, ['rolling_mean+diff_central(ran)'])]: ['none', 0.9],
    },
    judgeFails: { name: 'ran', message: 'stopped after 500 ms: the time limit' },
  });

/** Without the Planner: the keyword decomposer plans. */
export const noPlanner = () => composeRun(SMOOTH, {});
