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

function render(
  chosen: Record<Role, ModelMeta>,
  extra: { measured?: typeof measured; opponent?: string; pair?: unknown } = {},
  chosenIds: Partial<Record<Role, string>> = {},
): string | null {
  const choice = {
    candidates: (r: Role) => [chosen[r]],
    model: (r: Role) => chosen[r],
    choose: () => {},
    chosenId: (r: Role) => chosenIds[r] ?? null,
  };
  const source = {
    choice,
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

  it('says when the address names a model the library does not hold, and which plays instead', () => {
    const chosen = { planner: meta('planner', measured.fingerprints.planner), mover: meta('mover', measured.fingerprints.mover) };
    render(chosen, {}, { planner: chosen.planner.id });
    expect(document.querySelector('[data-testid="picker-unknown"]')).toBeNull();
    unmount(view!);
    render(chosen, {}, { mover: 'trained:from-another-browser' });
    expect(document.querySelector('[data-testid="picker-unknown"]')?.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'The address names a Mover your library does not hold (trained:from-another-browser), so the newest one, mover, is chosen. Models of your own live in this browser only.',
    );
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

  it('offers to measure two models of one\'s own together, and quotes the result beside the built-in pair\'s', async () => {
    const states = new Map<string, unknown>();
    const asked: string[] = [];
    const measure = {
      state: (_game: string, models: ModelMeta[]) => states.get(models.map((m) => m.id).join('|')) ?? { status: 'idle' },
      measure: async (game: string, planner: ModelMeta, partner: ModelMeta) => void asked.push(`${game} ${planner.id} ${partner.id}`),
    };
    const planner = { ...meta('planner', 'abcdefabcdefabcd'), origin: 'trained' } as ModelMeta;
    const mover = { ...meta('mover', 'feedfacefeedface'), origin: 'imported' } as ModelMeta;
    render({ planner, mover }, { pair: { measure, game: 'puzzle8' } });
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Measure these models')!;
    button.click();
    expect(asked).toEqual([`puzzle8 ${planner.id} ${mover.id}`]);
    unmount(view!);

    states.set(`${planner.id}|${mover.id}`, {
      status: 'done',
      evaluation: { pipelineBoards: 100, pipelineSolveRate: 0.9, pipelineMovesOverOptimal: 1.6, builtInSolveRate: 1, builtInMovesOverOptimal: 1.3 },
    });
    render({ planner, mover }, { pair: { measure, game: 'puzzle8' } });
    expect(document.querySelector('[data-testid="pair-measure"]')?.textContent).toBe(
      'Measured just now, these models together: solved 90% of 100 held-out boards in 1.60x the moves of the shortest solutions (the built-in pair: 100% in 1.30x).',
    );
    unmount(view!);

    // the built-in pair has its reports: nothing to measure
    render({ planner: meta('planner', measured.fingerprints.planner), mover: meta('mover', measured.fingerprints.mover) }, { pair: { measure, game: 'puzzle8' } });
    expect([...document.querySelectorAll('button')].some((b) => b.textContent === 'Measure these models')).toBe(false);
  });
});
