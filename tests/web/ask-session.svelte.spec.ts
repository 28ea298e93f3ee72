// The Ask view's state (web/src/ask/ask-session.svelte.ts), with the real AskHost behind a
// fake worker connection: the default and chosen model, answers newest first and capped, a
// second press ignored, a refused prompt or file named with nothing lost, a missing model,
// a crashed worker replaced on the next choice, and the prompt's length counted by the worker
// in the model's units, subword units for a subword model, the count its refusal uses.
import type { Remote } from 'comlink';
import { describe, expect, it } from 'vitest';
import { AskSession, KEPT_ANSWERS } from '../../web/src/ask/ask-session.svelte.ts';
import type { LibraryReader } from '../../web/src/library/pipelines.ts';
import { AskHost, modelPromptUnits, type ModelVocabulary } from '../../worker/browser/ask.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelMeta } from '../../web/src/library/model-store.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import { flush, tinyFile, tinyModel } from './helpers.ts';
import { encodeModelFile, type OrganelleModel } from '../../worker/model/model-file.ts';
import { parameterCount, type ModelShape } from '../../worker/model/shape.ts';

const meta = (id: string, origin: ModelMeta['origin'] = 'trained'): ModelMeta => ({
  id, name: `model ${id}`, recipeId: 'mine.txt', shape: { vocabSize: 4, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 },
  params: 1, size: 1, steps: 1, seed: 1, addedAt: '2025-01-01T00:00:00.000Z', evaluation: {}, origin, fingerprint: id.padEnd(16, '0'), resumable: false,
});

// happy-dom gives modules http: URLs, so worker/wasm/node.ts cannot find the build from here
const wasm = readFile(join(process.cwd(), 'build', 'organelle.wasm')).then((bytes) => WebAssembly.compile(bytes));

function setup() {
  const files: Record<string, Uint8Array> = { a: tinyFile(1), b: tinyFile(2), corrupt: tinyFile(3).map((x, i, all) => (i === all.length - 40 ? x ^ 0xff : x)) };
  const calls = { spawn: 0, loads: 0, closed: 0 };
  let crash: (message: string) => void = () => {};
  const spawn: SpawnEngine = (onCrash) => {
    calls.spawn++;
    crash = onCrash;
    const host = new AskHost();
    const api = {
      loadAskModel: async (bytes: Uint8Array) => {
        calls.loads++;
        return host.load(await wasm, bytes);
      },
      ask: async (request: Parameters<AskHost['ask']>[0]) => host.ask(request),
      askPromptLength: async (prompt: string) => host.promptLength(prompt),
      promptUnits: async (prompt: string, model: ModelVocabulary) => modelPromptUnits(model, prompt),
    };
    return { api: api as unknown as Remote<EngineWorkerApi>, close: () => void calls.closed++ };
  };
  const library: LibraryReader & { models: ModelMeta[] } = {
    models: [meta('a'), meta('b'), meta('corrupt', 'imported')],
    file: async (id) => ({ name: `${id}.organelle`, bytes: files[id].slice() }),
    loaded: async () => {},
  };
  return { session: new AskSession({ spawn, library }), calls, library, files, crash: (m: string) => crash(m) };
}

/** tinyModel ('\nab', block 8: prompts of 5 units) with one merge, a+b: 'ab' is one unit. */
function subwordModel(): OrganelleModel {
  const shape: ModelShape = { ...tinyModel().shape, vocabSize: 5 };
  const params = new Float32Array(parameterCount(shape)).map((_, i) => Math.sin(i * 0.37));
  return tinyModel(1, { shape, params, tokenizer: { kind: 'subword', protected: [], merges: [[1, 2]], units: ['ab'] } });
}

describe('AskSession', () => {
  it('asks the newest model by default and keeps answers newest first', async () => {
    const { session } = setup();
    await session.open();
    expect(session.modelId).toBe('a');
    expect(session.status).toBe('ready');
    expect(session.info).toMatchObject({ vocabChars: 'ab', maxPromptLength: 5 });
    session.prompt = 'ab';
    await session.ask();
    session.prompt = 'ba';
    session.votes = 3;
    await session.ask();
    expect(session.answers.map((a) => [a.prompt, a.votes.length])).toEqual([['ba', 3], ['ab', 1]]);
  });

  it('asks a prompt given with the model at once (a run\'s "Ask it yourself")', async () => {
    const { session } = setup();
    await session.open('b', 'ba');
    expect(session.prompt).toBe('ba');
    expect(session.answers.map((a) => a.prompt)).toEqual(['ba']);
    await session.open('gone', 'ab');
    expect(session.answers).toEqual([]); // no model, no question
  });

  it('asks once the model is in when Ask is pressed while it loads', async () => {
    const { session } = setup();
    const opening = session.open('a');
    await Promise.resolve();
    expect(session.status).toBe('loading-model');
    session.prompt = 'ab';
    await session.ask();
    await opening;
    expect(session.answers.map((a) => a.prompt)).toEqual(['ab']);
  });

  it('ignores a second press while a question is being answered', async () => {
    const { session } = setup();
    await session.open();
    session.prompt = 'a';
    const first = session.ask();
    expect(session.busy).toBe(true);
    await session.ask();
    await first;
    expect(session.answers).toHaveLength(1);
  });

  it(`keeps the last ${KEPT_ANSWERS} answers`, async () => {
    const { session } = setup();
    await session.open();
    session.prompt = 'ab';
    for (let i = 0; i < KEPT_ANSWERS + 3; i++) await session.ask();
    expect(session.answers).toHaveLength(KEPT_ANSWERS);
  });

  it('names a prompt the model cannot take and keeps the answers so far', async () => {
    const { session } = setup();
    await session.open('b');
    session.prompt = 'ab';
    await session.ask();
    session.prompt = 'abz';
    await session.ask();
    expect(session.askError).toBe('This model was trained on no prompt with “z”, so it cannot read it: its prompts use only the characters listed beside it.');
    expect(session.fitting).toEqual([]); // no model of this library has a “z”
    expect(session.status).toBe('ready');
    expect(session.answers).toHaveLength(1);
    session.prompt = 'abab';
    await session.ask();
    expect(session.askError).toBeNull();
    expect(session.fitting).toBeNull();
    session.prompt = 'abababa';
    await session.ask();
    expect(session.askError).toBe('The prompt has 7 characters; this model reads 5 at most.');
  });

  it('counts a char model\'s prompt in characters, as it is typed', async () => {
    const { session } = setup();
    await session.open('a');
    await flush();
    expect(session.promptLength).toBe(0);
    session.prompt = 'abab';
    await flush();
    expect(session.promptLength).toBe(4);
  });

  it('counts a subword model\'s prompt in its units, and refuses one past the limit by that count, as the worker does', async () => {
    const { session, library, files } = setup();
    files.sub = encodeModelFile(subwordModel());
    library.models.push(meta('sub'));
    await session.open('sub');
    expect(session.info).toMatchObject({ tokenizer: 'subword', maxPromptLength: 5 });
    // at the limit: 10 characters, 5 units; counted so, and answered (characters would have refused it)
    session.prompt = 'ababababab';
    await flush();
    expect(session.promptLength).toBe(5);
    await session.ask();
    expect(session.askError).toBeNull();
    expect(session.answers.map((a) => a.prompt)).toEqual(['ababababab']);
    // one character more is a sixth unit: over the limit, said in units, as the worker's own check says it
    session.prompt = 'abababababa';
    await flush();
    expect(session.promptLength).toBe(6);
    await session.ask();
    expect(session.askError).toBe('The prompt has 6 subword units; this model reads 5 at most.');
    expect(session.answers).toHaveLength(1);
    const host = new AskHost();
    await host.load(await wasm, files.sub);
    expect(host.promptLength('ababababab')).toBe(5);
    expect(() => host.ask({ prompt: 'ababababab', votes: 1, temperature: 0, seed: 1 })).not.toThrow();
    expect(() => host.ask({ prompt: 'abababababa', votes: 1, temperature: 0, seed: 1 })).toThrow(
      "the prompt has 6 subword units; this model's block leaves room for 5 at most",
    );
    // a character outside the alphabet counts one unit while typed; the prompt is refused for it
    session.prompt = 'abzab';
    await flush();
    expect(session.promptLength).toBe(3);
    await session.ask();
    expect(session.askError).toMatch(/^This model was trained on no prompt with “z”/);
  });

  it('offers a subword model for a prompt whose units fit its block though its characters do not', async () => {
    const { session, library, files } = setup();
    files.sub = encodeModelFile(subwordModel());
    library.models.push(meta('sub'));
    await session.open('a');
    session.prompt = 'abababab'; // 8 characters: past the char models' 5; 4 units of the subword model's 5
    await session.ask();
    expect(session.askError).toBe('The prompt has 8 characters; this model reads 5 at most.');
    expect(session.fitting!.map((m) => m.id)).toEqual(['sub']);
  });

  it('offers the models that can read a prompt this one cannot, and asks one of them', async () => {
    const { session, library, files } = setup();
    const tiny = tinyModel(5);
    const shape = { ...tiny.shape, vocabSize: 6 }; // BOS and five characters
    files.wide = encodeModelFile({ ...tiny, shape, vocabChars: '\nabz ', params: new Float32Array(parameterCount(shape)).fill(0.01) });
    library.models.push(meta('wide'));
    await session.open('a');
    session.prompt = 'za b';
    await session.ask();
    expect(session.askError).toBe('This model was trained on no prompt with “z” and the space, so it cannot read them: its prompts use only the characters listed beside it.');
    expect(session.fitting!.map((m) => m.id)).toEqual(['wide']); // the corrupt file is not offered
    await session.askWith('wide');
    expect(session.modelId).toBe('wide');
    expect(session.askError).toBeNull();
    expect(session.answers.map((a) => a.prompt)).toEqual(['za b']);
  });

  it('starts a new list for another model and loads a model once', async () => {
    const { session, calls } = setup();
    await session.open('a');
    session.prompt = 'a';
    await session.ask();
    await session.choose('a');
    expect(calls.loads).toBe(1);
    expect(session.answers).toHaveLength(1);
    await session.choose('b');
    expect(calls.loads).toBe(2);
    expect(session.answers).toEqual([]);
  });

  it('keeps the current model when the view opens again, unless it was deleted', async () => {
    const { session, library } = setup();
    await session.open('b');
    await session.open();
    expect(session.modelId).toBe('b');
    library.models = library.models.filter((m) => m.id !== 'b');
    await session.open();
    expect(session.modelId).toBe('a');
    expect(session.status).toBe('ready');
  });

  it('says which model is missing or refused, and asks nothing then', async () => {
    const { session } = setup();
    await session.open('gone');
    expect(session.modelError).toBe('There is no model “gone” in your library: it may have been deleted. Choose another.');
    await session.choose('corrupt');
    expect(session.status).toBe('error');
    expect(session.modelError).toMatch(/^“model corrupt” could not be loaded: .*checksum/);
    session.prompt = 'a';
    await session.ask();
    expect(session.answers).toEqual([]);
  });

  it('reloads the model in a new worker after the worker crashed', async () => {
    const { session, calls, crash } = setup();
    await session.open('a');
    crash('out of memory');
    expect(session.modelError).toBe("The model's worker stopped: out of memory");
    expect(calls.closed).toBe(1);
    await session.choose('a');
    await flush();
    expect(calls.spawn).toBe(2);
    expect(session.status).toBe('ready');
  });
});
