#!/usr/bin/env -S npx tsx
// The command line: thin entry points over worker/ code, the same engine the browser runs.
// `organelle help` and `organelle <command> --help` print from cli/usage.ts, without loading
// the command's module.
import { asksForHelp, OptionError } from './args.ts';
import { COMMAND_NAMES, commandHelp, isCommandName, overview, usageOf, type CommandName } from './usage.ts';
import { didYouMean } from './suggest.ts';

// Each command's module is imported only when it runs: some pull in heavy dependencies
// (assemblyscript's compiler, Playwright, esbuild) that would otherwise cost every command
// seconds at start. tests/cli/startup.test.ts keeps this file's static imports light.
type Command = (argv: string[]) => Promise<void>;
const commands: Record<CommandName, () => Promise<Command>> = {
  bench: async () => (await import('./bench.ts')).benchCommand,
  profile: async () => (await import('./profile.ts')).profileCommand,
  train: async () => (await import('./train.ts')).trainCommand,
  eval: async () => (await import('./eval.ts')).evalCommand,
  reports: async () => (await import('./reports.ts')).reportsCommand,
  corpus: async () => (await import('./corpus.ts')).corpusCommand,
  compose: async () => (await import('./compose.ts')).composeCommand,
  solve: async () => (await import('./solve.ts')).solveCommand,
  ask: async () => (await import('./ask.ts')).askCommand,
};

function command(name: string): CommandName {
  if (!isCommandName(name)) {
    const meant = didYouMean(name ?? '', COMMAND_NAMES);
    throw new Error(`unknown command "${name}"${meant ? `: ${meant}` : ''}\n\n${overview()}`);
  }
  return name;
}

async function main(argv: string[]): Promise<void> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || (first === 'help' && rest.length === 0)) {
    process.stdout.write(overview());
    return;
  }
  // `organelle help train` is `organelle train --help`
  const name = command(first === 'help' ? rest[0] : first);
  const asked = usageOf(name, first === 'help' ? rest.slice(1) : rest);
  if (first === 'help' || asksForHelp(asked.argv, asked.usage.options)) {
    process.stdout.write(commandHelp(asked.usage));
    return;
  }
  try {
    await (await commands[name]())(rest);
  } catch (e) {
    if (e instanceof OptionError) e.message += `\n(organelle ${asked.words} --help prints its usage)`;
    throw e;
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`organelle: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
