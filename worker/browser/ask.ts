// Asking one organelle a question, outside any game: load a .organelle file, then answer
// prompts with one greedy vote or an ensemble, each vote's answer and confidence reported.
// This is how a model trained on a person's own corpus gets used. Runs unchanged in Node
// (the CLI's `organelle ask` and the tests) and in the engine worker.
import { Organelle, voteTemperatures } from '../organelle.ts';
import { decodeModelFile, modelFingerprint, modelTokenizer, type CorpusExample, type OrganelleModel } from '../model/model-file.ts';
import type { Tokenizer } from '../model/tokenizer.ts';

export const MAX_VOTES = 7;

/** 'reference': greedy for one vote, the reference project's 0.125-0.225 spread for more. */
export type AskTemperature = 'reference' | number;

export interface AskRequest {
  prompt: string;
  votes: number; // 1..MAX_VOTES
  temperature: AskTemperature;
  seed: number; // fixes the sampled votes; greedy answers do not depend on it
}

export interface AskVote {
  text: string;
  temperature: number;
  meanTokenProb: number;
}

export interface AskAnswer {
  prompt: string;
  text: string; // the winning answer
  confidence: number; // the winner's share of the votes
  meanTokenProb: number;
  votes: AskVote[];
  ms: number;
}

export interface AskModelInfo {
  name: string;
  fingerprint: string;
  vocabChars: string; // the characters a prompt may use ('\n' excluded)
  tokenizer: 'char' | 'subword'; // what the model cuts a prompt into
  vocabSize: number; // V: its units, BOS included
  maxPromptLength: number; // longest prompt that leaves room for a one-unit answer: characters, or a subword model's units
  examples: CorpusExample[]; // documents of its corpus kept in the file (none in older files)
}

/** How many of the votes gave the winning answer. */
export function winnerVotes(answer: AskAnswer): number {
  return answer.votes.filter((v) => v.text === answer.text).length;
}

/** The temperature of each vote, or an error naming what is wrong with the request. */
export function voteSchedule(votes: number, temperature: AskTemperature): number[] {
  if (!Number.isInteger(votes) || votes < 1 || votes > MAX_VOTES) throw new Error(`votes must be 1 to ${MAX_VOTES}, got ${votes}`);
  if (temperature === 'reference') return voteTemperatures(votes);
  if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2) {
    throw new Error(`temperature must be 0 to 2, got ${temperature}`);
  }
  if (temperature === 0 && votes > 1) throw new Error('greedy votes all give the same answer: sample them at a temperature above 0');
  return Array<number>(votes).fill(temperature);
}

/**
 * Checks a prompt before it reaches the vocabulary: one line, not empty, within the block.
 * `units` measures it in the model's units (a subword model's; characters by default).
 */
export function checkPrompt(prompt: string, maxPromptLength: number, units?: (prompt: string) => number): void {
  if (prompt.length === 0) throw new Error('the prompt is empty');
  const newline = prompt.search(/[\r\n]/);
  if (newline >= 0) throw new Error(`a prompt is one line: it has a line break at index ${newline}`);
  const n = units ? units(prompt) : prompt.length;
  if (n > maxPromptLength) {
    const what = units ? 'subword units' : 'characters';
    throw new Error(`the prompt has ${n} ${what}; this model's block leaves room for ${maxPromptLength} at most`);
  }
}

/**
 * A prompt's length in a model's units, as checkPrompt counts it: characters for a char model,
 * a subword model's units otherwise. A character outside the alphabet counts as one unit (the
 * text on either side is encoded on its own), so the Ask view's counter has a figure while such
 * a prompt is typed; that prompt is refused for the character, whatever its length.
 */
export function promptUnits(tokenizer: Tokenizer, prompt: string): number {
  if (tokenizer.kind === 'char') return prompt.length;
  let n = 0;
  let start = 0; // start of the run of alphabet characters not yet encoded
  for (let i = 0; i <= prompt.length; i++) {
    if (i < prompt.length && tokenizer.idOf(prompt[i]) >= 0) continue;
    if (i > start) n += tokenizer.encode(prompt.slice(start, i)).length;
    if (i < prompt.length) n++; // the unknown character itself
    start = i + 1;
  }
  return n;
}

/** A model's vocabulary as its file holds it: the alphabet ('\n' included) and any subword units. */
export type ModelVocabulary = Pick<OrganelleModel, 'vocabChars' | 'tokenizer'>;

/** promptUnits for a model of the library that is not loaded, from its file's vocabulary. */
export function modelPromptUnits(model: ModelVocabulary, prompt: string): number {
  return promptUnits(modelTokenizer(model), prompt);
}

export class AskHost {
  #organelle: Organelle | null = null;
  #info: AskModelInfo | null = null;

  /** Replaces the loaded model; a refused file names its failed check and keeps the previous one. */
  async load(module: WebAssembly.Module, bytes: Uint8Array): Promise<AskModelInfo> {
    const model = decodeModelFile(bytes);
    const organelle = await Organelle.fromModel(module, model);
    this.#organelle = organelle;
    this.#info = {
      name: organelle.name,
      fingerprint: modelFingerprint(model),
      vocabChars: organelle.vocab.chars.replace('\n', ''),
      tokenizer: organelle.vocab.kind,
      vocabSize: organelle.vocab.size,
      // BOS, the prompt, '\n', then at least one answer position
      maxPromptLength: organelle.shape.block - 3,
      examples: model.examples ?? [],
    };
    return this.#info;
  }

  /** The prompt's length in the loaded model's units: the figure ask() checks against maxPromptLength. */
  promptLength(prompt: string): number {
    if (!this.#organelle) throw new Error('no model is loaded: load one first');
    return promptUnits(this.#organelle.vocab, prompt);
  }

  ask(request: AskRequest): AskAnswer {
    const organelle = this.#organelle;
    if (!organelle || !this.#info) throw new Error('no model is loaded: load one first');
    const temperatures = voteSchedule(request.votes, request.temperature);
    const { vocab } = organelle;
    // a subword model's block holds units; a character outside the alphabet is refused by complete(), named
    checkPrompt(request.prompt, this.#info.maxPromptLength, vocab.kind === 'char' ? undefined : (p) => promptUnits(vocab, p));
    const t0 = performance.now();
    organelle.engine.seedSampling(request.seed);
    const completion = organelle.complete(request.prompt, {
      votes: request.votes,
      temperatures,
      // the whole rest of the block: a corpus's answers may be long
      maxNew: organelle.shape.block,
    });
    return {
      prompt: request.prompt,
      text: completion.text,
      confidence: completion.confidence,
      meanTokenProb: completion.meanTokenProb,
      votes: completion.votes.map((text, i) => ({ text, temperature: temperatures[i], meanTokenProb: completion.voteProbs[i] })),
      ms: performance.now() - t0,
    };
  }
}
