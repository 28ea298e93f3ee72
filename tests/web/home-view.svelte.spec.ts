// The home page (web/src/views/HomeView.svelte) names the organelles' roles as the rest of
// the UI does: Planner, Mover or Player, Judge; its card for one's own corpora opens the
// Train form on one's own corpus, and leads to asking the newest such model.
import { flushSync, mount, unmount } from 'svelte';
import { describe, expect, it, vi } from 'vitest';

const library = vi.hoisted(() => ({ models: [] as { id: string; game?: string; name: string }[] }));
vi.mock('../../web/src/state.ts', () => ({
  catalog: { load: async () => {}, forGame: () => [] },
  library,
  pool: { active: [] },
  play: {},
}));
const { default: HomeView } = await import('../../web/src/views/HomeView.svelte');
const { CORPUS_SOURCE, parseHash } = await import('../../web/src/lib/routes.ts');

describe('HomeView', () => {
  it('introduces the roles by the names the views use', () => {
    const view = mount(HomeView, { target: document.body });
    flushSync();
    const lead = document.querySelector('.lead')!.textContent!.replace(/\s+/g, ' ');
    expect(lead).toMatch(/a Planner sets goals and a Mover or a Player proposes each move, while a deterministic Judge checks every one/);
    expect(lead).not.toMatch(/worker/i);
    unmount(view);
  });

  it("opens the Train form on one's own corpus, not on a game's organelle", () => {
    const view = mount(HomeView, { target: document.body });
    flushSync();
    const train = [...document.querySelectorAll<HTMLAnchorElement>('[aria-labelledby="own-models"] a')].find((a) => a.textContent === 'Train on your corpus')!;
    expect(train.getAttribute('href')).toBe('#/train/corpus');
    expect(parseHash(train.getAttribute('href')!)).toEqual({ name: 'train', source: CORPUS_SOURCE });
    unmount(view);
  });

  it("offers to ask the newest model trained on one's own corpus, once there is one", () => {
    const ownCard = () => document.querySelector('[aria-labelledby="own-models"]')!;
    let view = mount(HomeView, { target: document.body });
    flushSync();
    expect(ownCard().querySelector('a[href^="#/ask"]')).toBeNull();
    unmount(view);
    library.models = [{ id: 'mine 2', name: 'b' }, { id: 'mine 1', name: 'a' }, { id: 'built-in:x', game: 'puzzle8', name: 'x' }];
    view = mount(HomeView, { target: document.body });
    flushSync();
    const ask = ownCard().querySelector('a[href^="#/ask"]')!;
    expect(ask.getAttribute('href')).toBe('#/ask/mine%202');
    expect(ask.textContent).toBe('Ask the newest');
    unmount(view);
  });
});
