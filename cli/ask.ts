// `organelle ask MODEL PROMPT... [--votes N] [--temperature T] [--seed S]`: what a model
// answers, with its votes and confidence. Prompts come from the arguments, from the corpus
// examples its file keeps (--examples, each answer then checked against its corpus), or one
// per line from standard input. A prompt the model cannot take is named and
// skipped; the exit code is then 2.
import { createInterface } from 'node:readline';
import { AskHost, winnerVotes, type AskAnswer, type AskTemperature } from '../worker/browser/ask.ts';
import type { CorpusExample } from '../worker/model/model-file.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { intOption, parseArgs, stringOption } from './args.ts';
import { readNamedBytes } from './files.ts';
import { COMMAND_USAGE, synopsis } from './usage.ts';

const USAGE = synopsis(COMMAND_USAGE.ask);

function temperatureOption(text: string | undefined): AskTemperature {
  if (text === undefined || text === 'reference') return 'reference';
  const t = Number(text);
  if (text.trim() === '' || !Number.isFinite(t)) throw new Error(`--temperature must be a number or "reference", got "${text}"`);
  return t;
}

/** `prompt -> answer  (2 of 3 votes, mean token probability 0.91)  votes: a a b`, and with
 *  the corpus document of that prompt, `  corpus: "a" (same)` or `(differs)`. */
export function answerLine(a: AskAnswer, expected?: CorpusExample): string {
  const n = a.votes.length;
  const share = n === 1 ? (a.votes[0].temperature === 0 ? 'greedy' : `1 vote at ${a.votes[0].temperature}`) : `${winnerVotes(a)} of ${n} votes`;
  const votes = n > 1 ? `  votes: ${a.votes.map((v) => JSON.stringify(v.text)).join(' ')}` : '';
  const corpus = expected
    ? `  corpus${expected.heldOut ? ' (held out)' : ''}: ${JSON.stringify(expected.response)} ${expected.response === a.text ? '(same)' : '(differs)'}`
    : '';
  return `${a.prompt} -> ${JSON.stringify(a.text)}  (${share}, mean token probability ${a.meanTokenProb.toFixed(2)})${votes}${corpus}`;
}

async function* stdinLines(): AsyncGenerator<string> {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() !== '') yield line;
  }
}

export async function askCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.ask.options);
  const [path, ...given] = args.positional;
  if (path === undefined) throw new Error(USAGE);
  const useExamples = args.options.has('examples');
  if (useExamples && given.length > 0) throw new Error(`give prompts or --examples, not both\n${USAGE}`);
  const votes = intOption(args, 'votes', 1, 1);
  const temperature = temperatureOption(stringOption(args, 'temperature'));
  const seed = intOption(args, 'seed', 1);
  const host = new AskHost();
  const bytes = await readNamedBytes(path, 'model file');
  const info = await host.load(await nodeWasmModule(), bytes).catch((e: unknown) => {
    throw new Error(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  });
  process.stderr.write(`${info.name}: prompts of up to ${info.maxPromptLength} characters from ${JSON.stringify(info.vocabChars)}\n`);
  if (useExamples && info.examples.length === 0) throw new Error(`${path} keeps no corpus examples (a file from before they were kept)`);
  const prompts = useExamples ? info.examples.map((e) => e.prompt) : given;
  let same = 0;
  for await (const prompt of prompts.length > 0 ? prompts : stdinLines()) {
    try {
      const answer = host.ask({ prompt, votes, temperature, seed });
      const expected = info.examples.find((e) => e.prompt === prompt);
      if (expected?.response === answer.text) same++;
      console.log(answerLine(answer, expected));
    } catch (e) {
      process.stderr.write(`${prompt}: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 2;
    }
  }
  if (useExamples) console.log(`${same} of ${prompts.length} answers as its corpus says`);
}
