// Tic-tac-toe and connect-4 in the engine worker. The page loads a Planner and Player per
// game once, then either plays a person's game move by move (start, then humanMove: the
// organelles answer at once) or has the organelles play a scripted opponent whole (watch),
// and animates the events it gets back. Errors keep their messages across Comlink: a refused
// model file names its check, an illegal move lists the legal ones and changes nothing.
import { GamePlayer, type GameModels } from '../pipeline/game-player.ts';
import { encodeSolveLink } from '../share/solve-link.ts';
import type { RecordedGame } from '../share/game-record.ts';
import type { OrganelleSide } from '../orchestrator/game-loop.ts';
import type { TwoPlayerGame } from '../pipeline/games.ts';
import { measureGamePair, type GamePair } from '../pipeline/game-eval.ts';
import type { GameRun, GameUpdate } from './messages.ts';

interface Current {
  player: GamePlayer;
  game: RecordedGame<string>;
  /** Events already sent to the page. */
  sent: number;
  /** Organelle turns' wall times, in milliseconds. */
  turnMs: number[];
}

export class GameHost {
  readonly #players = new Map<TwoPlayerGame, GamePlayer>();
  #current: Current | null = null;

  /** Replaces the game's loaded models; on a refused file the previous ones stay loaded. */
  async load(module: WebAssembly.Module, game: TwoPlayerGame, models: GameModels): Promise<{ fingerprint: string }> {
    const player = await GamePlayer.load(module, game, models);
    // One throwaway game at load: V8 first runs wasm functions from its baseline compiler and
    // optimizes the hot ones later, so a person's first moves would otherwise pay for that.
    player.playOut('first', 'random', 0);
    this.#players.set(game, player);
    return { fingerprint: player.fingerprint };
  }

  /** A new game against a person; when the organelles move first, their move is in the update. */
  start(game: TwoPlayerGame, side: OrganelleSide, seed: number): GameUpdate {
    const player = this.#player(game);
    this.#current = { player, game: player.newGame({ side, opponent: 'human' }, seed), sent: 0, turnMs: [] };
    return this.#reply();
  }

  /** The person's move, then the organelles' answer. An illegal move throws and changes nothing. */
  humanMove(move: string): GameUpdate {
    const current = this.#current;
    if (!current) throw new Error('no game is in progress: start one first');
    current.game.opponentMove(move);
    return this.#reply();
  }

  /** A whole game against a scripted opponent, for the page to play back. */
  watch(game: TwoPlayerGame, side: OrganelleSide, opponent: string, seed: number): GameRun {
    const t0 = performance.now();
    const { game: played, link, turnMs } = this.#player(game).playOut(side, opponent, seed);
    const { session } = played;
    return { events: [...session.events], link, result: session.result, counts: { ...session.counts }, turnMs, ms: performance.now() - t0 };
  }

  /**
   * The game's loaded pair in its strength test, beside `builtIn` in the same games (the
   * after-training measure's keys). Each game reseeds sampling, and a game in progress is
   * untouched: it has its own session.
   */
  measure(game: TwoPlayerGame, builtIn: GamePair | null): Record<string, number> {
    return measureGamePair(game, this.#player(game), builtIn);
  }

  #player(game: TwoPlayerGame): GamePlayer {
    const player = this.#players.get(game);
    if (!player) throw new Error(`no ${game} models are loaded in this worker`);
    return player;
  }

  /** Plays the organelles' turn if it is theirs, then sends what the page has not seen. */
  #reply(): GameUpdate {
    const current = this.#current!;
    if (current.game.session.toMove === 'organelles') current.turnMs.push(current.game.organelleMove().ms);
    const update = gameUpdate(current.game, current.sent, current.turnMs);
    current.sent += update.events.length;
    return update;
  }
}

/** What the page learns of a person's game: the events after the first `sent`, and where it stands. */
export function gameUpdate(game: RecordedGame<string>, sent: number, turnMs: readonly number[]): GameUpdate {
  const { session } = game;
  return {
    events: session.events.slice(sent),
    state: session.adapter.describe(session.state),
    toMove: session.toMove,
    legal: session.toMove === 'opponent' ? session.adapter.legalMoves(session.state) : [],
    result: session.result,
    counts: { ...session.counts },
    turnMs: [...turnMs],
    link: session.over ? encodeSolveLink(game.link()) : null,
  };
}
