// A game's card on the home page (web/src/components/GameCard.svelte) quotes the built-in
// organelles' measured results only while the library holds the very models measured; and the
// titles it (and the Train view) gives the organelles' roles.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES, organelleTitle } from '../../web/src/lib/games.ts';
import { MEASURED } from '../../web/src/lib/measured.ts';
import GameCard from '../../web/src/components/GameCard.svelte';

const puzzle8 = GAMES.find((g) => g.id === 'puzzle8')!;
const measured = MEASURED.puzzle8!;
const model = (organelle: string, fingerprint: string) => ({ id: organelle, organelle, fingerprint, origin: 'built-in' });

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (view) unmount(view);
  view = undefined;
});

function render(models: ReturnType<typeof model>[]): HTMLElement | null {
  view = mount(GameCard, { target: document.body, props: { game: puzzle8, recipes: [], models: models as never } });
  flushSync();
  return document.querySelector('[data-testid="measured-puzzle8"]');
}

describe('GameCard', () => {
  it('quotes the measured results beside the measured models', () => {
    const block = render([model('planner', measured.fingerprints.planner), model('mover', measured.fingerprints.mover)]);
    expect(block).not.toBeNull();
    expect([...block!.querySelectorAll('li')].map((li) => li.textContent)).toEqual(measured.lines);
  });

  it('says nothing of them once a model differs from the one measured', () => {
    expect(render([model('planner', measured.fingerprints.planner), model('mover', '0123456789abcdef')])).toBeNull();
  });

  it('says nothing of them without the models', () => {
    expect(render([])).toBeNull();
  });
});

describe('organelleTitle', () => {
  it('names a role as the views do, code composition\'s second Planner included', () => {
    expect(['planner', 'mover', 'player', 'planner2', 'wiring', 'constructor'].map(organelleTitle)).toEqual([
      'Planner', 'Mover', 'Player', 'Second Planner', 'Wiring', 'Constructor',
    ]);
  });
});
