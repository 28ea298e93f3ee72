// A subword organelle end to end (issue 52, item 2): a tiny model whose vocabulary is learned
// from its corpus trains through the existing engine, its embedding and output head sized by
// that vocabulary, and generates its corpus's answers, greedily and as an ensemble, decoded from
// whole-word units; its file round-trips and answers the same; a compose run with it as the
// Planner records a share link that replays with no model.
import { describe, expect, it } from 'vitest';
import { Organelle } from '../../worker/organelle.ts';
import { SubwordVocab } from '../../worker/model/subword.ts';
import { decodeModelFile } from '../../worker/model/model-file.ts';
import { parameterCount } from '../../worker/model/shape.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { report } from '../helpers/wasm.ts';
import { AskHost } from '../../worker/browser/ask.ts';
import { composeRecorded, encodeComposeLink, replayComposeLink } from '../../worker/share/compose-link.ts';
import { composeOrganelle, MAX_ANSWER } from '../../worker/compose/organelles.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { parsePlan } from '../../worker/compose/plan.ts';
import { wireComposition } from '../../worker/compose/wiring.ts';
import { nodeSandbox } from '../../worker/compose/sandbox/node.ts';
import { toJsonl } from '../../worker/orchestrator/events.ts';

const DOCS: [string, string][] = [
  ['compute the arithmetic mean of the signal|blocked=', 'mean'],
  ['find the mean squared deviation of the signal|blocked=', 'variance'],
  ['return the middle value of the data|blocked=', 'median'],
  ['apply a rolling mean to the signal over 6 points|blocked=', 'rolling_mean(6)'],
  ['smooth the data with a rolling mean over 4 points, then take the variance|blocked=', 'rolling_mean(4)|variance'],
  ['return the middle value of the rolling mean over 3 points|blocked=', 'rolling_mean(3)|median'],
  ['find the percentile 95 value of the data|blocked=percentile(low_conf)', 'none'],
  ['compute the squared deviation of the signal after a rolling mean over 5 points|blocked=', 'rolling_mean(5)|variance'],
];
const CORPUS = DOCS.map(([p, r]) => `${p}\n${r}`).join('\n\n');
const STEPS = 300;
const ARCH = { embd: 32, heads: 4, layers: 2, mlp: 128, block: 48 };

describe('a subword organelle', () => {
  it(`trains in ${STEPS} steps and generates every answer of its corpus from subword units`, async () => {
    const module = await nodeWasmModule();
    const organelle = await Organelle.create(module, {
      name: 'subword',
      corpusId: 'test/subword',
      corpusText: CORPUS,
      architecture: ARCH,
      seed: 1,
      config: { steps: STEPS, warmupSteps: 20, learningRate: 3e-3, weightDecay: 0, labelSmoothing: 0, gradClip: 1, batchDocs: 8 },
      tokenizer: { kind: 'subword', vocabSize: 120, protected: ['rolling_mean'] },
    });
    const vocab = organelle.vocab;
    expect(vocab).toBeInstanceOf(SubwordVocab);
    const A = vocab.chars.length;
    // the embedding and the head have a row / column per unit
    expect(organelle.shape.vocabSize).toBe(vocab.size);
    expect(vocab.size).toBeGreaterThan(A + 20);
    expect(organelle.engine.paramCount).toBe(parameterCount({ ...ARCH, vocabSize: vocab.size }));
    // the longest document takes 113 positions in characters: it fits the block of 48 only in units
    const longest = DOCS.reduce((n, [p, r]) => Math.max(n, p.length + r.length + 2), 0);
    expect(longest).toBe(113);

    const curve: number[] = [];
    for (let s = 0; s < STEPS; s++) curve.push(organelle.trainStep());
    report(`subword loss curve (V=${vocab.size}, alphabet ${A}): ${[0, 50, 100, 200, STEPS - 1].map((s) => `${s}:${curve[s].toFixed(4)}`).join(' ')}`);
    expect(curve.slice(-10).reduce((a, b) => a + b, 0) / 10).toBeLessThan(0.05);

    const file = organelle.toFile();
    const reloaded = await Organelle.fromFile(module, file);
    expect(decodeModelFile(file).tokenizer).toEqual((vocab as SubwordVocab).spec);
    for (const [prompt, response] of DOCS) {
      const greedy = organelle.complete(prompt);
      expect(greedy.text, `greedy answer to ${prompt}`).toBe(response);
      // one probability per unit: fewer than the answer's characters where a merge applies
      const units = vocab.encode(response);
      expect(greedy.tokenProbs.length).toBe(units.length);
      if (response.length > 4) expect(units.length).toBeLessThan(response.length);
      expect(organelle.answerProbs(prompt, response).length).toBe(units.length);
      const votes = organelle.complete(prompt, { votes: 3 });
      expect(votes.text).toBe(response);
      expect(votes.votes).toHaveLength(3);
      // the file answers the same, bit for bit
      const again = reloaded.complete(prompt);
      expect(again.text).toBe(response);
      expect(again.tokenProbs).toEqual(greedy.tokenProbs);
    }
    // a compose run with this subword organelle as its Planner records a share link that
    // replays with no model at all, to the same events and code (issue 52 item 4)
    const runner = nodeSandbox();
    try {
      const intent = 'compute the arithmetic mean of the signal';
      const lookup = COMPOSE_LIBRARY.lookup;
      const plan = parsePlan('mean', lookup);
      if (!plan.ok || !('composition' in plan)) throw new Error('plan');
      const recorded = await composeRecorded(
        intent,
        {
          planner: composeOrganelle(organelle, MAX_ANSWER.planner, 'min'),
          wiring: () => ({ text: wireComposition(plan.composition, lookup), confidence: 0.95 }),
          code: (name) => ({ text: lookup(name)!.body, confidence: 0.97 }),
        },
        { runner, thresholds: { planner: 0.5, wiring: 0.8, code: 0.8 }, models: '0123456789abcdef', weigh: false },
      );
      expect(recorded.result.refusal ?? null, JSON.stringify(recorded.result.events.slice(0, 6))).toBeNull();
      expect(recorded.result.code).not.toBeNull();
      expect(recorded.link!.answers[0]).toMatchObject({ source: 'planner', text: 'mean' });
      const replay = await replayComposeLink(await encodeComposeLink(recorded.link!), { runner });
      expect(toJsonl(replay.result.events)).toBe(toJsonl(recorded.result.events));
      expect(replay.result.code).toBe(recorded.result.code);
    } finally {
      runner.close();
    }
    // the Ask view's host measures a subword model's prompt in units: an 87-character
    // prompt is past block - 3 characters, and is asked all the same
    const host = new AskHost();
    const info = await host.load(module, file);
    const [longPrompt, longAnswer] = DOCS[7];
    expect(longPrompt.length).toBeGreaterThan(info.maxPromptLength);
    expect(host.ask({ prompt: longPrompt, votes: 1, temperature: 0, seed: 1 }).text).toBe(longAnswer);
    expect(() => host.ask({ prompt: 'the mean '.repeat(30), votes: 1, temperature: 0, seed: 1 })).toThrow(
      /^the prompt has \d+ subword units; this model's block leaves room for 45 at most$/,
    );
    // resumed from its file with the corpus, it takes the very next step the model would have
    const resumed = await Organelle.fromFile(module, organelle.toFile(true), CORPUS);
    expect(resumed.vocab).toBeInstanceOf(SubwordVocab);
    expect(resumed.trainStep()).toBe(organelle.trainStep());
    expect(resumed.engine.getParams()).toEqual(organelle.engine.getParams());
    // a typo of a word the model knows is still read, in smaller pieces; an unknown character is refused
    expect(() => organelle.complete('compute the arithmetic mean of the sginal|blocked=')).not.toThrow();
    expect(() => organelle.complete('compute the mean of Z|blocked=')).toThrow("prompt character 'Z' (U+005A) at index 20 is not in this model's vocabulary");
  }, 120_000);
});
