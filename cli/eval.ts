// `organelle eval <game> ...`: dispatches to each game's evaluation.
import { evalPuzzle8 } from './eval-puzzle8.ts';
import { evalGame } from './eval-games.ts';
import { evalCompose } from './eval-compose.ts';

const games: Record<string, (argv: string[]) => Promise<void>> = {
  puzzle8: evalPuzzle8,
  tictactoe: evalGame('tictactoe'),
  connect4: evalGame('connect4'),
  compose: evalCompose,
};

export async function evalCommand(argv: string[]): Promise<void> {
  const [game, ...rest] = argv;
  const run = game ? games[game] : undefined;
  if (!run) throw new Error(`eval needs a game: ${Object.keys(games).join(', ')}`);
  await run(rest);
}
