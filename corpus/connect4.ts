// Training corpora for the connect-4 organelles, from alpha-beta self-play
// (worker/games/connect4/dataset.ts) at depth LABEL_DEPTH (4), 6,000 games, with noise: per
// game and side, a 25% chance of playing at random, 25% as the tactical opponent and 20% as
// the evaluation's depth-2 searcher (which breaks ties at random) instead of searching, so the
// positions also look like games against the evaluation opponents.
// Every distinct position met (both sides to move) is kept once and its left-right mirror
// added, and every one is used: there is no cap. A position met v times in self-play gets
// copies(v) = 1 + floor(log2 v) documents per organelle (the empty board, met in every game:
// 13), because the openings recur in every real game while a dedup keeps each of them once.
// Labels are strategy.ts's: a deterministic function of the board, ranked from the column
// scores self-play searched once per position (a mirror reuses its source's). The default
// build: 84,097 positions + 72,245 mirrors = 156,342, weighted to 171,012 documents per
// organelle, built in about 5.7 s in Node (at depth 2: 78,457 + 64,473 positions, 159,717
// documents, 2.7 s). The same corpus took 11.6 s before the search kept its window counts
// (position.ts) and cut its last ply short (search.ts); at depth 2 it took 6.6 s when the
// corpus searched every position again, 3.9 s when the search evaluated every leaf's 69
// windows from scratch.
//
// Planner: copies(v) identical documents per position. The answer is the threat map, then the plan:
//   ..b.x..|b2
// the map has one character per column, w (the side to move wins there), b (the opponent
// would win there: block), x (unsafe: it lets the opponent win on top), # (full), . (none of
// these, in that precedence); the plan is canonicalPlan. The map is the Planner's working:
// seven exact tactical facts per document to learn from, written before the plan, so the
// plan can read them. Only the plan after '|' is the Planner's answer to the orchestrator.
//
// Player: copies(v) documents per position, with one plan kind drawn per document so following
// blindly does not pay: canonical 45%, heuristic 15% (same tactics, centre-first), random 15%
// (1-3 playable columns), wrong 15% (the canonical plan with its head replaced by a
// tactically unacceptable column: a missed win or block, or a move under the opponent's
// four; random when every column is acceptable), none 10%. One document in five carries a
// refused column in b= (half a full column when there is one, as when the Player proposed
// it, else a playable one, often the plan's head). The answer is the threat map, '|', then
// the plan's first column when it is tactically acceptable and not refused, else the best
// unrefused column in canonical order. Tags in every plan are true, as the Planner's grammar
// guarantees in a game. Everything is a pure function of the options.
import { buildConnect4Dataset, type Connect4Dataset, type Connect4Record } from '../worker/games/connect4/dataset.ts';
import { legalMoves, type Board } from '../worker/games/connect4/rules.ts';
import {
  bestOf, heuristicPlan, planOf, rankScores, tactics, tagOf, LABEL_DEPTH, PLAN_MAX, type RankedMove, type Tactics,
} from '../worker/games/connect4/strategy.ts';
import { planMove, playerPrompt, plannerPrompt, threatMapOf } from '../worker/games/connect4/prompts.ts';
import { Rng } from '../worker/games/rng.ts';

export const PLAN_KINDS = ['canonical', 'heuristic', 'random', 'wrong', 'none'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export interface Connect4CorpusOptions {
  games: number;
  seed: number;
  /** Per-side chances of a random / tactical / depth-2 player in a self-play game. */
  noise: { random: number; tactical: number; alphabeta2?: number };
  /** Search plies of the labels and of the self-play searchers. */
  depth: number;
}

export const DEFAULT_CONNECT4_CORPUS: Readonly<Connect4CorpusOptions> = { games: 6000, seed: 1, noise: { random: 0.25, tactical: 0.25, alphabeta2: 0.2 }, depth: LABEL_DEPTH };

export interface Connect4Corpus {
  planner: string;
  player: string;
  stats: {
    depth: number;
    games: number;
    positions: number; // distinct self-play positions
    mirrored: number; // mirror images added
    plannerDocs: number;
    playerDocs: number;
    playerDocsByPlan: Record<PlanKind, number>;
    blockedDocs: number;
    overrides: number; // Player answers that differ from the plan's first column
    columnCodes: number; // distinct column codes in the prompts (103 can occur in a game in play)
  };
}

/**
 * What a position's documents are labelled from, worked out once per position: the search
 * behind the ranking is most of a build's time, and a position can have several documents.
 */
interface PositionLabels {
  board: Board;
  tactics: Tactics;
  /** Every playable column best first, at the corpus's depth (rankScores). */
  ranked: RankedMove[];
  threatMap: string;
}

/** A dataset record's labels: its ranking from the scores self-play already searched. */
function positionLabels({ board, scores }: Connect4Record): PositionLabels {
  const t = tactics(board);
  return { board, tactics: t, ranked: rankScores(scores, t), threatMap: threatMapOf(t) };
}

function randomPlan({ tactics: t }: PositionLabels, rng: Rng): string[] {
  const cols = rng.shuffle([...t.legal]);
  return cols.slice(0, 1 + rng.int(Math.min(PLAN_MAX, cols.length))).map((c) => `${tagOf(t, c)}${c}`);
}

/** The canonical plan with its head replaced by an unacceptable column; null when there is none. */
function wrongPlan({ tactics: t, ranked }: PositionLabels, rng: Rng): string[] | null {
  const bad = t.legal.filter((c) => !t.acceptable.includes(c));
  if (bad.length === 0) return null;
  const head = rng.pick(bad);
  return [`${tagOf(t, head)}${head}`, ...planOf(ranked).filter((item) => Number(planMove(item)) !== head)].slice(0, PLAN_MAX);
}

/** The Player's label for a prompt (see the header): the column only; the document adds the map. */
function playerAnswer(labels: PositionLabels, plan: readonly string[], blocked: readonly number[]): number {
  const head = plan.length > 0 ? Number(planMove(plan[0])) : null;
  if (head !== null && !blocked.includes(head) && labels.tactics.acceptable.includes(head)) return head;
  const answer = bestOf(labels.ranked, new Set(blocked));
  if (answer === null) throw new Error(`no unrefused column on ${labels.board} with b=${blocked.join(',')}`);
  return answer;
}

/** The Planner's answer: threat map, '|', plan. */
function plannerAnswer(labels: PositionLabels): string {
  return `${labels.threatMap}|${planOf(labels.ranked).join(',')}`;
}

/** Documents per organelle for a position met `visits` times (see the header). */
export function copies(visits: number): number {
  return 1 + Math.floor(Math.log2(visits));
}

export function buildConnect4Corpus(options: Partial<Connect4CorpusOptions> = {}): Connect4Corpus {
  const o = { ...DEFAULT_CONNECT4_CORPUS, ...options };
  const ds: Connect4Dataset = buildConnect4Dataset({ depth: o.depth, games: o.games, seed: o.seed, noise: o.noise });
  const rng = new Rng(o.seed).fork('corpus');
  const planner: string[] = [];
  const player: string[] = [];
  const stats: Connect4Corpus['stats'] = {
    depth: o.depth, games: o.games, positions: ds.counts.positions, mirrored: ds.counts.mirrored, plannerDocs: 0, playerDocs: 0,
    playerDocsByPlan: { canonical: 0, heuristic: 0, random: 0, wrong: 0, none: 0 }, blockedDocs: 0, overrides: 0, columnCodes: 0,
  };
  const codes = new Set<string>();
  for (const record of ds.records) {
    const { board, visits } = record;
    const n = copies(visits);
    for (const code of plannerPrompt(board)) codes.add(code);
    const labels = positionLabels(record);
    const plannerDoc = `${plannerPrompt(board)}\n${plannerAnswer(labels)}`;
    for (let i = 0; i < n; i++) planner.push(plannerDoc);
    for (let i = 0; i < n; i++) player.push(playerDoc(labels, rng, stats));
  }
  stats.plannerDocs = planner.length;
  stats.playerDocs = player.length;
  stats.columnCodes = codes.size;
  return { planner: planner.join('\n\n'), player: player.join('\n\n'), stats };
}

/** One Player document: a plan kind, maybe a refused column, and the label. */
function playerDoc(labels: PositionLabels, rng: Rng, stats: Connect4Corpus['stats']): string {
  const { board } = labels;
  const u = rng.next();
  let kind: PlanKind = u < 0.45 ? 'canonical' : u < 0.6 ? 'heuristic' : u < 0.75 ? 'random' : u < 0.9 ? 'wrong' : 'none';
  let plan: string[];
  if (kind === 'wrong') {
    const w = wrongPlan(labels, rng);
    if (w === null) kind = 'random';
    plan = w ?? randomPlan(labels, rng);
  } else {
    plan = kind === 'canonical' ? planOf(labels.ranked) : kind === 'heuristic' ? heuristicPlan(board) : kind === 'random' ? randomPlan(labels, rng) : [];
  }
  const legal = legalMoves(board);
  const full = [0, 1, 2, 3, 4, 5, 6].filter((c) => !legal.includes(c));
  let blocked: number[] = [];
  if (rng.next() < 0.2) {
    if (full.length > 0 && rng.next() < 0.5) blocked = [rng.pick(full)];
    else if (legal.length > 1) blocked = [plan.length > 0 && rng.next() < 0.5 ? Number(planMove(plan[0])) : rng.pick(legal)];
  }
  const answer = playerAnswer(labels, plan, blocked);
  stats.playerDocsByPlan[kind]++;
  if (blocked.length > 0) stats.blockedDocs++;
  if (plan.length > 0 && answer !== Number(planMove(plan[0]))) stats.overrides++;
  return `${playerPrompt(board, plan, blocked.map(String))}\n${labels.threatMap}|${answer}`;
}
