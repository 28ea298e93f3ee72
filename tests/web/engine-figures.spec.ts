// The speed figures the project quotes, against the benchmark runs recorded in docs/results:
// the Engine check's reference figures (web/src/engine/engine-check.svelte.ts) come from the
// Chromium run that holds the 64K training median of docs/speed.md's table, and name its
// machine; that table ("The figures") and the rest of docs/speed.md give each 64K training
// median as its recorded run has it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_FIGURES } from '../../web/src/engine/engine-check.svelte.ts';
import { grouped } from '../../web/src/lib/format.ts';
import type { BenchReport } from '../../worker/bench/bench.ts';

type Run = BenchReport & { meta: { runtime: string; cpu: string; date: string } };
const read = (path: string) => readFileSync(join(process.cwd(), path), 'utf8');
const run = (file: string): Run => JSON.parse(read(`docs/results/${file}`)) as Run;
const train64k = (r: Run) => r.train.find((t) => t.shape === '64k')!.tokens_per_s;
/** To the hundred, as the docs give a median: 111,672.4 -> "111,700". */
const hundreds = (n: number) => grouped(Math.round(n / 100) * 100);

const record = read('docs/speed.md');
const speed = record.slice(record.indexOf('## The figures'), record.indexOf('\n## ', record.indexOf('## The figures')));
/** A cell of docs/speed.md's table of figures, by row and column ('Node 20', 'Chromium 156'). */
function cell(row: string, column: string): string {
  const lines = speed.split('\n').filter((l) => l.startsWith('|'));
  const columns = lines[0]!.split('|').map((c) => c.trim());
  const cells = lines.find((l) => l.startsWith(`| ${row} `))!.split('|').map((c) => c.trim());
  return cells[columns.indexOf(column)]!;
}

describe("the project's speed figures", () => {
  it("the Engine check quotes docs/speed.md's Chromium run, on the machine that ran it", () => {
    expect(PROJECT_FIGURES.source).toBe('docs/results/bench-chromium.json');
    expect(speed).toContain('bench-chromium.json'); // docs/speed.md names it as the run holding the median
    const chromium = run('bench-chromium.json');
    expect(grouped(PROJECT_FIGURES.train_tokens_per_s)).toBe(hundreds(train64k(chromium)));
    expect(cell('training 64K, loss on every position', 'Chromium 156')).toMatch(new RegExp(`^${grouped(PROJECT_FIGURES.train_tokens_per_s)} tokens/s`));
    expect(PROJECT_FIGURES.generate_ms).toBe(chromium.generate.find((g) => g.shape === '64k')!.single_ms);
    expect(PROJECT_FIGURES.machine).toBe(`the project's 2-core ${chromium.meta.cpu} in Chromium 156 (26 November 2026)`);
    expect(speed).toContain(`2-core ${chromium.meta.cpu}`);
    expect(chromium.meta.runtime).toMatch(/^Chromium 156\./);
    // the C reference's figures, as docs/speed.md quotes them
    expect(speed).toContain(`${grouped(PROJECT_FIGURES.c_train_tokens_per_s)} tokens/s`);
    expect(record).toContain(grouped(PROJECT_FIGURES.c_train_tokens_per_s_2threads));
  });

  it("the docs' 64K training medians are their recorded runs'", () => {
    expect(cell('training 64K, loss on every position', 'Node 20')).toMatch(new RegExp(`^${hundreds(train64k(run('bench.json')))} tokens/s`));
    expect(speed).toContain('docs/results/bench.json');
    // docs/speed.md's earlier build on the Intel Xeon, Node / Chromium
    const xeon = `training ${hundreds(train64k(run('bench-xeon.json')))} / ${hundreds(train64k(run('bench-xeon-chromium.json')))} tokens/s at 64K`;
    expect(record.replace(/\s+/g, ' ')).toContain(xeon);
  });
});
