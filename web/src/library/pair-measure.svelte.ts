// Measuring, on request, the models a Solve or Play view has chosen: loaded together in a
// worker of their own (the view's worker and its game or solve are untouched), they play the
// after-training test (100 held-out 8-puzzle boards, or 100 games a side in the game's
// strength test) and the built-in pair plays the same boards or games beside them. This is
// how a pair of one's own models, never measured together by training, is compared. Results
// are kept per game and choice of models, so choosing a pair again shows its figures at once.
import * as Comlink from 'comlink';
import { withEngine, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';
import type { ModelMeta } from './model-store.ts';

export type MeasuredGame = 'puzzle8' | 'tictactoe' | 'connect4';

export type PairMeasureState =
  | { status: 'idle' }
  | { status: 'measuring' }
  | { status: 'done'; evaluation: Readonly<Record<string, number>> }
  | { status: 'failed'; error: string };

interface ModelFiles {
  file(id: string): Promise<{ bytes: Uint8Array }>;
}

const IDLE: PairMeasureState = { status: 'idle' };

export class PairMeasure {
  readonly #spawn: SpawnEngine;
  readonly #files: ModelFiles;
  #states = $state.raw<ReadonlyMap<string, PairMeasureState>>(new Map());

  constructor(spawn: SpawnEngine, files: ModelFiles) {
    this.#spawn = spawn;
    this.#files = files;
  }

  /** Where the measure of `game` with these models (Planner first) stands. */
  state(game: MeasuredGame, models: readonly ModelMeta[]): PairMeasureState {
    return this.#states.get(keyOf(game, models)) ?? IDLE;
  }

  /** Measures the Planner and its partner (the Mover or the Player); never rejects. */
  async measure(game: MeasuredGame, planner: ModelMeta, partner: ModelMeta): Promise<void> {
    const key = keyOf(game, [planner, partner]);
    if (this.#states.get(key)?.status === 'measuring') return;
    this.#set(key, { status: 'measuring' });
    try {
      const evaluation = await withEngine(this.#spawn, async (api, guard) => {
        const [p, q] = await Promise.all([this.#files.file(planner.id), this.#files.file(partner.id)]);
        const buffers = [p.bytes.buffer as ArrayBuffer, q.bytes.buffer as ArrayBuffer];
        if (game === 'puzzle8') {
          await guard(api.loadPuzzle8(Comlink.transfer({ planner: p.bytes, mover: q.bytes }, buffers)));
          return guard(api.measurePuzzle8());
        }
        await guard(api.loadGame(game, Comlink.transfer({ planner: p.bytes, player: q.bytes }, buffers)));
        return guard(api.measureGame(game));
      });
      this.#set(key, { status: 'done', evaluation });
    } catch (err) {
      this.#set(key, { status: 'failed', error: errorMessage(err) });
    }
  }

  #set(key: string, state: PairMeasureState): void {
    this.#states = new Map(this.#states).set(key, state);
  }
}

function keyOf(game: MeasuredGame, models: readonly ModelMeta[]): string {
  return `${game}:${models.map((m) => m.id).join('|')}`;
}
