// `organelle train <game> [--organelle NAME] [--steps N] [--seed S] [--lr R] [--out DIR] [--threads N]`:
// every organelle of a game's pipeline from its registered recipe, one worker thread each, as
// many at once as the machine has cores (in the order the recipes are registered, the longest
// first, so a pipeline of more organelles than cores finishes as early as it can). The runs
// going share the cores (worker/cores.ts): a run that ends gives its threads to the others,
// which take them between slices, with the same bits on any number of threads. `organelle train --corpus FILE --out FILE ...`: one organelle from a file.
// Steps, seed and learning rate are held to TRAIN_LIMITS (the Train form's too), and a run
// that diverges stops, writes nothing and says what to try.
import { writeFile, mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { checkOutputFile, readNamedFile } from './files.ts';
import { basename, join } from 'node:path';
import { Organelle } from '../worker/organelle.ts';
import { corpusExamples } from '../worker/corpus/examples.ts';
import { TrainingDiverged, TrainingRun, formatProgress, formatDuration, type TrainProgress } from '../worker/trainer.ts';
import { SHAPE_PRESETS, isShapePresetName, type ShapePreset } from '../worker/model/shape.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { findRecipe, recipesFor, type GameId } from '../worker/recipes/index.ts';
import { PLAN_UNITS } from '../worker/compose/library.ts';
import type { TokenizerOptions } from '../worker/model/tokenizer.ts';
import { intOption, parseArgs, stringOption, limitedOption, type ParsedArgs } from './args.ts';
import { COMMAND_USAGE } from './usage.ts';
import { startTsWorker } from '../worker/threads.ts';
import { SHIPPED_MODELS_DIR } from './models.ts';
import type { ThreadsMessage, TrainJob, TrainMessage } from './train-worker.ts';
import type { Worker } from 'node:worker_threads';
import { shareCores } from '../worker/cores.ts';
import { nodeThreadPlatform } from '../worker/wasm/node-threads.ts';
import { MAX_THREADS } from '../worker/wasm/helper-threads.ts';
import { inPipeline } from '../worker/compose/roles.ts';
import { modelLossOn, type ModelLoss } from '../worker/model-loss.ts';
import { didYouMean } from './suggest.ts';

const GAMES: GameId[] = ['puzzle8', 'tictactoe', 'connect4', 'compose'];

export async function trainCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.train.options);
  const game = args.positional[0];
  if (game !== undefined) {
    if (!GAMES.includes(game as GameId)) {
      const meant = didYouMean(game, GAMES);
      throw new Error(`unknown game "${game}"${meant ? `: ${meant}` : ''} (known: ${GAMES.join(', ')})`);
    }
    refuseOptions(args, ['corpus', 'shape', 'name', 'recipe', 'tokenizer', 'vocab', 'merge-dropout'], 'a game trains its recipes, so --%s applies only to train --corpus');
    return trainGame(game as GameId, args);
  }
  refuseOptions(args, ['organelle'], '--%s applies only to train <game>');
  return trainCorpusFile(args);
}

/** --threads: the cores training may use (every one unless given), named when out of range. */
function threadsOption(args: ParsedArgs): number {
  const cores = availableParallelism();
  const threads = intOption(args, 'threads', cores, 1);
  if (threads > MAX_THREADS) throw new Error(`--threads must be an integer from 1 to ${MAX_THREADS}, got "${threads}"`);
  return threads;
}

/**
 * The closing figure of a run: the model's own loss (worker/model-loss.ts), which byte-identical
 * models share, not the last slice's batch loss, which depends on where the slice fell.
 */
export function finalLossText(m: ModelLoss): string {
  return `final loss ${m.loss.toFixed(4)} on ${m.documents.toLocaleString('en-US')} training documents`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** An option the command would ignore is an error, not a silent no-op. */
function refuseOptions(args: ParsedArgs, keys: string[], why: string): void {
  for (const key of keys) if (args.options.has(key)) throw new Error(why.replace('%s', key));
}

/**
 * What the command says when a run diverged: the step and what was not finite, that
 * nothing was written, and what to try.
 */
export function divergedMessage(name: string, err: TrainingDiverged, out: string): string {
  return `${name}: ${err.message}. Nothing was written to ${out}. ${err.advice('--lr')}`;
}

/**
 * Trains to the end, reporting each slice and awaiting `between` after it (a change of the
 * run's threads); a run that diverges throws divergedMessage's words.
 */
export async function trainToEnd(
  run: TrainingRun, name: string, out: string, report: (p: TrainProgress) => void, between?: () => Promise<void>,
): Promise<void> {
  try {
    while (!run.done) {
      report(run.slice(1000));
      await between?.();
    }
  } catch (err) {
    if (err instanceof TrainingDiverged) throw new Error(divergedMessage(name, err, out));
    throw err;
  }
}

/** Runs `work` on every item, at most `slots` at a time, in order; rejects on the first failure. */
export async function inPool<T>(items: readonly T[], slots: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(slots, items.length)) }, lane));
}

async function trainGame(game: GameId, args: ParsedArgs): Promise<void> {
  const only = stringOption(args, 'organelle');
  const recipes = recipesFor(game).filter((r) => only === undefined || r.organelle === only);
  if (recipes.length === 0) throw new Error(`no organelle "${only}" for ${game} (known: ${recipesFor(game).map((r) => r.organelle).join(', ')})`);
  const outDir = stringOption(args, 'out') ?? join(SHIPPED_MODELS_DIR, game);
  await mkdir(outDir, { recursive: true });
  const steps = limitedOption(args, 'steps', 'steps');
  const seed = limitedOption(args, 'seed', 'seed');
  const learningRate = limitedOption(args, 'lr', 'learningRate');
  const t0 = performance.now();
  const latest = new Map<string, TrainProgress>();
  const tty = process.stderr.isTTY;
  let lastPrint = 0;
  const print = (force = false) => {
    const now = performance.now();
    if (!force && now - lastPrint < 2000) return;
    lastPrint = now;
    const line = [...latest].map(([id, p]) => formatProgress(id.split('/')[1], p)).join('  |  ');
    process.stderr.write(tty ? `\r${line}   ` : `${line}\n`);
  };
  // the runs going share the cores; a run that ends gives its threads to the others
  const cores = threadsOption(args);
  const running: { id: string; worker: Worker }[] = [];
  const reshare = () => {
    const now = shareCores(cores, running.length);
    running.forEach((run, i) => run.worker.postMessage({ type: 'threads', count: now[i] } satisfies ThreadsMessage));
  };
  const trainOne = (r: (typeof recipes)[number]) => new Promise<void>((resolve, reject) => {
    const threads = shareCores(cores, running.length + 1).at(-1)!;
    const job: TrainJob = { recipeId: r.id, out: join(outDir, `${r.organelle}.organelle`), steps, seed, learningRate, threads };
    const worker = startTsWorker(new URL('./train-worker.ts', import.meta.url), job);
    running.push({ id: r.id, worker });
    reshare();
    const leave = () => {
      const at = running.findIndex((run) => run.worker === worker);
      if (at < 0) return;
      running.splice(at, 1);
      reshare();
    };
    worker.once('exit', leave);
    worker.on('message', (m: TrainMessage) => {
      if (m.type === 'started') {
        process.stderr.write(`${m.recipeId}: ${m.params.toLocaleString('en-US')} parameters, vocab ${m.vocab}, ${m.docs.toLocaleString('en-US')} documents, ${m.steps} steps, seed ${m.seed}, ${plural(m.threads, 'thread')}\n`);
      } else if (m.type === 'progress') {
        latest.set(m.recipeId, m.progress);
        print();
      } else if (m.type === 'diverged') {
        if (tty) process.stderr.write('\n');
        reject(new Error(m.message));
      } else {
        latest.set(m.recipeId, m.progress);
        print(true);
        if (tty) process.stderr.write('\n');
        console.log(`wrote ${m.out} (${formatDuration(m.progress.elapsedMs / 1000)} of training, ${finalLossText(m.finalLoss)})`);
        leave(); // its threads go to the runs still going
        resolve();
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${r.id}: worker exited with code ${code}`))));
  });
  // the pipeline's organelles first, so the last of them gets the cores the others leave; an
  // evaluation baseline (compose's single model) after them
  await inPool(recipes.filter(inPipeline), cores, trainOne);
  await inPool(recipes.filter((r) => !inPipeline(r)), cores, trainOne);
  console.log(`${game}: ${recipes.length} organelle(s) in ${formatDuration((performance.now() - t0) / 1000)} wall time on ${plural(cores, 'core')}`);
}

/**
 * --tokenizer char (the default) or subword with its vocabulary size, N units learned from the
 * corpus (worker/model/subword.ts): `--tokenizer subword --vocab N`, or `--tokenizer subword:N`
 * in one. For a Compose recipe the primitive names, `none` and `low_conf` are single units, so
 * a plan is a few units. --vocab sizes only a subword vocabulary (a char model's is its corpus
 * alphabet), so beside char, or with a size given twice, it is refused.
 */
export function tokenizerOption(value: string | undefined, game?: string, vocab?: string, mergeDropout?: string): TokenizerOptions {
  const kind = value === undefined || value === 'char' ? 'char' : value === 'subword' ? 'subword' : undefined;
  const inline = /^subword:(\d+)$/.exec(value ?? '')?.[1];
  if (kind === undefined && inline === undefined) {
    throw new Error(`--tokenizer takes char, subword (with --vocab N) or subword:N (N units, e.g. subword:512), not "${value}"`);
  }
  if (vocab !== undefined && kind === 'char') {
    throw new Error('--vocab sizes a subword vocabulary: give --tokenizer subword with it (a char model\'s units are its corpus characters)');
  }
  if (vocab !== undefined && inline !== undefined) throw new Error(`--tokenizer ${value} gives the vocabulary size already: leave out --vocab`);
  if (mergeDropout !== undefined && (kind === 'char' || (kind === undefined && inline === undefined))) {
    throw new Error('--merge-dropout skips subword merges while the documents are cut: give --tokenizer subword with it');
  }
  if (kind === 'char') return { kind: 'char' };
  const dropout = Number(mergeDropout ?? 0);
  if (!/^(0|0?\.\d+)$/.test(mergeDropout ?? '0')) {
    throw new Error(`--merge-dropout takes a probability from 0 up to (not including) 1, e.g. 0.1, not "${mergeDropout}"`);
  }
  const size = inline ?? vocab;
  if (size === undefined) throw new Error('--tokenizer subword needs a vocabulary size: --vocab N (e.g. --vocab 512)');
  if (!/^\d+$/.test(size) || Number(size) < 2) {
    throw new Error(`${inline !== undefined ? '--tokenizer subword:N' : '--vocab'} takes a whole number of units, 2 or more (e.g. 512), not "${size}"`);
  }
  return {
    kind: 'subword',
    vocabSize: Number(size),
    ...(game === 'compose' ? { protected: [...PLAN_UNITS] } : {}),
    ...(dropout > 0 ? { mergeDropout: dropout } : {}),
  };
}

async function trainCorpusFile(args: ParsedArgs): Promise<void> {
  const corpusPath = stringOption(args, 'corpus');
  const out = stringOption(args, 'out');
  if (!corpusPath || !out) throw new Error('train needs a game (train puzzle8) or --corpus FILE and --out FILE');
  // --recipe: a recipe's shape, settings, seed and name on another corpus (a corpus experiment,
  // e.g. `organelle corpus compose --language families` for the Compose Planner's)
  const recipeId = stringOption(args, 'recipe');
  const recipe = recipeId === undefined ? undefined : findRecipe(recipeId);
  const shapeName = stringOption(args, 'shape') ?? '64k';
  if (!isShapePresetName(shapeName)) throw new Error(`unknown shape "${shapeName}" (known: ${Object.keys(SHAPE_PRESETS).join(', ')})`);
  // with --recipe, --shape widens (or narrows) the recipe's model: the preset's widths, the
  // recipe's block and attention (a Planner's prompts need its 384 positions and ALiBi)
  let architecture: ShapePreset = SHAPE_PRESETS[shapeName];
  if (recipe && args.options.has('shape')) architecture = { ...architecture, block: recipe.architecture.block, alibi: recipe.architecture.alibi };
  else if (recipe) architecture = recipe.architecture;
  const steps = limitedOption(args, 'steps', 'steps', recipe?.config.steps ?? 25_000);
  const seed = limitedOption(args, 'seed', 'seed', recipe?.seed ?? 1);
  const lr = limitedOption(args, 'lr', 'learningRate');
  const asked = tokenizerOption(stringOption(args, 'tokenizer'), recipe?.game, stringOption(args, 'vocab'), stringOption(args, 'merge-dropout'));
  const corpusText = await readNamedFile(corpusPath, 'corpus file');
  // a compose recipe's plan units are protected where the corpus holds them (a corpus of
  // readings in words, like the Check experiment's, holds no primitive name)
  const tokenizer = asked.kind === 'subword' && asked.protected ? { ...asked, protected: asked.protected.filter((w) => corpusText.includes(w)) } : asked;
  await checkOutputFile(out, '--out');
  const name = stringOption(args, 'name') ?? recipe?.id ?? basename(corpusPath).replace(/\.[^.]*$/, '');
  const threads = threadsOption(args);
  const organelle = await Organelle.create(await nodeWasmModule(), {
    name, corpusId: name, corpusText, architecture, seed, tokenizer,
    config: { ...recipe?.config, steps, ...(lr !== undefined ? { learningRate: lr } : {}) },
    engine: { threads: { count: threads, platform: nodeThreadPlatform } },
  });
  process.stderr.write(`${name}: ${organelle.engine.paramCount.toLocaleString('en-US')} parameters, vocab ${organelle.vocab.size}, ${steps} steps, seed ${seed}, ${plural(threads, 'thread')}\n`);
  const run = new TrainingRun(organelle);
  const tty = process.stderr.isTTY;
  let finalLoss: ModelLoss;
  try {
    await trainToEnd(run, name, out, (p) => process.stderr.write(tty ? `\r${formatProgress(name, p)}   ` : `${formatProgress(name, p)}\n`));
    finalLoss = modelLossOn(organelle, corpusText);
  } finally {
    if (tty) process.stderr.write('\n');
    await organelle.engine.close();
  }
  await writeFile(out, organelle.toFile(false, { examples: corpusExamples(organelle, corpusText) }));
  console.log(`wrote ${out} after ${formatDuration(run.progress.elapsedMs / 1000)} (${finalLossText(finalLoss)})`);
}
