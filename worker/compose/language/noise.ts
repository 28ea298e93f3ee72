// The training noise: the Planner's corpus says some of its intents sloppily so that the
// organelle learns to read past typos and stray words. Its fillers, casings and punctuation
// are its own; the held-out slips (slips.ts) use others, and no perturbed test intent is ever
// a corpus document (tests/compose/held-out.test.ts).

import type { Rng } from '../../games/rng.ts';
import { addFiller, doubleLetter, dropLetter, dropWord, swapLetters, swapWords, wrongKey } from './edits.ts';

export const TRAINING_FILLERS: readonly string[] = ['now', 'quickly', 'for me', 'i want to', 'can you', 'simply', 'i need to', 'help me'];

const NOISES: readonly ((text: string, rng: Rng) => string)[] = [
  dropLetter,
  doubleLetter,
  swapLetters,
  wrongKey,
  swapWords,
  dropWord,
  (t, rng) => addFiller(t, rng, TRAINING_FILLERS),
  (t) => t[0].toUpperCase() + t.slice(1),
  (t) => t.toUpperCase(),
  (t, rng) => t + rng.pick(['.', '!', '?']),
];

/** One or two kinds of noise. */
export function addNoise(text: string, rng: Rng): string {
  const count = 1 + rng.int(2);
  const kinds = rng.shuffle([...NOISES.keys()]).slice(0, count).sort((x, y) => x - y);
  return kinds.reduce((t, k) => NOISES[k](t, rng), text);
}
