// After a browser training run of a tic-tac-toe or connect-4 organelle: seeded games with the
// built-in model for the other role, against random from each side and in the game's
// strength test, where the built-in pair plays the same games beside it.
import { registerEvaluator } from '../browser/evaluation.ts';
import { evaluateWithPartner, type GameRole } from '../pipeline/game-eval.ts';
import type { TwoPlayerGame } from '../pipeline/games.ts';
import { builtInModels } from './built-in-model.ts';

for (const game of ['tictactoe', 'connect4'] as const satisfies readonly TwoPlayerGame[]) {
  for (const role of ['planner', 'player'] as const satisfies readonly GameRole[]) {
    registerEvaluator(`${game}/${role}`, async (organelle) => {
      const built = await builtInModels(game, ['planner', 'player'], organelle.engine.module);
      const partner = built[role === 'planner' ? 'player' : 'planner'];
      return partner ? evaluateWithPartner(game, role, organelle, partner, { builtIn: built[role] }) : {};
    });
  }
}
