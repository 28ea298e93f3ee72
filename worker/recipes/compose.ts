// The code-composition pipeline's organelles (seed 000, section 9): a Planner, a Wiring and a
// Code organelle, trained from one deterministic build of corpus/compose.ts; and the
// single-model baseline (intent straight to the whole code), which is measured beside the
// pipeline but is not part of it. The shipped models (public/models/compose/) are this
// recipe's output at these seeds.
import { buildComposeCorpus, DEFAULT_COMPOSE_CORPUS, type ComposeCorpus } from '../../corpus/compose.ts';
import { COMPOSE_LIBRARY } from '../compose/library.ts';
import { registerRecipe } from './registry.ts';

let built: ComposeCorpus | undefined;
// The four read the same build, which takes about 10 s: it is made once.
function corpus(): ComposeCorpus {
  built ??= buildComposeCorpus(COMPOSE_LIBRARY, DEFAULT_COMPOSE_CORPUS);
  return built;
}

registerRecipe({
  game: 'compose',
  organelle: 'planner',
  id: 'compose/planner',
  title: 'Compose Planner',
  description: 'Reads an intent in words and the blocked patterns; writes the chain of known primitives that does it, with their parameters, or none.',
  architecture: { embd: 64, heads: 4, layers: 3, mlp: 256, block: 256 },
  seed: 31,
  config: { steps: 6_000, batchDocs: 16, learningRate: 2e-3, warmupSteps: 200 },
  buildCorpus: () => corpus().planner,
});

registerRecipe({
  game: 'compose',
  organelle: 'wiring',
  id: 'compose/wiring',
  title: 'Compose Wiring',
  description: "Reads the plan's primitives and their signatures; writes the function that chains them.",
  architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 320 },
  seed: 32,
  config: { steps: 3_000, batchDocs: 16, learningRate: 2e-3, warmupSteps: 200 },
  buildCorpus: () => corpus().wiring,
});

registerRecipe({
  game: 'compose',
  organelle: 'code',
  id: 'compose/code',
  title: 'Compose Code',
  description: "Reads a primitive's name; recalls its canonical body.",
  architecture: { embd: 64, heads: 4, layers: 2, mlp: 256, block: 320 },
  seed: 33,
  config: { steps: 3_000, batchDocs: 8, learningRate: 2e-3, warmupSteps: 200 },
  buildCorpus: () => corpus().code,
});

registerRecipe({
  game: 'compose',
  organelle: 'single',
  id: 'compose/single',
  title: 'Compose single model (baseline)',
  description: 'The baseline of one organelle from the intent straight to the whole code; measured beside the pipeline, not part of it.',
  architecture: { embd: 64, heads: 4, layers: 2, mlp: 256, block: 1024 },
  seed: 34,
  config: { steps: 3_000, batchDocs: 8, learningRate: 2e-3, warmupSteps: 200 },
  buildCorpus: () => corpus().single,
});
