// The CLI starts in a fraction of a second only while cli/organelle.ts loads nothing heavy before
// a command runs: each command's module is imported when it is called. This walks the static
// import graph from the entry point and fails on any package it reaches (assemblyscript's compiler
// alone once cost every command about 25 s), and on any file beyond the few `help` and
// `<command> --help` need (tests/cli/help.test.ts runs them).
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('../../cli/organelle.ts', import.meta.url));
// `import x from '...'`, `import '...'` and `export ... from '...'`, not `import('...')`.
const STATIC_IMPORT = /^\s*(?:import|export)\s(?:[^'"()]*?\sfrom\s)?\s*['"]([^'"]+)['"]/gm;

function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(STATIC_IMPORT)].map((m) => m[1]);
}

/** Every specifier reached from `entry` through static imports, with the file importing it. */
function staticClosure(entry: string): { from: string; specifier: string }[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  const found: { from: string; specifier: string }[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticImports(file)) {
      found.push({ from: file, specifier });
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return found;
}

describe('CLI start', () => {
  it('the import pattern sees static imports and skips dynamic ones', () => {
    const sample = `import a from 'x';\nimport { b } from "./y.ts";\nexport * from './z.ts';\nimport 'side';\nconst c = await import('./late.ts');\n`;
    expect([...sample.matchAll(STATIC_IMPORT)].map((m) => m[1])).toEqual(['x', './y.ts', './z.ts', 'side']);
  });

  it('reaches no package before a command runs', () => {
    const packages = staticClosure(ENTRY).filter((r) => !r.specifier.startsWith('.') && !r.specifier.startsWith('node:'));
    expect(packages).toEqual([]);
  });

  it('reaches only the argument parser, the usage table, the "did you mean" and the training limits it reads', () => {
    const files = new Set(staticClosure(ENTRY).filter((r) => r.specifier.startsWith('.')).map((r) => relative(ROOT, resolve(dirname(r.from), r.specifier))));
    expect([...files].sort()).toEqual(['cli/args.ts', 'cli/suggest.ts', 'cli/usage.ts', 'worker/model/recipe.ts', 'worker/model/types.ts']);
  });
});
