// `organelle corpus <game> --out DIR`: writes every training corpus of a game's pipeline as
// the text files the trainer reads (one per organelle), with the build's statistics. With
// `--subword 256,512,1024`, each corpus's median positions per document with characters and with
// a subword vocabulary of each size (issue 52: docs/model.md quotes the Planner's).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipesFor, type GameId } from '../worker/recipes/index.ts';
import { buildComposeCorpus, DEFAULT_COMPOSE_CORPUS, FAMILIES_COMPOSE_CORPUS, READER_COMPOSE_CORPUS, type ComposeCorpusOptions } from '../corpus/compose.ts';
import { buildCheckCorpus } from '../corpus/compose-check.ts';
import { COMPOSE_LIBRARY } from '../worker/compose/library.ts';
import { parseArgs, stringOption, type ParsedArgs } from './args.ts';
import { corpusTokenizer, normalizeCorpus, parseCorpus, positionsPerDocument, type Document } from '../worker/corpus/documents.ts';
import type { Tokenizer } from '../worker/model/tokenizer.ts';
import { COMMAND_USAGE } from './usage.ts';

/** worker/compose/language/lexicon.ts, built anew from WordNet and the curated families. */
export const LEXICON_FILE = fileURLToPath(new URL('../worker/compose/language/lexicon.ts', import.meta.url));

/** worker/compose/language/distractors.ts, the adverbs the Planner corpus may scatter. */
export const DISTRACTORS_FILE = fileURLToPath(new URL('../worker/compose/language/distractors.ts', import.meta.url));

/** worker/compose/language/alignment.ts, which words say which step in the Readers' corpus. */
export const ALIGNMENT_FILE = fileURLToPath(new URL('../worker/compose/language/alignment.ts', import.meta.url));

/** worker/compose/language/data-nouns.ts, the things people name their data by. */
export const DATA_NOUNS_FILE = fileURLToPath(new URL('../worker/compose/language/data-nouns.ts', import.meta.url));

/** worker/compose/language/typed-keys.ts, the hashes of the intents typed by hand. */
export const TYPED_KEYS_FILE = fileURLToPath(new URL('../worker/compose/language/typed-keys.ts', import.meta.url));
const INTENTS_DIR = fileURLToPath(new URL('../docs/intents/', import.meta.url));

async function writeLanguageFiles(): Promise<void> {
  const { WordNet } = await import('../corpus/lexicon/wordnet.ts');
  const { buildLexicon, lexiconSource } = await import('../corpus/lexicon/build.ts');
  const { typedKeysSource } = await import('../corpus/lexicon/typed-keys.ts');
  const { buildDistractors, distractorsSource } = await import('../corpus/lexicon/distractors.ts');
  const wordnet = new WordNet();
  const families = buildLexicon(wordnet);
  await writeFile(LEXICON_FILE, lexiconSource(families, wordnet.version));
  console.log(`wrote ${LEXICON_FILE}: ${families.length} families, ${families.reduce((n, f) => n + f.members.length, 0)} members`);
  const distractors = buildDistractors(wordnet);
  await writeFile(DISTRACTORS_FILE, distractorsSource(distractors, wordnet.version));
  console.log(`wrote ${DISTRACTORS_FILE}: ${distractors.length} adverbs`);
  const { buildDataNouns, dataNounsSource } = await import('../corpus/lexicon/data-nouns.ts');
  const nouns = buildDataNouns(wordnet);
  await writeFile(DATA_NOUNS_FILE, dataNounsSource(nouns, wordnet.version));
  console.log(`wrote ${DATA_NOUNS_FILE}: ${nouns.length} nouns`);
  const keys = typedKeysSource(INTENTS_DIR);
  const keysChanged = (await readFile(TYPED_KEYS_FILE, 'utf8').catch(() => '')) !== keys.source;
  await writeFile(TYPED_KEYS_FILE, keys.source);
  console.log(`wrote ${TYPED_KEYS_FILE}: ${keys.count} intents of ${keys.files} files`);
  // the corpus builder has the keys it was loaded with; new ones count from the next run
  if (keysChanged) {
    console.log(`the typed intents changed: run "organelle corpus lexicon" again to learn the Readers' evidence from the corpus as it is built with them`);
    return;
  }
  // the Readers' corpus, as their recipes build it (with the data nouns just built): a new typed file changes it in no way
  // (tests/compose/held-out.test.ts pins its hash), so neither does it change the evidence
  const { readerAlignmentSource } = await import('../corpus/lexicon/alignment.ts');
  const alignment = readerAlignmentSource(nouns);
  await writeFile(ALIGNMENT_FILE, alignment.source);
  console.log(`wrote ${ALIGNMENT_FILE}: ${alignment.pairs} words that say a step, from the Readers' corpus`);
}

export async function corpusCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.corpus.options);
  if (args.positional[0] === 'lexicon') return writeLanguageFiles();
  const game = args.positional[0] as GameId | undefined;
  const recipes = game ? recipesFor(game) : [];
  if (recipes.length === 0) throw new Error(`corpus needs a game with organelles (e.g. "corpus puzzle8 --out DIR")`);
  const out = stringOption(args, 'out');
  if (!out) throw new Error('corpus needs --out DIR');
  const subword = subwordSizes(stringOption(args, 'subword'));
  const language = stringOption(args, 'language');
  if (language !== undefined && (game !== 'compose' || language !== 'families')) throw new Error('--language takes families, for compose only');
  // the sentence-families experiment's Planner corpus (docs/compose.md): the Planners' recipes
  // stay on the table's; `train --corpus FILE --recipe compose/planner` trains on this one
  // --distractors N: N of every 100 Planner intents get a distractor word or two (corpus/compose.ts)
  const distractors = percentOption(args, 'distractors', game);
  const experiment =
    language === 'families' || distractors !== undefined
      ? buildComposeCorpus(COMPOSE_LIBRARY, { ...(language === 'families' ? FAMILIES_COMPOSE_CORPUS : DEFAULT_COMPOSE_CORPUS), distractors })
      : undefined;
  // --asides N, --restatements N, --purposes N: the Readers' corpus with asides, steps said twice
  // and purposes in those shares (language/asides.ts, language/purposes.ts)
  const shares: ReaderShares = {};
  for (const name of READER_SHARES) {
    const value = percentOption(args, name, game);
    if (value !== undefined) shares[name] = value;
  }
  const readersExperiment = Object.keys(shares).length > 0 ? buildComposeCorpus(COMPOSE_LIBRARY, readersCorpusOptions(shares)) : undefined;
  // --check N: N documents for the Check organelle experiment (corpus/compose-check.ts), from this Planner corpus
  const checkOption = stringOption(args, 'check');
  if (checkOption !== undefined && (game !== 'compose' || !/^[1-9]\d*$/.test(checkOption))) {
    throw new Error(`--check takes a number of documents, for compose only, not "${checkOption}"`);
  }
  await mkdir(out, { recursive: true });
  let planner: string | undefined;
  for (const r of recipes) {
    const text =
      experiment && r.organelle.startsWith('planner') ? experiment.planner
        : readersExperiment && r.organelle.startsWith('reader') ? readersExperiment.planner
          : r.buildCorpus();
    if (r.organelle === 'planner') planner = text;
    const path = join(out, `${r.organelle}.txt`);
    await writeFile(path, text);
    const docs = text.split('\n\n').length;
    console.log(`wrote ${path}: ${docs.toLocaleString('en-US')} documents, ${(text.length / 1024 / 1024).toFixed(1)} MiB`);
    if (subword.length > 0) console.log(`  ${positionsLine(text, subword)}`);
  }
  if (checkOption !== undefined && planner !== undefined) {
    const path = join(out, 'check.txt');
    await writeFile(path, buildCheckCorpus(planner, COMPOSE_LIBRARY, Number(checkOption)));
    console.log(`wrote ${path}: ${Number(checkOption).toLocaleString('en-US')} documents`);
  }
}

/** The shares of the Readers' corpus a command line may set (`--asides N`, ...). */
const READER_SHARES = ['asides', 'restatements', 'purposes', 'unsaid'] as const;
type ReaderShares = Partial<Record<(typeof READER_SHARES)[number], number>>;

/** The Readers' corpus with the shares given (the others as the shipped corpus has them). */
export function readersCorpusOptions(shares: ReaderShares): ComposeCorpusOptions {
  return { ...READER_COMPOSE_CORPUS, ...shares };
}

/** A compose corpus option given as a whole percentage (--distractors 25): undefined when absent. */
function percentOption(args: ParsedArgs, name: string, game: string | undefined): number | undefined {
  const value = stringOption(args, name);
  if (value === undefined) return undefined;
  if (game !== 'compose' || !/^\d+$/.test(value) || Number(value) > 100) throw new Error(`--${name} takes a whole percentage from 0 to 100, for compose only, not "${value}"`);
  return Number(value);
}

/** `256,512,1024` -> [256, 512, 1024]; each a whole number of at least 2 units. */
export function subwordSizes(value: string | undefined): number[] {
  if (value === undefined) return [];
  return value.split(',').map((v) => {
    const n = Number(v);
    if (!/^\d+$/.test(v.trim()) || n < 2) throw new Error(`--subword takes vocabulary sizes of 2 units or more, like 256,512,1024; got "${v}"`);
    return n;
  });
}

function medianPositions(docs: readonly Document[], tokenizer: Tokenizer): number {
  const p = positionsPerDocument(docs, tokenizer).sort();
  return p[p.length >> 1];
}

/** "median positions per document: 86 characters (V 50); subword V 256: 35 (2.5x fewer), ..." */
export function positionsLine(corpusText: string, sizes: readonly number[]): string {
  const text = normalizeCorpus(corpusText);
  const docs = parseCorpus(text);
  const chars = corpusTokenizer(text, docs);
  const char = medianPositions(docs, chars);
  const parts = sizes.map((vocabSize) => {
    const v = corpusTokenizer(text, docs, { kind: 'subword', vocabSize });
    const m = medianPositions(docs, v);
    // a small corpus may run out of pairs that occur twice before the size asked for
    const size = v.size < vocabSize ? `${vocabSize} (${v.size} learned)` : `${vocabSize}`;
    return `subword V ${size}: ${m} (${(char / m).toFixed(1)}x fewer)`;
  });
  return `median positions per document: ${char} characters (V ${chars.size}); ${parts.join(', ')}`;
}
