// `npm ci` on a fresh clone needs a lock that lists every optional package any locked package
// declares, other platforms' builds included (rollup, esbuild and lightningcss each ship one per
// platform). A lock written where those were skipped made `npm install` rewrite 345 lines of it
// and `npm ci` refuse it, so a clean clone was dirty after its first install.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Node's lookup: `name` under the package's own node_modules, then under each one above it. */
function resolvable(packages: Record<string, LockEntry>, from: string, name: string): boolean {
  for (let dir = from; ; ) {
    if (`${dir ? dir + '/' : ''}node_modules/${name}` in packages) return true;
    if (!dir) return false;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

/** Optional dependencies declared in the lock with no entry of their own. */
function missingOptionals(packages: Record<string, LockEntry>): string[] {
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolvable(packages, path, name)) missing.push(`${path || '(root)'} -> ${name}`);
    }
  }
  return missing;
}

describe('package-lock.json', () => {
  it('finds an optional package the lock leaves out', () => {
    const packages: Record<string, LockEntry> = {
      'node_modules/rollup': { optionalDependencies: { '@rollup/rollup-linux-x64-gnu': '1', '@rollup/rollup-darwin-arm64': '1' } },
      'node_modules/@rollup/rollup-linux-x64-gnu': {},
    };
    expect(missingOptionals(packages)).toEqual(['node_modules/rollup -> @rollup/rollup-darwin-arm64']);
  });

  it('lists every optional package of every platform, so npm ci works on a fresh clone', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(missingOptionals(lock.packages)).toEqual([]);
  });
});
