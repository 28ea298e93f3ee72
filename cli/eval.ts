// `organelle eval <game> ...`: dispatches to each game's evaluation.
import { evalPuzzle8 } from './eval-puzzle8.ts';
import { evalGame } from './eval-games.ts';
import { evalCompose } from './eval-compose.ts';
import { didYouMean } from './suggest.ts';

const games: Record<string, (argv: string[]) => Promise<void>> = {
  puzzle8: evalPuzzle8,
  tictactoe: evalGame('tictactoe'),
  connect4: evalGame('connect4'),
  compose: evalCompose,
};

export async function evalCommand(argv: string[]): Promise<void> {
  const [game, ...rest] = argv;
  const known = Object.keys(games);
  const run = game !== undefined && Object.hasOwn(games, game) ? games[game] : undefined;
  if (!run && game !== undefined && !game.startsWith('-')) {
    const meant = didYouMean(game, known);
    throw new Error(`unknown game "${game}"${meant ? `: ${meant}` : ''} (known: ${known.join(', ')})`);
  }
  if (!run) throw new Error(`eval needs a game: ${known.join(', ')}`);
  await run(rest);
}
