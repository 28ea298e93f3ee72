// Organelles sample only when a retry asks for votes, from their engine's sampling PRNG, whose
// state would otherwise carry over from whatever they answered before. Reseeding before each
// game or board makes its run a function of that game or board alone: the same evaluation
// gives the same numbers in any order, in the CLI and after a browser training run.
import type { Organelle } from '../organelle.ts';
import type { Board } from '../games/puzzle8/board.ts';
import { fnv1a32 } from '../games/puzzle8/heldout.ts';
import { Rng, type Seed } from '../games/rng.ts';

/** Before game `index` of a match seeded `seed` (playMatch's beforeGame). */
export function reseedPerGame(seed: Seed, organelles: readonly Organelle[]): (index: number) => void {
  return (index) => {
    const s = new Rng(seed).fork(`sampling ${index}`).uint32();
    for (const o of organelles) o.engine.seedSampling(s);
  };
}

/** Before an 8-puzzle board, from the board itself (evaluatePipeline's beforeBoard). */
export function reseedPerBoard(organelles: readonly Organelle[]): (board: Board) => void {
  return (board) => {
    for (const o of organelles) o.engine.seedSampling(fnv1a32(board));
  };
}
