// Worker thread: trains one registered organelle and writes its .organelle file, posting
// progress to the parent. One worker per organelle, so a game's organelles train at once,
// each on its share of the cores (helper threads of its own, worker/wasm/node-threads.ts),
// which the parent changes between slices as runs finish. A run that diverges writes
// nothing and posts what happened instead.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { writeFile } from 'node:fs/promises';
import { findRecipe } from '../worker/recipes/index.ts';
import { Organelle } from '../worker/organelle.ts';
import { corpusExamples } from '../worker/corpus/examples.ts';
import { TrainingRun, type TrainProgress } from '../worker/trainer.ts';
import { trainToEnd } from './train.ts';
import { modelLossOn, type ModelLoss } from '../worker/model-loss.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { nodeThreadPlatform } from '../worker/wasm/node-threads.ts';

export interface TrainJob { recipeId: string; steps?: number; seed?: number; learningRate?: number; out: string; threads: number }
/** From the parent: the run's new share of the cores. */
export interface ThreadsMessage { type: 'threads'; count: number }
export type TrainMessage =
  | { type: 'started'; recipeId: string; params: number; vocab: number; docs: number; steps: number; seed: number; threads: number }
  | { type: 'progress'; recipeId: string; progress: TrainProgress }
  | { type: 'diverged'; recipeId: string; message: string }
  /** finalLoss: the model's loss (worker/model-loss.ts), the same for the same bytes; progress.loss is the last slice's batch loss. */
  | { type: 'done'; recipeId: string; out: string; progress: TrainProgress; finalLoss: ModelLoss };

const job = workerData as TrainJob;
const post = (m: TrainMessage) => parentPort!.postMessage(m);

const recipe = findRecipe(job.recipeId);
const corpusText = recipe.buildCorpus();
const seed = job.seed ?? recipe.seed;
const organelle = await Organelle.create(await nodeWasmModule(), {
  name: recipe.id, corpusId: recipe.id, corpusText, architecture: recipe.architecture, seed,
  ...(recipe.tokenizer ? { tokenizer: recipe.tokenizer } : {}),
  config: {
    ...recipe.config,
    ...(job.steps ? { steps: job.steps } : {}),
    ...(job.learningRate ? { learningRate: job.learningRate } : {}),
  },
  engine: { threads: { count: job.threads, platform: nodeThreadPlatform } },
});
post({
  type: 'started', recipeId: recipe.id, params: organelle.engine.paramCount, vocab: organelle.vocab.size,
  docs: corpusText.split('\n\n').length, steps: organelle.recipe.config.steps, seed, threads: organelle.engine.threads,
});
const run = new TrainingRun(organelle);
let diverged: string | null = null;
try {
  await trainToEnd(run, recipe.id, job.out, (progress) => post({ type: 'progress', recipeId: recipe.id, progress }), async () => {
    let latest: ThreadsMessage | undefined;
    for (let m = receiveMessageOnPort(parentPort!); m; m = receiveMessageOnPort(parentPort!)) latest = m.message as ThreadsMessage;
    if (latest) await organelle.engine.setThreads(latest.count);
  });
} catch (err) {
  if (!run.diverged) throw err;
  diverged = (err as Error).message;
}
const finalLoss = diverged === null ? modelLossOn(organelle, corpusText) : { loss: NaN, documents: 0 };
await organelle.engine.close();
if (diverged !== null) {
  post({ type: 'diverged', recipeId: recipe.id, message: diverged });
} else {
  await writeFile(job.out, organelle.toFile(false, { examples: corpusExamples(organelle, corpusText) }));
  post({ type: 'done', recipeId: recipe.id, out: job.out, progress: run.progress, finalLoss });
}
