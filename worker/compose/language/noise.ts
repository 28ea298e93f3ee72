// The training noise: the Planner's corpus says some of its intents sloppily so that the
// organelle learns to read past typos and stray words. Its fillers, casings and punctuation
// are its own; the held-out slips (slips.ts) use others, and no perturbed test intent is ever
// a corpus document (tests/compose/held-out.test.ts).

import type { Rng } from '../../games/rng.ts';
import { DISTRACTORS } from './distractors.ts';
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

/**
 * One distractor word (two, one time in three) put between words of `text`, or before or after
 * them: an adverb that says nothing about what to compute (distractors.ts), so that a word never
 * met is not by itself a sign of an unknown concept.
 */
export function scatterDistractors(text: string, rng: Rng): string {
  const words = text.split(' ');
  const count = rng.int(3) === 0 ? 2 : 1;
  for (let k = 0; k < count; k++) words.splice(rng.int(words.length + 1), 0, rng.pick(DISTRACTORS));
  return words.join(' ');
}
