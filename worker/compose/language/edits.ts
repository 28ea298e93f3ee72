// Character- and word-level edits of a sentence, the raw material of both the training noise
// (noise.ts) and the held-out slips (slips.ts). Digits, signs and the words that order the
// steps are never touched: an edit may make a sentence sloppy, never make it ask for
// something else.

import type { Rng } from '../../games/rng.ts';

/** Words that decide the order of steps or hold the sentence together: never dropped or moved. */
const STRUCTURE = new Set(['then', 'first', 'after', 'before', 'followed', 'by', 'of', 'result', 'and', 'once', 'done', 'start', 'finish', 'continue', 'to', 'between', 'from']);

const LETTERS = /^[a-z]+$/i;

/** Indexes of words an edit may change letters in: letters only, at least `min` of them. */
function editableWords(words: readonly string[], min: number): number[] {
  return words.flatMap((w, i) => (LETTERS.test(w) && w.length >= min && !STRUCTURE.has(w.toLowerCase()) ? [i] : []));
}

function editWord(text: string, rng: Rng, min: number, edit: (w: string, at: number) => string, pos: (w: string) => number): string {
  const words = text.split(' ');
  const candidates = editableWords(words, min);
  if (candidates.length === 0) return text;
  const i = rng.pick(candidates);
  words[i] = edit(words[i], pos(words[i]));
  return words.join(' ');
}

/** "smooth" -> "smoth": a letter inside a word dropped. */
export function dropLetter(text: string, rng: Rng): string {
  return editWord(text, rng, 4, (w, at) => w.slice(0, at) + w.slice(at + 1), (w) => 1 + rng.int(w.length - 1));
}

/** "smooth" -> "smoooth" */
export function doubleLetter(text: string, rng: Rng): string {
  return editWord(text, rng, 3, (w, at) => w.slice(0, at + 1) + w[at] + w.slice(at + 1), (w) => rng.int(w.length));
}

/** "smooth" -> "somoth": two neighbouring letters swapped. */
export function swapLetters(text: string, rng: Rng): string {
  return editWord(text, rng, 4, (w, at) => w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2), (w) => rng.int(w.length - 1));
}

// neighbours on a QWERTY keyboard, for slips of the finger
const KEYS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
function neighbour(c: string, rng: Rng): string {
  const lower = c.toLowerCase();
  for (const [r, row] of KEYS.entries()) {
    const j = row.indexOf(lower);
    if (j < 0) continue;
    const around = [row[j - 1], row[j + 1], KEYS[r - 1]?.[j], KEYS[r + 1]?.[j]].filter((x): x is string => x !== undefined);
    return rng.pick(around);
  }
  return c;
}

/** "smooth" -> "smootg": a letter replaced by a key next to it. */
export function wrongKey(text: string, rng: Rng): string {
  return editWord(text, rng, 4, (w, at) => w.slice(0, at) + neighbour(w[at], rng) + w.slice(at + 1), (w) => 1 + rng.int(w.length - 1));
}

// The words a person leaves out without changing what is asked: articles and possessives.
const DROPPABLE = new Set(['the', 'a', 'an', 'my', 'its']);

/** An article or possessive left out ("smooth the signal" -> "smooth signal"). */
export function dropWord(text: string, rng: Rng): string {
  const words = text.split(' ');
  const candidates = words.flatMap((w, i) => (DROPPABLE.has(w.toLowerCase()) ? [i] : []));
  if (candidates.length === 0) return text;
  words.splice(rng.pick(candidates), 1);
  return words.join(' ');
}

/** Two neighbouring words of the same noun or verb phrase swapped ("the signal smooth"). */
export function swapWords(text: string, rng: Rng): string {
  const words = text.split(' ');
  const pairs: number[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i].toLowerCase();
    const b = words[i + 1].toLowerCase();
    if (LETTERS.test(a) && LETTERS.test(b) && !STRUCTURE.has(a) && !STRUCTURE.has(b)) pairs.push(i);
  }
  if (pairs.length === 0) return text;
  const i = rng.pick(pairs);
  [words[i], words[i + 1]] = [words[i + 1], words[i]];
  return words.join(' ');
}

/** A filler put at the start, or after the first word. */
export function addFiller(text: string, rng: Rng, fillers: readonly string[]): string {
  const filler = rng.pick(fillers);
  return rng.int(3) === 0 ? `${filler} ${text}` : text.replace(' ', ` ${filler} `);
}
