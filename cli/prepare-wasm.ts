// package.json's `prepare`: builds the engine's wasm (npm run asbuild) unless build/ holds it
// newer than every source it is built from. `npm install` runs it; so does the first `npx
// organelle ...` in a fresh clone (npx installs the project into its own cache, prepare
// included), which without this check compiled the same wasm a second time, about 7 s, before
// even `organelle help` answered. tests/run-all.ts asks the same question before its stages.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const WASM = ['build/organelle.wasm', 'build/organelle-threads.wasm'];
export const WASM_SOURCES = ['assembly', 'asconfig.json', 'package.json', 'node_modules/assemblyscript/package.json'];

/** The newest modification time among `paths`, directories walked. */
function newest(paths: string[]): number {
  return Math.max(...paths.map((p) => (statSync(p).isDirectory() ? newest(readdirSync(p).map((f) => join(p, f))) : statSync(p).mtimeMs)));
}

/** Whether build/ holds both builds, each newer than every source (paths from `root`). */
export function wasmUpToDate(root = ROOT): boolean {
  const at = (p: string) => join(root, p);
  return WASM.every((f) => existsSync(at(f))) && Math.min(...WASM.map((f) => statSync(at(f)).mtimeMs)) > newest(WASM_SOURCES.map(at));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (wasmUpToDate()) {
    console.log(`${WASM.join(' and ')}: newer than ${WASM_SOURCES.join(', ')}; not built again`);
  } else {
    const run = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'asbuild'], { cwd: ROOT, stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
}
