// The figures the README and docs/site.md quote are the evaluation reports' (docs/results/*.json),
// as the pages' are (web/src/lib/measured.ts and compose-measured.ts read the same files): every
// percentage and every "K of N" they write must be one a report holds, a count over a total of the
// same report (or of a game's two reports, moving first and second, added up), or a share a
// report gives. A figure typed from memory, or left behind when a report was made again, fails
// here with the sentence it sits in. Words like "one in three" are not figures this can read.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const RESULTS = join(ROOT, 'docs/results');

// what a report counts, and what it counts them out of
const COUNTS = ['passed', 'refused', 'wrong_code', 'wins', 'draws', 'losses', 'solved'];
const TOTALS = ['intents', 'games', 'boards'];

type Json = { [key: string]: unknown };

/** Every object in a report (its by_kind, baselines, ablation…), but not the per-case rows. */
function objects(value: unknown, out: Json[] = []): Json[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  out.push(value as Json);
  for (const [key, v] of Object.entries(value)) if (key !== 'results') objects(v, out);
  return out;
}

const num = (o: Json, key: string) => (typeof o[key] === 'number' ? (o[key] as number) : undefined);

/** The "K of N" pairs and the shares (0..1) a set of reports holds. */
export function reportFigures(reports: readonly Json[]): { pairs: Set<string>; shares: number[] } {
  const pairs = new Set<string>();
  const shares: number[] = [];
  const addPair = (k: number, n: number) => {
    pairs.add(`${k}/${n}`);
    if (n > 0) shares.push(k / n);
  };
  const pairsOf = (o: Json) =>
    TOTALS.flatMap((t) => COUNTS.map((c) => [num(o, c), num(o, t)] as const)).filter((p): p is readonly [number, number] => p[0] !== undefined && p[1] !== undefined);
  for (const report of reports) {
    for (const o of objects(report)) {
      for (const [k, n] of pairsOf(o)) addPair(k, n);
      for (const [key, v] of Object.entries(o)) {
        if (typeof v === 'number' && /(_share|_rate)$/.test(key)) shares.push(v);
      }
      // moves per move of the shortest solution: "in 22% more moves"
      const over = num(o, 'mean_moves_over_optimal');
      if (over !== undefined) shares.push(over - 1);
    }
  }
  // a game's two reports (moving first, moving second) quoted as one: "won 751 of 2,000"
  const games = reports.filter((r) => typeof r.game === 'string' && typeof r.opponent === 'string');
  for (const a of games) {
    for (const b of games) {
      if (a === b || a.game !== b.game || a.opponent !== b.opponent || a.opening !== b.opening) continue;
      const pa = new Map(pairsOf(a).map(([k, n], i) => [i, [k, n]]));
      pairsOf(b).forEach(([k, n], i) => {
        const other = pa.get(i);
        if (other) addPair(k + other[0], n + other[1]);
      });
    }
  }
  return { pairs, shares };
}

/** A share as a text quotes it with `decimals` places: 0.2212 -> "22", "22.1". */
const asPercent = (share: number, decimals: number) => (share * 100).toFixed(decimals);

/** The figures of `text` that no report holds, each with the words around it. */
export function unheldFigures(text: string, figures: { pairs: Set<string>; shares: number[] }): string[] {
  const unheld: string[] = [];
  const around = (i: number) => text.slice(Math.max(0, i - 60), i + 40).replace(/\s+/g, ' ');
  for (const m of text.matchAll(/(\d+(?:\.(\d+))?)%/g)) {
    const decimals = m[2]?.length ?? 0;
    if (!figures.shares.some((s) => asPercent(s, decimals) === m[1])) unheld.push(`${m[0]} in "…${around(m.index)}…"`);
  }
  for (const m of text.matchAll(/\b(\d[\d,]*) of (\d[\d,]*)\b/g)) {
    const [k, n] = [m[1], m[2]].map((s) => Number(s.replace(/,/g, '')));
    if (!figures.pairs.has(`${k}/${n}`)) unheld.push(`"${m[0]}" in "…${around(m.index)}…"`);
  }
  return unheld;
}

const reports = readdirSync(RESULTS)
  .filter((f) => f.endsWith('.json') && !f.startsWith('bench'))
  .map((f) => JSON.parse(readFileSync(join(RESULTS, f), 'utf8')) as Json);
const figures = reportFigures(reports);

describe('the figures the README and docs/site.md quote', () => {
  for (const doc of ['README.md', 'docs/site.md']) {
    it(`${doc}: every percentage and "K of N" is a report's`, () => {
      expect(unheldFigures(readFileSync(join(ROOT, doc), 'utf8'), figures)).toEqual([]);
    });
  }

  it('catches a figure no report holds, and takes the ones they do', () => {
    // typed-7 composed 31 of the 120 compositions it asks for (26%)
    expect(unheldFigures('composed 31 of 120 (26%)', figures)).toEqual([]);
    // (a whole percentage is a weak check alone: most of 0-100 is some count over some total
    // of some report; "K of N" and a share to two places are strict)
    expect(unheldFigures('composed 40 of 120 (34.57%)', figures)).toHaveLength(2);
    // a game's two reports added up, and a share to two places
    expect(unheldFigures('won 751 of 2,000; 99.98% of the moves', figures)).toEqual([]);
    expect(unheldFigures('won 752 of 2,000; 12.34% of the moves', figures)).toHaveLength(2);
  });
});
