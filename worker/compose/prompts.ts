// What the Planner reads: the intent and the kanban's blocked field, pipe-separated like every
// organelle prompt here (`smooth the signal over 5 points then differentiate it|blocked=`).
// A blocked item names a pattern that came back below the confidence threshold and why:
// `rolling_mean(low_conf)` (the Code organelle was unsure of its body) or
// `rolling_mean+diff_central(low_conf)` (the Wiring organelle was unsure of the plan).

import { emptyKanban, encodeKanban } from '../orchestrator/kanban.ts';

/**
 * Longest intent the pipeline takes (the held-out sets' longest is 218): the Planner's block of
 * 384 holds it with `|blocked=`, a few blocked items and a plan of up to 64 characters.
 */
export const MAX_INTENT = 240;

/**
 * A character no Planner corpus intent holds: the corpus writes lower-case letters, digits,
 * spaces and `.,!?()-` ("|" and line breaks never reach here: checkIntent). The shipped Planners
 * are the recipes' output on the corpus as it is (tests/helpers/shipped.ts), so reading these
 * characters away changed no document.
 */
const OUTSIDE_PLANNER_ALPHABET = /[^a-z0-9\s.,!?()-]/g;

/**
 * The Planner reads the intent in lower case with single spaces: casing and spacing carry no
 * meaning here, and an organelle of 170K parameters should not spend itself learning a second
 * alphabet. Typos, stray words and the corpus's punctuation it must read past itself. A character no corpus writes would stop the Planner before it read a word (its
 * vocabulary lacks it), so an apostrophe, which joins a word, is dropped ("what's" reads as
 * "whats"), and any other is a space ("x: smooth it", "0.1/0.3").
 */
export function plannerPrompt(intent: string, blocked: readonly string[]): string {
  const text = intent
    .toLowerCase()
    .replace(/['\u2019`]/g, '')
    .replace(OUTSIDE_PLANNER_ALPHABET, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${text}|${encodeKanban({ ...emptyKanban(), blocked: [...blocked] }, ['blocked'])}`;
}

/**
 * Asking a Planner how sure it is of a plan it did not write: its prompt and the plan as one
 * document, the way its corpus holds them (a Planner's prompt never holds a newline).
 */
export function weighPrompt(prompt: string, plan: string): string {
  return `${prompt}\n${plan}`;
}

/** The prompt and the plan of a weighPrompt, or null for an ordinary prompt. */
export function parseWeighPrompt(prompt: string): { prompt: string; plan: string } | null {
  const at = prompt.indexOf('\n');
  return at < 0 ? null : { prompt: prompt.slice(0, at), plan: prompt.slice(at + 1) };
}

export function blockedItem(pattern: readonly string[], reason: string): string {
  return `${pattern.join('+')}(${reason})`;
}

/** The names a blocked item covers and why, or null for an item of another shape. */
export function parseBlockedItem(item: string): { pattern: string[]; reason: string } | null {
  const m = /^([a-z0-9_+]+)\(([a-z_]+)\)$/.exec(item);
  return m ? { pattern: m[1].split('+'), reason: m[2] } : null;
}

/** Null when the intent can go to the Planner, else what is wrong with it. */
export function checkIntent(intent: string): string | null {
  if (intent.trim() === '') return 'the intent is empty';
  if (intent.length > MAX_INTENT) return `the intent has ${intent.length} characters; at most ${MAX_INTENT}`;
  if (/[|\n\r]/.test(intent)) return "the intent may not contain '|' or a line break";
  return null;
}
