// Loads a game's organelles from a directory of .organelle files (default: the models that
// ship with the site, public/models/<game>/). A missing or invalid file is an error that
// names the file and the failed check.
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Organelle } from '../worker/organelle.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';

export const SHIPPED_MODELS_DIR = fileURLToPath(new URL('../public/models/', import.meta.url));

/** `dir` as a report records it: relative to the working directory when inside it, so a
 *  report written on one machine names no path of that machine ("public/models"). */
export function reportedDir(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : dir;
}

/** The bytes of `<dir>/<game>/<name>.organelle`, or an error saying how to get the model. */
export async function readModelFile(dir: string, game: string, name: string): Promise<Uint8Array> {
  const path = join(dir, game, `${name}.organelle`);
  try {
    return await readFile(path);
  } catch {
    throw new Error(`no model at ${path} (train one with "organelle train ${game}" or pass --models DIR)`);
  }
}

export async function loadOrganelle(dir: string, game: string, name: string): Promise<Organelle> {
  const path = join(dir, game, `${name}.organelle`);
  const bytes = await readModelFile(dir, game, name);
  try {
    return await Organelle.fromFile(await nodeWasmModule(), bytes);
  } catch (e) {
    throw new Error(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
