// Bringing a new run into view (web/src/lib/reveal.ts): scrolled to, smoothly unless the
// visitor prefers reduced motion, and focused without a second scroll.
import { describe, expect, it, vi } from 'vitest';
import { reveal, scrollBehavior } from '../../web/src/lib/reveal.ts';
import { runSection } from '../helpers/run-section.ts';

const media = (reduced: boolean) => ({
  matchMedia: (query: string) => ({ matches: reduced && query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
});

describe('reveal', () => {
  it('scrolls smoothly, or jumps under prefers-reduced-motion', () => {
    expect(scrollBehavior(media(false))).toBe('smooth');
    expect(scrollBehavior(media(true))).toBe('auto');
  });

  it('scrolls the target to the top and focuses the heading without scrolling again', () => {
    const { section, heading } = runSection();
    const scroll = vi.spyOn(section, 'scrollIntoView').mockImplementation(() => {});
    const focus = vi.spyOn(heading, 'focus');
    reveal(section, heading, media(true));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(document.activeElement).toBe(heading);
    section.remove();
  });
});
