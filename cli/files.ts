// Files the person named on the command line: a failure says which file, what it was meant
// to be, and why, in words rather than an errno code.
import { access, constants, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

export function readNamedFile(path: string, what: string): Promise<string> {
  return readFile(path, 'utf8').catch((e: unknown) => refused(e, path, what));
}

export function readNamedBytes(path: string, what: string): Promise<Uint8Array> {
  return readFile(path).then((b) => new Uint8Array(b), (e: unknown) => refused(e, path, what));
}

// each reason as a person says it: "cannot read the intents file /tmp/nope.tsv: no such file"
const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  ENOTDIR: 'a folder on its path is a file',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'no permission to read it',
  EPERM: 'no permission to read it',
};

function refused(e: unknown, path: string, what: string): never {
  const code = (e as NodeJS.ErrnoException).code;
  const reason = (code !== undefined && REASONS[code]) || (e instanceof Error ? e.message : String(e));
  throw new Error(`cannot read the ${what} ${path}: ${reason}`);
}

/** Checks, before any long work, that `path` can be written as the output file of `option`. */
export async function checkOutputFile(path: string, option: string): Promise<void> {
  const dir = dirname(path);
  const dirStat = await stat(dir).catch(() => null);
  if (!dirStat?.isDirectory()) throw new Error(`the folder ${dir} for ${option} does not exist`);
  if ((await stat(path).catch(() => null))?.isDirectory()) throw new Error(`${option} ${path} is a folder; give a file name`);
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw new Error(`no permission to write in ${dir} (${option})`);
  }
}
