// A newcomer's first command works straight after `npm install` (issue 50, item 1). The checkout
// here is laid out as a fresh clone: the tracked files only, so no build/; node_modules is this
// checkout's, linked. The first command that needs the engine builds the wasm itself, and a
// second finds it built. `npm install` also builds it (package.json `prepare`, cli/prepare-wasm.ts),
// unless build/ is newer than its sources, which the last test checks.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wasmUpToDate } from '../../cli/prepare-wasm.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter((f) => f !== '' && existsSync(join(ROOT, f)));
}

function organelle(cwd: string, ...argv: string[]) {
  return spawnSync(process.execPath, [join(cwd, 'node_modules/tsx/dist/cli.mjs'), 'cli/organelle.ts', ...argv], {
    cwd,
    encoding: 'utf8',
    timeout: 180_000,
  });
}

describe('a fresh clone', () => {
  let clone = '';
  beforeAll(() => {
    clone = mkdtempSync(join(tmpdir(), 'organelle-clone-'));
    for (const file of trackedFiles()) cpSync(join(ROOT, file), join(clone, file));
    symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  });
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it('composes on its first command, building the engine it lacks', () => {
    expect(existsSync(join(clone, 'build'))).toBe(false);
    const run = organelle(clone, 'compose', 'give me the variance');
    expect(run.stderr).toContain('building the engine');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/function variance\(x\)/);
    expect(existsSync(join(clone, 'build/organelle.wasm'))).toBe(true);
    expect(existsSync(join(clone, 'build/organelle-threads.wasm'))).toBe(true);
  }, 240_000);

  it('builds only once: the next command finds the engine built', () => {
    const run = organelle(clone, 'eval', 'compose', '--set', 'wording', '--limit', '3', '--no-baselines');
    expect(run.stderr).not.toContain('building the engine');
    expect(run.status, run.stderr).toBe(0);
  }, 240_000);

  it('npm install builds the engine too (prepare runs asbuild), but not again when build/ is newer than its sources', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.prepare).toBe('tsx cli/prepare-wasm.ts');
    expect(readFileSync(join(ROOT, 'cli/prepare-wasm.ts'), 'utf8')).toContain("['run', 'asbuild']");
    // the first command built it above: a second install (or npx's own, on the first `npx
    // organelle`) finds it up to date; a source changed after it makes it stale
    expect(wasmUpToDate(clone)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(clone, 'assembly/index.ts'), later, later);
    expect(wasmUpToDate(clone)).toBe(false);
  });
});
