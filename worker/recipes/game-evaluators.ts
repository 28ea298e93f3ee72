// After a browser training run of a tic-tac-toe or connect-4 organelle: seeded games against
// the random opponent from each side, paired with the built-in model for the other role.
import { registerEvaluator } from '../browser/evaluation.ts';
import { evaluateWithPartner, type GameRole } from '../pipeline/game-eval.ts';
import type { TwoPlayerGame } from '../pipeline/games.ts';
import { builtInPartner } from './partner.ts';

for (const game of ['tictactoe', 'connect4'] as const satisfies readonly TwoPlayerGame[]) {
  for (const role of ['planner', 'player'] as const satisfies readonly GameRole[]) {
    registerEvaluator(`${game}/${role}`, async (organelle) => {
      const partner = await builtInPartner(game, role === 'planner' ? 'player' : 'planner', organelle.engine.module).catch(() => null);
      return partner ? evaluateWithPartner(game, role, organelle, partner) : {};
    });
  }
}
