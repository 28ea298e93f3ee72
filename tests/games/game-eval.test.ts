// The after-training measure of a game organelle (worker/pipeline/game-eval.ts): with the
// shipped models as the organelle and its partner it reports the pipeline's results against
// the random opponent from both sides and the game's strength test beside the built-in pair,
// and a broken Player shows up as fallback moves and a weaker strength result.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadOrganelle, SHIPPED_MODELS_DIR } from '../../cli/models.ts';
import { evalGame } from '../../cli/eval-games.ts';
import { evaluateWithPartner, measureGamePair } from '../../worker/pipeline/game-eval.ts';
import { STRENGTH_TESTS } from '../../worker/pipeline/measure-tests.ts';
import type { Organelle } from '../../worker/organelle.ts';

describe.each(['tictactoe', 'connect4'] as const)('%s evaluation with a partner', (game) => {
  let planner: Organelle;
  let player: Organelle;
  beforeAll(async () => {
    planner = await loadOrganelle(SHIPPED_MODELS_DIR, game, 'planner');
    player = await loadOrganelle(SHIPPED_MODELS_DIR, game, 'player');
  });

  it('reports wins and losses from both sides and the model-move share', () => {
    const e = evaluateWithPartner(game, 'player', player, planner, { games: 10, strengthGames: 0 });
    expect(e.pipelineGamesPerSide).toBe(10);
    expect(e.vsRandomFirstWinRate).toBeGreaterThanOrEqual(0.8);
    expect(e.vsRandomFirstLossRate + e.vsRandomSecondLossRate).toBe(0);
    expect(e.pipelineModelMoveShare).toBeGreaterThan(0.95);
    expect(e.pipelineParseErrors).toBe(0);
    expect(e.strengthWins).toBeUndefined();
  });

  it('plays the strength test from both sides, and the built-in pair the same games', () => {
    const e = evaluateWithPartner(game, 'planner', planner, player, { games: 2, strengthGames: 12, builtIn: planner });
    expect(e.strengthGamesPerSide).toBe(12);
    expect(e.strengthOpening).toBe(STRENGTH_TESTS[game].opening);
    expect(e.strengthWins + e.strengthDraws + e.strengthLosses).toBe(24);
    expect(e.strengthErrorGames).toBe(0);
    // every move of the shipped pair is a model's, in both pairs' games
    expect([e.strengthModelMoveShare, e.builtInStrengthModelMoveShare]).toEqual([1, 1]);
    // the built-in Planner in the Planner's seat is the built-in pair: the very same games
    expect([e.builtInStrengthWins, e.builtInStrengthDraws, e.builtInStrengthLosses]).toEqual([e.strengthWins, e.strengthDraws, e.strengthLosses]);
    // tic-tac-toe's built-in pair never loses to perfect play (docs/results: 2,000 games)
    if (game === 'tictactoe') expect(e.strengthLosses).toBe(0);
  });

  it('measures any pair, the chosen Solve or Play models, beside the built-in pair', () => {
    const e = measureGamePair(game, { planner, player }, { planner, player }, 6);
    expect(e.strengthWins + e.strengthDraws + e.strengthLosses).toBe(12);
    expect([e.builtInStrengthWins, e.builtInStrengthDraws, e.builtInStrengthLosses]).toEqual([e.strengthWins, e.strengthDraws, e.strengthLosses]);
    expect(measureGamePair(game, { planner, player }, null, 6).builtInStrengthWins).toBeUndefined();
  });

  it('sees a Player that does not fit the game: games it cannot play, none of them won or drawn', () => {
    // the Planner in the Player's seat cannot read the Player's prompt ('|' or 'p' is outside
    // its vocabulary): every game ends on that error
    const e = evaluateWithPartner(game, 'player', planner, planner, { games: 3, strengthGames: 12, builtIn: player });
    expect(e.pipelineModelMoveShare).toBe(0);
    expect(e.pipelineErrorGames).toBe(6);
    expect(e.strengthErrorGames).toBe(24);
    expect(e.strengthModelMoveShare).toBe(0);
    expect(e.strengthWins + e.strengthDraws).toBe(0);
    expect(e.builtInStrengthWins + e.builtInStrengthDraws).toBeGreaterThan(0);
    expect(e.builtInStrengthErrorGames).toBe(0);
  });
});

describe('the connect-four strength test', () => {
  it('plays the games of `organelle eval --opponent alphabeta2 --opening 4 --seed 1`, first and second', async () => {
    const planner = await loadOrganelle(SHIPPED_MODELS_DIR, 'connect4', 'planner');
    const player = await loadOrganelle(SHIPPED_MODELS_DIR, 'connect4', 'player');
    const e = evaluateWithPartner('connect4', 'player', player, planner, { games: 1, strengthGames: 10 });
    const dir = await mkdtemp(join(tmpdir(), 'strength-'));
    const totals = { wins: 0, draws: 0, losses: 0 };
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      for (const side of ['first', 'second']) {
        const json = join(dir, `${side}.json`);
        await evalGame('connect4')(['--games', '10', '--seed', '1', '--opponent', 'alphabeta2', '--opening', '4', '--as', side, '--no-ablation', '--json', json]);
        const report = JSON.parse(await readFile(json, 'utf8')) as typeof totals;
        for (const k of ['wins', 'draws', 'losses'] as const) totals[k] += report[k];
      }
    } finally {
      log.mockRestore();
    }
    expect([e.strengthWins, e.strengthDraws, e.strengthLosses]).toEqual([totals.wins, totals.draws, totals.losses]);
  }, 60_000);
});
