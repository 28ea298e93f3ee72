// The Solve view's state (web/src/solve/solve-session.svelte.ts) against a fake engine
// worker: board checks with their explanations, the default and chosen models, models loaded
// once per pair, a solve that plays from its start, errors with their messages, scramble,
// the setup to and from the address (#/solve/<board>?…), and copying the share link.
import type { Remote } from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { SolveSession } from '../../web/src/solve/solve-session.svelte.ts';
import type { LibraryReader } from '../../web/src/library/pipelines.ts';
import type { Clock } from '../../web/src/replay/playback.svelte.ts';
import type { ModelMeta } from '../../web/src/library/model-store.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { EngineConnection, SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import { recordedRun } from './puzzle8-runs.ts';
import { flush, unreadLibrary } from './helpers.ts';

const meta = (id: string, organelle: string, origin: ModelMeta['origin'] = 'trained'): ModelMeta => ({
  id, name: id, recipeId: `puzzle8/${organelle}`, game: 'puzzle8', organelle,
  shape: { vocabSize: 4, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 }, params: 1, size: 1, steps: 1, seed: 1,
  createdAt: '2025-01-01T00:00:00.000Z', addedAt: '2025-01-01T00:00:00.000Z', evaluation: {}, origin, fingerprint: id.padEnd(16, '0'), resumable: false,
});

const noClock: Clock = { set: () => 0, clear: () => {} };

function setup(models: ModelMeta[] = [meta('p1', 'planner'), meta('m1', 'mover'), meta('p0', 'planner', 'built-in'), meta('m0', 'mover', 'built-in')]) {
  const calls = { spawn: 0, load: [] as { planner: number; mover: number }[], solve: [] as string[], closed: 0 };
  let crash: (message: string) => void = () => {};
  const api = {
    loadPuzzle8: vi.fn(async (m: { planner: Uint8Array; mover: Uint8Array }) => {
      calls.load.push({ planner: m.planner[0], mover: m.mover[0] });
      if (m.planner[0] === 99) throw Object.assign(new Error('Model file is corrupted: checksum mismatch'), { name: 'ModelFileError' });
      return { fingerprint: 'feedfacecafebeef' };
    }),
    solvePuzzle8: vi.fn(async (board: string) => {
      calls.solve.push(board);
      return recordedRun(board);
    }),
    puzzle8Choices: vi.fn(async () => [{ board: '123405786', optimal: 2, source: 'walk' }]),
    scramblePuzzle8: vi.fn(async (seed: number) => ({ board: seed === 42 ? '413026758' : '102453786', optimal: 5, source: 'held-out' })),
  };
  const spawn: SpawnEngine = (onCrash) => {
    calls.spawn++;
    crash = onCrash;
    const connection: EngineConnection = { api: api as unknown as Remote<EngineWorkerApi>, close: () => void calls.closed++ };
    return connection;
  };
  const bytesOf: Record<string, number> = { p1: 1, m1: 2, p0: 3, m0: 4, bad: 99 };
  const library: LibraryReader = {
    models,
    file: async (id) => ({ name: `${id}.organelle`, bytes: new Uint8Array([bytesOf[id] ?? 0]) }),
    loaded: async () => {},
  };
  const clipboard = { writeText: vi.fn(async (_: string) => {}) };
  const session = new SolveSession({
    spawn, library, clock: noClock, random: () => 42 / 0x7fffffff, pageUrl: () => 'https://lab.example/#/solve', clipboard: () => clipboard,
  });
  return { session, calls, api, clipboard, library, crash: (m: string) => crash(m) };
}

describe('SolveSession: the board field', () => {
  it('explains a malformed, unsolvable or solved board, and accepts spaced digits', () => {
    const { session } = setup();
    session.input = '12345';
    expect(session.check).toMatchObject({ ok: false, reason: 'malformed' });
    expect(session.showCheck).toBe(false); // still typing
    session.touch();
    expect(session.showCheck).toBe(true);
    session.input = '123456789';
    expect(session.check.ok).toBe(false);
    if (!session.check.ok) expect(session.check.message).toBe('Board "123456789" has "9" as its 9th character; use only the digits 0-8.');
    session.input = '213456780';
    expect(session.check).toMatchObject({ ok: false, reason: 'unsolvable' });
    if (!session.check.ok) {
      expect(session.check.message).toMatch(/is unsolvable: it has an odd number of inversions/);
      expect(session.check.hint).toMatch(/Swap any two tiles/);
    }
    session.input = '123456780';
    expect(session.check).toMatchObject({ ok: false, reason: 'solved' });
    session.input = ' 4 1 3 | 0 2 6 | 7 5 8 ';
    expect(session.check).toEqual({ ok: true, board: '413026758' });
  });

  it('does not solve an invalid board, and shows why', async () => {
    const { session, calls } = setup();
    session.input = '112345678';
    await session.solve();
    expect(session.showCheck).toBe(true);
    expect(calls.spawn).toBe(0);
    expect(session.status).toBe('idle');
  });
});

describe('SolveSession: models and solving', () => {
  it('defaults to the newest models, loads them once, and plays the run from its start', async () => {
    const { session, calls } = setup();
    expect(session.choice.model('planner')!.id).toBe('p1');
    expect(session.choice.model('mover')!.id).toBe('m1');
    session.input = '413026758';
    await session.solve();
    expect(calls.load).toEqual([{ planner: 1, mover: 2 }]);
    expect(calls.solve).toEqual(['413026758']);
    expect(session.status).toBe('done');
    expect(session.fingerprint).toBe('feedfacecafebeef');
    expect(session.run!.solved).toBe(true);
    expect(session.playback.loaded).toBe(true);
    expect(session.playback.playing).toBe(true);
    expect(session.playback.index).toBe(0);
    expect(session.shareUrl).toBe(`https://lab.example/#/r/${session.run!.link}`);

    session.input = '102453786';
    await session.solve();
    expect(calls.load).toHaveLength(1); // same pair: not loaded again
    expect(calls.spawn).toBe(1);
    expect(calls.solve).toHaveLength(2);
  });

  it('solves without the Planner when asked, and offers only the Mover’s prompts again', async () => {
    const { session, api } = setup();
    session.input = '413026758';
    session.withPlanner = false;
    await session.solve();
    expect(api.solvePuzzle8).toHaveBeenLastCalledWith('413026758', false);
    expect(session.runWithPlanner).toBe(false);
    expect(session.runModels).toEqual({ Mover: 'm1' });
    session.withPlanner = true; // the run on screen stays the one made without it
    expect(session.runWithPlanner).toBe(false);
    await session.solve();
    expect(api.solvePuzzle8).toHaveBeenLastCalledWith('413026758', true);
    expect(session.runWithPlanner).toBe(true);
    expect(session.runModels).toEqual({ Planner: 'p1', Mover: 'm1' });
  });

  it('loads the chosen models when the choice changes', async () => {
    const { session, calls } = setup();
    session.choice.choose('planner', 'p0');
    session.choice.choose('mover', 'm0');
    session.input = '413026758';
    await session.solve();
    expect(calls.load).toEqual([{ planner: 3, mover: 4 }]);
    expect(session.runModels).toEqual({ Planner: 'p0', Mover: 'm0' });
    session.choice.choose('mover', 'm1');
    // the run on screen was made by m0 until the next solve: its prompts are asked of m0
    expect(session.runModels).toEqual({ Planner: 'p0', Mover: 'm0' });
    await session.solve();
    expect(calls.load).toEqual([{ planner: 3, mover: 4 }, { planner: 3, mover: 2 }]);
    expect(session.runModels).toEqual({ Planner: 'p0', Mover: 'm1' });
  });

  it('waits for the library when Solve is pressed before it was read, instead of calling the models missing', async () => {
    const list: ModelMeta[] = [];
    const { session, library, calls } = setup(list);
    const { loaded, read } = unreadLibrary(list, [meta('p1', 'planner'), meta('m1', 'mover')]);
    library.loaded = loaded;
    session.input = '413026758';
    const solving = session.solve();
    await Promise.resolve();
    expect(session.busy).toBe(true);
    read();
    await solving;
    expect(session.error).toBeNull();
    expect(session.status).toBe('done');
    expect(calls.load).toEqual([{ planner: 1, mover: 2 }]);
  });

  it('says which organelle is missing when the library has none', async () => {
    const { session, calls } = setup([meta('p1', 'planner')]);
    session.input = '413026758';
    await session.solve();
    expect(session.status).toBe('error');
    expect(session.error).toMatch(/no 8-puzzle Mover in your library/);
    expect(calls.spawn).toBe(0);
  });

  it('reports a refused model file with its message and solves nothing', async () => {
    const { session, calls } = setup([meta('bad', 'planner'), meta('m1', 'mover')]);
    session.input = '413026758';
    await session.solve();
    expect(session.status).toBe('error');
    expect(session.error).toBe('Model file is corrupted: checksum mismatch');
    expect(calls.solve).toHaveLength(0);
    expect(session.run).toBeNull();
  });

  it('reports a crashed worker and starts a fresh one next time', async () => {
    const { session, calls, crash } = setup();
    session.input = '413026758';
    await session.solve();
    crash('out of memory');
    expect(session.error).toBe('The solver stopped: out of memory');
    expect(calls.closed).toBe(1);
    await session.solve();
    expect(calls.spawn).toBe(2);
    expect(calls.load).toHaveLength(2);
    expect(session.error).toBeNull();
  });
});

describe('SolveSession: boards from elsewhere', () => {
  it('lists the evaluation boards once when the view opens', async () => {
    const { session, api } = setup();
    await session.open();
    await flush();
    await session.open();
    expect(session.choicesStatus).toBe('ready');
    expect(session.choices.map((c) => c.board)).toEqual(['123405786']);
    expect(api.puzzle8Choices).toHaveBeenCalledTimes(1);
    expect(session.optimalOf('123405786')).toBe(2);
    expect(session.optimalOf('413026758')).toBeUndefined();
    expect(api.solvePuzzle8).not.toHaveBeenCalled();
  });

  it('scrambles with a random seed', async () => {
    const { session, api } = setup();
    await session.scramble();
    expect(api.scramblePuzzle8).toHaveBeenCalledWith(42);
    expect(session.input).toBe('413026758');
    expect(session.check.ok).toBe(true);
    expect(session.optimalOf('413026758')).toBe(5);
  });

  it("solves an address's board on arrival, once, with the models and plans it names", async () => {
    const { session, calls, api } = setup();
    expect(session.setup).toEqual({});
    await session.setUp({ board: '102453786', choose: { planner: 'p0', mover: 'm0' }, withPlanner: false });
    expect(calls.solve).toEqual(['102453786']);
    expect(api.solvePuzzle8).toHaveBeenLastCalledWith('102453786', false);
    expect(calls.load).toEqual([{ planner: 3, mover: 4 }]);
    expect(session.input).toBe('102453786');
    expect(session.setup).toEqual({ board: '102453786', choose: { planner: 'p0', mover: 'm0' }, withPlanner: false });
    // back to the same solve from another view: it is on screen already
    await session.setUp({ board: '1 0 2 4 5 3 7 8 6', withPlanner: false });
    expect(calls.solve).toHaveLength(1);
    // the same board with other plans or models is another solve
    await session.setUp({ board: '102453786', withPlanner: true });
    expect(calls.solve).toHaveLength(2);
    await session.setUp({ board: '102453786', choose: { mover: 'm1' } });
    expect(calls.solve).toHaveLength(3);
    expect(session.setup).toEqual({ board: '102453786', choose: { planner: 'p0', mover: 'm1' } });
    // an address without a board leaves the solve on screen
    await session.setUp({});
    expect(calls.solve).toHaveLength(3);
    expect(session.run?.start).toBe('102453786');
  });

  it("puts a malformed address board in the field, says what is wrong, and solves nothing", async () => {
    const { session, calls } = setup();
    await session.setUp({ board: '12345678' });
    expect(calls.solve).toHaveLength(0);
    expect(session.input).toBe('12345678');
    expect(session.showCheck).toBe(true);
    expect(session.check.ok).toBe(false);
    expect(session.setup).toEqual({}); // the address keeps no board that was never solved
  });

  it('keeps an address\'s model the library does not hold as asked, and solves with the newest', async () => {
    const { session, api } = setup();
    await session.setUp({ board: '102453786', choose: { planner: 'elsewhere' } });
    expect(session.choice.chosenId('planner')).toBe('elsewhere');
    expect(session.choice.model('planner')?.id).toBe('p1');
    expect(api.loadPuzzle8).toHaveBeenCalledTimes(1);
    expect(session.setup.choose).toEqual({ planner: 'elsewhere' });
  });
});

describe('SolveSession: sharing', () => {
  it('copies the link, or says that copying failed', async () => {
    const { session, clipboard } = setup();
    await session.copyLink();
    expect(clipboard.writeText).not.toHaveBeenCalled(); // nothing to share yet
    session.input = '413026758';
    await session.solve();
    await session.copyLink();
    expect(clipboard.writeText).toHaveBeenCalledWith(session.shareUrl);
    expect(session.copy).toBe('copied');
    clipboard.writeText.mockRejectedValueOnce(new Error('denied'));
    await session.copyLink();
    expect(session.copy).toBe('failed');
    session.input = '102453786';
    expect(session.copy).toBe('idle');
  });

  it('dispose ends the worker and stops playback', async () => {
    const { session, calls } = setup();
    session.input = '413026758';
    await session.solve();
    session.dispose();
    expect(calls.closed).toBe(1);
    expect(session.playback.playing).toBe(false);
  });
});
