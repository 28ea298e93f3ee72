#!/usr/bin/env -S npx tsx
// The command line: thin entry points over worker/ code, the same engine the browser runs.
import { benchCommand } from './bench.ts';
import { trainCommand } from './train.ts';

const USAGE = `usage: organelle <command> [options]

commands:
  bench [--quick] [--json FILE]
      kernel, training and generation speed against the plain-TypeScript reference
  train --corpus FILE --out FILE [--steps N] [--seed S] [--shape 30k|64k|92k|160k|460k]
      train one organelle on a corpus of PROMPT\\nRESPONSE documents separated by blank lines
`;

const commands: Record<string, (argv: string[]) => Promise<void>> = {
  bench: benchCommand,
  train: trainCommand,
};

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const command = commands[name];
  if (!command) throw new Error(`unknown command "${name}"\n\n${USAGE}`);
  await command(rest);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`organelle: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
