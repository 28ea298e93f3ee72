// The Check organelle's corpus (issue 51 item 3, an experiment: no recipe trains it yet). A
// learned check reads a person's intent beside the library's own reading of a plan ("smooth the
// signal over 3 points, then differentiate it", reading.ts planInWords) and answers `yes` (the
// plan does what the intent asks) or `no`. It is meant to do the work of the hand-written word
// rules (said.ts), which refuse plans for the words used: a model sees the intent's words against
// the plan's instead.
//
// Built from a Planner corpus (its intents with no blocked step): half the documents pair an
// intent with its own plan's reading (`yes`); the other half with a plan near it (`no`): one step
// replaced (by a step of the same category half the time, the near misses a Planner makes), a
// step left out, a step added, two steps in the other order; an unknown concept's intent is
// paired with a plan of one or two steps (`no`). A parameter's value is never what differs: the
// fact rules (facts.ts) check numbers.
import { Rng } from '../worker/games/rng.ts';
import { checkChain, formatPlan, parsePlan } from '../worker/compose/plan.ts';
import { isHeldOutPair } from '../worker/compose/splits.ts';
import { planInWords } from '../worker/compose/reading.ts';
import { drawStep } from '../worker/compose/intents.ts';
import type { Library } from '../worker/compose/sets.ts';
import type { Composition, Primitive, Step } from '../worker/compose/types.ts';

export const CHECK_YES = 'yes';
export const CHECK_NO = 'no';

/** The Check organelle's prompt: the intent, then the plan's reading. */
export function checkPrompt(intent: string, reading: string): string {
  return `${intent}|reading=${reading}`;
}

function sameSteps(a: Composition, b: Composition): boolean {
  return a.length === b.length && a.every((s, i) => s.name === b[i].name);
}

/** A plan near `plan` that is not it, or null when the draw finds none that chains. */
export function nearMiss(rng: Rng, plan: Composition, lib: Library): Composition | null {
  const all = lib.primitives;
  const stepOf = (p: Primitive): Step => drawStep(rng, p).step;
  let out: Step[] = [...plan];
  const kind = rng.int(plan.length > 1 ? 5 : 3);
  if (kind <= 1) {
    const i = rng.int(plan.length);
    const now = lib.lookup(plan[i].name)!;
    const pool = kind === 0 ? all.filter((p) => p.category === now.category && p.name !== now.name) : all.filter((p) => p.name !== now.name);
    if (pool.length === 0) return null;
    out[i] = stepOf(rng.pick(pool));
  } else if (kind === 2) {
    if (plan.length >= 3) return null;
    out.splice(rng.int(plan.length + 1), 0, stepOf(rng.pick(all)));
  } else if (kind === 3) {
    out.splice(rng.int(plan.length), 1);
  } else {
    const i = rng.int(plan.length - 1);
    [out[i], out[i + 1]] = [out[i + 1], out[i]];
  }
  return usable(out, lib) && !sameSteps(out, plan) ? out : null;
}

/** A plan of one or two steps, for an unknown concept's intent. */
function anyPlan(rng: Rng, lib: Library): Composition | null {
  const steps = [drawStep(rng, rng.pick(lib.primitives)).step];
  if (rng.int(3) === 0) steps.push(drawStep(rng, rng.pick(lib.primitives)).step);
  return usable(steps, lib) ? steps : null;
}

/** A plan that chains and holds no ordered pair the composition set holds out. */
function usable(plan: Composition, lib: Library): boolean {
  if (plan.length === 0 || checkChain(plan, lib.lookup) !== null) return false;
  return plan.every((s, i) => i === 0 || !isHeldOutPair(plan[i - 1].name, s.name));
}

/** `docs` Check documents from a Planner corpus's unblocked intents. */
export function buildCheckCorpus(plannerCorpus: string, lib: Library, docs: number, seed = 1): string {
  const sources: { intent: string; plan: Composition | null }[] = [];
  for (const d of plannerCorpus.split('\n\n')) {
    const [prompt, answer] = d.split('\n');
    const at = prompt.lastIndexOf('|blocked=');
    if (at < 0 || prompt.slice(at + 9) !== '') continue;
    const parsed = parsePlan(answer, lib.lookup);
    if (!parsed.ok) continue;
    sources.push({ intent: prompt.slice(0, at), plan: 'refusal' in parsed ? null : parsed.composition });
  }
  const rng = new Rng(`compose/check/${seed}`);
  const out: string[] = [];
  for (let i = 0; out.length < docs && i < docs * 20; i++) {
    const { intent, plan } = sources[rng.int(sources.length)];
    const yes = plan !== null && rng.int(2) === 0;
    const shown = yes ? plan : plan === null ? anyPlan(rng, lib) : nearMiss(rng, plan, lib);
    if (shown === null) continue;
    const reading = planInWords(shown, lib.lookup) ?? formatPlan(shown);
    out.push(`${checkPrompt(intent, reading)}\n${yes ? CHECK_YES : CHECK_NO}`);
  }
  return out.join('\n\n');
}

