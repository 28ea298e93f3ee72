// Recorded 8-puzzle solves: run the pipeline while recording the organelles' answers (the
// content of a share link), and replay a link through the same orchestrator, which rebuilds
// the identical event stream without any model.
import { runPuzzle, type RunOptions, type RunResult } from '../../orchestrator/loop.ts';
import type { Organelle } from '../../orchestrator/types.ts';
import { recording, Script } from '../../share/recorder.ts';
import { linkVersion, SHARE_VERSION, ShareLinkError, traceDigest, withVersion, type RecordedAnswer, type SolveLink } from '../../share/solve-link.ts';
import { parseBoard, BoardError } from './board.ts';
import { puzzle8Adapter, puzzle8LimitsOfVersion } from './pipeline.ts';

export interface RecordedSolve {
  result: RunResult;
  link: SolveLink;
}

/**
 * Solves `board` with the organelles, recording every answer for a share link. `version`
 * records under an older link version's rules, as an older build did (for compatibility tests).
 */
export function solveRecorded(
  board: string, organelles: { planner?: Organelle; mover: Organelle }, models: string, options: RunOptions = {},
  version = SHARE_VERSION,
): RecordedSolve {
  const answers: RecordedAnswer[] = [];
  const planner = organelles.planner && recording('planner', organelles.planner, answers);
  const mover = recording('worker', organelles.mover, answers);
  const result = runPuzzle(puzzle8Adapter, board, { ...(planner ? { planner } : {}), mover }, puzzle8LimitsOfVersion(version), options);
  return { result, link: withVersion({ game: 'puzzle8', start: board, models, trace: traceDigest(result.events), answers }, version) };
}

/**
 * Rebuilds a shared solve. Throws ShareLinkError when the link is not an 8-puzzle solve,
 * its board is invalid, or its answers do not drive the orchestrator to the end exactly.
 */
export function replaySolve(link: SolveLink, options: RunOptions = {}): RunResult {
  if (link.game !== 'puzzle8') throw new ShareLinkError(`this link is a ${link.game} game, not an 8-puzzle solve`);
  let board: string;
  try {
    board = parseBoard(link.start);
  } catch (e) {
    if (e instanceof BoardError && e.reason === 'solved') board = link.start;
    else throw new ShareLinkError(`the link's board is invalid: ${(e as Error).message}`);
  }
  const script = new Script(link.answers);
  const hasPlanner = link.answers.some((a) => a.source === 'planner');
  const result = runPuzzle(
    puzzle8Adapter, board,
    { ...(hasPlanner ? { planner: script.organelle('planner') } : {}), mover: script.organelle('worker') },
    puzzle8LimitsOfVersion(linkVersion(link)), options,
  );
  if (script.mismatch !== null) throw new ShareLinkError(script.mismatch);
  const failure = result.events.find((e) => e.type === 'error');
  if (failure && failure.type === 'error') throw new ShareLinkError(failure.message);
  if (script.remaining > 0) throw new ShareLinkError(`the link has ${script.remaining} answers the replay never used: it does not replay`);
  if (traceDigest(result.events) !== link.trace) throw new ShareLinkError('the replayed solve differs from the recorded one: the link was altered');
  return result;
}
