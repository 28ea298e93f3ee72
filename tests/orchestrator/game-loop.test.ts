// The two-player loop (worker/orchestrator/game-loop.ts) on real tic-tac-toe rules with
// scripted fake organelles: event order, Judge refusals, fallback and planner accounting,
// the step-by-step session, replay from a JSONL trace, matches and determinism.
import { describe, expect, it } from 'vitest';
import type { EventOf, EventType, OrchestratorEvent } from '../../worker/orchestrator/events.ts';
import { parseJsonl, toJsonl } from '../../worker/orchestrator/events.ts';
import { decodeKanban } from '../../worker/orchestrator/kanban.ts';
import type { Completion, Organelle } from '../../worker/orchestrator/types.ts';
import {
  GameSession, IllegalOpponentMove, playGame, playMatch, replayGame, wilsonInterval, type Opponent,
} from '../../worker/orchestrator/game-loop.ts';
import { ticTacToeAdapter, ticTacToeOpponent } from '../../worker/games/tictactoe/pipeline.ts';
import { canonicalPlan, bestMove } from '../../worker/games/tictactoe/strategy.ts';
import { perspective } from '../../worker/games/tictactoe/prompts.ts';
import { Rng } from '../../worker/games/rng.ts';

function ofType<K extends EventType>(events: readonly OrchestratorEvent[], type: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.type === type);
}

const done = (text: string, confidence = 1): Completion => ({ text, confidence });

/** Recovers the real board from a perspective prompt: x is the side to move. */
function boardOf(prompt: string): string {
  const view = prompt.slice(0, 9);
  const xs = [...view].filter((c) => c === 'x').length;
  const os = [...view].filter((c) => c === 'o').length;
  const me = xs === os ? 'X' : 'O';
  const them = me === 'X' ? 'O' : 'X';
  return [...view].map((c) => (c === 'x' ? me : c === 'o' ? them : '_')).join('');
}

const perfectPlanner: Organelle = (prompt) => done(canonicalPlan(boardOf(prompt)).join(','), 0.9);
/** Plays the plan's head when there is one, else the best move. */
const planFollower: Organelle = (prompt) => {
  const plan = /\|p=([^|]*)\|/.exec(prompt)![1];
  return done(plan ? plan.split(',')[0].replace(/^[wb]/, '') : String(bestMove(boardOf(prompt))));
};

function scripted(outputs: readonly string[]): Organelle & { prompts: string[] } {
  const prompts: string[] = [];
  const fn = (prompt: string): Completion => {
    const text = outputs[prompts.length % outputs.length];
    prompts.push(prompt);
    return done(text, 0.5);
  };
  return Object.assign(fn, { prompts });
}

/** Plays the free cells in ascending order. */
const firstFree: Opponent<string> = (board) => String(board.indexOf('_'));

describe('a game with a perfect Planner and a plan-following Player', () => {
  const r = playGame(ticTacToeAdapter, { planner: perfectPlanner, player: planFollower }, firstFree, new Rng(1), { opponent: 'first-free' });

  it('wins with every organelle move chosen by the model', () => {
    expect(r.result).toBe('win');
    expect(r.counts).toMatchObject({ fallbackMoves: 0, parseErrors: 0, rejections: 0, plannerFallbacks: 0 });
    expect(r.counts.modelMoves).toBe(r.turns);
    expect(r.counts.planFollowed).toBe(r.turns);
    expect(r.counts.opponentMoves).toBe(r.moves.length - r.turns);
  });

  it('tells the story in order: start, then plan / propose / apply per turn, opponent moves, game over', () => {
    const types = r.events.map((e) => e.type).filter((t) => t !== 'phase_change');
    const turn = ['plan_requested', 'plan_generated', 'move_proposed', 'move_applied'];
    expect(types[0]).toBe('run_started');
    expect(types.at(-1)).toBe('game_over');
    const body = types.slice(1, -1);
    const expected: string[] = [];
    for (let i = 0; i < r.moves.length; i++) expected.push(...(i % 2 === 0 ? turn : ['opponent_move']));
    expect(body).toEqual(expected);
    expect(r.events.map((e) => e.step)).toEqual(r.events.map((_, i) => i));
    expect(r.events.at(-1)).toMatchObject({ type: 'game_over', result: 'win', winner: 'X', moves: r.moves, modelMoves: r.turns, fallbackMoves: 0 });
    expect(ofType(r.events, 'opponent_move').every((e) => e.opponent === 'first-free')).toBe(true);
  });

  it('shows the Player the board from its side, the plan and the refused cells', () => {
    const first = ofType(r.events, 'move_proposed')[0];
    expect(first.prompt).toBe(`.........|p=${canonicalPlan('_________').join(',')}|b=`);
    expect(first).toMatchObject({ by: 'model', organelle: 'player' });
    const applied = ofType(r.events, 'move_applied')[0];
    expect(decodeKanban(applied.kanban)).toMatchObject({ todo: [], done: [applied.move], blocked: [], stalls: 0 });
  });

  it('records the configuration and the sides', () => {
    expect(r.events[0]).toMatchObject({ type: 'run_started', game: 'tictactoe', start: '_________' });
    expect((r.events[0] as EventOf<'run_started'>).config).toMatchObject({ side: 'first', organelleSide: 'X', opponent: 'first-free', planner: true });
  });
});

describe('the Judge and the fallback', () => {
  it('counts garbage as parse errors and lets the fallback play, reported as such', () => {
    const player = scripted(['hello']);
    const r = playGame(ticTacToeAdapter, { player }, firstFree, new Rng(1));
    expect(r.counts.modelMoves).toBe(0);
    expect(r.counts.fallbackMoves).toBe(r.turns);
    expect(r.counts.parseErrors).toBe(3 * r.turns);
    expect(player.prompts).toHaveLength(3 * r.turns);
    expect(ofType(r.events, 'move_rejected').every((e) => e.reason === 'unparseable' && e.move === null)).toBe(true);
    expect(ofType(r.events, 'move_applied').every((e) => e.by === 'fallback')).toBe(true);
    const fallbacks = ofType(r.events, 'move_proposed').filter((e) => e.by === 'fallback');
    expect(fallbacks).toHaveLength(r.turns);
    expect(fallbacks.every((e) => e.organelle === 'fallback' && e.prompt === '')).toBe(true);
  });

  it('refuses a taken cell as illegal, then as blocked, and shows it in b=', () => {
    // the organelles play second, so cell 0 is taken by the opponent before their first turn
    const player = scripted(['0', '0', '4']);
    const s = new GameSession(ticTacToeAdapter, { player }, { side: 'second' });
    s.opponentMove('0');
    const turn = s.organelleMove();
    expect(turn).toMatchObject({ move: '4', by: 'model', rejections: 2, parseErrors: 0 });
    expect(ofType(s.events, 'move_rejected').map((e) => [e.move, e.reason])).toEqual([['0', 'illegal'], ['0', 'blocked']]);
    expect(player.prompts.map((p) => p.split('|').at(-1))).toEqual(['b=', 'b=0', 'b=0']);
    // the next turn starts with nothing refused
    s.opponentMove('1');
    s.organelleMove();
    expect(player.prompts[3].endsWith('|b=')).toBe(true);
  });

  it('maxRejectsPerMove 0: the fallback plays alone and the Player is never asked', () => {
    const player = scripted(['4']);
    const r = playGame(ticTacToeAdapter, { player }, firstFree, new Rng(1), { limits: { maxRejectsPerMove: 0 } });
    expect(player.prompts).toEqual([]);
    expect(r.counts.fallbackMoves).toBe(r.turns);
  });

  it('a throwing Player ends the game with error and failed events', () => {
    const player: Organelle = () => {
      throw new Error('engine gone');
    };
    const r = playGame(ticTacToeAdapter, { player }, firstFree, new Rng(1));
    expect(r.result).toBeNull();
    expect(r.events.slice(-3).map((e) => e.type)).toEqual(['error', 'phase_change', 'failed']);
    expect(ofType(r.events, 'error')[0].message).toBe('engine gone');
  });
});

describe('the Planner', () => {
  it('malformed output gets one retry, then the heuristic plan, reported', () => {
    const planner = scripted(['4,4', 'w9']);
    const s = new GameSession(ticTacToeAdapter, { planner, player: planFollower });
    const turn = s.organelleMove();
    expect(planner.prompts).toEqual(['.........', '.........']);
    expect(ofType(s.events, 'plan_rejected').map((e) => e.attempt)).toEqual([1, 2]);
    expect(ofType(s.events, 'plan_fallback')).toEqual([expect.objectContaining({ reason: 'planner rejected twice', plan: ['4', '0', '2'] })]);
    expect(turn).toMatchObject({ planSource: 'fallback', plan: ['4', '0', '2'], planHead: '4', move: '4', by: 'model' });
    expect(s.counts.plannerFallbacks).toBe(1);
  });

  it('refuses a plan that lies about a threat', () => {
    // X to move on X X _ / O O _ / _ _ _: 2 wins for X, 5 would block; '5' untagged is a lie
    const start = 'XX_OO____';
    const planner = scripted(['5,w2', 'w2,b5']);
    const s = new GameSession(ticTacToeAdapter, { planner, player: planFollower }, { start });
    s.organelleMove();
    expect(ofType(s.events, 'plan_rejected')[0].reason).toMatch(/cell 5 blocks, tag it b/);
    expect(ofType(s.events, 'plan_generated')[0]).toMatchObject({ plan: ['w2', 'b5'], attempt: 2 });
    expect(s.result).toBe('win');
  });

  it('without a Planner every turn uses the heuristic plan, reported as no planner', () => {
    const r = playGame(ticTacToeAdapter, { player: planFollower }, firstFree, new Rng(1));
    const fallbacks = ofType(r.events, 'plan_fallback');
    expect(fallbacks).toHaveLength(r.turns);
    expect(fallbacks.every((e) => e.reason === 'no planner')).toBe(true);
    expect(r.counts.plannerFallbacks).toBe(r.turns);
  });

  it('the plan steers: the same Player plays what the plan says', () => {
    const cornerPlanner: Organelle = () => done('8');
    const s = new GameSession(ticTacToeAdapter, { planner: cornerPlanner, player: planFollower });
    expect(s.organelleMove().move).toBe('8');
  });
});

describe('GameSession, step by step (the web app drives it like this)', () => {
  it('alternates turns, refuses an illegal human move without changing anything, and ends the game', () => {
    const events: OrchestratorEvent[] = [];
    const s = new GameSession(ticTacToeAdapter, { planner: perfectPlanner, player: planFollower }, { side: 'second', opponent: 'human', onEvent: (e) => events.push(e) });
    expect(s.toMove).toBe('opponent');
    expect(s.organelleSide).toBe('O');
    expect(() => s.organelleMove()).toThrow(/not the organelles' turn/);
    expect(() => s.opponentMove('9')).toThrow(IllegalOpponentMove);
    expect(s.state).toBe('_________');
    s.opponentMove('0');
    expect(s.toMove).toBe('organelles');
    expect(() => s.opponentMove('1')).toThrow(/not the opponent's turn/);
    const reply = s.organelleMove();
    expect(reply.move).toBe('4'); // the only answer to a corner that keeps the draw
    for (const m of ['8', '2']) {
      s.opponentMove(m);
      if (!s.over) s.organelleMove();
    }
    expect(events).toEqual(s.events);
    expect(ofType(s.events, 'opponent_move').map((e) => [e.move, e.opponent])).toEqual([['0', 'human'], ['8', 'human'], ['2', 'human']]);
  });

  it('a start position that is already over ends at once', () => {
    const s = new GameSession(ticTacToeAdapter, { player: planFollower }, { start: 'XXXOO____' });
    expect(s.over).toBe(true);
    expect(s.result).toBe('win');
    expect(s.events.map((e) => e.type)).toEqual(['run_started', 'phase_change', 'game_over']);
  });
});

describe('traces', () => {
  const opponent = ticTacToeOpponent('random');
  const run = (seed: number) => playGame(ticTacToeAdapter, { planner: perfectPlanner, player: planFollower }, opponent, new Rng(seed), { side: 'second', opponent: 'random' });

  it('the same seed gives the same events', () => {
    expect(run(5).events).toEqual(run(5).events);
    const games = new Set([1, 2, 3, 4, 5, 6].map((s) => run(s).moves.join()));
    expect(games.size).toBeGreaterThan(1);
  });

  it('survive JSONL and replay move by move', () => {
    const r = run(3);
    const events = parseJsonl(toJsonl(r.events));
    expect(events).toEqual(r.events);
    const { start, steps } = replayGame(ticTacToeAdapter, events);
    expect(start).toBe('_________');
    expect(steps.map((s) => s.move)).toEqual(r.moves);
    expect(steps.map((s) => s.by)).toEqual(r.moves.map((_, i) => (i % 2 === 0 ? 'random' : 'model')));
    const last = r.events.filter((e) => e.type === 'move_applied' || e.type === 'opponent_move').at(-1) as EventOf<'opponent_move'>;
    expect(steps.at(-1)!.state).toBe(last.state);
  });

  it('replay refuses a trace that breaks the rules', () => {
    const events = run(3).events.map((e) => (e.type === 'opponent_move' && e.step < 20 ? { ...e, move: '9' } : e));
    expect(() => replayGame(ticTacToeAdapter, events)).toThrow(/is not legal/);
    expect(() => replayGame(ticTacToeAdapter, [])).toThrow(/no run_started/);
  });
});

describe('matches', () => {
  it('summarise results, shares and plan following, reproducibly', () => {
    const organelles = { planner: perfectPlanner, player: planFollower };
    const o = { games: 40, seed: 9, side: 'first' as const, opponentName: 'random' };
    const a = playMatch(ticTacToeAdapter, organelles, ticTacToeOpponent('random'), o);
    const b = playMatch(ticTacToeAdapter, organelles, ticTacToeOpponent('random'), o);
    expect({ ...a, ms_per_move: 0 }).toEqual({ ...b, ms_per_move: 0 });
    expect(a.wins + a.draws + a.losses).toBe(40);
    expect(a.losses).toBe(0);
    expect(a.model_move_share).toBe(1);
    expect(a.plan_follow_rate).toBe(1);
    expect(a.parse_errors).toBe(0);
    expect(a.win_ci[0]).toBeLessThanOrEqual(a.win_rate);
    expect(a.win_ci[1]).toBeGreaterThanOrEqual(a.win_rate);
  });

  it('count the distinct games: deterministic players replay one game however many are played', () => {
    const organelles = { planner: perfectPlanner, player: planFollower };
    const o = { games: 12, seed: 3, side: 'second' as const, opponentName: 'first-free' };
    const same = playMatch(ticTacToeAdapter, organelles, firstFree, o);
    expect(same.games).toBe(12);
    expect(same.distinct_games).toBe(1);
    const varied = playMatch(ticTacToeAdapter, organelles, ticTacToeOpponent('random'), o);
    expect(varied.distinct_games).toBeGreaterThan(1);
    expect(varied.distinct_games).toBeLessThanOrEqual(12);
  });

  it('start each game after a seeded random opening, the same openings for every comparison', () => {
    const starts = (organelles: Parameters<typeof playMatch>[1]) => {
      const seen: string[] = [];
      const s = playMatch(ticTacToeAdapter, organelles, firstFree, {
        games: 12, seed: 3, side: 'first', opponentName: 'first-free', opening: 2, onGame: (g) => seen.push(g.start),
      });
      return { s, seen };
    };
    const pipeline = starts({ planner: perfectPlanner, player: planFollower });
    const ablation = starts({ player: planFollower });
    expect(ablation.seen).toEqual(pipeline.seen);
    // two plies: one X and one O on the board, X (the organelles, moving first) to move
    for (const start of pipeline.seen) expect([...start].filter((c) => c !== '_').sort().join('')).toBe('OX');
    expect(new Set(pipeline.seen).size).toBeGreaterThan(6);
    expect(pipeline.s.distinct_games).toBe(new Set(pipeline.seen).size);
    // the opening's plies are nobody's moves: only the organelles' own turns are counted
    expect(pipeline.s.organelle_moves).toBeLessThanOrEqual(12 * 4);
    expect(pipeline.s.model_move_share).toBe(1);
  });

  it('refuse an opening long enough to end a game, naming the game and the plies', () => {
    const o = { games: 50, seed: 1, side: 'first' as const, opponentName: 'first-free', opening: 8 };
    expect(() => playMatch(ticTacToeAdapter, { player: planFollower }, firstFree, o)).toThrow(/8-ply random opening can end a tictactoe game .*use fewer plies/);
    expect(() => playMatch(ticTacToeAdapter, { player: planFollower }, firstFree, { ...o, opening: 1.5 })).toThrow(/whole number of plies/);
  });

  it('wilsonInterval matches known values', () => {
    const [lo, hi] = wilsonInterval(0, 1000);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(0.00383, 4);
    const [lo2, hi2] = wilsonInterval(50, 100);
    expect(lo2).toBeCloseTo(0.4038, 3);
    expect(hi2).toBeCloseTo(0.5962, 3);
  });
});

describe('perspective prompts', () => {
  it('write the side to move as x', () => {
    expect(perspective('X________')).toBe('o........');
    expect(perspective('XO_______')).toBe('xo.......');
  });
});
