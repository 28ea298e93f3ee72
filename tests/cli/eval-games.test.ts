// `organelle eval tictactoe|connect4` end to end on the shipped models: the report counts the
// distinct games, --opening makes games against a near-deterministic search differ, and an
// opening that could end a game is refused with a message saying so.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { evalGame, playingLabels } from '../../cli/eval-games.ts';
import { GAME_PIPELINES } from '../../worker/pipeline/games.ts';
import { parseBoard } from '../../worker/games/connect4/rules.ts';
import { canonicalPlan } from '../../worker/games/connect4/strategy.ts';

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

describe('the labels comparison', () => {
  it('plays the head of the Planner\'s label, the next item when the head is refused', () => {
    const { adapter, labelPlan } = GAME_PIPELINES.connect4;
    const labels = playingLabels(adapter, labelPlan);
    // X has three in the bottom row: the label's head is the win at 3
    const board = parseBoard('.'.repeat(28) + '......O' + 'XXX..OO');
    expect(labelPlan(board)[0]).toBe('w3');
    expect(labels.heuristicPlan(board)).toEqual(labelPlan(board));
    expect(labels.fallbackMove(board, new Set())).toBe('3');
    // the win is the label's only item: with it refused, the game's own fallback moves
    expect(labelPlan(board)).toHaveLength(1);
    expect(labels.fallbackMove(board, new Set(['3']))).toBe(adapter.fallbackMove(board, new Set(['3'])));
    const opening = parseBoard('.'.repeat(42));
    const [head, next] = canonicalPlan(opening).map((item) => adapter.planMove(item));
    expect(labels.fallbackMove(opening, new Set())).toBe(head);
    expect(labels.fallbackMove(opening, new Set([head]))).toBe(next);
  });

  it('is in every report: no model moves, every plan a label', async () => {
    const { report } = await evaluate('tictactoe', ['--games', '6', '--opponent', 'minimax']);
    const labels = report.labels as { games: number; model_move_share: number; planner_fallbacks: number; organelle_moves: number; losses: number };
    expect(labels.games).toBe(6);
    expect(labels.model_move_share).toBe(0);
    expect(labels.planner_fallbacks).toBe(labels.organelle_moves);
    expect(labels.losses).toBe(0); // the tic-tac-toe labels are minimax's own moves
  }, 60_000);
});
