// A view's newest run brought into view when it lands (reveal.ts): a run lands far below the
// setup that started it (below the fold on a phone), so each new one is scrolled to and its
// heading focused, once. Only a run started while the view is open: the one already there when
// the view opens leaves the page where it was.
import { untrack } from 'svelte';
import { reveal } from './reveal.ts';

/** Where a run is shown: the section to scroll to and what to focus (unset until mounted). */
export interface RevealTarget {
  section: HTMLElement | undefined;
  focus: HTMLElement | null | undefined;
}

/**
 * Reveals `where()` each time `current()` becomes a new value other than null. Call it while a
 * component initialises: it sets up an effect, ended with the component.
 */
export function revealEachNew<T>(current: () => T | null, where: () => RevealTarget): void {
  let revealed = untrack(current);
  $effect(() => {
    const value = current();
    if (value === null || value === revealed) return;
    const { section, focus } = where();
    if (!section || !focus) return;
    revealed = value;
    reveal(section, focus);
  });
}
