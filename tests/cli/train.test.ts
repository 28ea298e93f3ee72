// `organelle train`: its numeric options are held to the limits the Train form uses, named
// with their range; options a command would ignore are refused; and a run that diverges
// exits with an error that says so and what to try, and writes no file (it used to print
// "loss NaN" on every line, exit 0 and write a model whose every answer had probability 0).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPool, tokenizerOption, trainCommand, trainToEnd } from '../../cli/train.ts';
import { limitedOption, parseArgs } from '../../cli/args.ts';
import { TrainingRun } from '../../worker/trainer.ts';
import { DETERMINISM_CORPUS } from '../../worker/recipes/determinism.ts';
import { organelleAt } from '../helpers/diverging.ts';

let dir: string;
let corpus: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'organelle-train-'));
  corpus = join(dir, 'toy.txt');
  await writeFile(corpus, DETERMINISM_CORPUS);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('organelle train options', () => {
  it('refuses a learning rate, steps or seed out of range, naming the range', async () => {
    const out = join(dir, 'm.organelle');
    const train = (...more: string[]) => trainCommand(['--corpus', corpus, '--out', out, ...more]);
    await expect(train('--lr', '1e6')).rejects.toThrow('--lr must be a number from 0.000001 to 0.1 (the default is 0.001), got "1e6"');
    await expect(train('--lr', '0')).rejects.toThrow(/--lr must be a number from 0\.000001 to 0\.1/);
    await expect(train('--steps', '0')).rejects.toThrow('--steps must be a whole number from 1 to 1,000,000, got "0"');
    await expect(train('--steps', '2000000')).rejects.toThrow(/--steps must be a whole number from 1 to 1,000,000/);
    await expect(train('--seed', '-1')).rejects.toThrow('--seed must be a whole number from 0 to 4,294,967,295, got "-1"');
    await expect(train('--seed', '4294967296')).rejects.toThrow(/--seed must be a whole number from 0 to 4,294,967,295/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses options the command would ignore', async () => {
    await expect(trainCommand(['tictactoe', '--shape', '460k'])).rejects.toThrow('a game trains its recipes, so --shape applies only to train --corpus');
    await expect(trainCommand(['conect4'])).rejects.toThrow('unknown game "conect4": did you mean "connect4"? (known: puzzle8, tictactoe, connect4, compose)');
    await expect(trainCommand(['--corpus', corpus, '--out', join(dir, 'x.organelle'), '--organelle', 'planner'])).rejects.toThrow(
      '--organelle applies only to train <game>',
    );
  });

  it('reads the ends of each range', () => {
    const args = parseArgs(['--lr', '0.1', '--steps', '1000000', '--seed', '4294967295'], { values: ['lr', 'steps', 'seed'], flags: [] });
    expect(limitedOption(args, 'lr', 'learningRate')).toBe(0.1);
    expect(limitedOption(args, 'steps', 'steps')).toBe(1_000_000);
    expect(limitedOption(args, 'seed', 'seed')).toBe(4_294_967_295);
    expect(limitedOption(parseArgs([], { values: ['lr'], flags: [] }), 'lr', 'learningRate')).toBeUndefined();
  });
});

describe('organelle train --tokenizer', () => {
  it('takes subword with --vocab N, or subword:N, the same', () => {
    expect(tokenizerOption(undefined)).toEqual({ kind: 'char' });
    expect(tokenizerOption('char')).toEqual({ kind: 'char' });
    expect(tokenizerOption('subword', undefined, '512')).toEqual({ kind: 'subword', vocabSize: 512 });
    expect(tokenizerOption('subword:512')).toEqual({ kind: 'subword', vocabSize: 512 });
    expect(tokenizerOption('subword', 'compose', '256')).toMatchObject({ kind: 'subword', vocabSize: 256, protected: expect.arrayContaining(['none', 'low_conf']) });
  });

  it('refuses --vocab without --tokenizer subword, and a size missing, given twice or not a count', () => {
    const refusal = /^--vocab sizes a subword vocabulary: give --tokenizer subword with it/;
    expect(() => tokenizerOption(undefined, undefined, '512')).toThrow(refusal);
    expect(() => tokenizerOption('char', undefined, '512')).toThrow(refusal);
    expect(() => tokenizerOption('subword')).toThrow('--tokenizer subword needs a vocabulary size: --vocab N (e.g. --vocab 512)');
    expect(() => tokenizerOption('subword:512', undefined, '256')).toThrow('--tokenizer subword:512 gives the vocabulary size already: leave out --vocab');
    for (const bad of ['1', 'x', '2.5', '']) {
      expect(() => tokenizerOption('subword', undefined, bad), bad).toThrow(`--vocab takes a whole number of units, 2 or more (e.g. 512), not "${bad}"`);
    }
    expect(() => tokenizerOption('words')).toThrow('--tokenizer takes char, subword (with --vocab N) or subword:N');
  });

  it('takes --merge-dropout P with a subword tokenizer only, as a probability below 1', () => {
    expect(tokenizerOption('subword:256', undefined, undefined, '0.1')).toEqual({ kind: 'subword', vocabSize: 256, mergeDropout: 0.1 });
    expect(tokenizerOption('subword:256', undefined, undefined, '0')).toEqual({ kind: 'subword', vocabSize: 256 });
    for (const tokenizer of [undefined, 'char']) {
      expect(() => tokenizerOption(tokenizer, undefined, undefined, '0.1')).toThrow('--merge-dropout skips subword merges while the documents are cut: give --tokenizer subword with it');
    }
    for (const bad of ['1', '1.5', '-0.1', 'x', '']) {
      expect(() => tokenizerOption('subword:256', undefined, undefined, bad), bad).toThrow(`--merge-dropout takes a probability from 0 up to (not including) 1, e.g. 0.1, not "${bad}"`);
    }
  });

  it('trains a subword model of --vocab N units, and refuses --vocab alone before reading the corpus', async () => {
    const out = join(dir, 'subword.organelle');
    await trainCommand(['--corpus', corpus, '--tokenizer', 'subword', '--vocab', '48', '--shape', '30k', '--steps', '2', '--out', out, '--threads', '1']);
    const { decodeModelFile } = await import('../../worker/model/model-file.ts');
    const model = decodeModelFile(new Uint8Array(await readFile(out)));
    expect(model.tokenizer?.kind).toBe('subword');
    expect(model.shape.vocabSize).toBe(48);
    const never = join(dir, 'vocab-alone.organelle');
    await expect(trainCommand(['--corpus', join(dir, 'missing.txt'), '--vocab', '48', '--out', never])).rejects.toThrow(/^--vocab sizes a subword vocabulary/);
    await expect(trainCommand(['tictactoe', '--vocab', '48'])).rejects.toThrow('a game trains its recipes, so --vocab applies only to train --corpus');
    expect(existsSync(never)).toBe(false);
  }, 60_000);

  it('trains a compose recipe on subword units of a corpus that names no primitive, with a merge dropout kept in the file', async () => {
    const out = join(dir, 'check.organelle');
    await trainCommand(['--corpus', corpus, '--recipe', 'compose/planner', '--tokenizer', 'subword:64', '--merge-dropout', '0.1', '--steps', '2', '--out', out, '--threads', '1']);
    const { decodeModelFile } = await import('../../worker/model/model-file.ts');
    const model = decodeModelFile(new Uint8Array(await readFile(out)));
    expect(model.tokenizer).toMatchObject({ kind: 'subword', protected: [], mergeDropout: 0.1 });
  }, 60_000);
});

describe('organelle train --threads', () => {
  it('writes the same file on 1 thread and on 2, and refuses a count out of range', async () => {
    const cli = join(import.meta.dirname, '../../cli/organelle.ts');
    const train = (threads: string, out: string) => promisify(execFile)(process.execPath, [
      '--import', 'tsx', cli, 'train', '--corpus', corpus, '--out', out, '--steps', '150', '--shape', '30k', '--threads', threads,
    ]);
    const one = join(dir, 'one.organelle'), two = join(dir, 'two.organelle');
    const [a, b] = await Promise.all([train('1', one), train('2', two)]);
    expect(a.stderr).toContain('150 steps, seed 1, 1 thread\n');
    expect(b.stderr).toContain('150 steps, seed 1, 2 threads\n');
    expect(Buffer.compare(await readFile(one), await readFile(two))).toBe(0);
    // the final loss is the model's (worker/model-loss.ts): the same bytes, the same figure
    const finalLoss = (stdout: string) => /final loss (\d+\.\d{4}) on (\d+) training documents\)/.exec(stdout)?.slice(1);
    expect(finalLoss(a.stdout)).toBeDefined();
    expect(finalLoss(b.stdout)).toEqual(finalLoss(a.stdout));
    await expect(train('0', join(dir, 'never.organelle'))).rejects.toMatchObject({
      code: 1, stderr: expect.stringContaining('--threads must be an integer >= 1, got "0"'),
    });
  }, 60_000);
});

describe('organelle train --corpus --recipe', () => {
  it("trains the recipe's shape, settings, seed and name on another corpus, and refuses --shape beside it", async () => {
    const out = join(dir, 'as-code.organelle');
    await trainCommand(['--corpus', corpus, '--recipe', 'compose/code', '--steps', '4', '--out', out, '--threads', '1']);
    const { findRecipe } = await import('../../worker/recipes/index.ts');
    const { decodeModelFile } = await import('../../worker/model/model-file.ts');
    const model = decodeModelFile(new Uint8Array(await readFile(out)));
    const recipe = findRecipe('compose/code');
    expect(model.name).toBe('compose/code');
    expect(model.recipe.seed).toBe(recipe.seed);
    expect(model.recipe.config.learningRate).toBe(recipe.config.learningRate);
    expect({ embd: model.shape.embd, heads: model.shape.heads, layers: model.shape.layers, block: model.shape.block }).toEqual({
      embd: recipe.architecture.embd, heads: recipe.architecture.heads, layers: recipe.architecture.layers, block: recipe.architecture.block,
    });
    // --shape with --recipe: the preset's widths, the recipe's block and attention
    const wide = join(dir, 'wide.organelle');
    await trainCommand(['--corpus', corpus, '--recipe', 'compose/code', '--shape', '30k', '--steps', '2', '--out', wide, '--threads', '1']);
    const widened = decodeModelFile(new Uint8Array(await readFile(wide)));
    expect(widened.shape).toMatchObject({ embd: 32, heads: 4, layers: 2, mlp: 128, block: recipe.architecture.block });
    expect(!widened.shape.alibi).toBe(!recipe.architecture.alibi);
  }, 60_000);
});

describe('organelle train <game>', () => {
  it('trains in its worker threads when run from another directory (they find tsx where the CLI is)', async () => {
    const cli = join(import.meta.dirname, '../../cli/organelle.ts');
    const out = join(dir, 'game');
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import', import.meta.resolve('tsx'), cli, 'train', 'puzzle8', '--organelle', 'mover', '--steps', '5', '--out', out,
    ], { cwd: tmpdir() });
    expect(stdout).toContain('puzzle8: 1 organelle(s)');
    expect(existsSync(join(out, 'mover.organelle'))).toBe(true);
  }, 60_000);
});

describe('a run that diverges', () => {
  it('stops with what happened, that nothing was written, and what to try', async () => {
    const run = new TrainingRun(await organelleAt(1e6));
    const lines: number[] = [];
    await expect(trainToEnd(run, 'toy', 'm.organelle', (p) => lines.push(p.loss))).rejects.toThrow(
      /^toy: training diverged at step \d: .+\. Nothing was written to m\.organelle\. Try a lower --lr: this run's is 1000000, the default 0\.001\.$/,
    );
    expect(lines.every(Number.isFinite)).toBe(true); // never a "loss NaN" line
  });

  it('exits with status 1 from the command line, writing nothing, when --lr is out of range', async () => {
    const out = join(dir, 'never.organelle');
    const cli = join(import.meta.dirname, '../../cli/organelle.ts');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'train', '--corpus', corpus, '--out', out, '--lr', '1e6']);
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('organelle: --lr must be a number from 0.000001 to 0.1') });
    expect(existsSync(out)).toBe(false);
  });
});

describe('organelle train <game>: the worker pool', () => {
  it('runs the recipes in order, never more at once than there are slots', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await inPool([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, n === 1 ? 20 : 1));
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('fails when one recipe fails', async () => {
    await expect(inPool([1, 2, 3], 2, async (n) => { if (n === 2) throw new Error('two failed'); })).rejects.toThrow('two failed');
  });
});
