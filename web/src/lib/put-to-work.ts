// Where a game organelle goes to work: the Solve view (8-puzzle), the Play view (tic-tac-
// toe, connect four) or the Compose view (code composition's two Planners, Wiring and Code),
// by an address that chooses the model for its role there, whatever was chosen before (so the
// link works as well opened in a new tab). Offered by a finished training run and by a library
// card.
import { composeHref, playHref, solveHref } from './routes.ts';
import { inPipeline } from '../../../worker/compose/roles.ts';

export interface Work {
  href: string;
  label: 'Solve with it' | 'Play with it' | 'Use in Compose';
}

/** The view a model of `game` for `organelle` works in, with it chosen, or null when none runs it. */
export function workFor(game: string | undefined, organelle: string | undefined, modelId: string): Work | null {
  if (game === 'puzzle8' && (organelle === 'planner' || organelle === 'mover')) {
    return { href: solveHref({ choose: { [organelle]: modelId } }), label: 'Solve with it' };
  }
  if ((game === 'tictactoe' || game === 'connect4') && (organelle === 'planner' || organelle === 'player')) {
    return { href: playHref({ game, choose: { [organelle]: modelId } }), label: 'Play with it' };
  }
  if (game === 'compose' && organelle !== undefined && inPipeline({ game, organelle })) {
    return { href: composeHref({ choose: { [organelle]: modelId } }), label: 'Use in Compose' };
  }
  return null;
}
