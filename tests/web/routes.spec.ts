// Hash routes: parsing, titles, and the Router following location.hash.
import { describe, expect, it } from 'vitest';
import { askHref, parseHash, routeTitle } from '../../web/src/lib/routes.ts';
import { Router } from '../../web/src/lib/router.svelte.ts';

describe('parseHash', () => {
  it('reads every view, with or without slashes', () => {
    expect(parseHash('')).toEqual({ name: 'home' });
    expect(parseHash('#')).toEqual({ name: 'home' });
    expect(parseHash('#/')).toEqual({ name: 'home' });
    expect(parseHash('#/train')).toEqual({ name: 'train' });
    expect(parseHash('#/library/')).toEqual({ name: 'library' });
    expect(parseHash('#solve')).toEqual({ name: 'solve' });
    expect(parseHash('#/play')).toEqual({ name: 'play' });
    expect(parseHash('#/engine')).toEqual({ name: 'engine' });
    expect(routeTitle({ name: 'engine' })).toBe('Engine check · Organelle Lab');
  });

  it('keeps a share link payload whole and names unknown paths', () => {
    expect(parseHash('#/r/abc-DEF_123')).toEqual({ name: 'shared', payload: 'abc-DEF_123' });
    expect(parseHash('#/r/abc/')).toEqual({ name: 'shared', payload: 'abc' });
    // a link cut off before its payload is an empty share link, which the shared view explains
    expect(parseHash('#/r/')).toEqual({ name: 'shared', payload: '' });
    expect(parseHash('#/r')).toEqual({ name: 'shared', payload: '' });
    expect(parseHash('#/nope')).toEqual({ name: 'not-found', path: 'nope' });
    expect(parseHash('#/nope/')).toEqual({ name: 'not-found', path: 'nope/' }); // shown as asked
    expect(routeTitle({ name: 'library' })).toMatch(/library/i);
  });

  it("names the model the Ask view asks, whatever characters its id holds", () => {
    expect(parseHash('#/ask')).toEqual({ name: 'ask' });
    expect(parseHash('#/ask/')).toEqual({ name: 'ask' });
    for (const id of ['built-in:tictactoe-player', 'a b/c?d#e', '%']) {
      expect(parseHash(askHref(id))).toEqual({ name: 'ask', modelId: id });
    }
    expect(parseHash('#/ask/%E0%A4%A')).toEqual({ name: 'ask', modelId: '%E0%A4%A' }); // a mangled escape, kept as typed
    for (const prompt of ['123560478|plan=ll|blocked=|last=rd', 'a/b c?#%', 'ĀāŵŤũĀā|p=5,1,6|b=']) {
      expect(parseHash(askHref('built-in:puzzle8-mover', prompt))).toEqual({ name: 'ask', modelId: 'built-in:puzzle8-mover', prompt });
    }
  });
});

describe('Router', () => {
  it('follows hash changes', async () => {
    window.location.hash = '#/train';
    const router = new Router(window);
    expect(router.route).toEqual({ name: 'train' });
    router.go('#/library');
    await new Promise((r) => setTimeout(r, 10));
    expect(router.route).toEqual({ name: 'library' });
    router.dispose();
  });
});
