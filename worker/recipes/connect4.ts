// The connect-4 pipeline's organelles: a Planner and a Player, trained from one
// deterministic build of the noisy alpha-beta self-play corpus (corpus/connect4.ts). The
// shipped models (public/models/connect4/) are this recipe's output at these seeds.
import { buildConnect4Corpus, type Connect4Corpus } from '../../corpus/connect4.ts';
import { registerRecipe } from './registry.ts';

let built: Connect4Corpus | undefined;
/** The shipped corpus build (default options), made once for both recipes and whoever else reads it. */
export function connect4Corpus(): Connect4Corpus {
  built ??= buildConnect4Corpus();
  return built;
}
const corpus = connect4Corpus;

registerRecipe({
  game: 'connect4',
  organelle: 'planner',
  id: 'connect4/planner',
  title: 'Connect-4 Planner',
  description: 'Reads the board (one code per column, from the side to move); writes a threat map, then the tactically sound columns best first, tagged w (wins) / b (blocks).',
  // Two layers for 80,000 steps: the pair must train within 5 minutes on the 2-core build
  // machine. It takes 3 min 20 s (4 min 13 s before the MLP skipped its zero activations; see
  // docs/results.md). Before that, at 90,000 steps it took 5 min 2-8 s on a day the machine ran
  // about 10% slow, and 80,000 lose nothing: beside the shipped Player,
  // seeds 31, 41, 51 and 61 won 751, 703, 680 and 729 of 2,000 games against the 2-ply search
  // from random openings, and 747, 713, 615 and 752 at 90,000 steps. The seed alone moves the
  // count by about 100, the labels' depth more: at 90,000 steps beside the 2-ply Player, 2-ply
  // labels won 667, 638, 561 and 631 at these seeds where 4-ply ones won 748, 713, 622 and
  // 747. At 2 plies, 120,000 steps (6 minutes) won 742 at seed 31 but 611 at seed 41; bigger
  // models, a value map in the working, batch 8 or 12, and learning rates of 3e-3 and 4e-3
  // did no better; at 4 plies, neither did label smoothing of 0 or 0.2 instead of the default
  // 0.1 (722 and 659, 695 and 667 at seeds 31 and 41). The Player gained nothing from twice
  // its steps.
  architecture: { embd: 48, heads: 4, layers: 2, mlp: 192, block: 32 },
  seed: 31,
  config: { steps: 80_000, batchDocs: 16, learningRate: 2e-3, warmupSteps: 300 },
  buildCorpus: () => corpus().planner,
});

registerRecipe({
  game: 'connect4',
  organelle: 'player',
  id: 'connect4/player',
  title: 'Connect-4 Player',
  description: 'Reads the board, the plan and the refused columns; writes its own threat map, then one column: the plan\'s first when it is tactically sound, else its own best.',
  architecture: { embd: 48, heads: 4, layers: 3, mlp: 192, block: 40 },
  seed: 32,
  config: { steps: 26_000, batchDocs: 16, learningRate: 2e-3, warmupSteps: 300 },
  buildCorpus: () => corpus().player,
});
