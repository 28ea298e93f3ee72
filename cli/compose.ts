// `organelle compose "INTENT" [--models DIR] [--trace FILE] [--no-planner] [--ask] [--yes]`: one run of
// the code-composition pipeline, printing the kanban at each task, every organelle call with its
// confidence against the threshold, the Judge's checks and the code handed over (or why none
// was), then the run's share link. The trace (the event list) can be written as JSONL. --ask
// asks about a plan the intent's words do not say instead of refusing it (the settings' askOnWords
// otherwise). A run that asks ("Did you mean ...?") hands its code over with --yes, or on y at a
// terminal; else it says how to accept, and exits with 3 (2: refused).
// `organelle compose --replay LINK`: the shared run again, with no model: the recorded answers
// go through the same pipeline, the Judge runs the code in the sandbox, and the same lines print.
import { confidenceText } from '../worker/orchestrator/confidence-text.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { join } from 'node:path';
import { Composer, type ComposeModels } from '../worker/pipeline/composer.ts';
import { COMPOSE_ROLES } from '../worker/compose/roles.ts';
import { parseSettings, SECOND_READERS } from '../worker/compose/settings.ts';
import { nodeSandbox } from '../worker/compose/sandbox/node.ts';
import { toJsonl, type OrchestratorEvent } from '../worker/orchestrator/events.ts';
import { agreedBy, plansApart } from '../worker/orchestrator/planner.ts';
import { formatPlan } from '../worker/compose/plan.ts';
import { plural } from '../worker/compose/judge/messages.ts';
import { COMPOSE_ROUTE, composePayload, replayComposeLink } from '../worker/share/compose-link.ts';
import type { ComposeResult } from '../worker/compose/pipeline.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { parseArgs, stringOption } from './args.ts';
import { COMMAND_USAGE, synopsis } from './usage.ts';
import { readModelFile, SHIPPED_MODELS_DIR } from './models.ts';
import type { SandboxRunner } from '../worker/compose/sandbox/runner.ts';

const conf = (c: number, t: number) => {
  const text = confidenceText(c, t);
  return `${text.confidence} ${c >= t ? '>=' : '<'} ${text.threshold}`;
};

/** What each of several Planners wrote, when they answered as one, and how their different plans weighed. */
function plannersWrote(votes: readonly string[] | undefined, weighed: readonly number[] | undefined): string {
  if (votes === undefined || votes.length < 2) return '';
  const apart = plansApart(votes);
  if (apart.length === 0) return `; ${agreedBy(votes.length)} wrote it`;
  const wrote = `; the Planners wrote ${apart.map((v) => `"${v}"`).join(' and ')}`;
  return weighed ? `${wrote}, weighed ${weighed.map((w) => w.toFixed(3)).join(' and ')}` : wrote;
}

export function describeComposeEvent(e: OrchestratorEvent): string | null {
  switch (e.type) {
    case 'plan_requested': return `plan    planner <- "${e.prompt}"`;
    case 'plan_generated': return `plan    planner -> "${e.output}" (attempt ${e.attempt}, confidence ${e.confidence.toFixed(3)}${plannersWrote(e.votes, e.weighed)}${e.none !== undefined ? `; their confidence in none ${e.none.toFixed(3)}` : ''})  todo ${e.plan.join(',')}`;
    case 'plan_rejected': return `reject  planner "${e.output}": ${e.reason}`;
    case 'plan_fallback': return `plan    keyword decomposer (${e.reason}) -> ${e.plan.length ? e.plan.join(',') : 'none'}`;
    case 'task_started': return `task    ${e.task}   kanban ${e.kanban}`;
    case 'task_answered': return `        ${e.organelle} <- "${e.prompt}"\n        ${e.organelle} -> ${e.output}\n        confidence ${conf(e.confidence, e.threshold)}: ${e.accepted ? 'accepted' : 'blocked'}`;
    case 'task_blocked': return `blocked ${e.item}   kanban ${e.kanban}`;
    case 'judged': return `judge   ${e.checks.map((c) => (c.ok ? `${c.name} ok` : `${c.message}`)).join('; ')}`;
    case 'replan': return e.reason === 'unsure' ? `reread  the Planners were unsure: the Readers read the intent again   kanban ${e.kanban}`
      : e.reason === 'doubted' ? `reread  no word of the intent asks for a step the Readers wrote: they read it again without it   kanban ${e.kanban}`
        : `replan  ${e.reason}   kanban ${e.kanban}`;
    case 'composed': return `done    ${e.plan} (${plural(e.modelPlans, 'plan')} by the Planner, ${e.fallbackPlans} by the keyword decomposer)`;
    case 'refused': return `refused ${e.message}`;
    case 'asked': return `asked   Did you mean: ${e.words ?? e.plan}? (${e.plan}; ${e.message})`;
    case 'accepted': return `accept  the person accepted ${e.plan}`;
    case 'error': return `error   ${e.message}`;
    default: return null;
  }
}

/** The pipeline's models and settings from `dir/compose/`, with a sandbox the caller closes. */
export async function loadComposer(dir: string, runner: SandboxRunner): Promise<Composer> {
  const settingsPath = join(dir, 'compose', 'settings.json');
  let text: string;
  try {
    text = await readFile(settingsPath, 'utf8');
  } catch {
    throw new Error(`no settings at ${settingsPath} (choose them with "organelle eval compose --set validation --choose")`);
  }
  return Composer.load(await nodeWasmModule(), await readComposeModels(dir), parseSettings(text), runner);
}

/** The pipeline's model files in `dir/compose/`, by role, and the second reading's Readers where they are. */
export async function readComposeModels(dir: string): Promise<ComposeModels> {
  const bytes = {} as ComposeModels;
  // one at a time, so a missing file is named in role order
  for (const role of COMPOSE_ROLES) bytes[role] = await readModelFile(dir, 'compose', role);
  // the Readers are needed only when the settings name a second reading (Composer.load says so)
  for (const role of SECOND_READERS) {
    const file = await readModelFile(dir, 'compose', role).catch(() => null);
    if (file) bytes[role] = file;
  }
  return bytes;
}

function printEvent(e: OrchestratorEvent): void {
  const line = describeComposeEvent(e);
  if (line) console.log(`${String(e.step).padStart(4)} ${line}`);
}

/** What follows the events, live or replayed: the code, the share link, the trace file, the exit code. */
async function finish(result: ComposeResult, link: string | null, trace: string | undefined): Promise<void> {
  if (result.code !== null) console.log(`\n${result.code}`);
  if (link !== null) console.log(`share: ${COMPOSE_ROUTE}${link} (${link.length} characters)`);
  if (trace) {
    await writeFile(trace, toJsonl(result.events));
    console.log(`wrote ${result.events.length} events to ${trace}`);
  }
  if (result.code === null) process.exitCode = result.offered ? 3 : 2;
}

/** Whether the person at the terminal says yes to the offer; false without a terminal. */
async function confirmed(question: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export async function composeCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.compose.options);
  const intent = args.positional.join(' ');
  const replay = stringOption(args, 'replay');
  if (replay !== undefined) {
    if (intent !== '' || args.options.has('models') || args.options.has('no-planner')) throw new Error(synopsis(COMMAND_USAGE.compose));
    return replayCommand(replay, stringOption(args, 'trace'));
  }
  if (intent.trim() === '') throw new Error(synopsis(COMMAND_USAGE.compose));
  const runner = nodeSandbox();
  try {
    const composer = await loadComposer(stringOption(args, 'models') ?? SHIPPED_MODELS_DIR, runner);
    const planner = !args.options.has('no-planner');
    if (!planner) console.log('without the Planner: the keyword decomposer plans');
    const acceptOffer = args.options.has('yes');
    const asking = { planner, ...(args.options.has('ask') ? { askOnWords: true } : {}) };
    let result = await composer.compose(intent, { ...asking, acceptOffer, onEvent: printEvent });
    if (result.offered) {
      const question = `Did you mean: ${result.offered.words ?? formatPlan(result.offered.composition)}?`;
      if (await confirmed(question)) {
        // the same intent and models make the same run, so it offers the plan just seen; only its end is new
        const seen = result.events.length - 1;
        result = await composer.compose(intent, { ...asking, acceptOffer: true, onEvent: (e) => e.step >= seen && printEvent(e) });
      } else console.log(`\n${question} Nothing was handed over; run it again with --yes to compose that plan.`);
    }
    await finish(result, result.link, stringOption(args, 'trace'));
  } finally {
    runner.close();
  }
}

/**
 * Replays a shared run (a payload, `#/c/<payload>` or an address ending so) with no model. The
 * lines print once the replay is known to be the recorded run; a link that is not is refused
 * with the check it failed.
 */
async function replayCommand(text: string, trace: string | undefined): Promise<void> {
  const runner = nodeSandbox();
  try {
    const payload = composePayload(text);
    const { link, result } = await replayComposeLink(payload, { runner });
    console.log(`replay of a shared run by models ${link.models}: the recorded answers, no model loaded`);
    if (!link.planner) console.log('without the Planner: the keyword decomposer plans');
    result.events.forEach(printEvent);
    await finish(result, payload, trace);
  } finally {
    runner.close();
  }
}
