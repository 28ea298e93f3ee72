// `organelle train --corpus FILE --out FILE [--steps N] [--seed S] [--shape NAME]`:
// one organelle from a corpus file, with a progress line, written as a .organelle file.
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { Organelle } from '../worker/organelle.ts';
import { TrainingRun, formatProgress, formatDuration } from '../worker/trainer.ts';
import { SHAPE_PRESETS, isShapePresetName } from '../worker/model/shape.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { parseArgs, stringOption, intOption } from './args.ts';

export async function trainCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { values: ['corpus', 'out', 'steps', 'seed', 'shape', 'lr', 'name'], flags: [] });
  const corpusPath = stringOption(args, 'corpus');
  const out = stringOption(args, 'out');
  if (!corpusPath || !out) throw new Error('train needs --corpus FILE and --out FILE');
  const shapeName = stringOption(args, 'shape') ?? '64k';
  if (!isShapePresetName(shapeName)) throw new Error(`unknown shape "${shapeName}" (known: ${Object.keys(SHAPE_PRESETS).join(', ')})`);
  const steps = intOption(args, 'steps', 25_000, 1);
  const seed = intOption(args, 'seed', 1);
  const lr = stringOption(args, 'lr');
  const corpusText = await readFile(corpusPath, 'utf8');
  const name = stringOption(args, 'name') ?? basename(corpusPath).replace(/\.[^.]*$/, '');
  const organelle = await Organelle.create(await nodeWasmModule(), {
    name, corpusId: name, corpusText, architecture: SHAPE_PRESETS[shapeName], seed,
    config: { steps, ...(lr ? { learningRate: Number(lr) } : {}) },
  });
  process.stderr.write(`${name}: ${organelle.engine.paramCount.toLocaleString('en-US')} parameters, vocab ${organelle.vocab.size}, ${steps} steps, seed ${seed}\n`);
  const run = new TrainingRun(organelle);
  const tty = process.stderr.isTTY;
  while (!run.done) {
    const p = run.slice(1000);
    process.stderr.write(tty ? `\r${formatProgress(name, p)}   ` : `${formatProgress(name, p)}\n`);
  }
  if (tty) process.stderr.write('\n');
  await writeFile(out, organelle.toFile(false));
  console.log(`wrote ${out} after ${formatDuration(run.progress.elapsedMs / 1000)} (final loss ${run.progress.loss.toFixed(4)})`);
}
