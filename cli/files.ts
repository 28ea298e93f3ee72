// Reading a file the person named on the command line: a failure says which file, what it
// was meant to be, and why, in words rather than an errno code.
import { readFile } from 'node:fs/promises';

export async function readNamedFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`no ${what} at ${path}`);
    if (code === 'EISDIR') throw new Error(`${path} is a directory, not a ${what}`);
    if (code === 'EACCES') throw new Error(`no permission to read the ${what} ${path}`);
    throw new Error(`cannot read the ${what} ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
