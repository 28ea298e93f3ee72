// After a browser training run of a compose Planner, Wiring or Code: the organelle composes
// a fixed sample of held-out intents with the built-in models in the other three roles, the Judge
// running the code in the sandbox, beside the built-in set on the same intents, under the shipped
// confidence settings (worker/pipeline/compose-eval.ts). The measure, the Judge and the sandbox
// load only then, as chunks of their own: a worker that trains a game never loads them. Where the
// site has no built-in compose models or settings to fetch (Node, or a build that ships none) the
// evaluation leaves the measure out.
import { registerEvaluator } from '../browser/evaluation.ts';
import { parseSettings, type ComposeSettings } from '../compose/settings.ts';
import { COMPOSE_ROLES } from '../compose/roles.ts';
import type { ComposeSet } from '../pipeline/compose-eval.ts';
import { builtInModels } from './built-in-model.ts';

/** The settings shipped beside the built-in compose models, fetched from the site like them; null without. */
export async function builtInComposeSettings(): Promise<ComposeSettings | null> {
  if (typeof fetch !== 'function' || typeof location === 'undefined') return null;
  try {
    const response = await fetch(new URL('../models/compose/settings.json', location.href));
    if (!response.ok) return null;
    return parseSettings(await response.text());
  } catch {
    return null;
  }
}

for (const role of COMPOSE_ROLES) {
  registerEvaluator(`compose/${role}`, async (organelle) => {
    const [built, settings] = await Promise.all([builtInModels('compose', COMPOSE_ROLES, organelle.engine.module), builtInComposeSettings()]);
    if (!settings || COMPOSE_ROLES.some((r) => !built[r])) return {};
    const [{ evaluateComposeRole }, { browserSandbox }] = await Promise.all([import('../pipeline/compose-eval.ts'), import('../compose/sandbox/browser.ts')]);
    const runner = browserSandbox();
    try {
      return await evaluateComposeRole(role, organelle, built as ComposeSet, settings, runner);
    } finally {
      runner.close();
    }
  });
}
