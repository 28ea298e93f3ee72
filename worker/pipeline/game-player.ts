// A two-player game's pipeline as one object: load the Planner and Player (from .organelle
// bytes), then play recorded games against a person or a scripted opponent. The browser's
// worker and the tests use it, so a game is the same run everywhere; every finished game has
// a share link that replays it.
import { Organelle } from '../organelle.ts';
import { organelleFn } from './organelle-fn.ts';
import { pipelineFingerprint } from './fingerprint.ts';
import { GAME_PIPELINES, type GamePipeline, type TwoPlayerGame } from './games.ts';
import { RecordedGame, type GameStart } from '../share/game-record.ts';
import { encodeSolveLink } from '../share/solve-link.ts';
import { Rng } from '../games/rng.ts';
import type { OrchestratorEvent } from '../orchestrator/events.ts';

export interface GameModels {
  planner: Uint8Array;
  player: Uint8Array;
}

export class GamePlayer {
  readonly game: TwoPlayerGame;
  readonly pipeline: GamePipeline;
  readonly planner: Organelle;
  readonly player: Organelle;
  readonly fingerprint: string;

  private constructor(game: TwoPlayerGame, planner: Organelle, player: Organelle) {
    this.game = game;
    this.pipeline = GAME_PIPELINES[game];
    this.planner = planner;
    this.player = player;
    this.fingerprint = pipelineFingerprint([planner, player]);
  }

  /** Refuses a corrupt or foreign file with the model file's message naming the check. */
  static async load(module: WebAssembly.Module, game: TwoPlayerGame, models: GameModels): Promise<GamePlayer> {
    const planner = await Organelle.fromFile(module, models.planner);
    const player = await Organelle.fromFile(module, models.player);
    return new GamePlayer(game, planner, player);
  }

  /**
   * A new game, the organelles on `start.side`. Each first answer is greedy; a retry samples
   * votes, seeded here from `seed`, so the same seed and moves give the same game.
   */
  newGame(start: GameStart, seed: number, onEvent?: (event: OrchestratorEvent) => void): RecordedGame<string> {
    for (const o of [this.planner, this.player]) o.engine.seedSampling(seed >>> 0);
    const { maxNew, adapter } = this.pipeline;
    const organelles = {
      planner: organelleFn(this.planner, { maxNew: maxNew.planner }),
      player: organelleFn(this.player, { maxNew: maxNew.player }),
    };
    return new RecordedGame(adapter, organelles, start, this.fingerprint, onEvent);
  }

  /** A whole game against a scripted opponent (by its CLI name) drawing from Rng(seed). */
  playOut(side: GameStart['side'], opponentName: string, seed: number): { game: RecordedGame<string>; link: string; turnMs: number[] } {
    const opponent = this.pipeline.opponent(opponentName);
    const rng = new Rng(seed).fork('opponent');
    const game = this.newGame({ side, opponent: opponentName }, seed);
    const { session } = game;
    const turnMs: number[] = [];
    while (!session.over) {
      if (session.toMove === 'organelles') turnMs.push(game.organelleMove().ms);
      else game.opponentMove(opponent(session.state, rng));
    }
    return { game, link: encodeSolveLink(game.link()), turnMs };
  }
}
