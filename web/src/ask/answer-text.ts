// How an answer of the Ask view is described in words: what it means where the answer is a
// code, how many votes it won, and how the votes were drawn.
import { winnerVotes, type AskAnswer } from '../../../worker/browser/ask.ts';
import { directionOf } from '../../../worker/games/puzzle8/prompts.ts';

/**
 * An answer spelled out where a game writes codes: the 8-puzzle's u d l r as Solve says them
 * ("left"; a plan "up, left"). Null where the answer reads as it is, or is no such code.
 */
export function answerMeaning(game: string | undefined, text: string): string | null {
  if (game !== 'puzzle8' || text === '') return null;
  const words = [...text].map(directionOf);
  return words.every((w) => w !== undefined) ? words.join(', ') : null;
}

/** "1 vote", "2 of 3 votes". */
export function votesWon(a: AskAnswer): string {
  const n = a.votes.length;
  if (n === 1) return '1 vote';
  return `${winnerVotes(a)} of ${n} votes`;
}

/** "greedy", "temperature 0.5", "temperatures 0.125–0.225". */
export function sampling(a: AskAnswer): string {
  const temps = a.votes.map((v) => v.temperature);
  const lo = Math.min(...temps);
  const hi = Math.max(...temps);
  if (hi === 0) return 'greedy';
  return lo === hi ? `temperature ${temperature(lo)}` : `temperatures ${temperature(lo)}–${temperature(hi)}`;
}

/** 0.175 -> "0.175", 0.5 -> "0.5", 0 -> "0 (greedy)". */
export function temperature(t: number): string {
  return t === 0 ? '0 (greedy)' : String(Number(t.toFixed(3)));
}
