// Reseeding before each game or board (worker/pipeline/sampling-seeds.ts) makes a sampled
// answer a function of that game or board alone, whatever was sampled before it.
import { describe, expect, it } from 'vitest';
import { loadOrganelle, SHIPPED_MODELS_DIR } from '../../cli/models.ts';
import { reseedPerBoard, reseedPerGame } from '../../worker/pipeline/sampling-seeds.ts';
import { plannerPrompt } from '../../worker/games/puzzle8/prompts.ts';

describe('sampling reseeded per game and per board', () => {
  it('gives the same sampled votes for the same game or board after any history', async () => {
    const planner = await loadOrganelle(SHIPPED_MODELS_DIR, 'puzzle8', 'planner');
    const prompt = plannerPrompt({ board: '413026758', blocked: [] });
    const sample = () => planner.complete(prompt, { votes: 5, temperatures: [1.5, 1.5, 1.5, 1.5, 1.5] }).votes.join(' ');
    const perGame = reseedPerGame(1, [planner]);
    const perBoard = reseedPerBoard([planner]);
    perGame(3);
    const game3 = sample();
    perBoard('413026758');
    const board = sample();
    // other games, boards and samples in between
    perGame(4);
    const game4 = sample();
    sample();
    perBoard('123456708');
    sample();
    perGame(3);
    expect(sample()).toBe(game3);
    perBoard('413026758');
    expect(sample()).toBe(board);
    // and different games draw differently (five hot votes each: equal by chance is unlikely)
    expect(game4).not.toBe(game3);
  });
});
