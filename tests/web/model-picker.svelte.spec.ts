// The model picker of the Solve and Play views (web/src/library/ModelPicker.svelte) quotes the
// built-in models' measured results only while exactly those models are chosen, and a model
// of the visitor's own its after-training measure while it stands beside built-in ones.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ModelPicker from '../../web/src/library/ModelPicker.svelte';
import { MEASURED } from '../../web/src/lib/measured.ts';
import type { ModelMeta } from '../../web/src/library/model-store.ts';

const measured = MEASURED.puzzle8!;
const ROLES = ['planner', 'mover'] as const;
type Role = (typeof ROLES)[number];

const meta = (organelle: Role, fingerprint: string) =>
  ({ id: `${organelle}-${fingerprint}`, name: organelle, organelle, fingerprint, origin: 'built-in', addedAt: '2026-11-23T00:00:00Z' }) as ModelMeta;

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (view) unmount(view);
  view = undefined;
});

function render(chosen: Record<Role, ModelMeta>, extra: { measured?: typeof measured; opponent?: string } = {}): string | null {
  const source = {
    candidates: (r: Role) => [chosen[r]],
    model: (r: Role) => chosen[r],
    choose: () => {},
    busy: false,
    fingerprint: null,
  };
  const props = { source, roles: ROLES, titles: { planner: 'Planner', mover: 'Mover' }, needs: 'Solving needs an 8-puzzle', ready: true, measured, ...extra };
  view = mount(ModelPicker, { target: document.body, props: props as never }); // plain tsc sees .svelte files untyped
  flushSync();
  return document.querySelector('[data-testid="picker-measured"]')?.textContent ?? null;
}

describe('ModelPicker', () => {
  it('quotes the measurement while the measured models are chosen', () => {
    const text = render({ planner: meta('planner', measured.fingerprints.planner), mover: meta('mover', measured.fingerprints.mover) });
    expect(text).toBe(`Measured with these models: ${measured.lines[0]}`);
  });

  it('says nothing of it with another model in one role', () => {
    expect(render({ planner: meta('planner', measured.fingerprints.planner), mover: meta('mover', 'feedfacefeedface') })).toBeNull();
  });

  it('quotes the chosen opponent\'s figure when there is one, else the headline', () => {
    const byOpponent = { random: 'Against random moves: won them all.' };
    const withOpponents = { ...measured, byOpponent };
    const chosen = { planner: meta('planner', measured.fingerprints.planner), mover: meta('mover', measured.fingerprints.mover) };
    expect(render(chosen, { measured: withOpponents, opponent: 'random' })).toBe(`Measured with these models: ${byOpponent.random}`);
    unmount(view!);
    expect(render(chosen, { measured: withOpponents, opponent: 'alphabeta4' })).toBe(`Measured with these models: ${measured.lines[0]}`);
  });

  it('quotes a model of one\'s own, beside the built-in partner it was measured with', () => {
    const trained = {
      ...meta('planner', 'abcdefabcdefabcd'), name: 'my planner', origin: 'trained', game: 'puzzle8',
      evaluation: { pipelineBoards: 100, pipelineSolveRate: 0.96, pipelineMovesOverOptimal: 1.5052, builtInSolveRate: 1, builtInMovesOverOptimal: 1.3017 },
    } as ModelMeta;
    render({ planner: trained, mover: meta('mover', measured.fingerprints.mover) });
    expect(document.querySelector('[data-testid="picker-own-measure"]')?.textContent).toBe(
      '“my planner” was measured after training with the built-in Mover: solved 96% of 100 held-out boards in 1.51x the moves of the shortest solutions (the built-in pair: 100% in 1.30x).',
    );
    unmount(view!);
    // beside another model of one's own, that measure says nothing of the pair
    render({ planner: trained, mover: { ...meta('mover', 'feedfacefeedface'), origin: 'imported' } as ModelMeta });
    expect(document.querySelector('[data-testid="picker-own-measure"]')).toBeNull();
  });
});
