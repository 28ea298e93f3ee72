// What each command takes and what it does: the entry's overview (`organelle help`), each
// command's own usage (`organelle <command> --help`) and the options each command parses
// (cli/args.ts), all from this one table. It imports nothing, so help prints without loading
// a command's module and what that pulls in (the models, the wasm, Playwright, assemblyscript).
// tests/cli/usage.test.ts checks that each command's forms name exactly the options it takes,
// and that the lists written out here (games, shapes, sets, opponents) are the code's.
import type { KnownOptions } from './args.ts';

/** One way of calling a command: its words and arguments after `organelle`, and what it does. */
export interface Form {
  call: string;
  /** One or more lines. */
  does: string;
}

export interface Usage {
  forms: readonly Form[];
  options: KnownOptions;
}

const NO_OPTIONS: KnownOptions = { values: [], flags: [] };

// ---- eval, one usage per game

const EVAL_PUZZLE8: Usage = {
  forms: [{
    call: 'eval puzzle8 [--models DIR] (--boards FILE | --random N --seed S | --walk N --seed S) [--votes N] [--json FILE] [--no-ablation]',
    does: 'solve boards with the pipeline, its no-planner ablation, greedy Manhattan and A*\n' +
      '(--random 1000 --seed 1 unless boards are given; --votes: sampled answers per question;\n' +
      '--no-ablation: skip the ablation)',
  }],
  options: { values: ['models', 'boards', 'random', 'walk', 'seed', 'json', 'votes'], flags: ['no-ablation'] },
};

const EVAL_TWO_PLAYER: Usage = {
  forms: [{
    call: 'eval tictactoe|connect4 [--games N] [--seed S] [--opponent NAME] [--as first|second] [--opening PLIES] [--votes N] [--models DIR] [--json FILE] [--no-ablation]',
    does: 'play the organelles against an opponent (tictactoe: random, tactical, minimax;\n' +
      'connect4: random, tactical, alphabeta2, alphabeta4), then the same games with the Planner\n' +
      'replaced by its heuristic, with no plan, by the heuristic alone and by the corpus labels\n' +
      '(--no-ablation: the pipeline alone); --opening: each game starts after that many random\n' +
      'plies, so the games differ',
  }],
  options: { values: ['models', 'games', 'seed', 'opponent', 'as', 'json', 'votes', 'opening'], flags: ['no-ablation'] },
};

const EVAL_COMPOSE: Usage = {
  forms: [{
    call: 'eval compose (--set wording|template|composition|perturbed|oov|validation | --intents FILE) [--models DIR] [--json FILE] [--no-baselines] [--choose [--count-offers] [--reread-unsaid]] [--limit N] [--check words|facts|aligned|readers-aligned]',
    does: 'code composition on held-out intents: the pipeline beside its four baselines (no Planner,\n' +
      'one model from words to code, the keyword decomposer, the expected plan); --intents: one\n' +
      'case a line, the intent, a tab, the expected composition (rolling_mean(5)|diff_central) or\n' +
      'none (docs/intents/typed.tsv: sentences typed by hand; the report\'s set is the file\'s name);\n' +
      '--choose (validation only) picks the confidence settings, and the examples the\n' +
      'Compose view offers (those the models compose as asked), and writes them beside the\n' +
      'models; --limit: the first N intents only; --check facts: the plan checked for its facts\n' +
      'alone (numbers, how many, two inputs), not its words (the shipped check: words); --check\n' +
      'aligned: its facts, then its words by a lexicon learned from the Readers\' corpus (an experiment);\n' +
      'readers-aligned: the word rules for the first Planners\' plans, the lexicon for the Readers\'\n' +
      '(what --choose records; it chooses too the ceiling on the Readers\' confidence in none under\n' +
      'which a thing no corpus holds does not refuse their plan); --count-offers (with --choose): that\n' +
      'ceiling and the Readers\' ask floor chosen together on passes plus offers right (what reports runs);\n' +
      '--reread-unsaid (with --choose and the lexicon): a step of the Readers\' plan no word says is blocked\n' +
      'and they read again, rather than their plan refused, in every setting tried and in the settings written',
  }],
  options: { values: ['set', 'intents', 'models', 'json', 'limit', 'check'], flags: ['no-baselines', 'choose', 'count-offers', 'reread-unsaid'] },
};

/** `organelle eval <game>`: each game's usage by the word after `eval`. */
export const EVAL_USAGE: Readonly<Record<string, Usage>> = {
  puzzle8: EVAL_PUZZLE8,
  tictactoe: EVAL_TWO_PLAYER,
  connect4: EVAL_TWO_PLAYER,
  compose: EVAL_COMPOSE,
};

// ---- the commands, in the overview's order

export const COMMAND_USAGE = {
  bench: {
    forms: [
      {
        call: 'bench [--quick] [--json FILE] [--browser]',
        does: 'kernel, training and generation speed against the plain-TypeScript reference, then\n' +
          'training in one thread per core at once (--browser: inside Debian\'s Chromium instead of Node)',
      },
      {
        call: 'bench --threads-only [--quick] [--json FILE]',
        does: 'only one model trained on 1 thread and on several, in turns of the same steps, in Node',
      },
      {
        call: 'bench --against OLD.wasm [--quick] [--browser]',
        does: 'this build\'s training and generation against another build, timed in alternation',
      },
    ],
    options: { values: ['json', 'against'], flags: ['quick', 'browser', 'threads-only'] },
  },
  profile: {
    forms: [{
      call: 'profile [--browser] [--shape 64k|460k] [--steps N]',
      does: 'where a training step\'s time goes: self time per function under V8\'s sampling profiler',
    }],
    options: { values: ['shape', 'steps'], flags: ['browser'] },
  },
  train: {
    forms: [
      {
        call: 'train puzzle8|tictactoe|connect4|compose [--organelle NAME] [--steps N] [--seed S] [--lr R] [--out DIR] [--threads N]',
        does: 'train every organelle of a game\'s pipeline (--organelle: only that one) from its recorded\n' +
          'recipe, as many at once as there are cores, the runs going sharing the cores (--threads: how many\n' +
          'to use, every one unless given; the same bits on any number); --out: public/models/<game>/ unless given',
      },
      {
        call: 'train --corpus FILE --out FILE [--steps N] [--seed S] [--lr R] [--shape 30k|64k|92k|160k|460k] [--recipe ID] [--tokenizer char|subword [--vocab N] [--merge-dropout P]] [--name NAME] [--threads N]',
        does: 'train one organelle on a corpus of PROMPT\\nRESPONSE documents separated by blank lines\n' +
          '(25,000 steps, seed 1, shape 64k, the corpus file\'s name and every core unless given);\n' +
          '--recipe (compose/planner, ...): that recipe\'s shape, settings, seed and name on this corpus\n' +
          '(with --shape: the preset\'s widths, the recipe\'s block and attention);\n' +
          '--tokenizer subword --vocab N (or subword:N): a vocabulary of N subword units learned from\n' +
          'the corpus (char unless given); --merge-dropout P: cut the training documents with each\n' +
          'merge skipped with probability P (0.1: words seen whole and in pieces)',
      },
    ],
    options: { values: ['corpus', 'out', 'steps', 'seed', 'shape', 'lr', 'name', 'organelle', 'threads', 'recipe', 'tokenizer', 'vocab', 'merge-dropout'], flags: [] },
  },
  eval: {
    forms: [...new Set(Object.values(EVAL_USAGE))].flatMap((u) => u.forms),
    options: NO_OPTIONS,
  },
  reports: {
    forms: [{
      call: 'reports puzzle8|tictactoe|connect4|compose|all [--models DIR] [--out DIR]',
      does: 'run again every evaluation whose report the site quotes (docs/results), each with the\n' +
        'arguments it was made with: the one command to run after retraining a shipped model',
    }],
    options: { values: ['models', 'out'], flags: [] },
  },
  corpus: {
    forms: [{
      call: 'corpus puzzle8|tictactoe|connect4|compose --out DIR [--subword 256,512,1024] [--language families] [--distractors N] [--asides N] [--restatements N] [--purposes N] [--unsaid N] [--check N]',
      does: 'write the training corpora of a game\'s organelles; with --subword, the median positions\n' +
        'a document takes with characters and with a subword vocabulary of each size learned from it;\n' +
        '--language families (compose): the Planner corpus with the sentence families (docs/compose.md);\n' +
        '--distractors N (compose): N of every 100 Planner intents get a distractor adverb or two;\n' +
        '--asides N, --restatements N (compose): the Readers\' corpus with an aside that asks for no\n' +
        'step in N of every 100 intents, and a step said twice in N of every 100 of one step;\n' +
        '--purposes N (compose): the Readers\' corpus with why a step is wanted, in words about its\n' +
        'effect ("... to knock the spikes out"), in N of every 100 intents;\n' +
        '--unsaid N (compose): the Readers\' corpus with N of every 100 family sentences read again with\n' +
        'a step the plan does not have blocked as said by no word (blocked=minimum(unsaid)), answered with the plan;\n' +
        '--check N (compose): also check.txt, N documents for the Check organelle experiment',
    }, {
      call: 'corpus lexicon',
      does: 'build the Compose lexicon (worker/compose/language/lexicon.ts) from WordNet 3.1 and the\n' +
        'families curated in corpus/lexicon/families.ts, and the hashes of the intents typed by hand\n' +
        '(docs/intents) that no corpus may hold, the distractor adverbs and the data nouns from WordNet,\n' +
        'and the Readers\' evidence (worker/compose/language/alignment.ts) learned from their corpus',
    }],
    options: { values: ['out', 'subword', 'language', 'distractors', 'asides', 'restatements', 'purposes', 'unsaid', 'check'], flags: [] },
  },
  compose: {
    forms: [
      {
        call: 'compose "INTENT" [--models DIR] [--trace FILE] [--no-planner] [--ask] [--yes]',
        does: 'compose a function from words: the kanban at each task, every organelle call with its\n' +
          'confidence, the Judge\'s checks and the code (generated code runs only in the QuickJS sandbox);\n' +
          '--ask: a plan the words do not say is asked about ("Did you mean ...?") rather than refused\n' +
          '(the settings say which by default); --yes (or y at a terminal) accepts the plan asked about',
      },
      {
        call: 'compose --replay LINK [--trace FILE]',
        does: 'a shared run (its #/c/... link) again with no model loaded: the recorded answers through\n' +
          'the same pipeline and Judge, the same lines',
      },
    ],
    options: { values: ['models', 'trace', 'replay'], flags: ['no-planner', 'ask', 'yes'] },
  },
  solve: {
    forms: [{
      call: 'solve puzzle8 <board> [--models DIR] [--trace FILE] [--no-planner]',
      does: 'solve one board, printing the kanban and events per step; write the trace as JSONL;\n' +
        '--no-planner: heuristic plans replace the Planner (the ablation)',
    }],
    options: { values: ['models', 'trace'], flags: ['no-planner'] },
  },
  ask: {
    forms: [{
      call: 'ask MODEL.organelle [PROMPT... | --examples] [--votes 1-7] [--temperature T|reference] [--seed S]',
      does: 'what one model answers to each prompt (the corpus examples its file keeps, or each line\n' +
        'of standard input), with its votes',
    }],
    options: { values: ['votes', 'temperature', 'seed'], flags: ['examples'] },
  },
} as const satisfies Record<string, Usage>;

export type CommandName = keyof typeof COMMAND_USAGE;

/** Every command's name, in the overview's order (what a mistyped command is matched against). */
export const COMMAND_NAMES = Object.keys(COMMAND_USAGE) as CommandName[];

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_USAGE, name);
}

/**
 * The usage that `organelle <command> ...argv` is about: `eval`'s game's when argv starts with
 * one, the command's otherwise; `words` name it, `argv` is what follows them.
 */
export function usageOf(command: CommandName, argv: readonly string[]): { words: string; usage: Usage; argv: readonly string[] } {
  const game = argv[0];
  if (command === 'eval' && game !== undefined && Object.hasOwn(EVAL_USAGE, game)) {
    return { words: `eval ${game}`, usage: EVAL_USAGE[game], argv: argv.slice(1) };
  }
  return { words: command, usage: COMMAND_USAGE[command], argv };
}

// ---- the texts

const indent = (text: string, by: string) => text.split('\n').map((line) => by + line).join('\n');
const calls = (u: Usage) => u.forms.map((f, i) => `${i === 0 ? 'usage: ' : '       '}organelle ${f.call}`);

/** `organelle help`: every form of every command, with what it does. */
export function overview(): string {
  const forms = Object.values(COMMAND_USAGE).flatMap((u) => u.forms);
  return 'usage: organelle <command> [options]\n\ncommands:\n' +
    forms.map((f) => `  ${f.call}\n${indent(f.does, '      ')}\n`).join('') +
    '\norganelle <command> --help (or -h) prints one command\'s usage.\n';
}

/** `organelle <command> --help`: the command's forms, each with what it does. */
export function commandHelp(u: Usage): string {
  return u.forms.map((f, i) => `${calls(u)[i]}\n${indent(f.does, '           ')}\n`).join('');
}

/** The command's forms alone: the error when its arguments do not fit any. */
export function synopsis(u: Usage): string {
  return calls(u).join('\n');
}
