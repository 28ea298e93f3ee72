// A file named on the command line that cannot be read is named in the error, with the reason.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputFile, readNamedFile } from '../../cli/files.ts';

describe('readNamedFile', () => {
  it('reads the file, and says which file and why when it cannot', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'organelle-files-'));
    await writeFile(join(dir, 'corpus.txt'), 'ab\ncd\n');
    expect(await readNamedFile(join(dir, 'corpus.txt'), 'corpus file')).toBe('ab\ncd\n');
    await expect(readNamedFile(join(dir, 'missing.txt'), 'corpus file')).rejects.toThrow(new Error(`cannot read the corpus file ${join(dir, 'missing.txt')}: no such file`));
    await expect(readNamedFile(dir, 'boards file')).rejects.toThrow(new Error(`cannot read the boards file ${dir}: it is a folder, not a file`));
    await expect(readNamedFile(join(dir, 'corpus.txt', 'x'), 'intents file')).rejects.toThrow(
      new Error(`cannot read the intents file ${join(dir, 'corpus.txt', 'x')}: a folder on its path is a file`),
    );
  });

  it('refuses an output file in a missing folder, or a folder, before any work', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'organelle-files-'));
    await expect(checkOutputFile(join(dir, 'model.organelle'), '--out')).resolves.toBeUndefined();
    await expect(checkOutputFile(join(dir, 'nope', 'model.organelle'), '--out')).rejects.toThrow(`the folder ${join(dir, 'nope')} for --out does not exist`);
    await expect(checkOutputFile(dir, '--out')).rejects.toThrow(`--out ${dir} is a folder; give a file name`);
  });
});
