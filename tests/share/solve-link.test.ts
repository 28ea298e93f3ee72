// Share links: compact, versioned, tamper-evident, and a faithful replay of the solve.
import { describe, expect, it } from 'vitest';
import { decodeSolveLink, encodeSolveLink, ShareLinkError, type SolveLink } from '../../worker/share/solve-link.ts';
import { replaySolve, solveRecorded } from '../../worker/games/puzzle8/share.ts';
import { astar } from '../../worker/games/puzzle8/solver.ts';
import { randomHeldOutBoards } from '../../worker/games/puzzle8/boards.ts';
import { letters, parsePlan } from '../../worker/games/puzzle8/prompts.ts';
import { applyMove, type Direction } from '../../worker/games/puzzle8/board.ts';
import type { Completion } from '../../worker/orchestrator/types.ts';

// Deterministic fake organelles: a perfect Planner, and a Mover that follows the plan but
// answers garbage every seventh call (so the trace has rejections and a retry).
function fakes() {
  let calls = 0;
  const planner = (prompt: string): Completion => ({ text: letters(astar(prompt.slice(0, 9)).slice(0, 4)), confidence: 0.9 });
  const mover = (prompt: string): Completion => {
    calls++;
    const plan = /plan=([udlr]*)/.exec(prompt)![1];
    return { text: calls % 7 === 0 ? 'zz' : plan[0] ?? 'u', confidence: 0.75 };
  };
  return { planner, mover };
}

const MODELS = '0123456789abcdef';

describe('solve links', () => {
  const board = randomHeldOutBoards(1, 42)[0];

  it('round-trips and replays to the identical event stream', () => {
    const { result, link } = solveRecorded(board, fakes(), MODELS);
    expect(result.solved).toBe(true);
    const decoded = decodeSolveLink(encodeSolveLink(link));
    expect(decoded.start).toBe(board);
    expect(decoded.models).toBe(MODELS);
    const replay = replaySolve(decoded);
    // confidences travel as bytes (1/255): compare the events with that rounding
    const round = (events: unknown) => JSON.parse(JSON.stringify(events, (k, v) => (k === 'confidence' ? Math.round(v * 255) : v)));
    expect(round(replay.events)).toEqual(round(result.events));
    expect(replay.moves).toEqual(result.moves);
  });

  it('fits a 40-move solve in well under 2,000 characters', () => {
    // a long solve: a Mover that wanders (legal moves only) before following the plan
    const start = randomHeldOutBoards(50, 3).find((b) => astar(b).length >= 20)!;
    const link: SolveLink = { game: 'puzzle8', start, models: MODELS, trace: 0, answers: [] };
    let b = start;
    for (let i = 0; i < 40; i++) {
      if (i % 4 === 0) link.answers.push({ source: 'planner', text: 'udlr', confidence: 1 });
      const d = (astar(b)[0] ?? 'up') as Direction;
      link.answers.push({ source: 'worker', text: d[0], confidence: 0.5 });
      b = applyMove(b, d)!;
    }
    const text = encodeSolveLink(link);
    expect(text.length).toBeLessThan(2000);
    expect(text.length).toBeLessThan(400);
    expect(decodeSolveLink(text).answers).toHaveLength(50);
  });

  it('refuses damaged, cut, edited and foreign links with a clear reason', () => {
    const { link } = solveRecorded(board, fakes(), MODELS);
    const text = encodeSolveLink(link);
    const flip = text.slice(0, 20) + (text[20] === 'A' ? 'B' : 'A') + text.slice(21);
    expect(() => decodeSolveLink(flip)).toThrow(/checksum/);
    expect(() => decodeSolveLink(text.slice(0, text.length - 6))).toThrow(ShareLinkError);
    expect(() => decodeSolveLink(text.slice(0, 10))).toThrow(/too short/);
    expect(() => decodeSolveLink('<script>alert(1)</script>')).toThrow(/^the link looks incomplete or changed: it has “<”, which no share link has/);
    expect(() => decodeSolveLink(`${text.slice(0, 30)}…`)).toThrow(/^the link looks cut short: it ends in “…”/);
    expect(() => decodeSolveLink('')).toThrow(/empty/);
    // a consistent link (valid checksum) whose answers do not drive the solve to its end
    const short = { ...link, answers: link.answers.slice(0, 3) };
    expect(() => replaySolve(decodeSolveLink(encodeSolveLink(short)))).toThrow(/ran out|does not replay/);
    const extra = { ...link, answers: [...link.answers, { source: 'worker' as const, text: 'u', confidence: 1 }] };
    expect(() => replaySolve(decodeSolveLink(encodeSolveLink(extra)))).toThrow(/never used/);
    const bad = { ...link, start: '123456789' };
    expect(() => replaySolve(decodeSolveLink(encodeSolveLink(bad)))).toThrow(/board is invalid/);
    // a consistent link whose answers were swapped for other legal ones (checksum recomputed)
    const firstMove = link.answers.findIndex((a) => a.source === 'worker');
    const swapped = { ...link, answers: link.answers.map((a, i) => (i === firstMove ? { ...a, text: 'zz' } : a)) };
    expect(() => replaySolve(decodeSolveLink(encodeSolveLink(swapped)))).toThrow(/does not replay|altered|never used/);
    // a newer format version
    const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '=='.slice(0, (4 - (text.length % 4)) % 4)), (c) => c.charCodeAt(0));
    bytes[0] = 9;
    let h = 0x811c9dc5;
    for (let i = 0; i < bytes.length - 4; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
    new DataView(bytes.buffer).setUint32(bytes.length - 4, h, true);
    const newer = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(() => decodeSolveLink(newer)).toThrow(/newer version/);
  });

  it('keeps plans honest on replay: a plan in the link is validated like a live one', () => {
    const { link } = solveRecorded(board, fakes(), MODELS);
    const first = link.answers.findIndex((a) => a.source === 'planner');
    const tampered = { ...link, answers: link.answers.map((a, i) => (i === first ? { ...a, text: 'xx' } : a)) };
    // the replayed Planner answer fails the grammar: the run shows the rejection, and the
    // rest of the recording no longer lines up with the run
    expect(parsePlan('xx', board).ok).toBe(false);
    expect(() => replaySolve(decodeSolveLink(encodeSolveLink(tampered)))).toThrow(ShareLinkError);
  });
});

describe('solve links from ensembles', () => {
  it('replay runs whose organelles voted (the votes themselves are not in the link)', () => {
    const { planner, mover } = fakes();
    const voting = (f: (p: string) => Completion) => (p: string): Completion => {
      const c = f(p);
      return { ...c, votes: [c.text, c.text, 'x'], confidence: 2 / 3 };
    };
    const board = randomHeldOutBoards(3, 9)[2];
    const { result, link } = solveRecorded(board, { planner: voting(planner), mover: voting(mover) }, MODELS);
    expect(result.events.some((e) => e.type === 'move_proposed' && e.votes !== undefined)).toBe(true);
    const replay = replaySolve(decodeSolveLink(encodeSolveLink(link)));
    expect(replay.moves).toEqual(result.moves);
  });
});
