// The code-composition pipeline's organelles (seed 000, section 9): two Planners (one recipe,
// two seeds: a plan counts only when both write it), a Wiring and a Code organelle, trained from
// one deterministic build of corpus/compose.ts; and the single-model baseline (intent straight
// to the whole code), which is measured beside the pipeline but is not part of it. The shipped
// models (public/models/compose/) are this recipe's output at these seeds. `organelle train
// compose` runs the pipeline's four in this order on as many cores as there are (on two: the
// Planner beside the Wiring, then the Code, then the second Planner; each run left takes the
// cores the others leave), and the baseline after them.
import { buildComposeCorpus, composeCodeCorpus, DEFAULT_COMPOSE_CORPUS, READER_COMPOSE_CORPUS, type ComposeCorpus } from '../../corpus/compose.ts';
import { COMPOSE_LIBRARY } from '../compose/library.ts';
import { registerRecipe } from './registry.ts';

let built: ComposeCorpus | undefined;
// The four read the same build, which takes about 10 s: it is made once. The Code's documents
// (one per primitive, no seed) are the same text without it: a process that trains the Code
// alone (`organelle train compose --organelle code`, each of its worker threads) does not wait for it.
function corpus(): ComposeCorpus {
  built ??= buildComposeCorpus(COMPOSE_LIBRARY, DEFAULT_COMPOSE_CORPUS);
  return built;
}

let readers: string | undefined;
// The second reading's Planners read their own corpus: the table's sentences beside the sentence
// families people write (corpus/compose-families.ts), made once as the four's is
function readerCorpus(): string {
  readers ??= buildComposeCorpus(COMPOSE_LIBRARY, READER_COMPOSE_CORPUS).planner;
  return readers;
}

/** The Planner's recipe but for its seed: both Planners are made from it, and the second reading's from it with their own corpus. */
function plannerRecipe(organelle: 'planner' | 'planner2' | 'reader' | 'reader2', seed: number) {
  return {
    game: 'compose' as const,
    organelle,
    id: `compose/${organelle}`,
    // ALiBi: with learned positions alone this model planned 29% of validation's clean sentences
    // after 8,000 steps, with ALiBi 80% (docs/compose.md). 20,000 steps on 80,000 documents
    // planned 95% in trials; 8 heads gave ALiBi more distinct slopes for 15% more time a step.
    architecture: { embd: 64, heads: 8, layers: 3, mlp: 256, block: 384, alibi: true },
    seed,
    config: { steps: 20_000, batchDocs: 16, learningRate: 5e-3, warmupSteps: 200, labelSmoothing: 0 },
    buildCorpus: () => corpus().planner,
  };
}

registerRecipe({
  ...plannerRecipe('planner', 31),
  title: 'Compose Planner',
  description: 'Reads an intent in words and the blocked patterns; writes the chain of known primitives that does it, with their parameters, or none.',
});

registerRecipe({
  game: 'compose',
  organelle: 'wiring',
  id: 'compose/wiring',
  title: 'Compose Wiring',
  description: "Reads the plan's primitives and their signatures; writes the function that chains them.",
  // ALiBi: copying each step's name and values needs attention by distance; with learned
  // positions alone the same model wired 89% of held-out compositions after 8,000 steps (lr
  // 6e-3), with ALiBi 99.9% (839 of 840) and its confidence separates right from wrong
  architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 320, alibi: true },
  seed: 32,
  config: { steps: 6_000, batchDocs: 16, learningRate: 6e-3, warmupSteps: 200 },
  buildCorpus: () => corpus().wiring,
});

registerRecipe({
  game: 'compose',
  organelle: 'code',
  id: 'compose/code',
  title: 'Compose Code',
  description: "Reads a primitive's name; recalls its canonical body.",
  // 76 bodies to recall byte for byte: all 76 after 1,000 steps in trials, 1,500 for margin
  architecture: { embd: 64, heads: 4, layers: 2, mlp: 256, block: 288, alibi: true },
  seed: 33,
  config: { steps: 1_500, batchDocs: 8, learningRate: 3e-3, warmupSteps: 100 },
  buildCorpus: () => built?.code ?? composeCodeCorpus(COMPOSE_LIBRARY),
});

// The second reading (worker/orchestrator/task-loop.ts rule 8): two Planners of the families
// corpus read an intent again when the first two are unsure. Twice the steps: at 20,000 the
// families Planner read new templates at 64%, at 40,000 at 84% (docs/compose.md). With the
// shipped pair first, typed .. typed-7 passed 544 of 1,055 against 419, and every generator set
// rose (template 91% to 96%).
function readerRecipe(organelle: 'reader' | 'reader2', seed: number) {
  const planner = plannerRecipe(organelle, seed);
  return { ...planner, config: { ...planner.config, steps: 40_000 }, buildCorpus: readerCorpus };
}

// Two Planners misread an unknown word as different known steps more often than one is unsure
// of its own misreading: requiring agreement kept 272 right plans of validation's 400 against
// 260 at the same wrong-plan budget (docs/compose.md)
registerRecipe({
  ...plannerRecipe('planner2', 32),
  title: 'Compose Second Planner',
  description: 'The Planner again, from another seed: a plan counts only when both Planners write it.',
});

registerRecipe({
  ...readerRecipe('reader', 31),
  title: 'Compose Reader',
  description: 'Reads an intent again, in the words people use, when the two Planners are unsure of it; writes the plan, or none.',
});

registerRecipe({
  ...readerRecipe('reader2', 32),
  title: 'Compose Second Reader',
  description: 'The Reader again, from another seed: its second reading counts only when both Readers write it.',
});

registerRecipe({
  game: 'compose',
  organelle: 'single',
  id: 'compose/single',
  title: 'Compose single model (baseline)',
  description: 'The baseline of one organelle from the intent straight to the whole code; measured beside the pipeline, not part of it.',
  // the same engine as the pipeline's (ALiBi included), so the comparison is of the design
  architecture: { embd: 64, heads: 4, layers: 2, mlp: 256, block: 1024, alibi: true },
  seed: 34,
  config: { steps: 3_000, batchDocs: 8, learningRate: 3e-3, warmupSteps: 200 },
  buildCorpus: () => corpus().single,
});
