// Raw connect-4 training data from alpha-beta self-play (no prompt strings: plain records).
// Each game opens with 2..6 uniformly random plies (recorded in the game log) so games differ,
// then two searchers of the same depth play it out, ties broken by the game's own Rng.
// Every ongoing position met, opening ones included, is labelled with every column's exact
// search score (so the searcher's full best-move set, and the corpus's rankings without a
// second search); repeated positions are kept once, and the left-right mirror of each
// position is added with mirrored labels (the evaluation is symmetric, so they are exact).
// Cost on the build machine (one core, Node 20, measured): 6,000 noisy games at depth 2 give
// 78,457 positions + 64,473 mirrors; the corpus's default, depth 4, gives 84,097 + 72,245
// (the whole corpus then builds in about 5.7 s instead of 2.7, most of it these searches).
// Positions already labelled are not searched again, which is what makes the many shared
// openings cheap; a mirror's scores are its source's, reversed.

import { Rng, type Seed } from '../rng.ts';
import { COLS, Position } from './position.ts';
import { type Board, type Player, type Status, mirrorBoard } from './rules.ts';
import { scoreMoves, searchPosition } from './search.ts';
import { tacticalOpponent } from './opponents.ts';

export interface Connect4Record {
  board: Board;
  side: Player;
  /** Every column's exact score at the dataset's depth (scoreMoves); null for a full column. */
  scores: readonly (number | null)[];
  /** Every column the searcher scores best, ascending. */
  bestMoves: number[];
  /** The searcher's score for the side to move. */
  score: number;
  /** True when this record is the mirror image of a self-play position. */
  mirrored: boolean;
  /** How often self-play met the position (a mirror: its source's count). */
  visits: number;
}

export interface Connect4GameLog {
  /** The random opening plies (columns), 2..6 of them. */
  opening: number[];
  /** Every column played, opening included. */
  moves: number[];
  result: Exclude<Status, 'ongoing'>;
  /** Who played X and O after the opening (only with `noise`; otherwise both searched). */
  players?: [GamePlayer, GamePlayer];
}

export type GamePlayer = 'search' | 'random' | 'tactical' | 'alphabeta2';

export interface Connect4DatasetOptions {
  depth: number; // search plies for both players and for the labels
  games: number;
  seed: Seed;
  minOpening?: number; // random plies before the searchers take over (default 2)
  maxOpening?: number; // default 6; at most 6, so no random game can already be won
  /**
   * Per game and side, the chance that the side plays uniformly at random, as the tactical
   * opponent, or as a depth-2 searcher instead of searching at `depth`, so the positions also
   * cover play against those opponents. Every position met is still labelled at `depth`.
   * Default none: pure self-play.
   */
  noise?: { random: number; tactical: number; alphabeta2?: number };
}

export interface Connect4DatasetCounts {
  games: number;
  /** Distinct positions met in self-play. */
  positions: number;
  /** Mirror images added (symmetric positions are their own mirror and add nothing). */
  mirrored: number;
  /** Position visits dropped because the same board was already recorded. */
  duplicatesRemoved: number;
  /** positions + mirrored. */
  records: number;
}

export interface Connect4Dataset {
  records: Connect4Record[];
  games: Connect4GameLog[];
  counts: Connect4DatasetCounts;
}

function checkOptions(o: Connect4DatasetOptions): Required<Omit<Connect4DatasetOptions, 'noise'>> & Pick<Connect4DatasetOptions, 'noise'> {
  const minOpening = o.minOpening ?? 2;
  const maxOpening = o.maxOpening ?? 6;
  if (!Number.isInteger(o.depth) || o.depth < 1) throw new RangeError(`depth must be an integer >= 1, got ${o.depth}`);
  if (!Number.isInteger(o.games) || o.games < 0) throw new RangeError(`games must be a non-negative integer, got ${o.games}`);
  // a four needs 7 plies, so openings of up to 6 random plies always leave the game open
  if (!Number.isInteger(minOpening) || !Number.isInteger(maxOpening) || minOpening < 0 || maxOpening > 6 || minOpening > maxOpening) {
    throw new RangeError(`opening length must satisfy 0 <= minOpening <= maxOpening <= 6, got ${minOpening}..${maxOpening}`);
  }
  if (o.noise) {
    const { random, tactical, alphabeta2 = 0 } = o.noise;
    if (!(random >= 0 && tactical >= 0 && alphabeta2 >= 0 && random + tactical + alphabeta2 <= 1)) {
      throw new RangeError(`noise chances must be >= 0 and sum to at most 1, got random ${random}, tactical ${tactical}, alphabeta2 ${alphabeta2}`);
    }
  }
  return { ...o, minOpening, maxOpening };
}

/** A record from its column scores: the best score and the columns reaching it follow from them. */
function recordOf(board: Board, side: Player, scores: readonly (number | null)[], mirrored: boolean, visits: number): Connect4Record {
  const score = Math.max(...scores.map((s) => s ?? -Infinity));
  const bestMoves = scores.flatMap((s, col) => (s === score ? [col] : []));
  return { board, side, scores, bestMoves, score, mirrored, visits };
}

/** Plays `games` self-play games and returns the deduplicated, mirror-augmented records. */
export function buildConnect4Dataset(options: Connect4DatasetOptions): Connect4Dataset {
  const { depth, games, seed, minOpening, maxOpening, noise } = checkOptions(options);
  const root = new Rng(seed);
  const labelled = new Map<Board, Connect4Record>(); // insertion order = first visit
  const logs: Connect4GameLog[] = [];
  let duplicatesRemoved = 0;

  // the label of the position to move in, searched once per distinct board
  const label = (pos: Position): Connect4Record => {
    const board = pos.toBoard();
    const seen = labelled.get(board);
    if (seen) {
      duplicatesRemoved++;
      seen.visits++;
      return seen;
    }
    const rec = recordOf(board, pos.side === 1 ? 'X' : 'O', scoreMoves(pos, depth), false, 1);
    labelled.set(board, rec);
    return rec;
  };

  for (let g = 0; g < games; g++) {
    // one stream per game: game g is the same whatever the total number of games
    const rng = root.fork(`game ${g}`);
    const openingLength = minOpening + rng.int(maxOpening - minOpening + 1);
    // drawn only with noise, so pure self-play streams are unchanged
    const role = (): GamePlayer => {
      const u = rng.next();
      const { random, tactical, alphabeta2 = 0 } = noise!;
      return u < random ? 'random' : u < random + tactical ? 'tactical' : u < random + tactical + alphabeta2 ? 'alphabeta2' : 'search';
    };
    const players: [GamePlayer, GamePlayer] | undefined = noise ? [role(), role()] : undefined;
    const pos = new Position();
    const moves: number[] = [];
    let result: Connect4GameLog['result'] = 'draw';
    while (pos.plies < COLS * 6) {
      const rec = label(pos);
      let col: number;
      const player = players ? players[pos.side === 1 ? 0 : 1] : 'search';
      if (moves.length < openingLength || player === 'random') {
        const legal: number[] = [];
        for (let c = 0; c < COLS; c++) if (pos.canPlay(c)) legal.push(c);
        col = rng.pick(legal);
      } else if (player === 'tactical') {
        col = tacticalOpponent(rec.board, rng);
      } else if (player === 'alphabeta2') {
        col = searchPosition(pos, 2, rng).chosen;
      } else {
        col = rng.pick(rec.bestMoves);
      }
      moves.push(col);
      if (pos.isWinAt(pos.play(col))) {
        result = rec.side;
        break;
      }
    }
    logs.push({ opening: moves.slice(0, openingLength), moves, result, ...(players ? { players } : {}) });
  }

  // mirror augmentation: add the reflection of every position not already present
  const records = [...labelled.values()];
  let mirrored = 0;
  for (const rec of records.slice()) {
    const board = mirrorBoard(rec.board);
    if (labelled.has(board)) continue;
    const m = recordOf(board, rec.side, [...rec.scores].reverse(), true, rec.visits); // column c is column 6 - c
    labelled.set(board, m);
    records.push(m);
    mirrored++;
  }

  const positions = records.length - mirrored;
  return { records, games: logs, counts: { games, positions, mirrored, duplicatesRemoved, records: records.length } };
}
