// A small strict argument parser: `--key value`, `--key=value` and boolean `--flag`;
// unknown options are errors that list the known ones.
import { inLimits, limitRule, type LimitedSetting } from '../worker/model/recipe.ts';

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

export function parseArgs(argv: string[], known: { values: string[]; flags: string[] }): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const key = arg.slice(2, eq < 0 ? undefined : eq);
    if (known.flags.includes(key)) {
      if (eq >= 0) throw new Error(`--${key} takes no value`);
      options.set(key, true);
    } else if (known.values.includes(key)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new Error(`--${key} needs a value`);
      options.set(key, value);
    } else {
      const all = [...known.values, ...known.flags].map((k) => `--${k}`).join(', ');
      throw new Error(`unknown option --${key} (known: ${all || 'none'})`);
    }
  }
  return { positional, options };
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
