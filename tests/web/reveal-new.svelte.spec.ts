// A view's newest run brought into view once, when it lands (web/src/lib/reveal-new.svelte.ts):
// not the run already there when the view opens, not again when nothing new came, and not before
// the section it lands in is mounted.
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealEachNew, type RevealTarget } from '../../web/src/lib/reveal-new.svelte.ts';
import { runSection } from '../helpers/run-section.ts';

describe('revealEachNew', () => {
  const { section, heading } = runSection();
  const scroll = vi.spyOn(section, 'scrollIntoView').mockImplementation(() => {});
  let stop = () => {};
  afterEach(() => {
    stop();
    scroll.mockClear();
  });

  function watch(first: object | null) {
    const state = $state<{ run: object | null; target: RevealTarget }>({ run: first, target: { section, focus: heading } });
    stop = $effect.root(() => revealEachNew(() => state.run, () => state.target));
    flushSync();
    return state;
  }

  it('reveals each new run once, and leaves the one there on arrival where it was', () => {
    const state = watch({ id: 'earlier' });
    expect(scroll).not.toHaveBeenCalled();
    state.run = { id: 1 };
    flushSync();
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(heading);
    state.target = { section, focus: heading }; // what it reads changed, the run did not
    flushSync();
    expect(scroll).toHaveBeenCalledTimes(1);
    state.run = { id: 2 };
    flushSync();
    expect(scroll).toHaveBeenCalledTimes(2);
    state.run = null; // a run cleared is nothing to show
    flushSync();
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('waits for the section to be mounted, then reveals the run that landed', () => {
    const state = watch(null);
    state.target = { section: undefined, focus: undefined };
    state.run = { id: 1 };
    flushSync();
    expect(scroll).not.toHaveBeenCalled();
    state.target = { section, focus: heading };
    flushSync();
    expect(scroll).toHaveBeenCalledTimes(1);
  });
});
