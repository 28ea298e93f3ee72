// What the two game boards share: their props, and one tab stop over their buttons (a roving
// tabindex). Arrow keys move the focus as the board's geometry says, a digit key plays that
// cell or column at once, and Enter or Space plays the focused one (the buttons' own click).

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
  readonly buttons: HTMLButtonElement[] = [];
  readonly #count: number;
  readonly #step: (from: number, key: string) => number | undefined;
  readonly #play: (index: number) => void;

  /** `step` maps an arrow (or Home / End) key to the button it moves to; `play` plays a button's move. */
  constructor(start: number, count: number, step: (from: number, key: string) => number | undefined, play: (index: number) => void) {
    this.focused = start;
    this.#count = count;
    this.#step = step;
    this.#play = play;
  }

  focus(index: number): void {
    this.focused = Math.max(0, Math.min(this.#count - 1, index));
    this.buttons[this.focused]?.focus();
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
