// The Solve view's board field (web/src/solve/board-input.ts): each problem is explained
// quoting the text as typed, counting digits as digits and characters from the 1st, with a
// hint that still says spaces are fine.
import { describe, expect, it } from 'vitest';
import { checkBoard } from '../../web/src/solve/board-input.ts';

const message = (text: string) => {
  const check = checkBoard(text);
  return check.ok ? null : check.message;
};

describe('checkBoard', () => {
  it('quotes what was typed and counts digits, not the compacted board\'s characters', () => {
    expect(message('1 2 3 4 5 6 7 8 0 9')).toBe('Board "1 2 3 4 5 6 7 8 0 9" has 10 digits, not 9.');
    expect(message('1123')).toBe('Board "1123" has 4 digits, not 9.');
    expect(message(' 7 ')).toBe('Board "7" has 1 digit, not 9.');
  });

  it('names a wrong character by its place in the typed text, counted from the 1st', () => {
    expect(message('a23456780')).toBe('Board "a23456780" has "a" as its 1st character; use only the digits 0-8.');
    expect(message('1234567x0')).toBe('Board "1234567x0" has "x" as its 8th character; use only the digits 0-8.');
    expect(message('1 2 3 x')).toBe('Board "1 2 3 x" has "x" as its 7th character; use only the digits 0-8.');
    expect(message('123 456 789')).toBe('Board "123 456 789" has "9" as its 11th character; use only the digits 0-8.');
  });

  it('names a repeated and a missing digit, and an unsolvable board as typed', () => {
    expect(message('113456780')).toBe('Board "113456780" repeats the digit 1 and lacks 2.');
    expect(message('2 1 3 | 4 5 6 | 7 8 0')).toMatch(/^Board "2 1 3 \| 4 5 6 \| 7 8 0" is unsolvable: it has an odd number of inversions/);
  });

  it('cuts a long paste short in the quote', () => {
    expect(message('1'.repeat(40))).toBe(`Board "${'1'.repeat(29)}…" has 40 digits, not 9.`);
  });

  it('keeps saying that spaces are fine when the format is wrong', () => {
    for (const text of ['', '1 2 3', '1234567x0', '113456780']) {
      const check = checkBoard(text);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.hint, text).toMatch(/spaces between them are fine/);
    }
  });

  it('accepts nine distinct digits with separators, and refuses the goal itself', () => {
    expect(checkBoard(' 4 1 3 | 0 2 6 | 7 5 8 ')).toEqual({ ok: true, board: '413026758' });
    expect(checkBoard('1,2,3/4,5,6/7,8,0')).toMatchObject({ ok: false, reason: 'solved' });
  });
});
