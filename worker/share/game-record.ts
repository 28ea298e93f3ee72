// Share links for two-player games. A game link is a solve link (solve-link.ts) whose
// answers interleave the organelles' (planner, player) with the other side's moves (source
// 'opponent', a person's or a scripted opponent's), in the order they were made; its `start`
// names the side the organelles played and the opponent, as `first:human` or
// `second:random`. Every game starts from the empty board, and the orchestrator is
// deterministic, so feeding the answers back through a GameSession rebuilds the identical
// events, with no model and no network.
import {
  GameSession, IllegalOpponentMove, type GameAdapter, type GameOrganelles, type OrganelleSide, type TurnOutcome,
} from '../orchestrator/game-loop.ts';
import type { OrchestratorEvent } from '../orchestrator/events.ts';
import { recording, Script } from './recorder.ts';
import { ShareLinkError, traceDigest, type RecordedAnswer, type SolveLink } from './solve-link.ts';

export interface GameStart {
  side: OrganelleSide;
  /** The opponent's name in the events: 'human', or a scripted opponent's CLI name. */
  opponent: string;
}

const OPPONENT_NAME = /^[a-z][a-z0-9-]{0,23}$/;

export function encodeGameStart(start: GameStart): string {
  if (!OPPONENT_NAME.test(start.opponent)) throw new ShareLinkError(`opponent name '${start.opponent}' cannot be shared`);
  return `${start.side}:${start.opponent}`;
}

export function parseGameStart(text: string): GameStart {
  const [side, opponent, ...rest] = text.split(':');
  if (rest.length > 0 || (side !== 'first' && side !== 'second') || opponent === undefined || !OPPONENT_NAME.test(opponent)) {
    throw new ShareLinkError(
      `the link's game setup "${text.slice(0, 40)}" does not say who moved first and against whom (it reads like "first:human")`,
    );
  }
  return { side, opponent };
}

/** A game being played, recording every answer and opponent move for its share link. */
export class RecordedGame<S> {
  readonly session: GameSession<S>;
  readonly #answers: RecordedAnswer[] = [];
  readonly #start: GameStart;
  readonly #models: string;

  constructor(
    adapter: GameAdapter<S>,
    organelles: GameOrganelles,
    start: GameStart,
    models: string,
    onEvent?: (event: OrchestratorEvent) => void,
  ) {
    encodeGameStart(start); // refuse an unshareable opponent name before anything is played
    this.#start = start;
    this.#models = models;
    const recorded: GameOrganelles = {
      ...(organelles.planner ? { planner: recording('planner', organelles.planner, this.#answers) } : {}),
      player: recording('worker', organelles.player, this.#answers),
    };
    this.session = new GameSession(adapter, recorded, { side: start.side, opponent: start.opponent, ...(onEvent ? { onEvent } : {}) });
  }

  /** The other side's move; an illegal one throws IllegalOpponentMove and records nothing. */
  opponentMove(move: string): void {
    this.session.opponentMove(move);
    this.#answers.push({ source: 'opponent', text: move, confidence: 1 });
  }

  organelleMove(): TurnOutcome {
    return this.session.organelleMove();
  }

  /** The share link of the game; only a finished game has one. */
  link(): SolveLink {
    if (!this.session.over) throw new ShareLinkError('only a finished game can be shared');
    return {
      game: this.session.adapter.game as SolveLink['game'],
      start: encodeGameStart(this.#start),
      models: this.#models,
      trace: traceDigest(this.session.events),
      answers: [...this.#answers],
    };
  }
}

/**
 * Rebuilds a shared game. Throws ShareLinkError when the link is for another game, names no
 * valid setup, or its answers do not drive the orchestrator to the recorded end exactly.
 */
export function replayGameLink<S>(adapter: GameAdapter<S>, link: SolveLink): GameSession<S> {
  if (link.game !== adapter.game) throw new ShareLinkError(`this link is a ${link.game} run, not a ${adapter.game} game`);
  const { side, opponent } = parseGameStart(link.start);
  const script = new Script(link.answers);
  const hasPlanner = link.answers.some((a) => a.source === 'planner');
  const session = new GameSession(
    adapter,
    { ...(hasPlanner ? { planner: script.organelle('planner') } : {}), player: script.organelle('worker') },
    { side, opponent },
  );
  const opponentAnswer = script.organelle('opponent');
  while (!session.over && script.mismatch === null) {
    if (session.toMove === 'organelles') {
      try {
        session.organelleMove();
      } catch (err) {
        throw new ShareLinkError(script.mismatch ?? `the game stopped with an error: ${(err as Error).message}`);
      }
    } else {
      const { text } = opponentAnswer('');
      try {
        session.opponentMove(text);
      } catch (err) {
        if (err instanceof IllegalOpponentMove) throw new ShareLinkError(`the link has an illegal ${opponent} move: ${err.message}`);
        throw err;
      }
    }
  }
  if (script.mismatch !== null) throw new ShareLinkError(script.mismatch);
  if (script.remaining > 0) throw new ShareLinkError(`the link has ${script.remaining} answers the replay never used: it does not replay`);
  if (traceDigest(session.events) !== link.trace) throw new ShareLinkError('the replayed game differs from the recorded one: the link was altered');
  return session;
}
