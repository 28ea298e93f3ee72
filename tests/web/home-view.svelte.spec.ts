// The home page (web/src/views/HomeView.svelte) names the organelles' roles as the rest of
// the UI does: Planner, Mover or Player, Judge.
import { flushSync, mount, unmount } from 'svelte';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../web/src/state.ts', () => ({
  catalog: { load: async () => {}, forGame: () => [] },
  library: { models: [] },
  pool: { active: [] },
  play: {},
}));
const { default: HomeView } = await import('../../web/src/views/HomeView.svelte');

describe('HomeView', () => {
  it('introduces the roles by the names the views use', () => {
    const view = mount(HomeView, { target: document.body });
    flushSync();
    const lead = document.querySelector('.lead')!.textContent!.replace(/\s+/g, ' ');
    expect(lead).toMatch(/a Planner sets goals and a Mover or a Player proposes each move, while a deterministic Judge checks every one/);
    expect(lead).not.toMatch(/worker/i);
    unmount(view);
  });
});
