// `organelle reports <game|all> [--models DIR] [--out DIR]`: runs again every evaluation whose
// report the site and the README quote (docs/results/<game>-*.json), each with the arguments
// it was made with. After retraining a shipped model this is the one command to run: the
// home page quotes a game's figures only beside the models its reports measured, and a test
// fails while any report names a model that is no longer shipped.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseArgs, stringOption } from './args.ts';
import { COMMAND_USAGE } from './usage.ts';
import { evalCommand } from './eval.ts';

/** One report: its file name in docs/results and the `eval <game>` arguments that make it. */
export interface ReportRun {
  file: string;
  args: readonly string[];
}

export const RESULTS_DIR = fileURLToPath(new URL('../docs/results/', import.meta.url));

const SIDES = ['first', 'second'] as const;

/** 1,000 seeded games per side against each opponent, from `opening` random plies. */
function matches(game: string, opponents: readonly string[], opening = 0): ReportRun[] {
  return opponents.flatMap((opponent) =>
    SIDES.map((side) => ({
      file: `${game}-${opponent}${opening ? `-opening${opening}` : ''}-${side}.json`,
      args: ['--games', '1000', '--seed', '1', '--opponent', opponent, '--as', side, ...(opening ? ['--opening', String(opening)] : [])],
    })),
  );
}

/** The files of intents typed by hand that the reports measure, in the order they were written (docs/intents/). */
export const TYPED_FILES = ['typed', 'typed-2', 'typed-3', 'typed-4', 'typed-5', 'typed-6', 'typed-7', 'typed-8', 'typed-9', 'typed-10', 'typed-11', 'typed-12', 'typed-13', 'typed-14', 'typed-15', 'typed-16', 'typed-17', 'typed-18', 'typed-19', 'typed-20', 'typed-21', 'typed-22', 'typed-23', 'typed-24', 'typed-25', 'typed-26', 'typed-27', 'typed-28', 'typed-29', 'typed-30', 'typed-31', 'typed-32', 'typed-33', 'typed-34', 'typed-35', 'typed-36', 'typed-37', 'typed-38', 'typed-39', 'typed-40', 'typed-41', 'typed-42', 'typed-43'] as const;

/**
 * The newest files that were blind when first measured: written from the primitive table alone
 * after the last change to the models, corpora, rules and settings, committed before any model
 * read them, and measured once with the shipped pipeline (5 December, session 63: the pipeline
 * without the Readers' left-out rule, 70adfac). Development data from then on. (typed-8 ..
 * typed-11, typed-12 .. typed-15, typed-16 .. typed-19, typed-20 .. typed-23, typed-24 ..
 * typed-31, typed-32 .. typed-35 and typed-36 .. typed-39 were blind for earlier pipelines: the
 * first measurement of every blind file is docs/results/blind-compose-typed-N.json.) typed-44 ..
 * typed-47 are written and committed but not measured, nor listed in TYPED_FILES: blind for the
 * next change.
 */
export const BLIND_FILES = ['typed-40', 'typed-41', 'typed-42', 'typed-43'] as const;

export const REPORTS: Readonly<Record<string, readonly ReportRun[]>> = {
  puzzle8: [
    { file: 'puzzle8-random1000.json', args: ['--random', '1000', '--seed', '1'] },
    { file: 'puzzle8-walk-bands.json', args: ['--walk', '100', '--seed', '1'] },
  ],
  tictactoe: matches('tictactoe', ['minimax', 'random', 'tactical']),
  connect4: [...matches('connect4', ['random', 'tactical', 'alphabeta2', 'alphabeta4']), ...matches('connect4', ['alphabeta2', 'alphabeta4'], 4)],
  // the validation run chooses the confidence settings for the models first (written beside
  // them), then every held-out set is measured with those settings, and the files of intents
  // typed by hand (docs/intents/typed*.tsv but the development file, reports whose sets are named
  // after them)
  compose: [
    // the Readers' plans checked by the lexicon learned from their corpus (settings.ts secondReading.check),
    // their ceiling on none and ask floor chosen on passes plus offers right (choose.ts countOffers)
    { file: 'compose-validation.json', args: ['--set', 'validation', '--choose', '--count-offers', '--check', 'readers-aligned'] },
    ...['wording', 'template', 'composition', 'perturbed', 'oov'].map((set) => ({ file: `compose-${set}.json`, args: ['--set', set] })),
    ...TYPED_FILES.map((name) => ({ file: `compose-${name}.json`, args: ['--intents', fileURLToPath(new URL(`../docs/intents/${name}.tsv`, import.meta.url))] })),
  ],
};

export async function reportsCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.reports.options);
  const [game, ...extra] = args.positional;
  if (!game || extra.length > 0 || (game !== 'all' && !REPORTS[game])) {
    throw new Error(`reports needs one game: ${Object.keys(REPORTS).join(', ')} or all`);
  }
  const out = stringOption(args, 'out') ?? RESULTS_DIR;
  const models = stringOption(args, 'models');
  for (const name of game === 'all' ? Object.keys(REPORTS) : [game]) {
    for (const run of REPORTS[name]) {
      console.log(`\n== ${run.file}`);
      await evalCommand([name, ...run.args, ...(models ? ['--models', models] : []), '--json', join(out, run.file)]);
    }
  }
}
