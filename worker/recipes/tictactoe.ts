// The tic-tac-toe pipeline's organelles: a Planner and a Player, trained from one
// deterministic build of the exhaustive minimax corpus (corpus/tictactoe.ts). The shipped
// models (public/models/tictactoe/) are this recipe's output at these seeds.
import { buildTicTacToeCorpus, type TicTacToeCorpus } from '../../corpus/tictactoe.ts';
import { registerRecipe } from './registry.ts';

const CORPUS_SEED = 1;
let built: TicTacToeCorpus | undefined;
function corpus(): TicTacToeCorpus {
  built ??= buildTicTacToeCorpus(CORPUS_SEED);
  return built;
}

registerRecipe({
  game: 'tictactoe',
  organelle: 'planner',
  id: 'tictactoe/planner',
  title: 'Tic-tac-toe Planner',
  description: 'Reads the board (x = side to move); writes the moves that keep the game value, best first, tagged w (wins) / b (blocks).',
  architecture: { embd: 48, heads: 4, layers: 3, mlp: 192, block: 24 },
  seed: 21,
  config: { steps: 12_000, batchDocs: 16, learningRate: 2e-3, warmupSteps: 200 },
  buildCorpus: () => corpus().planner,
});

registerRecipe({
  game: 'tictactoe',
  organelle: 'player',
  id: 'tictactoe/player',
  title: 'Tic-tac-toe Player',
  description: 'Reads the board, the plan and the refused cells; answers one cell: the plan\'s first move when it is safe, else its own best.',
  architecture: { embd: 48, heads: 4, layers: 3, mlp: 192, block: 32 },
  seed: 22,
  config: { steps: 12_000, batchDocs: 16, learningRate: 2e-3, warmupSteps: 200 },
  buildCorpus: () => corpus().player,
});
