import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// The slowest files, longest first (measured: a run on 2 cores, 4 December): they start first,
// so the run does not end on one of them alone while the other core idles. Vitest orders by the
// durations of the last run where it has them, and by file size on a fresh clone, which put
// bench-browser (then 46-69 s, a 34-line file) last, alone for its whole length.
const SLOWEST = [
  'tests/compose/shipped-models.test.ts',
  'tests/engine/threads.test.ts',
  'tests/compose/choose.test.ts',
  'tests/cli/fresh-clone.test.ts',
  'tests/cli/bench-browser.test.ts',
  'tests/games/shipped-models.test.ts',
  'tests/corpus/subword-positions.test.ts',
  'tests/compose/held-out.test.ts',
  'tests/cli/profile.test.ts',
  'tests/cli/help.test.ts',
  'tests/cli/train.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.findIndex((s) => f.moduleId.endsWith(s));
      return i < 0 ? SLOWEST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

// Unit and integration tests run in Node against the same wasm the site ships.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'worker/**/*.test.ts', 'corpus/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // every core (vitest leaves one free by default: on a 2-core machine that was one fork,
    // 190 s instead of 106 s); no unit test times anything, so sharing the cores is safe
    maxWorkers: '100%',
    sequence: { sequencer: SlowestFirst },
  },
});
