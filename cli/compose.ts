// `organelle compose "INTENT" [--models DIR] [--trace FILE] [--no-planner]`: one run of the
// code-composition pipeline, printing the kanban at each task, every organelle call with its
// confidence against the threshold, the Judge's checks and the code handed over (or why none
// was). The trace (the event list) can be written as JSONL.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Composer } from '../worker/pipeline/composer.ts';
import { parseSettings } from '../worker/compose/settings.ts';
import { nodeSandbox } from '../worker/compose/sandbox/node.ts';
import { toJsonl, type OrchestratorEvent } from '../worker/orchestrator/events.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { parseArgs, stringOption } from './args.ts';
import { readModelFile, SHIPPED_MODELS_DIR } from './models.ts';
import type { SandboxRunner } from '../worker/compose/sandbox/runner.ts';

export const COMPOSE_USAGE = 'usage: organelle compose "INTENT" [--models DIR] [--trace FILE] [--no-planner]';

const conf = (c: number, t: number) => `${c.toFixed(2)} ${c >= t ? '>=' : '<'} ${t.toFixed(2)}`;

export function describeComposeEvent(e: OrchestratorEvent): string | null {
  switch (e.type) {
    case 'plan_requested': return `plan    planner <- "${e.prompt}"`;
    case 'plan_generated': return `plan    planner -> "${e.output}" (attempt ${e.attempt}, confidence ${e.confidence.toFixed(2)})  todo ${e.plan.join(',')}`;
    case 'plan_rejected': return `reject  planner "${e.output}": ${e.reason}`;
    case 'plan_fallback': return `plan    keyword decomposer (${e.reason}) -> ${e.plan.length ? e.plan.join(',') : 'none'}`;
    case 'task_started': return `task    ${e.task}   kanban ${e.kanban}`;
    case 'task_answered': return `        ${e.organelle} <- "${e.prompt}"\n        ${e.organelle} -> ${e.output}\n        confidence ${conf(e.confidence, e.threshold)}: ${e.accepted ? 'accepted' : 'blocked'}`;
    case 'task_blocked': return `blocked ${e.item}   kanban ${e.kanban}`;
    case 'judged': return `judge   ${e.checks.map((c) => (c.ok ? `${c.name} ok` : `${c.message}`)).join('; ')}`;
    case 'replan': return `replan  ${e.reason}   kanban ${e.kanban}`;
    case 'composed': return `done    ${e.plan} (${e.modelPlans} plan(s) by the Planner, ${e.fallbackPlans} by the keyword decomposer)`;
    case 'refused': return `refused ${e.message}`;
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
  const bytes = {
    planner: await readModelFile(dir, 'compose', 'planner'),
    wiring: await readModelFile(dir, 'compose', 'wiring'),
    code: await readModelFile(dir, 'compose', 'code'),
  };
  return Composer.load(await nodeWasmModule(), bytes, parseSettings(text), runner);
}

export async function composeCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { values: ['models', 'trace'], flags: ['no-planner'] });
  const intent = args.positional.join(' ');
  if (intent.trim() === '') throw new Error(COMPOSE_USAGE);
  const runner = nodeSandbox();
  try {
    const composer = await loadComposer(stringOption(args, 'models') ?? SHIPPED_MODELS_DIR, runner);
    const planner = !args.options.has('no-planner');
    if (!planner) console.log('without the Planner: the keyword decomposer plans');
    const result = await composer.compose(intent, {
      planner,
      onEvent: (e) => {
        const line = describeComposeEvent(e);
        if (line) console.log(`${String(e.step).padStart(4)} ${line}`);
      },
    });
    if (result.code !== null) console.log(`\n${result.code}`);
    const trace = stringOption(args, 'trace');
    if (trace) {
      await writeFile(trace, toJsonl(result.events));
      console.log(`wrote ${result.events.length} events to ${trace}`);
    }
    if (result.code === null) process.exitCode = 2;
  } finally {
    runner.close();
  }
}
