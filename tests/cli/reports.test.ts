// `organelle reports <game>` runs again every report in docs/results: the list must name each
// game report there and nothing else, and each entry's arguments must be the ones the
// committed report records, or rerunning it after a retrain would measure something else.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../cli/args.ts';
import { REPORTS, RESULTS_DIR, reportsCommand } from '../../cli/reports.ts';

const readReport = async (file: string) => JSON.parse(await readFile(join(RESULTS_DIR, file), 'utf8')) as Record<string, unknown>;

describe('organelle reports', () => {
  it('lists every game report in docs/results, once', async () => {
    const committed = (await readdir(RESULTS_DIR)).filter((f) => /^(puzzle8|tictactoe|connect4|compose)-.*\.json$/.test(f)).sort();
    const listed = Object.values(REPORTS).flatMap((runs) => runs.map((r) => r.file));
    expect(listed.sort()).toEqual(committed);
    for (const [game, runs] of Object.entries(REPORTS)) for (const r of runs) expect(r.file.startsWith(`${game}-`), r.file).toBe(true);
  });

  it("gives each report the arguments the committed one records", async () => {
    for (const [game, runs] of Object.entries(REPORTS)) {
      for (const run of runs) {
        const report = await readReport(run.file);
        const args = parseArgs([...run.args], { values: ['games', 'seed', 'opponent', 'as', 'opening', 'random', 'walk', 'set', 'intents', 'check'], flags: ['choose', 'count-offers'] }).options;
        if (game === 'compose') {
          // a file of intents makes a report named after the file; the check it was made with is recorded
          expect(report.set, run.file).toBe(args.get('set') ?? basename(String(args.get('intents')), '.tsv'));
          expect(report.plan_check, run.file).toBe(args.get('check') ?? 'words');
        } else if (game === 'puzzle8') {
          const source = args.has('random')
            ? `${args.get('random')} random held-out boards, seed ${args.get('seed')}`
            : `random walks, ${args.get('walk')} per Manhattan band, seed ${args.get('seed')}`;
          expect(report.source, run.file).toBe(source);
        } else {
          expect(report.game, run.file).toBe(game);
          expect([report.opponent, report.as, report.seed, report.games, report.opening], run.file).toEqual([
            args.get('opponent'), args.get('as'), Number(args.get('seed')), Number(args.get('games')), Number(args.get('opening') ?? 0),
          ]);
        }
      }
    }
  });

  it('names the games it knows when given none, or one it does not', async () => {
    for (const argv of [[], ['chess'], ['puzzle8', 'connect4']]) {
      await expect(reportsCommand(argv)).rejects.toThrow('reports needs one game: puzzle8, tictactoe, connect4, compose or all');
    }
  });
});
