// A share link names the rules its solve was recorded under. Version 2 raised the 8-puzzle
// Judge's revisit limit from 1 to 3; a version-1 link still replays, under its own rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeWasmModule } from '../../../worker/wasm/node.ts';
import { readModelFile, SHIPPED_MODELS_DIR } from '../../../cli/models.ts';
import { Puzzle8Solver, PUZZLE8_VOTES } from '../../../worker/pipeline/puzzle8-solver.ts';
import { organelleFn } from '../../../worker/pipeline/organelle-fn.ts';
import { fnv1a32 } from '../../../worker/games/puzzle8/heldout.ts';
import { replaySolve, solveRecorded } from '../../../worker/games/puzzle8/share.ts';
import { decodeSolveLink, encodeSolveLink, SHARE_VERSION, ShareLinkError } from '../../../worker/share/solve-link.ts';
import type { Organelle } from '../../../worker/organelle.ts';

// a held-out board the two revisit limits solve differently with the shipped models
const BOARD = '701235864';

let solver: Puzzle8Solver;
beforeAll(async () => {
  solver = await Puzzle8Solver.load(await nodeWasmModule(), {
    planner: await readModelFile(SHIPPED_MODELS_DIR, 'puzzle8', 'planner'),
    mover: await readModelFile(SHIPPED_MODELS_DIR, 'puzzle8', 'mover'),
  });
});

/** The solve as a build of link version `version` recorded it. */
function record(version: number) {
  for (const o of [solver.planner, solver.mover]) o.engine.seedSampling(fnv1a32(BOARD));
  const fn = (o: Organelle) => organelleFn(o, { votes: PUZZLE8_VOTES });
  return solveRecorded(BOARD, { planner: fn(solver.planner), mover: fn(solver.mover) }, solver.fingerprint, {}, version);
}

describe('8-puzzle share links across versions', () => {
  it('a version-1 link replays under the revisit limit it was recorded with, re-shared too', () => {
    const old = record(1);
    expect(old.result.moves).not.toEqual(record(SHARE_VERSION).result.moves); // the rules matter here
    const decoded = decodeSolveLink(encodeSolveLink(old.link));
    expect(decoded.version).toBe(1);
    expect(replaySolve(decoded).moves).toEqual(old.result.moves);
    expect(replaySolve(decodeSolveLink(encodeSolveLink(decoded))).moves).toEqual(old.result.moves);
  });

  it('its answers do not replay under the current rules', () => {
    const { version: _old, ...asCurrent } = record(1).link;
    expect(() => replaySolve(asCurrent)).toThrow(ShareLinkError);
  });

  it('a link recorded now carries the current version and replays', () => {
    const now = record(SHARE_VERSION);
    const decoded = decodeSolveLink(encodeSolveLink(now.link));
    expect(decoded.version).toBeUndefined();
    expect(replaySolve(decoded).moves).toEqual(now.result.moves);
  });
});
