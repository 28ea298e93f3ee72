// Real recorded 8-puzzle runs for the web tests, without any model: scripted organelles
// (an optimal Planner and Mover read the board from their prompts; a "sloppy" Mover mixes in
// unparseable, illegal and cycling answers) go through the same recording solve the worker
// uses, so the events and the share link are the genuine article.
import { solveRecorded } from '../../worker/games/puzzle8/share.ts';
import { optimalMoves } from '../../worker/games/puzzle8/solver.ts';
import { applyMove, type Direction } from '../../worker/games/puzzle8/board.ts';
import { encodeSolveLink } from '../../worker/share/solve-link.ts';
import type { Organelle } from '../../worker/orchestrator/types.ts';
import type { Puzzle8Run } from '../../worker/browser/messages.ts';
import { puzzle8Run } from '../../worker/browser/puzzle8.ts';

const LETTER: Record<Direction, string> = { up: 'u', down: 'd', left: 'l', right: 'r' };

/** Writes up to two optimal moves ahead. */
export const optimalPlanner: Organelle = (prompt) => {
  let board = prompt.slice(0, 9);
  let plan = '';
  for (let i = 0; i < 2 && board !== '123456780'; i++) {
    const move = optimalMoves(board)[0];
    plan += LETTER[move];
    board = applyMove(board, move)!;
  }
  return { text: plan || 'u', confidence: 0.9 };
};

export const optimalMover: Organelle = (prompt) => ({ text: LETTER[optimalMoves(prompt.slice(0, 9))[0]], confidence: 0.8 });

/** Every third call answers badly: garbage, then a move off the board, then an undo-style repeat. */
export function sloppyMover(): Organelle {
  let n = 0;
  return (prompt) => {
    n++;
    const board = prompt.slice(0, 9);
    if (n % 3 === 0) {
      const kind = (n / 3) % 3;
      if (kind === 1) return { text: 'x', confidence: 0.2 };
      const blank = board.indexOf('0');
      if (kind === 2) return { text: blank < 3 ? 'u' : blank > 5 ? 'd' : blank % 3 === 0 ? 'l' : 'r', confidence: 0.3 };
    }
    return optimalMover(prompt);
  };
}

/** A Puzzle8Run as the worker returns it, made with scripted organelles. */
export function recordedRun(start: string, mover: Organelle = optimalMover, planner: Organelle = optimalPlanner): Puzzle8Run {
  const fingerprint = '0123456789abcdef';
  const { result, link } = solveRecorded(start, { planner, mover }, fingerprint);
  return puzzle8Run(start, result, encodeSolveLink(link), fingerprint, 12);
}

const OPPOSITE: Record<string, string> = { u: 'd', d: 'u', l: 'r', r: 'l' };

/** Always tries to undo its last move: the Judge refuses the loops, the fallback steps in. */
export const undoingMover: Organelle = (prompt) => {
  const last = /\|last=([udlr]*)$/.exec(prompt)?.[1] ?? '';
  return last === '' ? optimalMover(prompt) : { text: OPPOSITE[last[last.length - 1]], confidence: 0.6 };
};

/** Never answers with a move: every move comes from the fallback. */
export const mumblingMover: Organelle = () => ({ text: '??', confidence: 0.1 });

/** An ensemble of three: two optimal votes and one stray, as the default pipeline answers. */
export const votingMover: Organelle = (prompt) => {
  const best = optimalMover(prompt).text;
  const votes = [best, best === 'u' ? 'l' : 'u', best];
  return { text: best, confidence: 2 / 3, votes };
};
