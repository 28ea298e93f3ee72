// "Did you mean" for a mistyped command or option (cli/suggest.ts): the edit distance counts a
// swap of two neighbouring letters as one slip, the nearest known words are offered (all of
// them on a tie), and a word that is no slip of any known one gets no suggestion.
import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance, nearest } from '../../cli/suggest.ts';

const COMMANDS = ['bench', 'profile', 'train', 'eval', 'reports', 'corpus', 'compose', 'solve', 'ask'];

describe('editDistance', () => {
  it('counts insertions, deletions, changes and swaps of neighbours', () => {
    expect(editDistance('solve', 'solve')).toBe(0);
    expect(editDistance('slove', 'solve')).toBe(1); // a swap
    expect(editDistance('trian', 'train')).toBe(1);
    expect(editDistance('evl', 'eval')).toBe(1);
    expect(editDistance('benchh', 'bench')).toBe(1);
    expect(editDistance('compise', 'compose')).toBe(1);
    expect(editDistance('', 'ask')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('nearest and didYouMean', () => {
  it('offers the command meant', () => {
    expect(nearest('slove', COMMANDS)).toEqual(['solve']);
    expect(nearest('Train', COMMANDS)).toEqual(['train']);
    expect(nearest('reprots', COMMANDS)).toEqual(['reports']);
    expect(didYouMean('slove', COMMANDS)).toBe('did you mean "solve"?');
  });

  it('offers every word as near on a tie, as the caller writes them', () => {
    expect(didYouMean('sed', ['seed', 'set', 'steps'], (k) => `--${k}`)).toBe('did you mean --seed or --set?');
  });

  it('offers nothing for a word that is no slip of a known one', () => {
    expect(nearest('chess', COMMANDS)).toEqual([]);
    expect(nearest('x', COMMANDS)).toEqual([]);
    expect(didYouMean('constructor', COMMANDS)).toBeNull();
    expect(didYouMean('anything', [])).toBeNull();
  });
});
