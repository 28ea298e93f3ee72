// A benchmark corpus shaped like the reference project's 8-puzzle Mover documents
// (`m=14,x,12,12|b=7|valid=up,left,right` -> `left`, ~43 characters): Manhattan distance
// after each move (x = illegal), blank index, legal moves, and a BFS-optimal answer.
import { blankIndex, isSolvable, isSolved, legalMoves } from '../games/puzzle8/board.ts';
import { optimalMoves, unrankBoard } from '../games/puzzle8/solver.ts';
import { mdAfterMoves } from '../games/puzzle8/prompts.ts';
import { Rng } from '../games/rng.ts';

export function moverBenchCorpus(docs: number, seed: number): string {
  const rng = new Rng(seed);
  const out: string[] = [];
  while (out.length < docs) {
    const board = unrankBoard(rng.int(362880));
    if (!isSolvable(board) || isSolved(board)) continue;
    const prompt = `m=${mdAfterMoves(board)}|b=${blankIndex(board)}|valid=${legalMoves(board).join(',')}`;
    out.push(`${prompt}\n${optimalMoves(board)[0]}`);
  }
  return out.join('\n\n');
}
