// The keys to the organelles' prompts (web/src/lib/prompt-keys.ts): one per game, the side
// to move named when known, and a connect-4 board read back only when it is one.
import { describe, expect, it } from 'vitest';
import { connect4Board, promptKey } from '../../web/src/lib/prompt-keys.ts';
import { perspective } from '../../worker/games/connect4/prompts.ts';

describe('promptKey', () => {
  it('has a key for each game (and code composition) and none for a corpus of one’s own', () => {
    expect(promptKey('puzzle8')).toMatch(/nine tiles row by row with 0 the blank/);
    expect(promptKey('tictactoe')).toMatch(/x = the side to move, o = the other side, \. = empty/);
    expect(promptKey('tictactoe', 'O')).toMatch(/x = O \(the organelles, to move\), o = X/);
    expect(promptKey('connect4', 'X')).toMatch(/x = X \(the organelles, to move\), o = O; .* threat map/);
    expect(promptKey('compose')).toMatch(/name\(a, parameter=value\)>a\|n/);
    expect(promptKey(undefined)).toBeNull();
    expect(promptKey('my-corpus.txt')).toBeNull();
  });
});

describe('connect4Board', () => {
  it('reads the columns of a board the organelles would receive, bottom up', () => {
    // X moved in column 3, O on top of it, X in column 0: O to move, so O's pieces are x
    const board = '.'.repeat(28) + '...O...' + 'X..X...';
    expect(connect4Board(perspective(board))).toBe('0 o, 1 –, 2 –, 3 ox, 4 –, 5 –, 6 –');
    expect(connect4Board(`${perspective(board)}|p=3,2|b=`)).toBe('0 o, 1 –, 2 –, 3 ox, 4 –, 5 –, 6 –');
  });

  it('reads nothing from what is not seven column letters', () => {
    expect(connect4Board('ĀāĂ')).toBeNull();
    expect(connect4Board('')).toBeNull();
    expect(connect4Board('0123456')).toBeNull();
  });
});
