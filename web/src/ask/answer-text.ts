// How an answer of the Ask view is described in words: how many votes it won, and how the
// votes were drawn.
import { winnerVotes, type AskAnswer } from '../../../worker/browser/ask.ts';

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
