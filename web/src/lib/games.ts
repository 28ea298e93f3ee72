// The games the product plays, as the UI describes them. Which organelles each one uses
// comes from the recipe registry (worker side); this is only the human-facing text.
import type { GameId } from '../../../worker/recipes/registry.ts';
import { ROLE_TITLES } from '../compose/models.ts';

export interface GameInfo {
  id: GameId;
  title: string;
  blurb: string;
  /** Where it is played: the Solve view's address, or the Play view's with the game chosen. */
  view: '#/solve' | '#/play/tictactoe' | '#/play/connect4';
}

export const GAMES: readonly GameInfo[] = [
  {
    id: 'puzzle8',
    title: '8-puzzle',
    blurb: 'Slide tiles into order. A Planner sets goals, a Mover proposes each slide, a Judge checks it.',
    view: '#/solve',
  },
  {
    id: 'tictactoe',
    title: 'Tic-tac-toe',
    blurb: 'A Planner names the threats and good cells, a Player picks one, the Judge keeps every move legal. Play them, or watch.',
    view: '#/play/tictactoe',
  },
  {
    id: 'connect4',
    title: 'Connect four',
    blurb: 'Seven columns, four in a row: play the organelles, or watch them take on a tactical or searching opponent.',
    view: '#/play/connect4',
  },
];

/** Code composition: not a game, but a pipeline of organelles like one (its own view, #/compose). */
export const COMPOSE_TITLE = 'Code composition';

export function gameTitle(id: string | undefined): string {
  if (id === 'compose') return COMPOSE_TITLE;
  return GAMES.find((g) => g.id === id)?.title ?? 'Your own corpus';
}

/** An organelle's role as a title: "planner" -> "Planner"; code composition's "planner2" -> "Second Planner". */
export function organelleTitle(organelle: string): string {
  if (Object.hasOwn(ROLE_TITLES, organelle)) return ROLE_TITLES[organelle as keyof typeof ROLE_TITLES];
  return organelle.charAt(0).toUpperCase() + organelle.slice(1);
}
