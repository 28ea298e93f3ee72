// `organelle corpus <game> --out DIR`: writes every training corpus of a game's pipeline as
// the text files the trainer reads (one per organelle), with the build's statistics.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipesFor, type GameId } from '../worker/recipes/index.ts';
import { parseArgs, stringOption } from './args.ts';
import { COMMAND_USAGE } from './usage.ts';

/** worker/compose/language/lexicon.ts, built anew from WordNet and the curated families. */
export const LEXICON_FILE = fileURLToPath(new URL('../worker/compose/language/lexicon.ts', import.meta.url));

/** worker/compose/language/typed-keys.ts, the hashes of the intents typed by hand. */
export const TYPED_KEYS_FILE = fileURLToPath(new URL('../worker/compose/language/typed-keys.ts', import.meta.url));
const INTENTS_DIR = fileURLToPath(new URL('../docs/intents/', import.meta.url));

async function writeLanguageFiles(): Promise<void> {
  const { WordNet } = await import('../corpus/lexicon/wordnet.ts');
  const { buildLexicon, lexiconSource } = await import('../corpus/lexicon/build.ts');
  const { typedKeysSource } = await import('../corpus/lexicon/typed-keys.ts');
  const wordnet = new WordNet();
  const families = buildLexicon(wordnet);
  await writeFile(LEXICON_FILE, lexiconSource(families, wordnet.version));
  console.log(`wrote ${LEXICON_FILE}: ${families.length} families, ${families.reduce((n, f) => n + f.members.length, 0)} members`);
  const keys = typedKeysSource(INTENTS_DIR);
  await writeFile(TYPED_KEYS_FILE, keys.source);
  console.log(`wrote ${TYPED_KEYS_FILE}: ${keys.count} intents of ${keys.files} files`);
}

export async function corpusCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.corpus.options);
  if (args.positional[0] === 'lexicon') return writeLanguageFiles();
  const game = args.positional[0] as GameId | undefined;
  const recipes = game ? recipesFor(game) : [];
  if (recipes.length === 0) throw new Error(`corpus needs a game with organelles (e.g. "corpus puzzle8 --out DIR")`);
  const out = stringOption(args, 'out');
  if (!out) throw new Error('corpus needs --out DIR');
  await mkdir(out, { recursive: true });
  for (const r of recipes) {
    const text = r.buildCorpus();
    const path = join(out, `${r.organelle}.txt`);
    await writeFile(path, text);
    const docs = text.split('\n\n').length;
    console.log(`wrote ${path}: ${docs.toLocaleString('en-US')} documents, ${(text.length / 1024 / 1024).toFixed(1)} MiB`);
  }
}
