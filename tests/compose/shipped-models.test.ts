// The shipped code-composition models (public/models/compose/): each file is its registered
// recipe's output on the current corpus (`organelle train compose` rebuilds them bit for bit;
// the full recipes by command, one short recipe here), carries no optimizer state, and the
// settings beside them were chosen for exactly these files. The pipeline composes a plain
// intent with them, in the Node sandbox.
import { COMPOSE_ROLES } from '../../worker/compose/roles.ts';
import { expectShippedMatchesRecipe } from '../helpers/shipped.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannerPrompt, weighPrompt } from '../../worker/compose/prompts.ts';
import { composeOrganelle, MAX_ANSWER } from '../../worker/compose/organelles.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeModelFile, modelFingerprint } from '../../worker/model/model-file.ts';
import { Organelle } from '../../worker/organelle.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { findRecipe } from '../../worker/recipes/index.ts';
import { SHIPPED_MODELS_DIR } from '../../cli/models.ts';
import { parseSettings } from '../../worker/compose/settings.ts';
import { loadComposer } from '../../cli/compose.ts';
import { nodeSandbox } from '../../worker/compose/sandbox/node.ts';
import type { SandboxRunner } from '../../worker/compose/sandbox/runner.ts';
import { composeExamples, phraseIntents } from '../../worker/compose/examples.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { planInWords } from '../../worker/compose/reading.ts';
import { formatPlan } from '../../worker/compose/plan.ts';
import { buildSet, SET_NAMES } from '../../worker/compose/sets.ts';
import { composesAsAsked, exampleCandidates } from '../../cli/compose-examples.ts';

const ROLES = [...COMPOSE_ROLES, 'single'] as const;
const DIR = join(SHIPPED_MODELS_DIR, 'compose');

describe('shipped compose models', () => {
  it.each(ROLES)('%s matches its recipe and the current corpus', (role) => expectShippedMatchesRecipe('compose', role));

  it('has settings chosen for exactly these models', async () => {
    const settings = parseSettings(await readFile(join(DIR, 'settings.json'), 'utf8'));
    for (const role of ROLES) {
      const model = decodeModelFile(await readFile(join(DIR, `${role}.organelle`)));
      expect(settings.models[role], role).toBe(modelFingerprint(model));
    }
  });

  // The Code organelle's recipe is the shortest (1,500 steps): trained here from scratch, it must
  // give the shipped file's weights bit for bit. The others are checked the same way by command.
  it('the Code recipe retrains to the shipped weights, bit for bit', async () => {
    const recipe = findRecipe('compose/code');
    const organelle = await Organelle.create(await nodeWasmModule(), {
      name: recipe.id, corpusId: recipe.id, corpusText: recipe.buildCorpus(), architecture: recipe.architecture, seed: recipe.seed, config: recipe.config,
    });
    while (organelle.stepsDone < recipe.config.steps!) organelle.trainStep();
    const shipped = decodeModelFile(await readFile(join(DIR, 'code.organelle')));
    expect(modelFingerprint(organelle.toModel())).toBe(modelFingerprint(shipped));
  }, 240_000);
});

describe('the shipped pipeline', () => {
  let runner: SandboxRunner;
  beforeAll(() => {
    runner = nodeSandbox();
  });
  afterAll(() => runner.close());

  it('composes a plain intent into code the Judge passes, every answer from an organelle', async () => {
    const composer = await loadComposer(SHIPPED_MODELS_DIR, runner);
    const r = await composer.compose('smooth the signal over 5 points then take its derivative');
    expect(r.refusal).toBeNull();
    expect(r.composition).toEqual([{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }]);
    expect(r.fallbackPlans).toBe(0);
    expect(r.events.find((e) => e.type === 'judged')).toMatchObject({ ok: true });
  });

  // what the Compose view offers: the first candidates of each kind that these models compose as
  // asked, each what its kind says (a held-out set's case, a training-class sentence, an unknown concept)
  it('composes every example the settings offer as asked, and each is what its kind says', async () => {
    const settings = parseSettings(await readFile(join(DIR, 'settings.json'), 'utf8'));
    const examples = settings.examples ?? [];
    const candidates = exampleCandidates();
    expect(examples.map((e) => e.kind)).toEqual(composeExamples(COMPOSE_LIBRARY).examples.map((e) => e.kind));
    const composer = await loadComposer(SHIPPED_MODELS_DIR, runner);
    for (const e of examples) {
      expect(candidates, e.intent).toContainEqual(e);
      if (e.kind === 'ordinary') expect(SET_NAMES.some((set) => buildSet(set, COMPOSE_LIBRARY).some((c) => c.intent === e.intent)), e.intent).toBe(false);
      else {
        const set = e.kind === 'unknown' ? 'oov' : e.kind;
        expect(buildSet(set, COMPOSE_LIBRARY).map((c) => c.intent), e.intent).toContain(e.intent);
      }
      expect(await composesAsAsked(composer, e), e.intent).toBe(true);
    }
  });

  it('a Planner reads a plan as one document as sure as it was writing it (the weighing of two plans)', async () => {
    const { planner } = (await loadComposer(SHIPPED_MODELS_DIR, runner)).models;
    const prompt = plannerPrompt('smooth the signal over 5 points then take its derivative', []);
    const written = planner.complete(prompt, { maxNew: 64 });
    const read = planner.answerProbs(prompt, written.text);
    expect(read.length).toBe(written.tokenProbs.length);
    read.forEach((p, i) => expect(p).toBeCloseTo(written.tokenProbs[i], 5));
    // a plan it would not write: some character far less sure
    expect(Math.min(...planner.answerProbs(prompt, 'rolling_mean(5)|diff_forward'))).toBeLessThan(0.5);
    // a prompt and plan too long for its block: weighed as a cut-off answer, at confidence 0
    const long = composeOrganelle(planner, MAX_ANSWER.planner, 'mean')(weighPrompt(`${'smooth it '.repeat(38)}|blocked=`, 'rolling_mean(3)'));
    expect(long).toEqual({ text: 'rolling_mean(3)', confidence: 0 });
  });

  it("reads an intent a person types with characters no corpus writes: both Planners' vocabularies hold every character of its prompt", async () => {
    const composer = await loadComposer(SHIPPED_MODELS_DIR, runner);
    const { planner, planner2 } = composer.models;
    const typed = `What's the RMS value? x: "smooth" it; 0.1/0.3 & 50% — don’t sort ${String.fromCharCode(...Array.from({ length: 95 }, (_, i) => i + 32)).replace('|', '')}`;
    const prompt = plannerPrompt(typed, []);
    expect(prompt.startsWith('whats the rms value? x smooth it 0.1 0.3 50 dont sort ')).toBe(true);
    for (const organelle of [planner, planner2]) expect(() => organelle.complete(prompt, { maxNew: 8 })).not.toThrow();
    // the pipeline asks the Planners and composes, where before it stopped at the apostrophe
    const r = await composer.compose("what's the power spectrum of this");
    expect(r.composition).toEqual([{ name: 'power_spectrum', args: [] }]);
    expect(r.fallbackPlans).toBe(0);
  });

  it("composes every primitive said in the library's words as the page offers a refused plan back (compose/reading.ts)", async () => {
    const composer = await loadComposer(SHIPPED_MODELS_DIR, runner);
    const missed: string[] = [];
    for (const p of COMPOSE_LIBRARY.primitives) {
      const composition = [{ name: p.name, args: p.params.map((q) => q.default) }];
      const sentence = planInWords(composition, COMPOSE_LIBRARY.lookup, { everyNumber: true });
      const r = sentence === null ? null : await composer.compose(sentence);
      if (r?.composition == null || formatPlan(r.composition) !== formatPlan(composition)) missed.push(sentence ?? `${p.name}: no sentence`);
    }
    // measured: all 76
    expect(missed).toEqual([]);
  });

  it("composes every phrase of the suggestions' pool, each said on its own, as asked (what a refusal offers to try)", async () => {
    const composer = await loadComposer(SHIPPED_MODELS_DIR, runner);
    const missed: string[] = [];
    for (const { intent, plan } of phraseIntents(COMPOSE_LIBRARY)) {
      const r = await composer.compose(intent);
      if (r.composition == null || formatPlan(r.composition) !== plan) missed.push(intent);
    }
    // measured: all 280
    expect(missed).toEqual([]);
  });

  it('refuses an intent on a concept it does not know', async () => {
    const composer = await loadComposer(SHIPPED_MODELS_DIR, runner);
    const r = await composer.compose('compute the kurtosis of the signal');
    expect(r.code).toBeNull();
  });
});
