// Asking one organelle outside any game (worker/browser/ask.ts), with the shipped
// tic-tac-toe Player: its answer to a win-in-one is the one its corpus teaches, an
// ensemble's votes are reproducible from their seed, and every bad request or refused file
// is named and leaves the loaded model in place; a prompt's length is counted in the model's
// units (characters, or subword units) by the one function the refusal uses.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AskHost, MAX_VOTES, promptUnits, voteSchedule } from '../../worker/browser/ask.ts';
import { SubwordVocab } from '../../worker/model/subword.ts';
import { Vocab } from '../../worker/model/vocab.ts';
import { SHIPPED_MODELS_DIR } from '../../cli/models.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { playerPrompt } from '../../worker/games/tictactoe/prompts.ts';
import { playerAnswer } from '../../corpus/tictactoe.ts';

// X to move with two in the top row: cell 2 wins.
const BOARD = 'XX_OO____';
const PLAN = ['w2', 'b5'];
const PROMPT = playerPrompt(BOARD, PLAN, []);

describe('asking an organelle', () => {
  let host: AskHost;
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = new Uint8Array(await readFile(join(SHIPPED_MODELS_DIR, 'tictactoe', 'player.organelle')));
    host = new AskHost();
  });

  it('loads a model and describes what a prompt may hold', async () => {
    const info = await host.load(await nodeWasmModule(), bytes);
    expect(info.vocabChars).toContain('x');
    expect(info.vocabChars).not.toContain('\n');
    expect(info.maxPromptLength).toBeGreaterThan(PROMPT.length);
    expect(info.fingerprint).toMatch(/^[0-9a-f]{12,}$/);
  });

  it('answers greedily what its corpus teaches', () => {
    const answer = host.ask({ prompt: PROMPT, votes: 1, temperature: 'reference', seed: 1 });
    expect(answer.text).toBe(String(playerAnswer(BOARD, PLAN, [])));
    expect(answer.votes).toEqual([{ text: answer.text, temperature: 0, meanTokenProb: answer.meanTokenProb }]);
    expect(answer.confidence).toBe(1);
    expect(answer.meanTokenProb).toBeGreaterThan(0.5);
    expect(answer.meanTokenProb).toBeLessThanOrEqual(1);
  });

  it('samples an ensemble that its seed reproduces', () => {
    const request = { prompt: 'x........|p=4,0,2|b=', votes: 5, temperature: 1, seed: 7 };
    const a = host.ask(request);
    const b = host.ask(request);
    expect(a.votes.map((v) => v.temperature)).toEqual([1, 1, 1, 1, 1]);
    expect(b.votes).toEqual(a.votes);
    const winners = a.votes.filter((v) => v.text === a.text).length;
    expect(a.confidence).toBe(winners / 5);
    for (const v of a.votes) expect(v.meanTokenProb).toBeGreaterThan(0);
    // 20 seeds at temperature 1 do not all sample the same five answers
    const spreads = new Set(Array.from({ length: 20 }, (_, s) => host.ask({ ...request, seed: s }).votes.map((v) => v.text).join()));
    expect(spreads.size).toBeGreaterThan(1);
  });

  it('spreads the reference ensemble over 0.125-0.225', () => {
    expect(voteSchedule(1, 'reference')).toEqual([0]);
    expect(voteSchedule(3, 'reference').map((t) => +t.toFixed(3))).toEqual([0.125, 0.175, 0.225]);
    expect(voteSchedule(2, 0.5)).toEqual([0.5, 0.5]);
  });

  it.each([
    [{ votes: 0 }, `votes must be 1 to ${MAX_VOTES}, got 0`],
    [{ votes: MAX_VOTES + 1 }, `votes must be 1 to ${MAX_VOTES}, got ${MAX_VOTES + 1}`],
    [{ votes: 3, temperature: 0 }, 'greedy votes all give the same answer: sample them at a temperature above 0'],
    [{ temperature: -1 }, 'temperature must be 0 to 2, got -1'],
    [{ prompt: '' }, 'the prompt is empty'],
    [{ prompt: 'x........\n|p=' }, 'a prompt is one line: it has a line break at index 9'],
    [{ prompt: 'x...Z....|p=|b=' }, "prompt character 'Z' (U+005A) at index 4 is not in this model's vocabulary"],
    [{ prompt: 'x'.repeat(400) }, /^the prompt has 400 characters; this model's block leaves room for \d+ at most$/],
  ])('refuses %o', (change, message) => {
    const request = { prompt: PROMPT, votes: 1, temperature: 'reference' as const, seed: 1, ...change };
    expect(() => host.ask(request)).toThrow(message);
  });

  it('refuses a corrupt file by its check and keeps the loaded model', async () => {
    const corrupt = bytes.slice();
    corrupt[corrupt.length - 100] ^= 0xff;
    await expect(host.load(await nodeWasmModule(), corrupt)).rejects.toThrow(/checksum/);
    expect(host.ask({ prompt: PROMPT, votes: 1, temperature: 'reference', seed: 1 }).text).toBe('2');
  });

  it('says so when asked before any model is loaded', () => {
    expect(() => new AskHost().ask({ prompt: PROMPT, votes: 1, temperature: 'reference', seed: 1 })).toThrow('no model is loaded: load one first');
    expect(() => new AskHost().promptLength(PROMPT)).toThrow('no model is loaded: load one first');
  });

  it('counts a char model\'s prompt in characters, the count its refusal names', () => {
    expect(host.promptLength(PROMPT)).toBe(PROMPT.length);
    expect(host.promptLength('x'.repeat(400))).toBe(400); // refused above as 400 characters
  });
});

describe('a prompt measured in a model\'s units', () => {
  const TEXT = 'smooth the signal over 5 points|blocked=\nrolling_mean(5)';
  const words = SubwordVocab.train(TEXT, ['smooth the signal over 5 points|blocked=', 'rolling_mean(5)', 'smooth the signal'], {
    vocabSize: 40,
  });

  it('is the encoded length for a subword model, its characters for a char model', () => {
    for (const prompt of ['smooth the signal', 'the signal over 5 points|blocked=', 'sm', 'o']) {
      expect(promptUnits(words, prompt), prompt).toBe(words.encode(prompt).length);
    }
    expect(promptUnits(words, 'smooth the signal')).toBeLessThan('smooth the signal'.length);
    expect(promptUnits(Vocab.fromCorpus(TEXT), 'smooth the signal')).toBe(17);
  });

  it('counts a character outside the alphabet as one unit and encodes the text on either side', () => {
    const known = (p: string) => words.encode(p).length;
    expect(promptUnits(words, 'smooth Zthe signal')).toBe(known('smooth ') + 1 + known('the signal'));
    expect(promptUnits(words, 'ZZsmooth')).toBe(2 + known('smooth'));
    expect(promptUnits(words, 'smooth!')).toBe(known('smooth') + 1);
    expect(promptUnits(words, 'ZZ')).toBe(2);
    expect(promptUnits(words, '')).toBe(0);
  });
});
