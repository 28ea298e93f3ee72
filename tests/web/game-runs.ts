// Real recorded two-player games for the web tests, without any model: scripted organelles
// (a tic-tac-toe Planner that writes the heuristic plan, a connect-4 one that writes nothing
// valid so the heuristic plan stands in; a Player that answers the plan's first move,
// optionally stumbling once) go through the same recording game the worker uses, so the
// events and the share link are the genuine article.
import { RecordedGame } from '../../worker/share/game-record.ts';
import { encodeSolveLink } from '../../worker/share/solve-link.ts';
import { GAME_PIPELINES, type TwoPlayerGame } from '../../worker/pipeline/games.ts';
import { Rng } from '../../worker/games/rng.ts';
import type { OrganelleSide } from '../../worker/orchestrator/game-loop.ts';
import type { Organelle } from '../../worker/orchestrator/types.ts';

export const MODELS = 'fedcba9876543210';

/** A new game with scripted organelles; `stumble` makes the Player's second answer unparseable. */
export function scriptedGame(game: TwoPlayerGame, side: OrganelleSide, opponent: string, stumble = false): RecordedGame<string> {
  const { adapter } = GAME_PIPELINES[game];
  let calls = 0;
  let recorded: RecordedGame<string> | null = null;
  const planner: Organelle = () =>
    game === 'tictactoe' ? { text: adapter.heuristicPlan(recorded!.session.state).join(','), confidence: 0.9 } : { text: '', confidence: 0.1 };
  const player: Organelle = (prompt) => {
    calls++;
    if (stumble && calls === 2) return { text: '?', confidence: 0.3 };
    const plan = /\|p=([^|]*)/.exec(prompt)?.[1] ?? '';
    const move = adapter.planMove(plan.split(',')[0]);
    // a connect-4 Player writes its threat map before the column
    return { text: game === 'connect4' ? `.......|${move}` : move, confidence: 0.85 };
  };
  recorded = new RecordedGame(adapter, { planner, player }, { side, opponent }, MODELS);
  return recorded;
}

/** A whole game against a scripted opponent (by name) drawing from Rng(seed), and its link. */
export function recordedGame(game: TwoPlayerGame, side: OrganelleSide, opponentName: string, seed = 1, stumble = false) {
  const choose = GAME_PIPELINES[game].opponent(opponentName);
  const rng = new Rng(seed);
  const recorded = scriptedGame(game, side, opponentName, stumble);
  const { session } = recorded;
  while (!session.over) {
    if (session.toMove === 'organelles') recorded.organelleMove();
    else recorded.opponentMove(choose(session.state, rng));
  }
  return { game: recorded, events: [...session.events], link: encodeSolveLink(recorded.link()) };
}
