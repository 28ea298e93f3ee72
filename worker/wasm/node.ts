// Node-only: compiles the builds in build/ from disk, once each. The CLI, the tests and the
// benchmarks load the engine through here; the browser uses worker/wasm/browser.ts instead.
// `npm install` builds them (package.json's `prepare`); where they are missing all the same (a
// checkout that skipped install scripts, a `build/` deleted by hand) the first engine built
// here runs the same `npm run asbuild`, so a command works straight after install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

type Build = 'organelle.wasm' | 'organelle-threads.wasm';

const compiled = new Map<string, Promise<WebAssembly.Module>>();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function buildPath(file: Build): string {
  return fileURLToPath(new URL(`../../build/${file}`, import.meta.url));
}

/** Runs package.json's `asbuild` (one recipe for the wasm, wherever it is built); says why on failure. */
function buildEngine(): void {
  process.stderr.write('organelle: building the engine (build/*.wasm, about 10 s, once)\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', '--silent', 'asbuild'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    const why = run.error?.message ?? run.stderr.trim().split('\n').slice(-3).join('\n');
    throw new Error(`could not build the engine's wasm with "npm run asbuild" in ${ROOT}: ${why}`);
  }
}

/** build/`file`, compiled once; built first if it is missing. */
export function nodeBuild(file: Build): Promise<WebAssembly.Module> {
  let module = compiled.get(file);
  if (!module) {
    module = (async () => {
      const path = buildPath(file);
      if (!existsSync(path)) buildEngine();
      let bytes: Uint8Array;
      try {
        bytes = await readFile(path);
      } catch {
        throw new Error(`cannot read ${path} after building it: run "npm run asbuild" to see why`);
      }
      return WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>);
    })();
    compiled.set(file, module);
  }
  return module;
}

/** The release build, which every engine runs on one thread. */
export function nodeWasmModule(): Promise<WebAssembly.Module> {
  return nodeBuild('organelle.wasm');
}
