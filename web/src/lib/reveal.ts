// Bringing something the visitor just asked for into view: scrolled to the top of the
// window (smoothly, unless they prefer reduced motion) and focused, so keyboard and
// screen-reader users land on it too.

/** A jump under prefers-reduced-motion, else a smooth scroll. */
export function scrollBehavior(win: Pick<Window, 'matchMedia'> = window): ScrollBehavior {
  return win.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls `target` into view and focuses `focus` (tabindex="-1" for a heading). */
export function reveal(target: Element, focus: HTMLElement, win: Pick<Window, 'matchMedia'> = window): void {
  target.scrollIntoView({ behavior: scrollBehavior(win), block: 'start' });
  // the scroll above already moves there; a second, instant one would cut the smooth one short
  focus.focus({ preventScroll: true });
}
