// Replaying recorded answers (worker/share/recorder.ts): a recording that does not fit the
// run is refused in the UI's words, naming the roles (Planner, Mover, Player), never the
// link format's internal "worker" source.
import { describe, expect, it } from 'vitest';
import { Script } from '../../worker/share/recorder.ts';
import { ShareLinkError, type RecordedAnswer } from '../../worker/share/solve-link.ts';
import { replaySolve } from '../../worker/games/puzzle8/share.ts';

const answer = (source: RecordedAnswer['source'], text: string): RecordedAnswer => ({ source, text, confidence: 1 });

describe('Script', () => {
  it('hands out the answers in order', () => {
    const script = new Script([answer('planner', 'ul'), answer('worker', 'u')]);
    expect(script.organelle('planner')('', 0).text).toBe('ul');
    expect(script.organelle('worker')('', 0).text).toBe('u');
    expect(script.remaining).toBe(0);
    expect(script.mismatch).toBeNull();
  });

  it('names the Mover in a solve and the Player in a game when the order is wrong', () => {
    const solve = new Script([answer('planner', 'ul'), answer('worker', 'u')]);
    expect(() => solve.organelle('worker')('', 0)).toThrow(ShareLinkError);
    expect(solve.mismatch).toBe(
      "the link's answers are out of order: the run needed the Mover's answer next, but the link has the Planner's, so it does not replay",
    );
    const game = new Script([answer('worker', '4'), answer('opponent', '0')]);
    expect(() => game.organelle('planner')('', 0)).toThrow(/needed the Planner's answer next, but the link has the Player's/);
    const opponent = new Script([answer('opponent', '0')]);
    expect(() => opponent.organelle('worker')('', 0)).toThrow(/needed the Player's answer next, but the link has the opponent's/);
  });

  it('says when the answers run out, and keeps the first problem', () => {
    const script = new Script([answer('worker', 'u')]);
    script.organelle('worker')('', 0);
    expect(() => script.organelle('worker')('', 0)).toThrow('the link ran out of answers before the run ended, so it does not replay');
    expect(() => script.organelle('planner')('', 0)).toThrow(/ran out/);
  });

  it('reaches a shared solve in those words', () => {
    // the Planner's plan solves the board in one move, so the Mover is asked next
    const link = { game: 'puzzle8' as const, start: '123456708', models: '0123456789abcdef', trace: 0, answers: [answer('planner', 'r'), answer('planner', 'r')] };
    expect(() => replaySolve(link)).toThrow(
      new ShareLinkError("the link's answers are out of order: the run needed the Mover's answer next, but the link has the Planner's, so it does not replay"),
    );
  });
});
