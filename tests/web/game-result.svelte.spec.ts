// The Result panel of a game (web/src/play/GameResult.svelte): it follows the move on the
// board, so a replay stepped back does not give the ending away, and before the organelles
// have moved it says so instead of "0 of 0 (0%)".
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import GameResult from '../../web/src/play/GameResult.svelte';
import { buildGameReplay } from '../../web/src/play/game-frames.ts';
import { recordedGame } from './game-runs.ts';

const { frames, summary } = buildGameReplay(recordedGame('tictactoe', 'second', 'random', 5).events);

function show(index: number, final: boolean) {
  const view = mount(GameResult, { target: document.body, props: { summary, tally: frames[index]!.tally, final } });
  flushSync();
  const text = (testid: string) => document.querySelector(`[data-testid="${testid}"]`)!.textContent!.replace(/\s+/g, ' ').trim();
  return { view, text };
}

describe('GameResult', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('tells the result only when the board shows the end', () => {
    const last = frames.length - 1;
    const early = show(2, false);
    expect(early.text('game-outcome')).toBe(`Move 2 of ${last}`);
    expect(early.text('game-model-share')).toMatch(/^1 of 1 \(100%\)$/); // the organelles (second) made move 2
    unmount(early.view);
    const end = show(last, true);
    expect(end.text('game-outcome')).toMatch(/^(Draw|Organelles win \(O\)|Opponent wins \(X\))$/);
    expect(end.text('game-model-share')).toBe(`${summary.modelMoves} of ${summary.modelMoves + summary.fallbackMoves} (100%)`);
    unmount(end.view);
  });

  it('says the organelles have not moved yet rather than 0 of 0', () => {
    const { view, text } = show(0, false);
    expect(text('game-model-share')).toBe('no organelle move yet');
    unmount(view);
  });
});
