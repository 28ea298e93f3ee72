// `organelle eval tictactoe|connect4` end to end on the shipped models: the report counts the
// distinct games, --opening makes games against a near-deterministic search differ, and an
// opening that could end a game is refused with a message saying so.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { evalGame } from '../../cli/eval-games.ts';

async function evaluate(game: 'tictactoe' | 'connect4', args: string[]): Promise<{ printed: string; report: Record<string, unknown> & { ablation: Record<string, unknown> } }> {
  const json = join(await mkdtemp(join(tmpdir(), 'eval-')), 'report.json');
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    await evalGame(game)([...args, '--json', json]);
  } finally {
    log.mockRestore();
  }
  return { printed: lines.join('\n'), report: JSON.parse(await readFile(json, 'utf8')) };
}

describe('organelle eval connect4', () => {
  it('counts the distinct games: from the empty board the search replays a few, openings make them differ', async () => {
    const plain = await evaluate('connect4', ['--games', '8', '--opponent', 'alphabeta2']);
    expect(plain.report.opening).toBe(0);
    expect(plain.report.distinct_games).toBeLessThan(8);
    const opened = await evaluate('connect4', ['--games', '8', '--opponent', 'alphabeta2', '--opening', '4']);
    expect(opened.printed).toMatch(/8 games, each after a random 4-ply opening/);
    expect(opened.printed).toMatch(/distinct/);
    expect(opened.report.opening).toBe(4);
    // 2,401 four-ply openings, though two can reach the same position
    expect(opened.report.distinct_games).toBeGreaterThan(plain.report.distinct_games as number);
    expect(opened.report.ablation.distinct_games).toBeGreaterThan(2);
    expect(opened.report.model_move_share).toBe(1);
  }, 60_000);

  it('refuses an opening that can end a game', async () => {
    await expect(evaluate('tictactoe', ['--games', '40', '--opening', '7'])).rejects.toThrow(/7-ply random opening can end a tictactoe game/);
    await expect(evaluate('tictactoe', ['--opening', '-1'])).rejects.toThrow(/--opening must be an integer >= 0/);
  });
});
