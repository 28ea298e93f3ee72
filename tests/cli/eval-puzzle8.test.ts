// `organelle eval puzzle8` end to end on the shipped models: bad lines in a boards file are
// reported with their reason and never stop the run, and the JSON report has the keys
// other tools read, with the baselines on the same boards.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { evalPuzzle8 } from '../../cli/eval-puzzle8.ts';
import { randomHeldOutBoards } from '../../worker/games/puzzle8/boards.ts';

describe('organelle eval puzzle8', () => {
  it('evaluates a boards file, reporting bad lines and writing the JSON report', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eval-'));
    const boards = randomHeldOutBoards(6, 11);
    const file = join(dir, 'boards.txt');
    await writeFile(file, ['# test boards', ...boards.map((b, i) => `${b} extra-field-${i}`), '12345678', '213456780', '123456780', ''].join('\n'));
    const json = join(dir, 'report.json');
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      await evalPuzzle8(['--boards', file, '--json', json]);
    } finally {
      log.mockRestore();
    }
    const printed = lines.join('\n');
    expect(printed).toMatch(/skipped line 8 "12345678": malformed/);
    expect(printed).toMatch(/skipped line 9 "213456780": unsolvable/);
    expect(printed).toMatch(/skipped line 10 "123456780": solved/);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.boards).toBe(boards.length);
    for (const key of ['solved_rate', 'mean_moves_over_optimal', 'model_move_share', 'parse_errors', 'planner_fallbacks']) {
      expect(typeof report[key], key).toBe('number');
      expect(typeof report.baselines.greedy[key], `greedy ${key}`).toBe('number');
      expect(typeof report.baselines.astar[key], `astar ${key}`).toBe('number');
    }
    expect(report.invalid).toHaveLength(3);
    expect(report.baselines.astar.solved_rate).toBe(1);
    expect(report.baselines.astar.mean_moves_over_optimal).toBe(1);
    expect(report.model_move_share).toBeGreaterThan(0.9); // the shipped models make the moves
    expect(report.ablation.boards).toBe(boards.length);
  }, 60_000);
});
