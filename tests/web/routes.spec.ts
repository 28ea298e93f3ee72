// Hash routes: parsing, titles, Train's, Solve's and Play's setups in the address, and the Router
// following location.hash and writing a view's setup in place.
import { describe, expect, it } from 'vitest';
import { askHref, composeHref, NAV, parseHash, playHref, routeTitle, solveHref, trainHref } from '../../web/src/lib/routes.ts';
import { Router } from '../../web/src/lib/router.svelte.ts';
import { workFor } from '../../web/src/lib/put-to-work.ts';

describe('parseHash', () => {
  it('reads every view, with or without slashes', () => {
    expect(parseHash('')).toEqual({ name: 'home' });
    expect(parseHash('#')).toEqual({ name: 'home' });
    expect(parseHash('#/')).toEqual({ name: 'home' });
    expect(parseHash('#/train')).toEqual({ name: 'train' });
    expect(parseHash('#/library/')).toEqual({ name: 'library' });
    expect(parseHash('#solve')).toEqual({ name: 'solve' });
    expect(parseHash('#/solve/')).toEqual({ name: 'solve' });
    expect(parseHash('#/play')).toEqual({ name: 'play' });
    expect(parseHash('#/play?')).toEqual({ name: 'play' });
    expect(parseHash('#/engine')).toEqual({ name: 'engine' });
    expect(routeTitle({ name: 'engine' })).toBe('Engine check · Organelle Lab');
  });

  it('keeps a share link payload whole and names unknown paths', () => {
    expect(parseHash('#/r/abc-DEF_123')).toEqual({ name: 'shared', payload: 'abc-DEF_123' });
    expect(parseHash('#/r/abc/')).toEqual({ name: 'shared', payload: 'abc' });
    // a link cut off before its payload is an empty share link, which the shared view explains
    expect(parseHash('#/r/')).toEqual({ name: 'shared', payload: '' });
    expect(parseHash('#/r')).toEqual({ name: 'shared', payload: '' });
    // a shared composition, whole or cut off
    expect(parseHash('#/c/AbC-123_x')).toEqual({ name: 'shared-compose', payload: 'AbC-123_x' });
    expect(parseHash('#/c/')).toEqual({ name: 'shared-compose', payload: '' });
    expect(routeTitle({ name: 'shared-compose', payload: '' })).toBe('Shared composition · Organelle Lab');
    expect(parseHash('#/nope')).toEqual({ name: 'not-found', path: 'nope' });
    expect(parseHash('#/nope/')).toEqual({ name: 'not-found', path: 'nope/' }); // shown as asked
    expect(routeTitle({ name: 'library' })).toMatch(/library/i);
  });

  it('puts every view a visitor starts from in the navigation, each with an address that opens it', () => {
    expect(NAV.map((item) => item.label)).toEqual(['Home', 'Train', 'Library', 'Solve', 'Play', 'Compose', 'Ask']);
    for (const item of NAV) expect(parseHash(item.href).name, item.label).toBe(item.name);
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

describe("Solve's and Play's addresses", () => {
  it('read a board, a game, the models chosen and the plans', () => {
    expect(parseHash('#/solve/806547231')).toEqual({ name: 'solve', board: '806547231' });
    expect(parseHash('#/solve/806%20547%20231/')).toEqual({ name: 'solve', board: '806 547 231' }); // the field takes spaces
    expect(parseHash('#/solve?mover=built-in%3Apuzzle8-mover&plans=heuristic')).toEqual({
      name: 'solve', choose: { mover: 'built-in:puzzle8-mover' }, withPlanner: false,
    });
    expect(parseHash('#/solve/1?plans=planner')).toEqual({ name: 'solve', board: '1', withPlanner: true });
    expect(parseHash('#/play/connect4')).toEqual({ name: 'play', game: 'connect4' });
    expect(parseHash('#/play/tictactoe/?planner=a&player=b')).toEqual({ name: 'play', game: 'tictactoe', choose: { planner: 'a', player: 'b' } });
    // who plays the organelles: the visitor on a side, or a scripted opponent watched
    expect(parseHash('#/play/connect4?you=second')).toEqual({ name: 'play', game: 'connect4', match: { you: 'second' } });
    expect(parseHash('#/play?watch=alphabeta4&as=first')).toEqual({ name: 'play', match: { watch: 'alphabeta4', as: 'first' } });
    expect(parseHash('#/play?watch=minimax&as=left')).toEqual({ name: 'play', match: { watch: 'minimax' } });
    expect(parseHash('#/play?you=both')).toEqual({ name: 'play' });
    // a role the view does not have, an empty id or an unknown key changes nothing
    expect(parseHash('#/play?mover=a&planner=&seed=3')).toEqual({ name: 'play' });
    expect(parseHash('#/solve?player=a&plans=maybe')).toEqual({ name: 'solve' });
  });

  it('name a game no view plays, or a path too long, as not found', () => {
    expect(parseHash('#/play/chess')).toEqual({ name: 'not-found', path: 'play/chess' });
    expect(parseHash('#/play/connect4/x')).toEqual({ name: 'not-found', path: 'play/connect4/x' });
    expect(parseHash('#/solve/806547231/x')).toEqual({ name: 'not-found', path: 'solve/806547231/x' });
  });

  it('are written so they read back as written, whatever characters an id holds', () => {
    const ids = ['built-in:connect4-planner', 'a b/c?d#e&f=g+h', '%'];
    for (const id of ids) {
      const solve = { board: '806547231', choose: { planner: id, mover: 'm' }, withPlanner: false };
      expect(parseHash(solveHref(solve))).toEqual({ name: 'solve', ...solve });
      const play = { game: 'connect4' as const, choose: { player: id }, match: { watch: id, as: 'second' as const } };
      expect(parseHash(playHref(play))).toEqual({ name: 'play', ...play });
    }
    expect(solveHref()).toBe('#/solve');
    expect(solveHref({ board: '806547231' })).toBe('#/solve/806547231');
    expect(playHref({ game: 'tictactoe' })).toBe('#/play/tictactoe');
    expect(playHref({ game: 'tictactoe', match: { you: 'first' } })).toBe('#/play/tictactoe?you=first');
  });

  it("read Train's recipe or corpus and its settings as written, for the form to check", () => {
    expect(parseHash('#/train/')).toEqual({ name: 'train' });
    expect(parseHash('#/train/connect4/planner?shape=64k&block=32&steps=80000&seed=31')).toEqual({
      name: 'train', source: 'connect4/planner', shape: '64k', block: '32', steps: '80000', seed: '31',
    });
    expect(parseHash('#/train/corpus?steps=500')).toEqual({ name: 'train', source: 'corpus', steps: '500' });
    // values are kept as written, unknown keys are not
    expect(parseHash('#/train/chess/king?steps=lots&seed=-1&lr=9')).toEqual({ name: 'train', source: 'chess/king', steps: 'lots', seed: '-1' });
    expect(parseHash('#/train/a/b/c')).toEqual({ name: 'not-found', path: 'train/a/b/c' });
    const setups = [
      { source: 'tictactoe/planner', shape: 'recipe', block: '24', steps: '12000', seed: '21' },
      { source: 'corpus', shape: '30k', block: '128', steps: '2000', seed: '0' },
      { source: 'a b?c&d/e#f%', steps: '1' },
      {},
    ];
    for (const setup of setups) expect(parseHash(trainHref(setup))).toEqual({ name: 'train', ...setup });
    expect(trainHref({ source: 'puzzle8/mover', seed: '7' })).toBe('#/train/puzzle8/mover?seed=7');
  });

  it("read and write Compose's intent, models and plans, whatever characters the intent holds", () => {
    expect(parseHash('#/compose')).toEqual({ name: 'compose' });
    expect(parseHash('#/compose/smooth%20it/?wiring=w&planner2=p2&plans=heuristic&mover=m')).toEqual({
      name: 'compose', intent: 'smooth it', choose: { planner2: 'p2', wiring: 'w' }, withPlanner: false,
    });
    expect(parseHash('#/compose/a/b')).toEqual({ name: 'compose', intent: 'a/b' }); // typed in the address
    // asking about a plan the words do not say: ask=words or ask=no-words; anything else says nothing
    expect(parseHash('#/compose/blur%20it?ask=words')).toEqual({ name: 'compose', intent: 'blur it', askOnWords: true });
    expect(parseHash('#/compose?ask=no-words')).toEqual({ name: 'compose', askOnWords: false });
    expect(parseHash('#/compose?ask=yes')).toEqual({ name: 'compose' });
    expect(composeHref({ intent: 'blur it', withPlanner: false, askOnWords: true })).toBe('#/compose/blur%20it?plans=heuristic&ask=words');
    for (const intent of ['smooth the signal over 5 points then differentiate it', 'a/b c?d#e&f=g+h %', 'ĀāŵŤ']) {
      for (const askOnWords of [true, false]) {
        const setup = { intent, choose: { planner: 'built-in:compose-planner', planner2: 'built-in:compose-planner2', code: 'x y' }, withPlanner: true, askOnWords };
        expect(parseHash(composeHref(setup))).toEqual({ name: 'compose', ...setup });
      }
    }
    expect(composeHref()).toBe('#/compose');
    expect(composeHref({ intent: 'smooth it' })).toBe('#/compose/smooth%20it');
    // each role its own parameter, in pipeline order
    expect(composeHref({ choose: { code: 'c', wiring: 'w', planner2: 'q', planner: 'p' } })).toBe('#/compose?planner=p&planner2=q&wiring=w&code=c');
    expect(routeTitle({ name: 'compose' })).toBe('Compose · Organelle Lab');
  });

  it("put a library model to work with it chosen for its role, by address alone", () => {
    expect(parseHash(workFor('puzzle8', 'mover', 'id:1')!.href)).toEqual({ name: 'solve', choose: { mover: 'id:1' } });
    expect(parseHash(workFor('connect4', 'planner', 'id:2')!.href)).toEqual({ name: 'play', game: 'connect4', choose: { planner: 'id:2' } });
    expect(workFor('connect4', 'planner', 'x')!.label).toBe('Play with it');
    expect(workFor('puzzle8', 'judge', 'x')).toBeNull();
    expect(workFor(undefined, undefined, 'x')).toBeNull(); // a corpus of one's own
    expect(workFor('compose', 'wiring', 'id:3')).toEqual({ href: '#/compose?wiring=id%3A3', label: 'Use in Compose' });
    expect(parseHash(workFor('compose', 'code', 'id:4')!.href)).toEqual({ name: 'compose', choose: { code: 'id:4' } });
    expect(workFor('compose', 'planner2', 'id:5')).toEqual({ href: '#/compose?planner2=id%3A5', label: 'Use in Compose' });
    expect(workFor('compose', 'single', 'x')).toBeNull(); // the baseline is not part of the pipeline
  });
});

const settled = () => new Promise((r) => setTimeout(r, 10));

describe('Router', () => {
  it('follows hash changes, each a navigation', async () => {
    window.location.hash = '#/train';
    const router = new Router(window);
    expect(router.route).toEqual({ name: 'train' });
    await settled(); // the assignment's own hashchange
    const before = router.navigations;
    router.go('#/library');
    await settled();
    expect(router.route).toEqual({ name: 'library' });
    expect(router.navigations).toBe(before + 1);
    router.dispose();
  });

  it("writes a view's setup in place: the address and route change, with no history entry and no navigation", async () => {
    window.location.hash = '#/play';
    const router = new Router(window);
    await settled();
    const entries = history.length;
    const before = router.navigations;
    router.replace('#/play/connect4?player=a');
    await settled();
    expect(location.hash).toBe('#/play/connect4?player=a');
    expect(router.route).toEqual({ name: 'play', game: 'connect4', choose: { player: 'a' } });
    expect(history.length).toBe(entries);
    expect(router.navigations).toBe(before);
    router.dispose();
  });
});
