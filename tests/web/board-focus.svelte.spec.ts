// The game boards' one tab stop (web/src/play/roving.svelte.ts) over a game: when the person's
// turn comes back with the focused cell or column taken, the focus moves to the nearest one that
// can be played (so Enter plays); the arrows still reach a taken cell and stay there; a taken cell
// played on the person's turn is handed on (the session says why it cannot be played); and the
// boards render without Svelte's binding_property_non_reactive warning.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TicTacToeBoard from '../../web/src/play/TicTacToeBoard.svelte';
import Connect4Board from '../../web/src/play/Connect4Board.svelte';
import { reactive } from './reactive.svelte.ts';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (view) unmount(view);
  view = undefined;
  vi.restoreAllMocks();
});

const cell = (i: number) => document.querySelector<HTMLButtonElement>(`[data-cell="${i}"]`)!;
const column = (c: number) => document.querySelector<HTMLButtonElement>(`[data-column="${c}"]`)!;
const open = (board: string, empty: string) => [...board].flatMap((p, i) => (p === empty ? [String(i)] : []));
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));

describe('TicTacToeBoard focus', () => {
  it('moves the focus off the cell just taken to the nearest empty one when the turn comes back', () => {
    const played: string[] = [];
    const props = reactive({ board: '_________', legal: open('_________', '_'), onplay: (m: string) => played.push(m) });
    view = mount(TicTacToeBoard, { target: document.body, props });
    flushSync();
    cell(4).focus();
    cell(4).click(); // Enter on a button is its click
    expect(played).toEqual(['4']);
    // the person's X, then the organelles' O top left: the turn is back, the centre is taken
    props.legal = [];
    props.board = '____X____';
    flushSync();
    expect(document.activeElement).toBe(cell(4)); // nothing to play meanwhile: the focus stays
    props.board = 'O___X____';
    props.legal = open(props.board, '_');
    flushSync();
    // cells 1, 3, 5 and 7 are one step away; the lowest comes first
    expect(document.activeElement).toBe(cell(1));
    expect(cell(1).tabIndex).toBe(0);
    expect(cell(4).tabIndex).toBe(-1);
  });

  it('lets the arrows rest on a taken cell, and hands a taken cell played on the turn to onplay', () => {
    const played: string[] = [];
    const board = 'O___X____';
    view = mount(TicTacToeBoard, { target: document.body, props: { board, legal: open(board, '_'), onplay: (m: string) => played.push(m) } });
    flushSync();
    cell(1).focus();
    key(cell(1), 'ArrowDown');
    flushSync();
    expect(document.activeElement).toBe(cell(4));
    cell(4).click();
    expect(played).toEqual(['4']); // the session refuses it, and says why
  });

  it('moves only the tab stop when the board does not have the focus', () => {
    const props = reactive({ board: '_________', legal: [] as string[], onplay: () => {} });
    view = mount(TicTacToeBoard, { target: document.body, props });
    flushSync();
    props.board = '____X___O';
    props.legal = open(props.board, '_');
    flushSync();
    expect(cell(1).tabIndex).toBe(0);
    expect(document.activeElement).not.toBe(cell(1));
  });

  it('renders without the binding_property_non_reactive warning', () => {
    const warn = vi.spyOn(console, 'warn');
    view = mount(TicTacToeBoard, { target: document.body, props: { board: '_________', legal: ['0'], onplay: () => {} } });
    flushSync();
    unmount(view);
    view = mount(Connect4Board, { target: document.body, props: { board: '.'.repeat(42), legal: ['0'], onplay: () => {} } });
    flushSync();
    expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('binding_property_non_reactive'))).toEqual([]);
  });
});

describe('Connect4Board focus', () => {
  it('moves the focus off a column just filled to the nearest open one', () => {
    // column 3 full but for its top slot
    const nearlyFull = '.'.repeat(7) + '...X...' + '...O...' + '...X...' + '...O...' + '...X...';
    const props = reactive({ board: nearlyFull, legal: ['0', '1', '2', '3', '4', '5', '6'], onplay: () => {} });
    view = mount(Connect4Board, { target: document.body, props });
    flushSync();
    column(3).focus();
    props.legal = [];
    props.board = '...O...' + nearlyFull.slice(7);
    flushSync();
    props.legal = ['0', '1', '2', '4', '5', '6'];
    flushSync();
    expect(document.activeElement).toBe(column(2)); // 2 and 4 are as near; the lower first
  });
});
