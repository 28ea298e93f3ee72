// The replay model of a two-player game (web/src/play/game-frames.ts) and the winning cells
// the boards tint (from each game's rules): one frame per move of either side, the kanban as held when each organelle move was
// chosen, who made each move in the log, and a share link that opens as a game.
import { describe, expect, it } from 'vitest';
import { buildGameReplay, gameCalls, moveText } from '../../web/src/play/game-frames.ts';
import { PLAY_GAMES, winningCells } from '../../web/src/play/games.ts';
import { openSharedRun } from '../../web/src/replay/shared-run.ts';
import { GAME_PIPELINES } from '../../worker/pipeline/games.ts';
import { recordedGame } from './game-runs.ts';

describe('buildGameReplay', () => {
  it('has one frame per move of either side, from the empty board to the end', () => {
    const { events, game } = recordedGame('tictactoe', 'first', 'random', 3);
    const { frames, summary } = buildGameReplay(events);
    const moves = game.session.moves;
    expect(frames).toHaveLength(moves.length + 1);
    expect(frames[0]).toMatchObject({ index: 0, state: '_________', move: null, mover: null });
    expect(frames.slice(1).map((f) => f.move)).toEqual(moves);
    expect(frames.slice(1).map((f) => f.mover)).toEqual(moves.map((_, i) => (i % 2 === 0 ? 'organelles' : 'opponent')));
    expect(frames.at(-1)!.state).toBe(game.session.adapter.describe(game.session.state));
    expect(summary).toMatchObject({ game: 'tictactoe', organelleSide: 'X', first: true, opponent: 'random', result: game.session.result });
    expect(summary.modelMoves + summary.fallbackMoves + summary.opponentMoves).toBe(moves.length);
  });

  it('shows the kanban as held when each organelle move was chosen, refusals included', () => {
    const { events } = recordedGame('connect4', 'second', 'tactical', 2, true);
    const { frames, log, summary } = buildGameReplay(events);
    const stumbled = frames.find((f) => f.mover === 'organelles' && f.kanban.stalls > 0);
    expect(stumbled).toBeDefined();
    expect(stumbled!.kanban.todo.length).toBeGreaterThan(0); // the plan is the turn's todo
    expect(summary.rejections).toBe(1);
    expect(log.some((e) => e.kind === 'rejection' && e.who === 'Judge' && /^Refused “\?”: the answer is not a move$/.test(e.text))).toBe(true);
    // opponent frames keep the kanban of the organelles' previous move
    const opp = frames.find((f) => f.mover === 'opponent' && f.index > 1)!;
    expect(opp.kanban.done.length).toBe(frames.filter((f) => f.mover === 'organelles' && f.index < opp.index).length);
  });

  it('logs who made each move, then the result', () => {
    const { events, game } = recordedGame('tictactoe', 'second', 'random', 5);
    const { log, frames } = buildGameReplay(events);
    expect(log[0]).toMatchObject({ kind: 'start', text: 'New game: the organelles play O (second) against the random opponent' });
    const moves = log.filter((e) => e.kind === 'move' || e.kind === 'opponent');
    expect(moves.map((e) => e.who)).toEqual(game.session.moves.map((_, i) => (i % 2 === 0 ? 'Opponent' : 'Player')));
    expect(moves[0].text).toMatch(/^Move 1: X takes the .+ \(cell \d\)$/);
    expect(log.at(-1)).toMatchObject({ kind: 'game-over', frame: frames.length - 1 });
    expect(log.map((e) => e.frame)).toEqual([...log.map((e) => e.frame)].sort((a, b) => a - b));
  });

  it('gives the calls under the kanban for organelle and opponent frames alike', () => {
    const { events } = recordedGame('connect4', 'first', 'random', 4);
    const { frames } = buildGameReplay(events);
    const rows = gameCalls(frames[1]);
    expect(rows.map((r) => r.who)).toEqual(['Planner', 'Player']);
    expect(rows[1].call).toMatchObject({ frame: 1, confidence: 0.85 });
    expect(rows[1].when).toBe('· for this move');
    expect(gameCalls(frames[2])[1].when).toBe('· for move 1');
    expect(gameCalls(frames[0])[0].call).toBeNull();
  });

  it('names moves as a person would read them', () => {
    expect(moveText('tictactoe', 'X', '4')).toBe('X takes the centre (cell 4)');
    expect(moveText('connect4', 'O', '6')).toBe('O drops into column 6');
  });
});

describe('winningCells', () => {
  it('finds the completed line, and none on an open board', () => {
    expect(winningCells('tictactoe', 'XXXOO____')).toEqual([0, 1, 2]);
    expect(winningCells('tictactoe', 'XOXOXOOXO')).toEqual([]);
    const four = '.'.repeat(14) + 'X......' + 'XO.....' + 'XO.....' + 'XO.....';
    expect(winningCells('connect4', four)).toEqual([14, 21, 28, 35]);
    expect(winningCells('connect4', '.'.repeat(42))).toEqual([]);
  });
});

describe('the page and the worker agree', () => {
  it('on each game\'s scripted opponents', () => {
    for (const id of ['tictactoe', 'connect4'] as const) {
      expect(PLAY_GAMES[id].opponents.map((o) => o.name)).toEqual([...GAME_PIPELINES[id].opponents]);
    }
  });
});

describe('game share links in the page', () => {
  it('open as a game replayed to the recorded events', () => {
    const { link, events } = recordedGame('connect4', 'second', 'alphabeta2', 8);
    const opened = openSharedRun(link);
    expect(opened.ok && opened.kind).toBe('game');
    if (!opened.ok || opened.kind !== 'game') return;
    expect(opened.game).toBe('connect4');
    expect(opened.events.filter((e) => e.type === 'opponent_move' || e.type === 'move_applied')).toEqual(
      events.filter((e) => e.type === 'opponent_move' || e.type === 'move_applied'),
    );
  });

  it('refuse an edited game link with a sentence', () => {
    const { link } = recordedGame('tictactoe', 'first', 'random', 2);
    const flipped = link.slice(0, 30) + (link[30] === 'A' ? 'B' : 'A') + link.slice(31);
    const opened = openSharedRun(flipped);
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.message).toMatch(/^The link .*\.$/);
  });
});
