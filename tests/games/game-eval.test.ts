// The after-training measure of a game organelle (worker/pipeline/game-eval.ts): with the
// shipped models as the organelle and its partner it reports the pipeline's results against
// the random opponent from both sides, and a broken Player shows up as fallback moves.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOrganelle, SHIPPED_MODELS_DIR } from '../../cli/models.ts';
import { evaluateWithPartner } from '../../worker/pipeline/game-eval.ts';
import type { Organelle } from '../../worker/organelle.ts';

describe.each(['tictactoe', 'connect4'] as const)('%s evaluation with a partner', (game) => {
  let planner: Organelle;
  let player: Organelle;
  beforeAll(async () => {
    planner = await loadOrganelle(SHIPPED_MODELS_DIR, game, 'planner');
    player = await loadOrganelle(SHIPPED_MODELS_DIR, game, 'player');
  });

  it('reports wins and losses from both sides and the model-move share', () => {
    const e = evaluateWithPartner(game, 'player', player, planner, 10);
    expect(e.pipelineGamesPerSide).toBe(10);
    expect(e.vsRandomFirstWinRate).toBeGreaterThanOrEqual(0.8);
    expect(e.vsRandomFirstLossRate + e.vsRandomSecondLossRate).toBe(0);
    expect(e.pipelineModelMoveShare).toBeGreaterThan(0.95);
    expect(e.pipelineParseErrors).toBe(0);
  });

  it('sees a Player that does not fit the game: every move by the fallback', () => {
    // the Planner in the Player's seat answers plans, never a single move
    const e = evaluateWithPartner(game, 'player', planner, planner, 3);
    expect(e.pipelineModelMoveShare).toBeLessThan(0.5);
  });
});
