// The slips people make, for the held-out `perturbed` set: typos (a letter dropped, doubled,
// swapped or hit on the key next to it), a word swapped with its neighbour or left out, fillers,
// odd casing and punctuation. Each perturbed intent has two slips of different kinds. The
// fillers, casings and punctuation marks here are not the training noise's (noise.ts): those
// are the organelles' own, these they never see.

import type { Rng } from '../../games/rng.ts';
import { addFiller, doubleLetter, dropLetter, dropWord, swapLetters, swapWords, wrongKey } from './edits.ts';

export const HELD_OUT_FILLERS: readonly string[] = ['please', 'basically', 'kindly', 'just', 'go ahead and', 'i would like to', 'could you'];

function titleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function shoutOneWord(text: string, rng: Rng): string {
  const words = text.split(' ');
  const i = rng.int(words.length);
  words[i] = words[i].toUpperCase();
  return words.join(' ');
}

const SLIPS: readonly ((text: string, rng: Rng) => string)[] = [
  dropLetter,
  doubleLetter,
  swapLetters,
  wrongKey,
  swapWords,
  dropWord,
  (t, rng) => addFiller(t, rng, HELD_OUT_FILLERS),
  (t, rng) => rng.pick([titleCase(t), t.toUpperCase(), shoutOneWord(t, rng)]),
  (t, rng) => t + rng.pick(['!!', '...', '?!', ' ?', ' .']),
  (t) => t.replace(', ', ' ').replace(' then ', ', then '),
];

/**
 * The sentence with two slips of different kinds, each one that changes it (a kind that finds
 * nothing to change, like a comma slip on a sentence without one, is passed over); the same rng
 * state gives the same slips.
 */
export function perturb(text: string, rng: Rng): string {
  const kinds = rng.shuffle([...SLIPS.keys()]);
  const made: number[] = [];
  let out = text;
  // casing and punctuation (the last kinds) go last, so a typo is made in lower case, as a person makes it
  for (const k of kinds) {
    if (made.length === 2) break;
    if (SLIPS[k](text, rng.fork(`probe${k}`)) === text) continue;
    made.push(k);
  }
  for (const k of made.sort((x, y) => x - y)) out = SLIPS[k](out, rng);
  return out;
}
