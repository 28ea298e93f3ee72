// The model library: imports pass every model-file check or change nothing (weights that are
// not finite numbers included); a full disk is reported in plain words without losing
// entries; built-in models are listed read-only; a partly trained model says so.
import { describe, expect, it, vi } from 'vitest';
import { Library } from '../../web/src/library/library.svelte.ts';
import { MemoryModelStore } from '../../web/src/library/model-store.ts';
import { loadShipped, parseManifest } from '../../web/src/library/shipped.ts';
import { partlyTrained, pickerLabel, retrainHref, trainedOn } from '../../web/src/library/meta.ts';
import { parseHash } from '../../web/src/lib/routes.ts';
import { picked, tinyFile, tinyModel } from './helpers.ts';
import { decodeModelFile, encodeModelFile, fnv1a32 } from '../../worker/model/model-file.ts';
import { parameterCount } from '../../worker/model/shape.ts';

function quotaError(): Error {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError') as unknown as Error;
}

/** The file with its last weight NaN and its checksum made good again: what a diverged run writes. */
function withNaN(file: Uint8Array): Uint8Array {
  const b = file.slice();
  const view = new DataView(b.buffer);
  const n = decodeModelFile(file).params.length;
  const dataStart = (16 + view.getUint32(12, true) + 3) & ~3;
  view.setFloat32(dataStart + 4 * (n - 1), NaN, true);
  view.setUint32(b.length - 4, fnv1a32(b.subarray(0, b.length - 4)), true);
  return b;
}

function setup() {
  const store = new MemoryModelStore();
  let n = 0;
  const onStored = vi.fn();
  const library = new Library({ store, newId: () => `id-${++n}`, onStored });
  return { store, library, onStored };
}

describe('Library import', () => {
  it('stores a valid file with its metadata and lists it', async () => {
    const { library, store, onStored } = setup();
    await library.load();
    const meta = await library.importFile(picked('mover.organelle', tinyFile(1)));
    expect(meta).toMatchObject({ name: 'tiny-1', recipeId: 'puzzle8/mover', game: 'puzzle8', organelle: 'mover', origin: 'imported', steps: 10 });
    expect(library.models.map((m) => m.id)).toEqual(['id-1']);
    expect(store.files.get('id-1')).toEqual(tinyFile(1));
    expect(library.notice?.kind).toBe('success');
    expect(onStored).toHaveBeenCalledOnce();
  });

  it.each([
    ['a flipped byte', (b: Uint8Array) => (b[b.length - 10] ^= 0xff, b), 'checksum'],
    ['a truncated file', (b: Uint8Array) => b.slice(0, b.length - 100), 'truncated'],
    ['a foreign file', () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 0, 0, 0, 0, 0]), 'magic'],
    ['an empty file', () => new Uint8Array(0), 'truncated'],
    ['weights a diverged run left (a NaN, checksum intact)', withNaN, 'weights'],
  ])('refuses %s, naming the failed check, and changes nothing', async (_, spoil, check) => {
    const { library, store, onStored } = setup();
    await library.importFile(picked('good.organelle', tinyFile(1)));
    onStored.mockClear();
    const before = [...library.models];
    const result = await library.importFile(picked('bad.organelle', spoil(tinyFile(2))));
    expect(result).toBeNull();
    expect(library.notice?.kind).toBe('error');
    expect(library.notice?.text).toMatch(/“bad.organelle” was not imported/);
    expect(library.notice?.detail).toContain(`Failed check: ${check}`);
    expect(library.models).toEqual(before);
    expect(store.metas.size).toBe(1);
    expect(onStored).not.toHaveBeenCalled();
  });

  it('does not store the same weights twice', async () => {
    const { library, store } = setup();
    await library.importFile(picked('a.organelle', tinyFile(1)));
    expect(await library.importFile(picked('copy.organelle', tinyFile(1)))).toBeNull();
    expect(library.notice).toMatchObject({ kind: 'info' });
    expect(store.metas.size).toBe(1);
  });

  it('reports a full disk plainly and keeps every existing entry', async () => {
    const { library, store } = setup();
    await library.importFile(picked('a.organelle', tinyFile(1)));
    store.failNextPut = quotaError();
    expect(await library.importFile(picked('b.organelle', tinyFile(2)))).toBeNull();
    expect(library.notice?.text).toMatch(/^Not enough storage space to save “tiny-2”/);
    expect(library.notice?.text).toMatch(/nothing in your library changed/);
    expect(library.models.map((m) => m.name)).toEqual(['tiny-1']);
    expect(store.metas.size).toBe(1);
  });
});

describe('Library trained models, deletion and export', () => {
  it('adds trained models, or throws plain words on a full disk', async () => {
    const { library, store } = setup();
    const meta = await library.addTrained(tinyFile(3), 'my run');
    expect(meta).toMatchObject({ name: 'my run', origin: 'trained' });
    store.failNextPut = quotaError();
    await expect(library.addTrained(tinyFile(4), 'second')).rejects.toThrow(/Not enough storage space to save the trained model “second”/);
    expect(library.models.map((m) => m.name)).toEqual(['my run']);
  });

  it('deletes a model and exports the exact bytes', async () => {
    const { library, store } = setup();
    await library.importFile(picked('a.organelle', tinyFile(1)));
    const file = await library.file('id-1');
    expect(file).toEqual({ name: 'tiny-1.organelle', bytes: tinyFile(1) });
    await library.remove('id-1');
    expect(library.models).toEqual([]);
    expect(store.files.size).toBe(0);
  });
});

describe('Library rename', () => {
  it('renames a model in its record and in its file, and nothing else', async () => {
    const { library, store } = setup();
    const trained = encodeModelFile(tinyModel(5, { optimizer: undefined, examples: [{ prompt: 'ab', response: 'b', heldOut: true }] }));
    const meta = await library.addTrained(trained, 'first name');
    expect(await library.rename(meta.id, '  second name ')).toBe(true);
    expect(library.models.map((m) => m.name)).toEqual(['second name']);
    expect(store.metas.get(meta.id)).toMatchObject({ name: 'second name', fingerprint: meta.fingerprint, addedAt: meta.addedAt });
    const before = decodeModelFile(trained);
    const after = decodeModelFile(store.files.get(meta.id)!);
    expect(after).toEqual({ ...before, name: 'second name' }); // weights, recipe, examples as they were
    expect(store.metas.get(meta.id)!.size).toBe(store.files.get(meta.id)!.length);
    expect(library.notice).toMatchObject({ kind: 'success', text: 'Renamed “first name” to “second name”.' });
    const exported = await library.file(meta.id);
    expect(exported.name).toBe('second-name.organelle');
  });

  it('changes nothing for an empty or unchanged name, a built-in or unknown model', async () => {
    const { library, store } = setup();
    const meta = await library.addTrained(tinyFile(6), 'kept');
    const bytes = store.files.get(meta.id);
    for (const name of ['', '   ', 'kept']) expect(await library.rename(meta.id, name)).toBe(false);
    expect(await library.rename('built-in:puzzle8-mover', 'mine now')).toBe(false);
    expect(store.files.get(meta.id)).toBe(bytes);
    expect(library.models.map((m) => m.name)).toEqual(['kept']);
  });

  it('keeps the old name, file and record when the browser refuses the write', async () => {
    const { library, store } = setup();
    const meta = await library.addTrained(tinyFile(7), 'old');
    const bytes = store.files.get(meta.id);
    store.failNextPut = quotaError();
    expect(await library.rename(meta.id, 'new')).toBe(false);
    expect(library.notice?.text).toMatch(/^Not enough storage space to save “old” under its new name .*nothing in your library changed/);
    expect(library.models.map((m) => m.name)).toEqual(['old']);
    expect(store.metas.get(meta.id)!.name).toBe('old');
    expect(store.files.get(meta.id)).toBe(bytes);
  });

  it('says so when the file is gone or unreadable', async () => {
    const { library, store } = setup();
    const meta = await library.addTrained(tinyFile(8), 'broken');
    store.files.set(meta.id, store.files.get(meta.id)!.slice(0, 40));
    expect(await library.rename(meta.id, 'fixed')).toBe(false);
    expect(library.notice?.text).toMatch(/^“broken” could not be renamed: Model file is truncated.*It keeps its name\.$/);
    expect(store.metas.get(meta.id)!.name).toBe('broken');
  });
});

describe('built-in models', () => {
  it('reads a manifest as an array or under "models" and skips unsafe entries', () => {
    const entries = [
      { id: 'mover', file: 'puzzle8-mover.organelle', game: 'puzzle8', organelle: 'mover' },
      { id: 'evil', file: '../secret.organelle' },
      { id: 'no-file' },
    ];
    expect(parseManifest(entries)).toEqual([{ id: 'mover', file: 'puzzle8-mover.organelle', game: 'puzzle8', organelle: 'mover' }]);
    expect(parseManifest({ models: entries })).toHaveLength(1);
    expect(parseManifest(null)).toEqual([]);
    expect(parseManifest('nonsense')).toEqual([]);
  });

  it('lists shipped models read-only after the visitor\'s own, and exports them', async () => {
    const bytes = tinyFile(9);
    const fetchFn = vi.fn(async () => new Response(bytes.slice()));
    const [entry] = parseManifest([{ id: 'mover', file: 'm.organelle', game: 'puzzle8', organelle: 'mover', title: 'Mover' }]);
    const shipped = await loadShipped(entry, 'https://example.test/app/', fetchFn);
    expect(fetchFn).toHaveBeenCalledWith('https://example.test/app/models/m.organelle');
    const store = new MemoryModelStore();
    const library = new Library({ store, shipped: async () => [shipped], fetchFn, newId: () => 'mine' });
    await library.load();
    await library.importFile(picked('a.organelle', tinyFile(1)));
    expect(library.models.map((m) => [m.name, m.origin])).toEqual([
      ['tiny-1', 'imported'],
      ['Mover', 'built-in'],
    ]);
    expect(library.best('puzzle8/mover')?.id).toBe('mine');
    await library.remove('built-in:mover');
    expect(library.models).toHaveLength(2);
    expect((await library.file('built-in:mover')).bytes).toEqual(bytes);
  });

  it('says a shipped model came with the site instead of inventing a training date', async () => {
    const bytes = tinyFile(9, { createdAt: undefined }); // shipped files are rebuilt bit for bit: no date
    const [entry] = parseManifest([{ id: 'mover', file: 'm.organelle', game: 'puzzle8', organelle: 'mover' }]);
    const { meta } = await loadShipped(entry, 'https://example.test/app/', async () => new Response(bytes.slice()));
    expect(meta.createdAt).toBeUndefined();
    expect(trainedOn(meta)).toBe('Shipped with the site');
    // a visitor's file without a date has no date either, rather than its import time
    const { library } = setup();
    const undated = await library.importFile(picked('undated.organelle', bytes));
    expect(trainedOn(undated!)).toBe('—');
    const dated = await library.importFile(picked('dated.organelle', tinyFile(1)));
    expect(dated!.createdAt).toBe('2025-01-02T03:04:05.000Z');
    expect(trainedOn(dated!)).toMatch(/^2025-01-0[12] \d\d:\d\d$/); // local time
  });

  it('names the models with the same weights as a trained one, a built-in one among them', async () => {
    const bytes = tinyFile(9);
    const [entry] = parseManifest([{ id: 'mover', file: 'm.organelle', game: 'puzzle8', organelle: 'mover', title: 'Mover' }]);
    const shipped = await loadShipped(entry, 'https://example.test/app/', async () => new Response(bytes.slice()));
    let n = 0;
    const library = new Library({ store: new MemoryModelStore(), shipped: async () => [shipped], newId: () => `id-${++n}` });
    await library.load();
    const again = await library.addTrained(tinyFile(9, { name: 'again', createdAt: '2026-11-25T05:00:00.000Z' }), 'trained again');
    const other = await library.addTrained(tinyFile(8), 'other');
    expect(library.twinsOf(again).map((m) => m.name)).toEqual(['Mover']); // name and date are not weights
    expect(library.twinsOf(library.models.find((m) => m.origin === 'built-in')!).map((m) => m.name)).toEqual(['trained again']);
    expect(library.twinsOf(other)).toEqual([]);
  });

  it("trains a game organelle's model again by address, at its size, steps and seed", async () => {
    const { library } = setup();
    const game = await library.addTrained(tinyFile(5), 'run'); // recipe puzzle8/mover, a shape of no preset
    expect(parseHash(retrainHref(game)!)).toEqual({ name: 'train', source: 'puzzle8/mover', shape: 'recipe', block: '8', steps: '10', seed: '5' });
    const preset = await library.addTrained(tinyFile(6, { shape: { vocabSize: 4, embd: 32, heads: 4, layers: 2, mlp: 128, block: 32 }, params: new Float32Array(parameterCount({ vocabSize: 4, embd: 32, heads: 4, layers: 2, mlp: 128, block: 32 })) }), 'preset');
    expect(parseHash(retrainHref(preset)!)).toMatchObject({ shape: '30k', block: '32', seed: '6' });
    const own = await library.addTrained(tinyFile(7, { recipe: { ...tinyModel(7).recipe, corpusId: 'my-notes' } }), 'notes');
    expect(retrainHref(own)).toBeNull(); // its corpus is the visitor's file, which no address carries
  });

  it('marks a partly trained model (its recipe stopped before its steps), and trains it again for all of them', async () => {
    const { library } = setup();
    const whole = await library.addTrained(tinyFile(5), 'whole');
    expect(partlyTrained(whole)).toBe(false);
    expect(pickerLabel(whole)).not.toContain('partly trained');
    const m = tinyModel(6);
    const partial = await library.addTrained(tinyFile(6, { recipe: { ...m.recipe, config: { ...m.recipe.config, steps: 30_000 }, stepsDone: 22_297 } }), 'cut short');
    expect([partial.steps, partial.stepsPlanned, partlyTrained(partial)]).toEqual([22_297, 30_000, true]);
    expect(pickerLabel(partial)).toMatch(/^cut short · partly trained · /);
    expect(parseHash(retrainHref(partial)!)).toMatchObject({ steps: '30000' });
    // a record stored before the planned steps were kept is not called partly trained
    expect(partlyTrained({ steps: 10, stepsPlanned: undefined })).toBe(false);
  });

  it('loads with no built-in models when the shipped list fails', async () => {
    const library = new Library({ store: new MemoryModelStore(), shipped: async () => Promise.reject(new Error('offline')) });
    await library.load();
    expect(library.status).toBe('ready');
    expect(library.models).toEqual([]);
  });
});
