// The CLI's option parser: unknown options and malformed numbers are named in the error.
import { describe, expect, it } from 'vitest';
import { intOption, parseArgs, positiveNumberOption } from '../../cli/args.ts';

const parse = (...argv: string[]) => parseArgs(argv, { values: ['steps', 'lr'], flags: ['quick'] });

describe('CLI options', () => {
  it('reads --key value, --key=value and flags, and refuses unknown options', () => {
    const a = parse('puzzle8', '--steps', '300', '--lr=0.003', '--quick');
    expect(a.positional).toEqual(['puzzle8']);
    expect(intOption(a, 'steps', 1, 1)).toBe(300);
    expect(positiveNumberOption(a, 'lr')).toBe(0.003);
    expect(a.options.get('quick')).toBe(true);
    expect(() => parse('--bogus')).toThrow('unknown option --bogus');
  });

  it('names a malformed number', () => {
    expect(() => intOption(parse('--steps', '0'), 'steps', 1, 1)).toThrow('--steps must be an integer >= 1, got "0"');
    for (const bad of ['abc', '0', '-1', 'Infinity']) {
      expect(() => positiveNumberOption(parse(`--lr=${bad}`), 'lr')).toThrow(`--lr must be a number > 0, got "${bad}"`);
    }
    expect(positiveNumberOption(parse(), 'lr')).toBeUndefined();
  });
});
