// What the two game boards share: their props, and one tab stop over their buttons (a roving
// tabindex). Arrow keys move the focus as the board's geometry says, a digit key plays that
// cell or column at once, and Enter or Space plays the focused one (the buttons' own click).
// When the person's turn comes back and the tab stop sits on a move that was just taken, it
// moves to the nearest one that can be played, so Enter plays instead of doing nothing.
import { untrack } from 'svelte';
import type { Attachment } from 'svelte/attachments';

export interface BoardProps {
  /** The board as the game's rules write it. */
  board: string;
  /** The moves the person may play now; none when it is not their turn. */
  legal?: readonly string[];
  /** The last move, outlined. */
  last?: string | null;
  /** Absent: a board to look at, not to play. */
  onplay?: (move: string) => void;
  label?: string;
}

export class RovingFocus {
  focused = $state(0);
  // the buttons, by index: kept by an attachment, not bound, since nothing renders from them
  readonly #buttons: (HTMLElement | undefined)[] = [];
  readonly #count: number;
  readonly #step: (from: number, key: string) => number | undefined;
  readonly #play: (index: number) => void;
  readonly #distance: (a: number, b: number) => number;

  /**
   * `step` maps an arrow (or Home / End) key to the button it moves to; `play` plays a button's
   * move; `distance` says how far apart two buttons are on the board (for the nearest open one).
   */
  constructor(
    start: number,
    count: number,
    step: (from: number, key: string) => number | undefined,
    play: (index: number) => void,
    distance: (a: number, b: number) => number,
  ) {
    this.focused = start;
    this.#count = count;
    this.#step = step;
    this.#play = play;
    this.#distance = distance;
  }

  /** Keeps button `index`'s element while it is on the page: `{@attach roving.button(i)}`. */
  button(index: number): Attachment<HTMLElement> {
    return (element) => {
      this.#buttons[index] = element;
      return () => {
        if (this.#buttons[index] === element) this.#buttons[index] = undefined;
      };
    };
  }

  focus(index: number): void {
    this.focused = Math.max(0, Math.min(this.#count - 1, index));
    this.#buttons[this.focused]?.focus();
  }

  /**
   * The person's turn, with `open` the buttons that can be played: a tab stop on one that cannot
   * moves to the nearest that can (the lowest index on a tie), and the focus with it if the
   * board had the focus. Nothing open, or the tab stop on an open one: nothing moves.
   */
  settle(open: readonly number[]): void {
    // read untracked: called from an effect on the legal moves, which must not re-run (and pull
    // the focus away) each time the arrows move onto a taken cell
    const from = untrack(() => this.focused);
    if (open.length === 0 || open.includes(from)) return;
    const to = open.reduce((best, i) => {
      const d = this.#distance(from, i) - this.#distance(from, best);
      return d < 0 || (d === 0 && i < best) ? i : best;
    });
    const hadFocus = this.#buttons.some((b) => b !== undefined && b === b.ownerDocument.activeElement);
    if (hadFocus) this.focus(to);
    else this.focused = to;
  }

  readonly onkeydown = (e: KeyboardEvent): void => {
    if (/^[0-9]$/.test(e.key) && Number(e.key) < this.#count) {
      e.preventDefault();
      this.focus(Number(e.key));
      this.#play(Number(e.key));
      return;
    }
    const to = this.#step(this.focused, e.key);
    if (to !== undefined) {
      e.preventDefault();
      this.focus(to);
    }
  };
}
