// The commands' argument parser: Node's util.parseArgs splits the arguments into options (each
// declared as taking a value or as a flag, `--key value` or `--key=value`), positionals and
// the `--` that ends the options; the checks here are strict, in the CLI's own words: an
// unknown option is an error that lists the known ones, a value missing or given to a flag is
// named. util.parseArgs' own strict mode is not used: it refuses `--seed -1` as ambiguous, and
// a negative number must reach the option's range check, which names the range.
import { parseArgs as splitArgs } from 'node:util';
import { inLimits, limitRule, type LimitedSetting } from '../worker/model/recipe.ts';
import { didYouMean } from './suggest.ts';

/** A command's options: those that take a value and the flags. */
export interface KnownOptions {
  values: readonly string[];
  flags: readonly string[];
}

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

/** An option the command does not take, or one given without its value or with one it does not take. */
export class OptionError extends Error {
  override name = 'OptionError';
}

/** util.parseArgs' tokens for `argv`, unchecked; `extra` declares options beyond the command's. */
function tokens(argv: readonly string[], known: KnownOptions, extra: Record<string, { type: 'boolean'; short: string }> = {}) {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = { ...extra };
  for (const key of known.values) options[key] = { type: 'string' };
  for (const key of known.flags) options[key] = { type: 'boolean' };
  return splitArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true }).tokens;
}

export function parseArgs(argv: readonly string[], known: KnownOptions): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (const t of tokens(argv, known)) {
    if (t.kind === 'positional') positional.push(t.value);
    if (t.kind !== 'option') continue;
    const long = t.rawName === `--${t.name}`;
    if (long && known.flags.includes(t.name)) {
      if (t.value !== undefined) throw new OptionError(`--${t.name} takes no value`);
      options.set(t.name, true);
    } else if (long && known.values.includes(t.name)) {
      // util.parseArgs takes the next argument whatever it is: one starting with "--" is the
      // next option, so the value is missing (a single dash may start a negative number)
      if (t.value === undefined || (!t.inlineValue && t.value.startsWith('--'))) throw new OptionError(`--${t.name} needs a value`);
      options.set(t.name, t.value);
    } else {
      const names = [...known.values, ...known.flags];
      const all = names.map((k) => `--${k}`).join(', ');
      // a short option stands for its whole argument ("-5x" is the options -5 and -x)
      const given = long ? t.rawName : argv[t.index];
      const asArgument = long ? '' : `; an argument that starts with "-" goes after "--", as in -- ${given}`;
      // a slip of the fingers ("--sed", "-seed") is named with the option meant
      const meant = didYouMean(given.replace(/^-+/, '').split('=')[0], names, (k) => `--${k}`);
      throw new OptionError(`unknown option ${given}${meant ? `: ${meant}` : ''} (known: ${all || 'none'}${asArgument})`);
    }
  }
  return { positional, options };
}

/** Whether `argv` asks for the command's usage: `--help` or `-h` as an option, not after `--` nor as a value (`--out -h`). */
export function asksForHelp(argv: readonly string[], known: KnownOptions): boolean {
  // `--name --help` too: parseArgs would refuse "--help" as --name's value
  return tokens(argv, known, { help: { type: 'boolean', short: 'h' } }).some(
    (t) => t.kind === 'option' && (t.name === 'help' || (t.inlineValue === false && t.value === '--help')),
  );
}

export function stringOption(a: ParsedArgs, key: string): string | undefined {
  const v = a.options.get(key);
  return typeof v === 'string' ? v : undefined;
}

export function intOption(a: ParsedArgs, key: string, fallback: number, min = 0): number {
  const v = stringOption(a, key);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${key} must be an integer >= ${min}, got "${v}"`);
  return n;
}

/** A number > 0 (a learning rate), or undefined when the option is absent. */
export function positiveNumberOption(a: ParsedArgs, key: string): number | undefined {
  const v = stringOption(a, key);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!(Number.isFinite(n) && n > 0) || v.trim() === '') throw new Error(`--${key} must be a number > 0, got "${v}"`);
  return n;
}

/**
 * A training setting's option, within its limits (TRAIN_LIMITS in worker/model/recipe.ts,
 * the Train form's too): `fallback` when absent, an error naming the range otherwise.
 */
export function limitedOption(a: ParsedArgs, key: string, setting: LimitedSetting, fallback: number): number;
export function limitedOption(a: ParsedArgs, key: string, setting: LimitedSetting): number | undefined;
export function limitedOption(a: ParsedArgs, key: string, setting: LimitedSetting, fallback?: number): number | undefined {
  const v = stringOption(a, key);
  if (v === undefined) {
    if (a.options.has(key)) throw new Error(`--${key} needs a value`);
    return fallback;
  }
  const n = v.trim() === '' ? NaN : Number(v);
  if (!inLimits(setting, n)) throw new Error(`${limitRule(setting, `--${key}`)}, got "${v}"`);
  return n;
}
