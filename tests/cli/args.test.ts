// The CLI's option parser (util.parseArgs' tokens, checked in the CLI's words): options with a
// value and flags, positionals, unknown options named with the known ones, malformed numbers
// named with what was given, and whether the arguments ask for help.
import { describe, expect, it } from 'vitest';
import { asksForHelp, intOption, limitedOption, OptionError, parseArgs, positiveNumberOption, stringOption } from '../../cli/args.ts';

const known = { values: ['steps', 'lr'], flags: ['quick'] };
const parse = (...argv: string[]) => parseArgs(argv, known);

describe('CLI options', () => {
  it('reads --key value, --key=value and flags, and refuses unknown options', () => {
    const a = parse('puzzle8', '--steps', '300', '--lr=0.003', '--quick');
    expect(a.positional).toEqual(['puzzle8']);
    expect(intOption(a, 'steps', 1, 1)).toBe(300);
    expect(positiveNumberOption(a, 'lr')).toBe(0.003);
    expect(a.options.get('quick')).toBe(true);
    expect(() => parse('--bogus')).toThrow('unknown option --bogus');
  });

  it('keeps positionals in order among the options, and everything after -- as positionals', () => {
    const a = parse('a', '--steps=5', 'b', '--quick', 'c', '--', '--lr', '-x', '--bogus');
    expect(a.positional).toEqual(['a', 'b', 'c', '--lr', '-x', '--bogus']);
    expect([...a.options]).toEqual([['steps', '5'], ['quick', true]]);
    expect(parse('-').positional).toEqual(['-']); // standard input, as some tools spell it
  });

  it('takes the last of a repeated option, and an empty value given with =', () => {
    expect(stringOption(parse('--steps', '1', '--steps', '2'), 'steps')).toBe('2');
    expect(() => intOption(parse('--steps='), 'steps', 1, 1)).toThrow('--steps must be an integer >= 1, got ""');
  });

  it('lists the known options when one is not, and says how to pass an argument starting with "-"', () => {
    expect(() => parse('--steps', '3', '--bogus=1')).toThrow(new OptionError('unknown option --bogus (known: --steps, --lr, --quick)'));
    expect(() => parseArgs(['--x'], { values: [], flags: [] })).toThrow('unknown option --x (known: none)');
    // util.parseArgs reads "-5x" as the short options -5 and -x: the error names the argument
    expect(() => parse('-5x')).toThrow('unknown option -5x (known: --steps, --lr, --quick; an argument that starts with "-" goes after "--", as in -- -5x)');
    expect(() => parse('-h')).toThrow(/^unknown option -h /); // help is the entry's (asksForHelp), not a command's
  });

  it('names the option meant when one is mistyped, with one dash or a value', () => {
    expect(() => parse('--setps', '3')).toThrow(new OptionError('unknown option --setps: did you mean --steps? (known: --steps, --lr, --quick)'));
    expect(() => parse('--quik')).toThrow(/^unknown option --quik: did you mean --quick\? \(known/);
    expect(() => parse('--lr=0.1', '--step=3')).toThrow(/^unknown option --step: did you mean --steps\?/);
    expect(() => parse('-steps')).toThrow(/^unknown option -steps: did you mean --steps\? \(known: .*as in -- -steps\)$/);
  });

  it('names an option given without its value, or a flag given one', () => {
    expect(() => parse('--steps')).toThrow(new OptionError('--steps needs a value'));
    expect(() => parse('--steps', '--quick')).toThrow('--steps needs a value');
    expect(() => parse('--steps', '--')).toThrow('--steps needs a value');
    expect(() => parse('--quick=yes')).toThrow('--quick takes no value');
    expect(() => parse('--quick=')).toThrow('--quick takes no value');
  });

  it('takes a value starting with one dash, so a negative number reaches the range check', () => {
    // util.parseArgs' strict mode would refuse `--steps -5` as ambiguous
    expect(() => intOption(parse('--steps', '-5'), 'steps', 1, 1)).toThrow('--steps must be an integer >= 1, got "-5"');
    expect(() => limitedOption(parse('--steps', '-5'), 'steps', 'steps')).toThrow('--steps must be a whole number from 1 to 1,000,000, got "-5"');
    expect(() => positiveNumberOption(parse('--lr', '-0.1'), 'lr')).toThrow('--lr must be a number > 0, got "-0.1"');
    expect(stringOption(parse('--lr', '-x'), 'lr')).toBe('-x');
  });

  it('names a malformed number', () => {
    expect(() => intOption(parse('--steps', '0'), 'steps', 1, 1)).toThrow('--steps must be an integer >= 1, got "0"');
    for (const bad of ['abc', '0', '-1', 'Infinity']) {
      expect(() => positiveNumberOption(parse(`--lr=${bad}`), 'lr')).toThrow(`--lr must be a number > 0, got "${bad}"`);
    }
    expect(positiveNumberOption(parse(), 'lr')).toBeUndefined();
  });
});

describe('asking for help', () => {
  it('is --help or -h anywhere among the options', () => {
    for (const argv of [['--help'], ['-h'], ['puzzle8', '--steps', '5', '-h'], ['--bogus', '--help'], ['--help=1']]) {
      expect(asksForHelp(argv, known), argv.join(' ')).toBe(true);
    }
  });

  it('is not an option\'s value nor an argument after --, except --help where a value was due', () => {
    for (const argv of [[], ['help'], ['--steps', '-h'], ['--', '--help'], ['x', '--', '-h']]) {
      expect(asksForHelp(argv, known), argv.join(' ')).toBe(false);
    }
    // parseArgs would say "--steps needs a value"
    expect(asksForHelp(['--steps', '--help'], known)).toBe(true);
  });
});
