// `organelle help` and `organelle <command> --help`: every command (each `eval <game>` too)
// prints its own usage from cli/usage.ts and exits 0, run as a person runs it; the usage names
// exactly the options each command parses, and the lists it writes out are the code's.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { COMMAND_USAGE, EVAL_USAGE, commandHelp, overview, synopsis, type Usage } from '../../cli/usage.ts';
import { evalCommand } from '../../cli/eval.ts';
import { REPORTS } from '../../cli/reports.ts';
import { allRecipes } from '../../worker/recipes/index.ts';
import { SHAPE_PRESETS } from '../../worker/model/shape.ts';
import { BENCH_SHAPES } from '../../worker/bench/bench.ts';
import { SET_NAMES } from '../../worker/compose/sets.ts';
import { MAX_VOTES } from '../../worker/browser/ask.ts';
import { GAME_PIPELINES } from '../../worker/pipeline/games.ts';

const CLI = join(import.meta.dirname, '../../cli/organelle.ts');
const organelle = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args]);

// each is a node process compiling the entry through tsx: a few at a time keep the file short
const SLOW = 20_000;

describe('organelle <command> --help', () => {
  const cases: [string[], Usage][] = [
    ...Object.entries(COMMAND_USAGE).flatMap(([name, u]): [string[], Usage][] => [[[name, '--help'], u], [[name, '-h'], u]]),
    ...Object.entries(EVAL_USAGE).flatMap(([game, u]): [string[], Usage][] => [[['eval', game, '--help'], u], [['eval', game, '-h'], u]]),
    // after other arguments, or as `help <command>`
    [['train', 'puzzle8', '--steps', '5', '--help'], COMMAND_USAGE.train],
    [['eval', 'compose', '--set', 'validation', '-h'], EVAL_USAGE.compose],
    [['help', 'ask'], COMMAND_USAGE.ask],
    [['help', 'eval', 'connect4'], EVAL_USAGE.connect4],
  ];
  for (const [argv, usage] of cases) {
    it.concurrent(`organelle ${argv.join(' ')}`, async ({ expect }) => {
      const { stdout, stderr } = await organelle(...argv); // rejects unless the exit code is 0
      expect(stdout).toBe(commandHelp(usage));
      expect(stderr).toBe('');
    }, SLOW);
  }

  for (const argv of [[], ['help'], ['--help'], ['-h']]) {
    it.concurrent(`organelle ${argv.join(' ')} prints the overview`, async ({ expect }) => {
      const { stdout } = await organelle(...argv);
      expect(stdout).toBe(overview());
    }, SLOW);
  }

  it.concurrent('an unknown command is an error that prints the overview', async ({ expect }) => {
    await expect(organelle('chess', '--help')).rejects.toMatchObject({ code: 1, stdout: '', stderr: `organelle: unknown command "chess"\n\n${overview()}\n` });
    await expect(organelle('constructor')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('unknown command "constructor"') });
  }, SLOW);

  it.concurrent('a mistyped command names the one meant', async ({ expect }) => {
    await expect(organelle('slove', 'puzzle8', '806547231')).rejects.toMatchObject({
      code: 1, stdout: '', stderr: `organelle: unknown command "slove": did you mean "solve"?\n\n${overview()}\n`,
    });
  }, SLOW);

  it.concurrent('a bad option is an error naming the known ones and where the usage is', async ({ expect }) => {
    await expect(organelle('corpus', 'puzzle8', '--bogus')).rejects.toMatchObject({
      code: 1,
      stderr: 'organelle: unknown option --bogus (known: --out, --subword, --language, --distractors, --asides, --restatements, --purposes, --unsaid, --check)\n(organelle corpus --help prints its usage)\n',
    });
  }, SLOW);

  it.concurrent('--count-offers is a way to choose, and says so alone', async ({ expect }) => {
    await expect(organelle('eval', 'compose', '--set', 'wording', '--count-offers')).rejects.toMatchObject({
      code: 1, stderr: 'organelle: --count-offers is a way to choose: use it with --choose\n',
    });
  }, SLOW);

  it.concurrent('--help after -- is an argument', async ({ expect }) => {
    await expect(organelle('solve', 'puzzle8', '--', '--help')).rejects.toMatchObject({ code: 1, stderr: 'organelle: Board "--help" must have 9 characters, got 6\n' });
  }, SLOW);
});

describe('the usage table', () => {
  const parsing: [string, Usage][] = [
    ...Object.entries(COMMAND_USAGE).filter(([name]) => name !== 'eval'),
    ...Object.entries(EVAL_USAGE).map(([game, u]): [string, Usage] => [`eval ${game}`, u]),
  ];

  it('names in each form exactly the options the command parses, with a value or as flags', () => {
    for (const [name, u] of parsing) {
      const named = new Map<string, 'value' | 'flag'>();
      for (const f of u.forms) {
        expect(f.call.startsWith(name.split(' ')[0]), f.call).toBe(true);
        // `--json FILE` takes a value; `[--quick]`, `--examples]` are flags
        for (const m of f.call.matchAll(/--([a-z][a-z0-9-]*)( [^[(|\-])?/g)) named.set(m[1], m[2] ? 'value' : 'flag');
      }
      const parsed = new Map([...u.options.values.map((k) => [k, 'value'] as const), ...u.options.flags.map((k) => [k, 'flag'] as const)]);
      expect(new Map([...named].sort()), name).toEqual(new Map([...parsed].sort()));
    }
  });

  it('overview lists every form once, eval\'s games under eval', () => {
    const text = overview();
    for (const [, u] of parsing) for (const f of u.forms) expect(text.split(`\n  ${f.call}\n`), f.call).toHaveLength(2);
    expect(COMMAND_USAGE.eval.forms).toEqual([EVAL_USAGE.puzzle8, EVAL_USAGE.tictactoe, EVAL_USAGE.compose].flatMap((u) => u.forms));
    expect(EVAL_USAGE.connect4).toBe(EVAL_USAGE.tictactoe);
  });

  it('writes out the games, shapes, sets, opponents and limits the code has', async () => {
    const games = [...new Set(allRecipes().map((r) => r.game))].join('|');
    expect(COMMAND_USAGE.train.forms[0].call).toMatch(new RegExp(`^train ${games} `));
    expect(COMMAND_USAGE.corpus.forms[0].call).toMatch(new RegExp(`^corpus ${games} `));
    expect(COMMAND_USAGE.reports.forms[0].call).toMatch(new RegExp(`^reports ${[...Object.keys(REPORTS), 'all'].join('\\|')} `));
    expect(COMMAND_USAGE.train.forms[1].call).toContain(`--shape ${Object.keys(SHAPE_PRESETS).join('|')}]`);
    expect(COMMAND_USAGE.profile.forms[0].call).toContain(`--shape ${BENCH_SHAPES.join('|')}]`);
    expect(EVAL_USAGE.compose.forms[0].call).toContain(`--set ${SET_NAMES.join('|')} `);
    expect(COMMAND_USAGE.ask.forms[0].call).toContain(`--votes 1-${MAX_VOTES}]`);
    for (const [game, p] of Object.entries(GAME_PIPELINES)) expect(EVAL_USAGE[game].forms[0].does).toContain(`${game}: ${p.opponents.join(', ')}`);
    await expect(evalCommand([])).rejects.toThrow(`eval needs a game: ${Object.keys(EVAL_USAGE).join(', ')}`);
    // a mistyped game names the one meant; one that is no slip of any is named with the known ones
    await expect(evalCommand(['puzle8'])).rejects.toThrow(`unknown game "puzle8": did you mean "puzzle8"? (known: ${Object.keys(EVAL_USAGE).join(', ')})`);
    await expect(evalCommand(['chess'])).rejects.toThrow(`unknown game "chess" (known: ${Object.keys(EVAL_USAGE).join(', ')})`);
    await expect(evalCommand(['constructor'])).rejects.toThrow('unknown game "constructor"');
  });

  it('gives the forms alone when the arguments fit none', () => {
    expect(synopsis(COMMAND_USAGE.compose)).toBe('usage: organelle compose "INTENT" [--models DIR] [--trace FILE] [--no-planner] [--ask] [--yes]\n       organelle compose --replay LINK [--trace FILE]');
  });
});
