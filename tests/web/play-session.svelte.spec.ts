// The Play view's state (web/src/play/play-session.svelte.ts) against a fake engine worker
// whose games are real recorded games with scripted organelles: default and chosen models
// (and the setup to and from the address),
// models loaded once per game, a person's game move by move (their move shows before the
// reply), a refused move that changes nothing, a watched game played back, share links.
import type { Remote } from 'comlink';
import { describe, expect, it, vi } from 'vitest';
import { PlaySession, REPLY_DELAY_MS } from '../../web/src/play/play-session.svelte.ts';
import type { LibraryReader } from '../../web/src/library/pipelines.ts';
import type { ModelMeta } from '../../web/src/library/model-store.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import type { EngineConnection, SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { GameUpdate } from '../../worker/browser/messages.ts';
import type { RecordedGame } from '../../worker/share/game-record.ts';
import { gameUpdate } from '../../worker/browser/games.ts';
import type { OrganelleSide } from '../../worker/orchestrator/game-loop.ts';
import type { TwoPlayerGame } from '../../worker/pipeline/games.ts';
import { recordedGame, scriptedGame } from './game-runs.ts';
import { FakeClock, unreadLibrary } from './helpers.ts';

const meta = (id: string, game: string, organelle: string, origin: ModelMeta['origin'] = 'trained'): ModelMeta => ({
  id, name: id, recipeId: `${game}/${organelle}`, game: game as ModelMeta['game'], organelle,
  shape: { vocabSize: 4, embd: 8, heads: 2, layers: 1, mlp: 8, block: 8 }, params: 1, size: 1, steps: 1, seed: 1,
  createdAt: '2025-01-01T00:00:00.000Z', addedAt: '2025-01-01T00:00:00.000Z', evaluation: {}, origin, fingerprint: id.padEnd(16, '0'), resumable: false,
});

const ALL = [
  meta('tp1', 'tictactoe', 'planner'), meta('tq1', 'tictactoe', 'player'),
  meta('tp0', 'tictactoe', 'planner', 'built-in'), meta('tq0', 'tictactoe', 'player', 'built-in'),
  meta('cp0', 'connect4', 'planner', 'built-in'), meta('cq0', 'connect4', 'player', 'built-in'),
];

function setup(models: ModelMeta[] = ALL) {
  const calls = { spawn: 0, load: [] as string[], start: [] as [string, string][], human: [] as string[], watch: [] as unknown[][] };
  let current: RecordedGame<string> | null = null;
  let sent = 0;
  const turnMs: number[] = [];
  // the worker's own update, after the organelles' turn when it is theirs
  const reply = (): GameUpdate => {
    if (current!.session.toMove === 'organelles') turnMs.push(current!.organelleMove().ms);
    const update = gameUpdate(current!, sent, turnMs);
    sent += update.events.length;
    return update;
  };
  const api = {
    loadGame: vi.fn(async (game: string, m: { planner: Uint8Array; player: Uint8Array }) => {
      calls.load.push(`${game}:${m.planner[0]},${m.player[0]}`);
      return { fingerprint: 'feedfacecafebeef' };
    }),
    startGame: vi.fn(async (game: TwoPlayerGame, side: OrganelleSide) => {
      calls.start.push([game, side]);
      current = scriptedGame(game, side, 'human');
      sent = 0;
      turnMs.length = 0;
      return reply();
    }),
    humanMove: vi.fn(async (move: string) => {
      calls.human.push(move);
      current!.opponentMove(move); // an illegal move throws IllegalOpponentMove, as in the worker
      return reply();
    }),
    watchGame: vi.fn(async (game: TwoPlayerGame, side: OrganelleSide, opponent: string, seed: number) => {
      calls.watch.push([game, side, opponent, seed]);
      const { game: g, link } = recordedGame(game, side, opponent, seed);
      const c = g.session.counts;
      return { events: [...g.session.events], link, result: g.session.result, counts: { ...c }, turnMs: [0.5], ms: 3 };
    }),
  };
  const spawn: SpawnEngine = () => {
    calls.spawn++;
    return { api: api as unknown as Remote<EngineWorkerApi>, close: () => {} } satisfies EngineConnection;
  };
  const bytesOf: Record<string, number> = { tp1: 1, tq1: 2, tp0: 3, tq0: 4, cp0: 5, cq0: 6 };
  const library: LibraryReader = { models, file: async (id) => ({ name: id, bytes: new Uint8Array([bytesOf[id] ?? 0]) }), loaded: async () => {} };
  const clock = new FakeClock();
  const clipboard = { writeText: vi.fn(async (_: string) => {}) };
  const session = new PlaySession({
    spawn, library, clock, random: () => 7 / 0x7fffffff, pageUrl: () => 'https://lab.example/#/play', clipboard: () => clipboard,
  });
  return { session, calls, clock, clipboard, api, library };
}

describe('PlaySession: models', () => {
  it('defaults to the newest of each role per game, and can choose another', () => {
    const { session } = setup();
    expect(session.choice.model('planner')!.id).toBe('tp1');
    expect(session.choice.model('player')!.id).toBe('tq1');
    session.choice.choose('player', 'tq0');
    expect(session.choice.model('player')!.id).toBe('tq0');
    session.game = 'connect4';
    expect(session.choice.model('planner')!.id).toBe('cp0');
    expect(session.choice.model('player')!.id).toBe('cq0');
    session.game = 'tictactoe'; // each game keeps its own choice
    expect(session.choice.model('player')!.id).toBe('tq0');
  });

  it("takes an address's game and models, and gives its setup back per game", async () => {
    const { session, calls } = setup();
    const you = { you: 'first' }; // the default: the person moves first
    expect(session.setup).toEqual({ game: 'tictactoe', match: you });
    session.setUp({ game: 'connect4', choose: { player: 'cq0' } });
    expect(session.game).toBe('connect4');
    expect(session.setup).toEqual({ game: 'connect4', choose: { player: 'cq0' }, match: you });
    session.setUp({ choose: { planner: 'elsewhere' } }); // no game: the one chosen stays
    expect(session.setup).toEqual({ game: 'connect4', choose: { planner: 'elsewhere', player: 'cq0' }, match: you });
    expect(session.choice.chosenId('planner')).toBe('elsewhere');
    expect(session.choice.model('planner')!.id).toBe('cp0'); // not in the library: the newest plays
    session.setUp({ game: 'tictactoe' });
    expect(session.setup).toEqual({ game: 'tictactoe', match: you }); // each game keeps its own choices
    // nothing changes while a game is being set up
    session.game = 'connect4';
    const starting = session.start();
    session.setUp({ game: 'tictactoe', choose: { player: 'tq0' } });
    await starting;
    expect(session.setup).toEqual({ game: 'connect4', choose: { planner: 'elsewhere', player: 'cq0' }, match: you });
    expect(calls.load).toEqual(['connect4:5,6']);
  });

  it("takes who plays the organelles from an address: the person on a side, or an opponent watched", () => {
    const { session } = setup();
    session.setUp({ game: 'connect4', match: { watch: 'alphabeta4', as: 'first' } });
    expect([session.mode, session.opponent, session.side]).toEqual(['watch', 'alphabeta4', 'first']);
    expect(session.setup.match).toEqual({ watch: 'alphabeta4', as: 'first' });
    session.setUp({ match: { watch: 'minimax' } }); // not a connect-four opponent: it stays, and so does the side
    expect([session.mode, session.opponent, session.side]).toEqual(['watch', 'alphabeta4', 'first']);
    session.setUp({ match: { you: 'second' } });
    expect([session.mode, session.side]).toEqual(['human', 'first']); // the organelles move first
    expect(session.setup.match).toEqual({ you: 'second' });
  });

  it('waits for the library when a game starts before it was read, instead of calling the models missing', async () => {
    const list: ModelMeta[] = [];
    const { session, library, calls } = setup(list);
    const { loaded, read } = unreadLibrary(list, ALL);
    library.loaded = loaded;
    session.game = 'connect4';
    session.mode = 'watch';
    const starting = session.start();
    await Promise.resolve();
    expect(session.busy).toBe(true);
    read();
    await starting;
    expect(session.error).toBeNull();
    expect(calls.load).toEqual(['connect4:5,6']);
  });

  it('says which organelle is missing instead of starting', async () => {
    const { session, calls } = setup(ALL.filter((m) => m.id !== 'cq0'));
    session.game = 'connect4';
    await session.start();
    expect(session.status).toBe('error');
    expect(session.error).toBe('There is no connect four Player in your library. Train one, or import a .organelle file.');
    expect(calls.spawn).toBe(0);
  });
});

describe('PlaySession: a person plays', () => {
  it('plays move by move; the person\'s move shows before the organelles\' reply', async () => {
    const { session, calls, clock } = setup();
    session.side = 'second'; // the organelles play O: the person starts
    await session.start();
    expect(calls.load).toEqual(['tictactoe:1,2']);
    expect(calls.start).toEqual([['tictactoe', 'second']]);
    expect(session.status).toBe('your-turn');
    expect(session.legal).toHaveLength(9);
    expect(session.playback.moves).toBe(0);

    await session.play('4');
    expect(calls.human).toEqual(['4']);
    // the person's move first...
    expect(session.status).toBe('thinking');
    expect(session.playback.frame!.move).toBe('4');
    expect(session.playback.frame!.mover).toBe('opponent');
    expect(session.legal).toEqual([]);
    // ...then the reply
    expect(clock.pending.map((t) => t.ms)).toEqual([REPLY_DELAY_MS]);
    clock.runAll();
    expect(session.status).toBe('your-turn');
    expect(session.playback.frame!.mover).toBe('organelles');
    expect(session.playback.atEnd).toBe(true);
    expect(session.legal).not.toContain('4');
    expect(session.turnMs).toHaveLength(1);
    expect(session.shareUrl).toBeNull();
  });

  it('sends only legal moves, and reports a move the worker refuses without changing anything', async () => {
    const { session, calls, api } = setup();
    await session.start();
    await session.play('9');
    expect(calls.human).toEqual([]);
    expect(session.moveError).toBe('Cell 9 cannot be played now: pick an empty cell.');
    const before = session.events.length;
    api.humanMove.mockRejectedValueOnce(new Error("'0' is not a legal move (legal: 1, 2)"));
    await session.play('0');
    expect(session.moveError).toBe("'0' is not a legal move (legal: 1, 2)");
    expect(session.status).toBe('your-turn');
    expect(session.events.length).toBe(before);
    expect(session.legal).toContain('0');
  });

  it('says why a taken cell cannot be played, without asking the worker', async () => {
    const { session, calls, clock } = setup();
    session.side = 'second';
    await session.start();
    await session.play('4');
    clock.runAll();
    await session.play('4');
    expect(calls.human).toEqual(['4']);
    expect(session.moveError).toBe('Cell 4, centre, is taken (X): pick an empty cell.');
    expect(session.status).toBe('your-turn');
    await session.play(session.legal[0]); // a move that can be played clears it
    expect(session.moveError).toBeNull();
  });

  it('finishes a game with a share link, and the organelles can start', async () => {
    const { session, clock, clipboard } = setup();
    session.side = 'first'; // the organelles play X and move at once
    await session.start();
    expect(session.playback.moves).toBe(1);
    expect(session.playback.frame!.mover).toBe('organelles');
    while (session.status === 'your-turn') {
      await session.play(session.legal[0]);
      clock.runAll();
    }
    expect(session.status).toBe('over');
    expect(session.playback.replay!.summary.result).not.toBeNull();
    expect(session.shareUrl).toMatch(/^https:\/\/lab\.example\/#\/r\/[A-Za-z0-9_-]+$/);
    await session.copyLink();
    expect(clipboard.writeText).toHaveBeenCalledWith(session.shareUrl);
    expect(session.copy).toBe('copied');
  });
});

describe('PlaySession: links', () => {
  it('starts the game a link names on arrival, and not again when that game is on the board', async () => {
    const { session, calls } = setup();
    await session.arrive({ game: 'tictactoe' }); // no one named to play: the form, no game
    expect(calls.start).toEqual([]);
    await session.arrive({ game: 'tictactoe', match: { you: 'first' } });
    expect(calls.start).toEqual([['tictactoe', 'second']]);
    expect(session.status).toBe('your-turn');
    // back to the same address from another view: the game on the board stays
    await session.arrive({ game: 'tictactoe', match: { you: 'first' } });
    expect(calls.start).toHaveLength(1);
    // another side, another game, or other models: a new game
    await session.arrive({ game: 'tictactoe', match: { you: 'second' } });
    expect(calls.start).toEqual([['tictactoe', 'second'], ['tictactoe', 'first']]);
    await session.arrive({ game: 'tictactoe', choose: { player: 'tq0' }, match: { you: 'second' } });
    expect(calls.start).toHaveLength(3);
    await session.arrive({ game: 'connect4', match: { watch: 'tactical', as: 'second' } });
    expect(calls.watch).toEqual([['connect4', 'second', 'tactical', 7]]);
    expect(session.played).toEqual({ game: 'connect4', mode: 'watch' });
  });

  it('takes a link followed while a watched game is being played once that game is done, rather than dropping it', async () => {
    const { session, calls, api } = setup();
    // the worker plays connect four until the test lets it finish
    const played = api.watchGame.getMockImplementation()!;
    let finish = () => {};
    api.watchGame.mockImplementationOnce((...args) => new Promise((resolve) => { finish = () => resolve(played(...args)); }));
    const watching = session.arrive({ game: 'connect4', match: { watch: 'tactical', as: 'first' } });
    await vi.waitFor(() => expect(api.watchGame).toHaveBeenCalledTimes(1));
    expect(session.busy).toBe(true);
    // the address changes to a tic-tac-toe game while connect four is still being played
    await session.arrive({ game: 'tictactoe', match: { watch: 'minimax', as: 'second' } });
    expect(calls.watch).toHaveLength(0);
    finish();
    await watching;
    expect(calls.watch.map((c) => c.slice(0, 3))).toEqual([['connect4', 'first', 'tactical'], ['tictactoe', 'second', 'minimax']]);
    expect(session.played).toEqual({ game: 'tictactoe', mode: 'watch' });
  });
});

describe('PlaySession: watching', () => {
  it('plays a whole game in the worker and plays it back from the start', async () => {
    const { session, calls } = setup();
    session.game = 'connect4';
    session.mode = 'watch';
    session.side = 'first';
    session.opponent = 'tactical';
    session.opponent = 'minimax'; // not a connect-4 opponent: ignored
    await session.start();
    expect(calls.load).toEqual(['connect4:5,6']);
    expect(calls.watch).toEqual([['connect4', 'first', 'tactical', 7]]);
    expect(session.status).toBe('over');
    expect(session.playback.playing).toBe(true);
    expect(session.playback.index).toBe(0);
    expect(session.played).toEqual({ game: 'connect4', mode: 'watch' });
    expect(session.playedModels).toEqual({ Planner: 'cp0', Player: 'cq0' });
    expect(session.shareUrl).toMatch(/#\/r\//);
    expect(session.legal).toEqual([]);

    await session.start();
    expect(calls.load).toHaveLength(1); // same models: not loaded again
  });
});
