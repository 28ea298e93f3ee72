// The replay model of a two-player game (web/src/play/game-frames.ts) and the winning cells
// the boards tint (from each game's rules): one frame per move of either side, the kanban as held when each organelle move was
// chosen, who made each move in the log, and a share link that opens as a game.
import { describe, expect, it } from 'vitest';
import { buildGameReplay, gameCalls, kanbanCaption, moveText, opponentLabel, planReader, promptLegend, sideNames } from '../../web/src/play/game-frames.ts';
import { PLAY_GAMES, winningCells } from '../../web/src/play/games.ts';
import { openSharedRun } from '../../web/src/replay/shared-run.ts';
import { GAME_PIPELINES } from '../../worker/pipeline/games.ts';
import { recordedGame, scriptedGame } from './game-runs.ts';
import { Rng } from '../../worker/games/rng.ts';

/** A finished tic-tac-toe game against a person (whose moves a random opponent picks). */
function personsGame(seed: number) {
  const recorded = scriptedGame('tictactoe', 'second', 'human');
  const choose = GAME_PIPELINES.tictactoe.opponent('random');
  const rng = new Rng(seed);
  while (!recorded.session.over) {
    if (recorded.session.toMove === 'organelles') recorded.organelleMove();
    else recorded.opponentMove(choose(recorded.session.state, rng));
  }
  return [...recorded.session.events];
}

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
    // the opponent's moves say whose they were, as the page names it
    expect(frames[2]!.caption).toBe(`${moveText('tictactoe', 'O', moves[1]!)} · the random opponent`);
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

  it("says whose move left the kanban as it was, naming the other side as a sentence's subject", () => {
    const { events } = recordedGame('connect4', 'first', 'alphabeta4', 4);
    const { frames, summary } = buildGameReplay(events);
    expect(kanbanCaption(frames[0]!, summary)).toBe('Before the first move.');
    expect(kanbanCaption(frames[1]!, summary)).toBe('As the organelles held it when they chose move 1.');
    expect(kanbanCaption(frames[2]!, summary)).toBe(
      'The alpha-beta search (4 moves deep) played move 2: the kanban stays as the organelles left it after move 1.',
    );
    const person = buildGameReplay(personsGame(2));
    expect(kanbanCaption(person.frames[1]!, person.summary)).toMatch(/^You played move 1: /);
    const linked = buildGameReplay(personsGame(2), 'link');
    expect(kanbanCaption(linked.frames[1]!, linked.summary)).toMatch(/^The person played move 1: /);
    for (const f of frames) expect(kanbanCaption(f, summary)).not.toMatch(/'s\b/);
  });

  it("names who plays each piece for the board's key: the organelles, you, a person or the opponent watched", () => {
    const watched = buildGameReplay(recordedGame('connect4', 'second', 'alphabeta4', 4).events).summary;
    expect(sideNames(watched)).toEqual([{ piece: 'X', who: 'Alpha-beta search (4 moves deep)' }, { piece: 'O', who: 'Organelles' }]);
    const tactical = buildGameReplay(recordedGame('connect4', 'first', 'tactical', 2).events).summary;
    expect(sideNames(tactical)).toEqual([{ piece: 'X', who: 'Organelles' }, { piece: 'O', who: 'Tactical opponent' }]);
    expect(sideNames(buildGameReplay(personsGame(2)).summary)).toEqual([{ piece: 'X', who: 'You' }, { piece: 'O', who: 'Organelles' }]);
    expect(sideNames(buildGameReplay(personsGame(2), 'link').summary)[0]).toEqual({ piece: 'X', who: 'A person' });
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

  it('calls a person "you" for the player and "the person" for a link\'s reader', () => {
    const events = personsGame(2);
    const mine = buildGameReplay(events);
    const theirs = buildGameReplay(events, 'link');
    expect(mine.log[0]!.text).toBe('New game: the organelles play O (second) against you');
    expect(theirs.log[0]!.text).toBe('New game: the organelles play O (second) against a person');
    expect(mine.log.filter((e) => e.kind === 'opponent').every((e) => e.who === 'You')).toBe(true);
    expect(theirs.log.filter((e) => e.kind === 'opponent').every((e) => e.who === 'Person')).toBe(true);
    expect(mine.frames[1]!.caption).toMatch(/ · you$/);
    expect(theirs.frames[1]!.caption).toMatch(/ · the person$/);
    const ending = (r: typeof mine) => r.log.find((e) => e.kind === 'game-over')!.text;
    expect(ending(theirs)).not.toMatch(/\byou\b/);
    expect(ending(mine)).toBe(ending(theirs).replace('the person', 'you'));
    expect(theirs.summary.reader).toBe('link');
  });

  it('counts each frame up to its move, and the whole game at the last', () => {
    const { frames, summary } = buildGameReplay(recordedGame('connect4', 'second', 'tactical', 2, true).events);
    expect(frames[0]!.tally).toEqual({ moves: 0, modelMoves: 0, fallbackMoves: 0, opponentMoves: 0, rejections: 0, plans: 0, heuristicPlans: 0 });
    frames.forEach((f) => expect(f.tally.moves).toBe(f.index));
    frames.slice(1).forEach((f) => {
      expect(f.tally.modelMoves + f.tally.fallbackMoves + f.tally.opponentMoves).toBe(f.index);
      expect(f.tally.rejections).toBeGreaterThanOrEqual(frames[f.index - 1]!.tally.rejections);
    });
    const { game: _g, reader: _r, organelleSide: _s, first: _f, opponent: _o, result: _res, winner: _w, moves, error: _e, ...counts } = summary;
    expect(frames.at(-1)!.tally).toEqual({ ...counts, moves: moves.length });
    expect(frames.find((f) => f.tally.rejections === 1)!.index).toBeLessThan(frames.length - 1); // the refusal is counted where it happened
  });

  it('reads plan items as the cells or columns they name', () => {
    expect(planReader('tictactoe')(['w6', 'b2', '4'])).toBe('cell 6 wins, cell 2 blocks, cell 4');
    expect(planReader('connect4')(['b3', '0'])).toBe('column 3 blocks, column 0');
    const { log, frames } = buildGameReplay(recordedGame('tictactoe', 'first', 'random', 3).events);
    expect(log.find((e) => e.kind === 'plan')!.text).toMatch(/^Plan: cell \d( (wins|blocks))?(, cell \d( (wins|blocks))?)* \(wrote “[wb\d,]+”\)$/);
    expect(frames[1]!.planner!.meaning).toMatch(/^plan: cell \d/);
  });

  it('decodes the connect-4 board the organelles received, x being their side', () => {
    const { frames, summary } = buildGameReplay(recordedGame('connect4', 'second', 'tactical', 1).events);
    const asked = frames.filter((f) => f.mover === 'organelles' && f.planner?.frame === f.index);
    const legends = asked.map((f) => promptLegend('connect4', f, summary.organelleSide));
    expect(legends.some((l) => /column by column: .*\d (xx*o|oo*x)/.test(l))).toBe(true); // a column holding both sides, so the order is tested
    for (const f of asked) {
      // the prompt was written from the board before this move: read its columns bottom up
      const before = frames[f.index - 1]!.state;
      const expected = Array.from({ length: 7 }, (_, c) => {
        let pieces = '';
        for (let r = 5; r >= 0 && before[r * 7 + c] !== '.'; r--) pieces += before[r * 7 + c] === summary.organelleSide ? 'x' : 'o';
        return `${c} ${pieces || '–'}`;
      });
      expect(promptLegend('connect4', f, summary.organelleSide)).toContain(`This board, column by column: ${expected.join(', ')}.`);
    }
    expect(summary.organelleSide).toBe('O');
    const before = promptLegend('connect4', frames[0]!, 'O'); // nothing asked yet: no board to decode
    expect(before).toMatch(/x = O \(the organelles, to move\), o = X; .*refused this turn\. An answer starts with a threat map/);
    expect(before).not.toContain('This board');
    expect(promptLegend('tictactoe', frames[0]!, 'X')).toMatch(/^A prompt starts with the board, cells 0–8 row by row: x = X \(the organelles, to move\), o = O, \. = empty;/);
  });

  it('names moves as a person would read them', () => {
    expect(moveText('tictactoe', 'X', '4')).toBe('X takes the centre (cell 4)');
    expect(moveText('connect4', 'O', '6')).toBe('O drops into column 6');
  });

  it('names the other side as the Play view does, not by its command-line name', () => {
    expect(opponentLabel('alphabeta2', 'player')).toBe('the alpha-beta search (2 moves deep)');
    expect(opponentLabel('tactical', 'link')).toBe('the tactical opponent');
    expect(opponentLabel('human', 'player')).toBe('you');
    expect(opponentLabel('human', 'link')).toBe('a person');
    // a link from another build may name an opponent this one does not know
    expect(opponentLabel('alphabeta9', 'link')).toBe('the alphabeta9 opponent');
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
