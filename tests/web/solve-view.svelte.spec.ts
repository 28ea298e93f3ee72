// The Solve view (web/src/views/SolveView.svelte) around a SolveSession with a fake engine:
// a run solved while the view is open is scrolled into view with focus on its heading; the
// run already on screen when the view opens is left where it is; the address holds the setup.
import { flushSync, mount, unmount } from 'svelte';
import type { Remote } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { SolveSession } from '../../web/src/solve/solve-session.svelte.ts';
import type { Router } from '../../web/src/lib/router.svelte.ts';
import { recordedRun } from './puzzle8-runs.ts';
import { flush } from './helpers.ts';

const state = vi.hoisted(() => ({
  router: undefined as unknown as Router,
  solve: undefined as unknown as SolveSession,
  pairMeasure: undefined as unknown,
  library: { settled: true, models: [] as unknown[] },
  scrambleGate: null as Promise<void> | null, // holds a scramble until resolved
  scrambles: 0,
}));

vi.mock('../../web/src/state.ts', async () => {
  const { SolveSession } = await import('../../web/src/solve/solve-session.svelte.ts');
  const { PairMeasure } = await import('../../web/src/library/pair-measure.svelte.ts');
  const { Router } = await import('../../web/src/lib/router.svelte.ts');
  window.location.hash = '#/solve';
  state.router = new Router(window);
  const meta = (organelle: string) => ({
    id: organelle, name: organelle, recipeId: `puzzle8/${organelle}`, game: 'puzzle8', organelle,
    shape: { vocabSize: 4, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 }, params: 1, size: 1, steps: 1, seed: 1,
    addedAt: '2025-01-01T00:00:00.000Z', evaluation: {}, origin: 'trained', fingerprint: organelle.padEnd(16, '0'), resumable: false,
  });
  state.library.models = [meta('planner'), meta('mover')];
  const api = {
    loadPuzzle8: async () => ({ fingerprint: 'feedfacecafebeef' }),
    solvePuzzle8: async (board: string) => recordedRun(board),
    puzzle8Choices: async () => [],
    scramblePuzzle8: async () => {
      state.scrambles++;
      await state.scrambleGate;
      return { board: '413026758', optimal: 5, source: 'held-out' };
    },
  };
  state.solve = new SolveSession({
    spawn: () => ({ api: api as unknown as Remote<EngineWorkerApi>, close: () => {} }),
    library: { models: state.library.models as never, file: async (id) => ({ name: id, bytes: new Uint8Array([1]) }), loaded: async () => {} },
    clock: { set: () => 0, clear: () => {} },
    pageUrl: () => 'https://lab.example/#/solve',
  });
  // two models of the visitor's own: the picker offers to measure them (not done here)
  state.pairMeasure = new PairMeasure(() => ({ api: api as unknown as Remote<EngineWorkerApi>, close: () => {} }), { file: async () => ({ bytes: new Uint8Array([1]) }) });
  return state;
});

const { default: SolveView } = await import('../../web/src/views/SolveView.svelte');

async function solve(board: string): Promise<void> {
  state.solve.input = board;
  await state.solve.solve();
  flushSync();
  await flush();
}

describe('SolveView', () => {
  afterEach(() => vi.restoreAllMocks());

  it('brings a run solved in the view into view and focuses its heading, and only then', async () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    await solve('413026758'); // solved before the view opens: shown as it is when the view opens
    const view = mount(SolveView, { target: document.body });
    flushSync();
    await flush();
    expect(document.getElementById('run-heading')?.textContent).toMatch(/Your solve of\s*413026758/);
    expect(scroll).not.toHaveBeenCalled();

    await solve('102453786');
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(document.querySelector('section.run'));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(document.getElementById('run-heading'));

    state.solve.playback.step(1); // playing the run on does not scroll again
    flushSync();
    expect(scroll).toHaveBeenCalledTimes(1);
    unmount(view);
  });

  it('writes its setup into the address, and solves the board an address names', async () => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    const view = mount(SolveView, { target: document.body });
    flushSync();
    await solve('413026758');
    expect(location.hash).toBe('#/solve/413026758');
    (document.querySelector('input[type="checkbox"]') as HTMLInputElement).click();
    flushSync();
    expect(location.hash).toBe('#/solve/413026758?plans=heuristic');
    // a navigation, say a link to another board: that board is solved, with the plans as they are
    state.router.go('#/solve/102453786');
    await flush();
    await flush();
    flushSync();
    expect(document.getElementById('run-heading')?.textContent).toMatch(/Your solve of\s*102453786\s*without the Planner/);
    expect(location.hash).toBe('#/solve/102453786?plans=heuristic');
    unmount(view);
  });

  it('keeps Scramble focusable while it works, and ignores a second press', async () => {
    const view = mount(SolveView, { target: document.body });
    flushSync();
    const scramble = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Scramble')!;
    let release!: () => void;
    state.scrambleGate = new Promise((resolve) => (release = resolve));
    scramble.click();
    flushSync();
    // a disabled button would drop the keyboard focus to the page
    expect(scramble.hasAttribute('disabled')).toBe(false);
    expect(scramble.getAttribute('aria-disabled')).toBe('true');
    expect(scramble.textContent?.trim()).toBe('Scrambling…');
    scramble.click();
    release();
    await flush();
    flushSync();
    expect(state.solve.input).toBe('413026758');
    expect(state.scrambles).toBe(1);
    expect(scramble.getAttribute('aria-disabled')).toBe('false');
    unmount(view);
  });
});
