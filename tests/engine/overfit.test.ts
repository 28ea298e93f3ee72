// The loss-curve test: an organelle overfits a tiny corpus of 8 prompt/response pairs to
// near-zero loss, and generation then reproduces every response exactly, greedily and as a
// 3-vote ensemble, with full confidence.
import { describe, expect, it } from 'vitest';
import { Organelle } from '../../worker/organelle.ts';
import { encodeDocuments, packBatch, parseCorpus } from '../../worker/corpus/documents.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import { report } from '../helpers/wasm.ts';

const DOCS: [string, string][] = [
  ['m=14,x,12,12|b=7|valid=up,left,right', 'left'],
  ['m=3,o|b=2|valid=down', 'down'],
  ['k=9|valid=a,b', 'b'],
  ['p=1,2,3,4,5|q=6|valid=none', 'stop'],
  ['m=7,x,1|b=4|valid=up,right', 'right'],
  ['a=0', 'yes'],
  ['board=x.o.x.o..|turn=o', '5'],
  ['m=22,o,3|b=11|valid=left,right,down,up', 'up,up'],
];
const CORPUS = DOCS.map(([p, r]) => `${p}\n${r}`).join('\n\n');
const STEPS = 300;

describe('overfitting a tiny corpus', () => {
  it(`reaches near-zero loss in ${STEPS} steps and reproduces every response`, async () => {
    const organelle = await Organelle.create(await nodeWasmModule(), {
      name: 'overfit',
      corpusId: 'test/overfit',
      corpusText: CORPUS,
      architecture: { embd: 32, heads: 4, layers: 2, mlp: 128, block: 48 },
      seed: 1,
      config: {
        steps: STEPS,
        warmupSteps: 20,
        learningRate: 3e-3,
        weightDecay: 0,
        labelSmoothing: 0,
        gradClip: 1,
        batchDocs: 8,
      },
    });
    const curve: number[] = [];
    for (let s = 0; s < STEPS; s++) curve.push(organelle.trainStep());
    expect(organelle.stepsDone).toBe(STEPS);
    report(`overfit loss curve: ${[0, 25, 50, 100, 150, 200, 250, STEPS - 1].map((s) => `${s}:${curve[s].toFixed(4)}`).join(' ')}`);
    expect(curve[0], 'the untrained loss is about log(V)').toBeGreaterThan(1.5);
    const tail = curve.slice(-10).reduce((a, b) => a + b, 0) / 10;
    expect(tail, 'mean loss of the last 10 steps').toBeLessThan(0.01);

    // the whole corpus in one batch, response tokens only, as the training loss counts them
    const encoded = encodeDocuments(parseCorpus(CORPUS), organelle.vocab, organelle.shape.block);
    const all = packBatch(encoded, DOCS.map((_, i) => i), true);
    const loss = organelle.engine.forwardBackward(all, 0, false);
    report(`overfit final corpus loss ${loss.toExponential(3)}`);
    expect(loss).toBeLessThan(0.01);

    for (const [prompt, response] of DOCS) {
      const greedy = organelle.complete(prompt);
      expect(greedy.text, `greedy answer to ${prompt}`).toBe(response);
      expect(greedy.confidence).toBe(1);
      expect(greedy.meanTokenProb).toBeGreaterThan(0.95);
      const voted = organelle.complete(prompt, { votes: 3 });
      expect(voted.votes, `3 votes for ${prompt}`).toEqual([response, response, response]);
      expect(voted.text).toBe(response);
      expect(voted.confidence).toBe(1);
    }
  });
});
