// Measuring the chosen models together (web/src/library/pair-measure.svelte.ts) with a fake
// worker: the files go to a worker of its own, loaded as the game's pair and measured there;
// the result is kept per game and choice of models, and a refusal is reported, not thrown.
import { describe, expect, it } from 'vitest';
import type { Remote } from 'comlink';
import { PairMeasure } from '../../web/src/library/pair-measure.svelte.ts';
import type { ModelMeta } from '../../web/src/library/model-store.ts';
import type { SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import { flush } from './helpers.ts';

const model = (id: string) => ({ id, origin: 'trained' }) as ModelMeta;

function fakeWorkers(refuse = '') {
  const log: string[] = [];
  let closed = 0;
  let finish: (e: Record<string, number>) => void = () => {};
  const spawn: SpawnEngine = () => {
    const api = {
      loadPuzzle8: async (m: { planner: Uint8Array; mover: Uint8Array }) => void log.push(`load puzzle8 ${m.planner[0]} ${m.mover[0]}`),
      loadGame: async (game: string, m: { planner: Uint8Array; player: Uint8Array }) => {
        if (refuse) throw new Error(refuse);
        log.push(`load ${game} ${m.planner[0]} ${m.player[0]}`);
      },
      measurePuzzle8: () => new Promise((resolve) => (finish = resolve)),
      measureGame: (game: string) => new Promise((resolve) => ((finish = resolve), log.push(`measure ${game}`))),
    } as unknown as Remote<EngineWorkerApi>;
    return { api, close: () => void closed++ };
  };
  const files = { file: async (id: string) => ({ bytes: new Uint8Array([Number(id.slice(1))]) }) };
  return { spawn, files, log, finish: (e: Record<string, number>) => finish(e), closed: () => closed };
}

describe('PairMeasure', () => {
  it('loads the pair in a worker of its own, measures it there, and keeps the result for that choice', async () => {
    const w = fakeWorkers();
    const measure = new PairMeasure(w.spawn, w.files);
    const [planner, player] = [model('m1'), model('m2')];
    expect(measure.state('connect4', [planner, player])).toEqual({ status: 'idle' });
    const done = measure.measure('connect4', planner, player);
    await flush();
    expect(measure.state('connect4', [planner, player])).toEqual({ status: 'measuring' });
    expect(w.log).toEqual(['load connect4 1 2', 'measure connect4']);
    w.finish({ strengthWins: 64 });
    await done;
    expect(measure.state('connect4', [planner, player])).toEqual({ status: 'done', evaluation: { strengthWins: 64 } });
    expect(w.closed()).toBe(1); // the worker ends with the measure
    // another choice, or the same models in another game, has not been measured
    expect(measure.state('connect4', [player, planner])).toEqual({ status: 'idle' });
    expect(measure.state('tictactoe', [planner, player])).toEqual({ status: 'idle' });
  });

  it('loads an 8-puzzle pair as a Planner and a Mover', async () => {
    const w = fakeWorkers();
    const measure = new PairMeasure(w.spawn, w.files);
    const done = measure.measure('puzzle8', model('m3'), model('m4'));
    await flush();
    w.finish({ pipelineSolveRate: 1 });
    await done;
    expect(w.log).toEqual(['load puzzle8 3 4']);
    expect(measure.state('puzzle8', [model('m3'), model('m4')]).status).toBe('done');
  });

  it('reports a refused model with its message and closes the worker', async () => {
    const w = fakeWorkers('the file fails its checksum');
    const measure = new PairMeasure(w.spawn, w.files);
    await measure.measure('tictactoe', model('m1'), model('m2'));
    expect(measure.state('tictactoe', [model('m1'), model('m2')])).toEqual({ status: 'failed', error: 'the file fails its checksum' });
    expect(w.closed()).toBe(1);
  });
});
