// After a browser training run of a tic-tac-toe or connect-4 organelle: seeded games with the
// built-in model for the other role, against random from each side and in the game's
// strength test, where the built-in pair plays the same games beside it.
import { registerEvaluator } from '../browser/evaluation.ts';
import { evaluateWithPartner, type GameRole } from '../pipeline/game-eval.ts';
import type { TwoPlayerGame } from '../pipeline/games.ts';
import { builtInModel } from './built-in-model.ts';

for (const game of ['tictactoe', 'connect4'] as const satisfies readonly TwoPlayerGame[]) {
  for (const role of ['planner', 'player'] as const satisfies readonly GameRole[]) {
    registerEvaluator(`${game}/${role}`, async (organelle) => {
      const module = organelle.engine.module;
      const [partner, builtIn] = await Promise.all([
        builtInModel(game, role === 'planner' ? 'player' : 'planner', module), builtInModel(game, role, module),
      ]);
      return partner ? evaluateWithPartner(game, role, organelle, partner, { builtIn }) : {};
    });
  }
}
