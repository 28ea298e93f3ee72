// Where a game organelle goes to work: the Solve view (8-puzzle) or the Play view (tic-tac-
// toe, connect four), with the model chosen there for its role, whatever was chosen before.
// Offered by a finished training run and by a library card.
import { play, solve } from '../state.ts';

export type Work =
  | { game: 'puzzle8'; role: 'planner' | 'mover'; href: '#/solve'; label: 'Solve with it' }
  | { game: 'tictactoe' | 'connect4'; role: 'planner' | 'player'; href: '#/play'; label: 'Play with it' };

/** The view a model of `game` for `organelle` works in, or null when none runs it. */
export function workFor(game: string | undefined, organelle: string | undefined): Work | null {
  if (game === 'puzzle8' && (organelle === 'planner' || organelle === 'mover')) return { game, role: organelle, href: '#/solve', label: 'Solve with it' };
  if ((game === 'tictactoe' || game === 'connect4') && (organelle === 'planner' || organelle === 'player')) {
    return { game, role: organelle, href: '#/play', label: 'Play with it' };
  }
  return null;
}

/** Chooses the model for its role in its view; the link's own navigation then opens the view. */
export function putToWork(work: Work, modelId: string): void {
  if (work.game === 'puzzle8') {
    solve.choose(work.role, modelId);
  } else {
    play.game = work.game;
    play.choose(work.role, modelId, work.game);
  }
}
