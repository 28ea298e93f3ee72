// The page for a share link that does not replay (web/src/views/SharedRunView.svelte and
// web/src/lib/shared-link.ts): headed and explained as a game or a solve when the link can
// still be read, with the board it started from; with every way on when it cannot.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeSolveLink, encodeSolveLink, type SolveLink } from '../../worker/share/solve-link.ts';
import { linkKind } from '../../web/src/lib/shared-link.ts';
import { recordedRun } from './puzzle8-runs.ts';

const state = vi.hoisted(() => ({ library: {}, play: {} }));
vi.mock('../../web/src/state.ts', () => state);
const { default: SharedRunView } = await import('../../web/src/views/SharedRunView.svelte');

const solveLink = decodeSolveLink(recordedRun('413026758').link);
/** The link re-encoded (a valid checksum) with `edit` applied: it decodes but does not replay. */
const edited = (edit: Partial<SolveLink>) => encodeSolveLink({ ...solveLink, ...edit });
const outOfOrder = edited({ answers: [...solveLink.answers].reverse() });
const gameLink = edited({ game: 'tictactoe', start: 'first:human', answers: [{ source: 'worker', text: '4', confidence: 1 }] });

function open(payload: string) {
  const view = mount(SharedRunView, { target: document.body, props: { payload } });
  flushSync();
  const text = (selector: string) => document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim();
  const buttons = () => [...document.querySelectorAll('.broken .actions > *')].map((b) => b.textContent!.trim());
  return { view, text, buttons };
}

describe('linkKind', () => {
  it('reads a solve and its board, or a game, from a link that does not replay', () => {
    expect(linkKind(outOfOrder)).toEqual({ kind: 'solve', board: '413026758' });
    expect(linkKind(edited({ start: '213456780' }))).toEqual({ kind: 'solve', board: null }); // unsolvable: not offered
    expect(linkKind(gameLink)).toEqual({ kind: 'game', title: 'Tic-tac-toe' });
    expect(linkKind(outOfOrder.slice(0, -3))).toEqual({ kind: 'unknown' });
    expect(linkKind('')).toEqual({ kind: 'unknown' });
  });
});

describe('SharedRunView for a broken link', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.clearAllMocks();
  });

  it('heads a game link as a game and suggests playing one', () => {
    const { view, text, buttons } = open(gameLink);
    expect(text('h1')).toBe('Shared game');
    expect(text('.broken')).toMatch(/It is a tic-tac-toe game\..*or play a game yourself\./);
    expect(text('.broken')).not.toMatch(/solve/i);
    expect(buttons()).toEqual(['Play a game', 'Go to the home page']);
    unmount(view);
  });

  it('names the board of a solve link and offers to solve it', () => {
    const { view, text, buttons } = open(outOfOrder);
    expect(text('h1')).toBe('Shared run');
    expect(text('[role="alert"]')).toMatch(/^The link's answers are out of order/);
    expect(text('.broken')).toMatch(/It is an 8-puzzle solve of the board 413026758\..*or solve that board yourself\./);
    expect(buttons()).toEqual(['Solve this board', 'Go to the home page']);
    // the Solve view solves the board its address names
    expect(document.querySelector('.broken a')?.getAttribute('href')).toBe('#/solve/413026758');
    unmount(view);
  });

  it('offers every way on when the link cannot be read at all', () => {
    const { view, text, buttons } = open('<img src=x>');
    expect(text('h1')).toBe('Shared run');
    expect(text('[role="alert"]')).toMatch(/^The link looks incomplete or changed: it has “<”, which no share link has; copy the whole link again/);
    expect(buttons()).toEqual(['Solve a board', 'Play a game', 'Go to the home page']);
    unmount(view);
  });

  it('explains a link cut off before its payload (#/r/)', () => {
    const { view, text } = open('');
    expect(text('h1')).toBe('Shared run');
    expect(text('[role="alert"]')).toBe('The link is empty.');
    unmount(view);
  });
});
