// Code composition's card on the home page (web/src/components/ComposeCard.svelte): each of the
// pipeline's four organelles, both Planners named, and which have a model; the figures and the
// pipeline fingerprint only for a built-in model in every role.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ComposeCard from '../../web/src/components/ComposeCard.svelte';
import { combineFingerprints } from '../../worker/pipeline/fingerprint.ts';

const FINGERPRINTS = { planner: '1111111111111111', planner2: '2222222222222222', wiring: '3333333333333333', code: '4444444444444444' };
const model = (organelle: keyof typeof FINGERPRINTS) => ({ id: organelle, organelle, fingerprint: FINGERPRINTS[organelle], origin: 'built-in' });

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (view) unmount(view);
  view = undefined;
});

function render(models: ReturnType<typeof model>[]): HTMLElement {
  view = mount(ComposeCard, { target: document.body, props: { models: models as never, ready: true } });
  flushSync();
  return document.querySelector<HTMLElement>('[data-testid="compose-card"]')!;
}

describe('ComposeCard', () => {
  it('lists the four organelles and the fingerprint of the built-in pipeline of all four', () => {
    const card = render([model('planner'), model('planner2'), model('wiring'), model('code')]);
    expect([...card.querySelectorAll('.organelles .name')].map((n) => n.textContent)).toEqual(['Planner', 'Second Planner', 'Wiring', 'Code']);
    expect([...card.querySelectorAll('.organelles .badge')].map((b) => b.textContent)).toEqual(Array(4).fill('ready · built-in'));
    expect(card.querySelector('[data-testid="compose-pipeline"]')!.textContent).toBe(
      combineFingerprints([FINGERPRINTS.planner, FINGERPRINTS.planner2, FINGERPRINTS.wiring, FINGERPRINTS.code]),
    );
  });

  it('without a second Planner, says so and quotes no figures', () => {
    const card = render([model('planner'), model('wiring'), model('code')]);
    expect(card.querySelectorAll('.organelles .badge')[1].textContent).toBe('not trained');
    expect(card.querySelector('[data-testid="measured-compose"]')).toBeNull();
  });
});
