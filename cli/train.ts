// `organelle train <game> [--organelle NAME] [--steps N] [--seed S] [--out DIR]`: every
// organelle of a game's pipeline from its registered recipe, concurrently, one worker
// thread each. `organelle train --corpus FILE --out FILE ...`: one organelle from a file.
import { writeFile, mkdir } from 'node:fs/promises';
import { checkOutputFile, readNamedFile } from './files.ts';
import { basename, join } from 'node:path';
import { Organelle } from '../worker/organelle.ts';
import { corpusExamples } from '../worker/corpus/examples.ts';
import { TrainingRun, formatProgress, formatDuration, type TrainProgress } from '../worker/trainer.ts';
import { SHAPE_PRESETS, isShapePresetName } from '../worker/model/shape.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { recipesFor, type GameId } from '../worker/recipes/index.ts';
import { parseArgs, stringOption, intOption, positiveNumberOption, type ParsedArgs } from './args.ts';
import { startTsWorker } from '../worker/threads.ts';
import { SHIPPED_MODELS_DIR } from './models.ts';
import type { TrainJob, TrainMessage } from './train-worker.ts';

const GAMES: GameId[] = ['puzzle8', 'tictactoe', 'connect4'];

export async function trainCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { values: ['corpus', 'out', 'steps', 'seed', 'shape', 'lr', 'name', 'organelle'], flags: [] });
  const game = args.positional[0];
  if (game !== undefined) {
    if (!GAMES.includes(game as GameId)) throw new Error(`unknown game "${game}" (known: ${GAMES.join(', ')})`);
    return trainGame(game as GameId, args);
  }
  return trainCorpusFile(args);
}

async function trainGame(game: GameId, args: ParsedArgs): Promise<void> {
  const only = stringOption(args, 'organelle');
  const recipes = recipesFor(game).filter((r) => only === undefined || r.organelle === only);
  if (recipes.length === 0) throw new Error(`no organelle "${only}" for ${game} (known: ${recipesFor(game).map((r) => r.organelle).join(', ')})`);
  const outDir = stringOption(args, 'out') ?? join(SHIPPED_MODELS_DIR, game);
  await mkdir(outDir, { recursive: true });
  const steps = args.options.has('steps') ? intOption(args, 'steps', 1, 1) : undefined;
  const seed = args.options.has('seed') ? intOption(args, 'seed', 0) : undefined;
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
  await Promise.all(recipes.map((r) => new Promise<void>((resolve, reject) => {
    const job: TrainJob = { recipeId: r.id, out: join(outDir, `${r.organelle}.organelle`), steps, seed };
    const worker = startTsWorker(new URL('./train-worker.ts', import.meta.url), job);
    worker.on('message', (m: TrainMessage) => {
      if (m.type === 'started') {
        process.stderr.write(`${m.recipeId}: ${m.params.toLocaleString('en-US')} parameters, vocab ${m.vocab}, ${m.docs.toLocaleString('en-US')} documents, ${m.steps} steps, seed ${m.seed}\n`);
      } else if (m.type === 'progress') {
        latest.set(m.recipeId, m.progress);
        print();
      } else {
        latest.set(m.recipeId, m.progress);
        print(true);
        if (tty) process.stderr.write('\n');
        console.log(`wrote ${m.out} (${formatDuration(m.progress.elapsedMs / 1000)} of training, final loss ${m.progress.loss.toFixed(4)})`);
        resolve();
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${r.id}: worker exited with code ${code}`))));
  })));
  console.log(`${game}: ${recipes.length} organelle(s) in ${formatDuration((performance.now() - t0) / 1000)} wall time`);
}

async function trainCorpusFile(args: ParsedArgs): Promise<void> {
  const corpusPath = stringOption(args, 'corpus');
  const out = stringOption(args, 'out');
  if (!corpusPath || !out) throw new Error('train needs a game (train puzzle8) or --corpus FILE and --out FILE');
  const shapeName = stringOption(args, 'shape') ?? '64k';
  if (!isShapePresetName(shapeName)) throw new Error(`unknown shape "${shapeName}" (known: ${Object.keys(SHAPE_PRESETS).join(', ')})`);
  const steps = intOption(args, 'steps', 25_000, 1);
  const seed = intOption(args, 'seed', 1);
  const lr = positiveNumberOption(args, 'lr');
  const corpusText = await readNamedFile(corpusPath, 'corpus file');
  await checkOutputFile(out, '--out');
  const name = stringOption(args, 'name') ?? basename(corpusPath).replace(/\.[^.]*$/, '');
  const organelle = await Organelle.create(await nodeWasmModule(), {
    name, corpusId: name, corpusText, architecture: SHAPE_PRESETS[shapeName], seed,
    config: { steps, ...(lr !== undefined ? { learningRate: lr } : {}) },
  });
  process.stderr.write(`${name}: ${organelle.engine.paramCount.toLocaleString('en-US')} parameters, vocab ${organelle.vocab.size}, ${steps} steps, seed ${seed}\n`);
  const run = new TrainingRun(organelle);
  const tty = process.stderr.isTTY;
  while (!run.done) {
    const p = run.slice(1000);
    process.stderr.write(tty ? `\r${formatProgress(name, p)}   ` : `${formatProgress(name, p)}\n`);
  }
  if (tty) process.stderr.write('\n');
  await writeFile(out, organelle.toFile(false, { examples: corpusExamples(organelle, corpusText) }));
  console.log(`wrote ${out} after ${formatDuration(run.progress.elapsedMs / 1000)} (final loss ${run.progress.loss.toFixed(4)})`);
}
