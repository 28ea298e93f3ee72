// Which tokenizer a model has, as the Library's card and the Ask view say it: "characters" for
// a char model, "subword units (V)" for a subword one, from its file; a library meta stored
// before metas named it gets it from its file on load, once; and the Ask view counts a prompt
// in those units, as the worker measured it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeModelFile, type OrganelleModel } from '../../worker/model/model-file.ts';
import { parameterCount, type ModelShape } from '../../worker/model/shape.ts';
import { AskHost, type AskModelInfo } from '../../worker/browser/ask.ts';
import { Library } from '../../web/src/library/library.svelte.ts';
import { MemoryModelStore } from '../../web/src/library/model-store.ts';
import { metaFromModel } from '../../web/src/library/meta.ts';
import { tinyModel } from './helpers.ts';

// the Ask view's session, reactive as the real one is (its prompt, votes and seed are bound)
vi.mock('../../web/src/state.ts', async () => ({
  ask: (await import('./reactive.svelte.ts')).reactive({
    info: null as AskModelInfo | null, status: 'ready', model: null, modelId: null, modelError: null, askError: null, fitting: null,
    prompt: '', promptLength: null as number | null, examples: [], answers: [], votes: 1, temperature: 'reference', seed: 0, busy: false, open: async () => {},
  }),
  library: { models: [], settled: true, twinsOf: () => [] },
}));
const { ask } = (await import('../../web/src/state.ts')) as unknown as {
  ask: { info: AskModelInfo | null; prompt: string; promptLength: number | null };
};
const { default: ModelCard } = await import('../../web/src/library/ModelCard.svelte');
const { default: AskView } = await import('../../web/src/views/AskView.svelte');

/** tinyModel ('\nab') with one merge, a+b: 3 characters, 1 learned unit and BOS, V 5. */
function subwordModel(): OrganelleModel {
  const shape: ModelShape = { ...tinyModel().shape, vocabSize: 5 };
  const params = new Float32Array(parameterCount(shape)).map((_, i) => Math.sin(i * 0.37));
  return tinyModel(1, { shape, params, tokenizer: { kind: 'subword', protected: [], merges: [[1, 2]], units: ['ab'] } });
}

const meta = (model: OrganelleModel) =>
  metaFromModel(model, 100, { id: 'm', origin: 'imported', addedAt: '2025-01-01T00:00:00.000Z' });

// happy-dom gives modules http: URLs, so worker/wasm/node.ts cannot find the build from here
const wasm = readFile(join(process.cwd(), 'build', 'organelle.wasm')).then((bytes) => WebAssembly.compile(bytes));

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  if (view) unmount(view);
  view = undefined;
});

const raw = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '';
const text = (testId: string) => raw(testId).replace(/\s+/g, ' ').trim();

describe('the Library card', () => {
  it('says characters for a char model and subword units with their count for a subword one', () => {
    expect(meta(tinyModel()).tokenizer).toBe('char');
    view = mount(ModelCard, { target: document.body, props: { model: meta(tinyModel()), ondelete: () => {}, onrename: () => {} } });
    flushSync();
    expect(text('model-tokenizer')).toBe('characters');
    unmount(view);
    expect(meta(subwordModel()).tokenizer).toBe('subword');
    view = mount(ModelCard, { target: document.body, props: { model: meta(subwordModel()), ondelete: () => {}, onrename: () => {} } });
    flushSync();
    expect(text('model-tokenizer')).toBe('subword units (5)');
  });

  it('reads the tokenizer of a meta stored before metas named it from its file, and keeps it', async () => {
    const store = new MemoryModelStore();
    const { tokenizer: _c, ...oldChar } = { ...meta(tinyModel()), id: 'old-char' };
    const { tokenizer: _s, ...oldSubword } = { ...meta(subwordModel()), id: 'old-subword' };
    await store.put(oldChar, encodeModelFile(tinyModel()));
    await store.put(oldSubword, encodeModelFile(subwordModel()));
    await store.put({ ...oldChar, id: 'no-file' }, new Uint8Array());
    store.files.delete('no-file');
    const library = new Library({ store });
    await library.load();
    const kinds = Object.fromEntries(library.models.map((m) => [m.id, m.tokenizer]));
    expect(kinds).toEqual({ 'old-char': 'char', 'old-subword': 'subword', 'no-file': undefined });
    expect(store.metas.get('old-subword')?.tokenizer).toBe('subword');
  });
});

describe('the Ask view', () => {
  it('says characters for a char model and subword units with their count for a subword one', async () => {
    const host = new AskHost();
    ask.info = await host.load(await wasm, encodeModelFile(tinyModel()));
    view = mount(AskView, { target: document.body, props: {} });
    flushSync();
    expect(text('ask-tokenizer')).toBe('Tokenizer: characters');
    expect(raw('ask-vocabulary')).toContain('Prompts of up to 5 characters, written with these 2:');
    unmount(view);
    ask.info = await host.load(await wasm, encodeModelFile(subwordModel()));
    expect(ask.info).toMatchObject({ tokenizer: 'subword', vocabSize: 5 });
    view = mount(AskView, { target: document.body, props: {} });
    flushSync();
    expect(text('ask-tokenizer')).toBe('Tokenizer: subword units (5)');
    expect(raw('ask-vocabulary')).toContain('Prompts of up to 5 subword units, written with these 2 characters:');
  });

  it('counts the prompt in the units the worker measured: subword units for a subword model, characters for a char one', async () => {
    const host = new AskHost();
    const counter = () => document.getElementById('ask-prompt-length')?.textContent?.trim();
    ask.info = await host.load(await wasm, encodeModelFile(subwordModel()));
    ask.prompt = 'abababa';
    ask.promptLength = null; // not measured yet: its characters, with no limit beside them
    view = mount(AskView, { target: document.body, props: {} });
    flushSync();
    expect(counter()).toBe('7 characters');
    ask.promptLength = host.promptLength(ask.prompt);
    flushSync();
    expect(counter()).toBe('4 subword units of 5');
    ask.prompt = 'a';
    ask.promptLength = host.promptLength(ask.prompt);
    flushSync();
    expect(counter()).toBe('1 subword unit of 5');
    unmount(view);
    ask.info = await host.load(await wasm, encodeModelFile(tinyModel()));
    ask.prompt = 'abababa';
    ask.promptLength = host.promptLength(ask.prompt);
    view = mount(AskView, { target: document.body, props: {} });
    flushSync();
    expect(counter()).toBe('7 characters of 5');
  });
});
