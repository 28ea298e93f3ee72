// The settings a composition runs under (web/src/compose/models.ts settingsFor): the shipped ones
// for the models they were chosen for, with the second reading only where its Readers are in the
// library and the models are those it was chosen with.
import { describe, expect, it } from 'vitest';
import { settingsFor } from '../../web/src/compose/models.ts';
import type { ComposeSettings } from '../../worker/compose/settings.ts';
import type { ModelMeta } from '../../web/src/library/model-store.ts';

const MODELS = { planner: 'a1', planner2: 'a2', wiring: 'a3', code: 'a4', single: 'a5' };
const SHIPPED: ComposeSettings = {
  rule: 'geomean', agreement: false, planner: 0.4, wiring: 0.8, code: 0.8, single: 0.9, models: MODELS,
  validation: { intents: 560, passed: 533, refused: 178, wrong_code: 5 },
  secondReading: { planner: 0.97, models: { reader: 'r1', reader2: 'r2' } },
};
const meta = (organelle: string, fingerprint: string) => ({ id: `built-in:${organelle}`, game: 'compose', organelle, fingerprint }) as ModelMeta;
const CHOSEN = { planner: { fingerprint: 'a1' }, planner2: { fingerprint: 'a2' }, wiring: { fingerprint: 'a3' }, code: { fingerprint: 'a4' } };

describe('settingsFor', () => {
  it('keeps the second reading for the models it was chosen with, and finds its Readers in the library', () => {
    const library = [meta('planner', 'a1'), meta('reader', 'r1'), meta('reader2', 'r2'), meta('reader', 'other')];
    const { settings, measured, readers } = settingsFor(SHIPPED, CHOSEN, library);
    expect(measured).toBe(true);
    expect(settings.secondReading?.planner).toBe(0.97);
    expect(readers).toEqual({ reader: library[1], reader2: library[2] });
  });

  it('reads once only, without the second reading, when a Reader is missing or the models are others', () => {
    const missing = settingsFor(SHIPPED, CHOSEN, [meta('reader', 'r1'), meta('reader2', 'retrained')]);
    expect([missing.readers, missing.settings.secondReading, missing.measured]).toEqual([null, undefined, true]);
    const other = settingsFor(SHIPPED, { ...CHOSEN, code: { fingerprint: 'mine' } }, [meta('reader', 'r1'), meta('reader2', 'r2')]);
    expect([other.readers, other.settings.secondReading, other.measured]).toEqual([null, undefined, false]);
    expect(other.settings.models.code).toBe('mine');
  });
});
