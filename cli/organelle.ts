#!/usr/bin/env -S npx tsx
// The command line: thin entry points over worker/ code, the same engine the browser runs.

const USAGE = `usage: organelle <command> [options]

commands:
  bench [--quick] [--json FILE] [--browser]
      kernel, training and generation speed against the plain-TypeScript reference
      (--browser: inside Debian's Chromium instead of Node)
  bench --against OLD.wasm [--quick] [--browser]
      this build's training and generation against another build, timed in alternation
  profile [--browser] [--shape 64k|460k] [--steps N]
      where a training step's time goes: self time per function under V8's sampling profiler
  train <game|compose> [--organelle NAME] [--steps N] [--seed S] [--out DIR]
      train every organelle of a game's pipeline (concurrently) from its recorded recipe
  train --corpus FILE --out FILE [--steps N] [--seed S] [--shape 30k|64k|92k|160k|460k]
      train one organelle on a corpus of PROMPT\\nRESPONSE documents separated by blank lines
  eval puzzle8 [--models DIR] (--boards FILE | --random N --seed S | --walk N --seed S) [--json FILE]
      solve boards with the pipeline, its no-planner ablation, greedy Manhattan and A*
  eval tictactoe|connect4 [--games N] [--seed S] [--opponent NAME] [--as first|second] [--opening PLIES] [--models DIR] [--json FILE] [--no-ablation]
      play the organelles against an opponent (random, tactical, minimax, alphabeta2, alphabeta4);
      --opening: each game starts after that many random plies, so the games differ
  reports <game|all> [--models DIR] [--out DIR]
      run again every evaluation whose report the site quotes (docs/results), each with the
      arguments it was made with: the one command to run after retraining a shipped model
  corpus <game|compose> --out DIR
      write the training corpora of a game's organelles
  eval compose (--set wording|template|composition|perturbed|oov|validation | --intents FILE) [--models DIR] [--json FILE] [--no-baselines] [--choose]
      code composition on held-out intents: the pipeline beside its four baselines (no Planner,
      one model from words to code, the keyword decomposer, the expected plan); --intents: one
      case a line, the intent, a tab, the expected composition (rolling_mean(5)|diff_central) or
      none; --choose (validation only) picks the confidence settings and writes them beside the models
  compose "INTENT" [--models DIR] [--trace FILE] [--no-planner]
      compose a function from words: the kanban at each task, every organelle call with its
      confidence, the Judge's checks and the code (generated code runs only in the QuickJS sandbox)
  solve puzzle8 <board> [--models DIR] [--trace FILE] [--no-planner]
      solve one board, printing the kanban and events per step; write the trace as JSONL;
      --no-planner: heuristic plans replace the Planner (the ablation)
  ask MODEL.organelle [PROMPT... | --examples] [--votes N] [--temperature T|reference] [--seed S]
      what one model answers to each prompt (the corpus examples its file keeps, or each line
      of standard input), with its votes
`;

// Each command's module is imported only when it runs: some pull in heavy dependencies
// (assemblyscript's compiler, Playwright, esbuild) that would otherwise cost every command
// seconds at start. tests/cli/startup.test.ts keeps this file's static imports light.
type Command = (argv: string[]) => Promise<void>;
const commands: Record<string, () => Promise<Command>> = {
  bench: async () => (await import('./bench.ts')).benchCommand,
  train: async () => (await import('./train.ts')).trainCommand,
  eval: async () => (await import('./eval.ts')).evalCommand,
  corpus: async () => (await import('./corpus.ts')).corpusCommand,
  solve: async () => (await import('./solve.ts')).solveCommand,
  compose: async () => (await import('./compose.ts')).composeCommand,
  ask: async () => (await import('./ask.ts')).askCommand,
  reports: async () => (await import('./reports.ts')).reportsCommand,
  profile: async () => (await import('./profile.ts')).profileCommand,
};

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  const load = commands[name];
  if (!load) throw new Error(`unknown command "${name}"\n\n${USAGE}`);
  await (await load())(rest);
}

main(process.argv.slice(2)).catch((e: unknown) => {
  process.stderr.write(`organelle: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
