// The connect-four board (web/src/play/Connect4Board.svelte) and its key (DiscKey.svelte): the
// two sides' discs differ by a mark, not by colour alone (X crossed, O ringed), the key draws
// the same discs beside who plays them, and each column tells a screen reader whose discs it
// holds, from the bottom up.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import Connect4Board from '../../web/src/play/Connect4Board.svelte';
import DiscKey from '../../web/src/play/DiscKey.svelte';

// row 0 is the top: column 3 holds X at the bottom with O on it, column 4 one X
const BOARD = '.'.repeat(28) + '...O...' + '...XX..';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view && unmount(view));

/** What marks a disc: the cross of X or the ring of O. */
function mark(disc: Element): string {
  const m = disc.querySelector('.mark')!;
  return m.tagName.toLowerCase() === 'path' ? 'cross' : 'ring';
}

describe('Connect4Board', () => {
  it('marks each side’s discs with its own shape, and says whose discs each column holds', () => {
    view = mount(Connect4Board, { target: document.body, props: { board: BOARD, legal: ['0', '3'], onplay: () => {} } });
    flushSync();
    const discs = [...document.querySelectorAll('[data-piece]')];
    expect(discs.map((d) => `${d.getAttribute('data-piece')} ${mark(d)}`).sort()).toEqual(['O ring', 'X cross', 'X cross']);
    for (const d of discs) expect(d.querySelector('svg')!.classList.contains(`disc-${d.getAttribute('data-piece')}`)).toBe(true);
    const label = (c: number) => document.querySelector(`[data-column="${c}"]`)!.getAttribute('aria-label');
    expect(label(3)).toBe('Column 3: X, O from the bottom, drop here');
    expect(label(4)).toBe('Column 4: X from the bottom');
    expect(label(0)).toBe('Column 0: empty, drop here');
  });
});

describe('DiscKey', () => {
  it('names who plays which disc, beside the disc as the board draws it', () => {
    view = mount(DiscKey, { target: document.body, props: { sides: [{ piece: 'X', who: 'You' }, { piece: 'O', who: 'Organelles' }] } });
    flushSync();
    const items = [...document.querySelectorAll('[data-testid="disc-key"] li')];
    expect(items.map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).toEqual(['You: X', 'Organelles: O']);
    expect(items.map((li) => mark(li))).toEqual(['cross', 'ring']);
    expect(document.querySelector('[data-testid="disc-key"]')!.getAttribute('aria-label')).toBe('Who plays which disc');
  });
});
