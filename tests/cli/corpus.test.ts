// `organelle corpus <game> --out DIR --subword SIZES`: the corpora, and each one's median
// positions per document with characters and with subword vocabularies learned from it.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { positionsLine, readersCorpusOptions, subwordSizes } from '../../cli/corpus.ts';
import { READER_COMPOSE_CORPUS } from '../../corpus/compose.ts';

const CLI = join(import.meta.dirname, '../../cli/organelle.ts');
const organelle = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args]);

const CORPUS = [
  'compute the mean of the signal|blocked=\nmean',
  'compute the rolling mean of the signal|blocked=\nrolling_mean(4)',
  'compute the median of the data|blocked=\nmedian',
].join('\n\n');

describe('organelle corpus --subword', () => {
  it('reads the sizes, refusing anything but whole numbers of 2 or more', () => {
    expect(subwordSizes(undefined)).toEqual([]);
    expect(subwordSizes('256,512,1024')).toEqual([256, 512, 1024]);
    for (const bad of ['1', '256,', 'x', '2.5']) expect(() => subwordSizes(bad), bad).toThrow(/^--subword takes vocabulary sizes/);
  });

  it('gives the median positions with characters and with each vocabulary, saying when fewer units were learned', () => {
    // in characters the documents take 45, 64 and 47 positions (BOS, prompt, '\n', answer)
    expect(positionsLine(CORPUS, [40, 1000])).toBe(
      'median positions per document: 47 characters (V 28); subword V 40: 31 (1.5x fewer), subword V 1000 (64 learned): 17 (2.8x fewer)',
    );
  });

  it('prints the line under each corpus it writes', async () => {
    const out = await mkdtemp(join(tmpdir(), 'organelle-corpus-'));
    try {
      const { stdout } = await organelle('corpus', 'tictactoe', '--out', out, '--subword', '64');
      const lines = stdout.trim().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^wrote .*planner\.txt: 4,947 documents/);
      expect(lines[1]).toMatch(/^ {2}median positions per document: 13 characters \(V 17\); subword V 64: 11 \(1\.2x fewer\)$/);
      expect((await readFile(join(out, 'planner.txt'), 'utf8')).split('\n\n')).toHaveLength(4947);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('organelle corpus compose --asides / --restatements', () => {
  it('changes the share given and keeps the other as the shipped corpus has it', () => {
    expect(readersCorpusOptions({ asides: 5 })).toEqual({ ...READER_COMPOSE_CORPUS, asides: 5 });
    expect(readersCorpusOptions({ restatements: 0 })).toEqual({ ...READER_COMPOSE_CORPUS, restatements: 0 });
    expect(readersCorpusOptions({ restatements: 0 }).asides).toBe(READER_COMPOSE_CORPUS.asides);
    // (toEqual reads an undefined share as absent: the shipped share must be there)
    expect(readersCorpusOptions({ asides: 5 }).restatements).toBe(READER_COMPOSE_CORPUS.restatements);
    expect(READER_COMPOSE_CORPUS.restatements).toBeGreaterThan(0);
  });

  it('takes a whole percentage, for compose only, naming the option', async () => {
    await expect(organelle('corpus', 'compose', '--out', tmpdir(), '--asides', '120')).rejects.toMatchObject({ stderr: expect.stringContaining('--asides takes a whole percentage from 0 to 100, for compose only, not "120"') });
    await expect(organelle('corpus', 'tictactoe', '--out', tmpdir(), '--restatements', '10')).rejects.toMatchObject({ stderr: expect.stringContaining('--restatements takes a whole percentage') });
  }, 60_000);
});
