// What the built-in organelles were measured to do: the evaluation reports in docs/results,
// written by `organelle eval … --json` over the models in public/models. Each report names
// the models it measured (model_fingerprints, one per role), so a game's figures are quoted
// only beside those very models: retrain one and its game shows no figures until the
// evaluations are run again (a test holds the reports to the shipped files).
import type { GameId } from '../../../worker/recipes/registry.ts';
import { grouped, percent } from './format.ts';
import puzzle8Random from '../../../docs/results/puzzle8-random1000.json';
import tictactoeMinimaxFirst from '../../../docs/results/tictactoe-minimax-first.json';
import tictactoeMinimaxSecond from '../../../docs/results/tictactoe-minimax-second.json';
import tictactoeRandomFirst from '../../../docs/results/tictactoe-random-first.json';
import tictactoeRandomSecond from '../../../docs/results/tictactoe-random-second.json';
import tictactoeTacticalFirst from '../../../docs/results/tictactoe-tactical-first.json';
import tictactoeTacticalSecond from '../../../docs/results/tictactoe-tactical-second.json';
import connect4RandomFirst from '../../../docs/results/connect4-random-first.json';
import connect4RandomSecond from '../../../docs/results/connect4-random-second.json';
import connect4TacticalFirst from '../../../docs/results/connect4-tactical-first.json';
import connect4TacticalSecond from '../../../docs/results/connect4-tactical-second.json';
import connect4SearchFirst from '../../../docs/results/connect4-alphabeta2-first.json';
import connect4SearchSecond from '../../../docs/results/connect4-alphabeta2-second.json';
import connect4OpeningsFirst from '../../../docs/results/connect4-alphabeta2-opening4-first.json';
import connect4OpeningsSecond from '../../../docs/results/connect4-alphabeta2-opening4-second.json';
import connect4DeepSearchFirst from '../../../docs/results/connect4-alphabeta4-first.json';
import connect4DeepSearchSecond from '../../../docs/results/connect4-alphabeta4-second.json';
import connect4DeepOpeningsFirst from '../../../docs/results/connect4-alphabeta4-opening4-first.json';
import connect4DeepOpeningsSecond from '../../../docs/results/connect4-alphabeta4-opening4-second.json';

/** The fields of a report read here; the reports carry many more. */
interface Report {
  model_fingerprints?: Record<string, string>;
  model_move_share: number;
  organelle_moves?: number; // games
}

export interface PuzzleReport extends Report {
  boards: number;
  solved: number;
  mean_moves_over_optimal: number; // mean of moves / shortest, over the solved boards
  source: string;
  ablation: { solved: number; boards: number } | null;
}

export interface MatchReport extends Report {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  organelle_moves: number;
  /** Games that differed in a move: greedy organelles against a search replay a few games. */
  distinct_games: number;
  /** Random plies before each game (0: every game from the empty board). */
  opening: number;
}

export interface Measured {
  /** The model fingerprint each role's measured model had (modelFingerprint). */
  fingerprints: Readonly<Record<string, string>>;
  /** One sentence each, for people: the headline figures. */
  lines: readonly string[];
  /** One sentence per scripted opponent the reports cover, by its name (eval's --opponent). */
  byOpponent?: Readonly<Record<string, string>>;
}

/** A match's two reports: the organelles moving first, then second. */
type Pair = readonly [MatchReport, MatchReport];

/** The fingerprints every report agrees on, or null if one lacks them or they differ. */
function sharedFingerprints(reports: readonly Report[], roles: readonly string[]): Record<string, string> | null {
  const first = reports[0]?.model_fingerprints;
  if (!first || !roles.every((r) => typeof first[r] === 'string')) return null;
  const same = reports.every((rep) => roles.every((r) => rep.model_fingerprints?.[r] === first[r]));
  return same ? Object.fromEntries(roles.map((r) => [r, first[r]])) : null;
}

/** Whose moves they were: the organelle's own, or the fallback's when its answers failed. */
function ownMoves(share: number, role: string): string {
  return share === 1
    ? `Every move was the ${role}'s own: the fallback never had to play.`
    : `${percent(share)} of the moves were the ${role}'s own; the fallback made the rest.`;
}

/** The share of moves a model chose, over every report's moves. */
function modelShare(reports: readonly MatchReport[]): number {
  const moves = reports.reduce((sum, r) => sum + r.organelle_moves, 0);
  return reports.reduce((sum, r) => sum + r.model_move_share * r.organelle_moves, 0) / moves;
}

const wins = (r: MatchReport) => `${grouped(r.wins)} of ${grouped(r.games)}`;
const sum = (pair: Pair, key: 'games' | 'wins' | 'draws' | 'losses' | 'distinct_games') => grouped(pair.reduce((n, r) => n + r[key], 0));

export function puzzle8Measured(report: PuzzleReport): Measured | null {
  const fingerprints = sharedFingerprints([report], ['planner', 'mover']);
  if (!fingerprints) return null;
  // mean_moves_over_optimal is the mean of moves / shortest over the solved boards
  const extra = report.mean_moves_over_optimal - 1;
  const detour = extra > 0 ? `in ${percent(extra)} more moves than the shortest solutions, on average` : 'each by a shortest path';
  const ablation = report.ablation
    ? ` Without the Planner, the Mover alone solved ${grouped(report.ablation.solved)}.`
    : '';
  return {
    fingerprints,
    lines: [
      `Solved ${grouped(report.solved)} of ${grouped(report.boards)} random boards held out of training, ${detour}.${ablation}`,
      ownMoves(report.model_move_share, 'Mover'),
    ],
  };
}

/** A two-player game's figures from its reports: `lines`, then whose moves they were; and the sentence for each opponent. */
function gameMeasured(reports: readonly MatchReport[], lines: string[], byOpponent: Record<string, string>): Measured | null {
  const fingerprints = sharedFingerprints(reports, ['planner', 'player']);
  return fingerprints ? { fingerprints, lines: [...lines, ownMoves(modelShare(reports), 'Player')], byOpponent } : null;
}

/** "Against the tactical opponent: won 989 of 1,000 games moving first and 951 of 1,000 moving second, lost 52." */
function winsLine(against: string, pair: Pair): string {
  return `Against ${against}: won ${wins(pair[0])} games moving first and ${wins(pair[1])} moving second, lost ${sum(pair, 'losses')}.`;
}

export function tictactoeMeasured(perfect: Pair, random: Pair, tactical: Pair): Measured | null {
  const perfectLine =
    `Against perfect play (minimax): drew ${grouped(perfect[0].draws)} of ${grouped(perfect[0].games)} games moving first ` +
    `and ${grouped(perfect[1].draws)} of ${grouped(perfect[1].games)} moving second ` +
    `(${grouped(perfect[0].distinct_games)} and ${grouped(perfect[1].distinct_games)} different games: minimax varies only among equally good moves).`;
  const randomLine = winsLine('random moves', random);
  return gameMeasured([...perfect, ...random, ...tactical], [perfectLine, randomLine], {
    minimax: perfectLine,
    random: randomLine,
    tactical: winsLine('the tactical opponent', tactical),
  });
}

/** Against one alpha-beta search: from the empty board, and from random openings. */
export interface SearchReports {
  fromEmpty: Pair;
  fromOpenings: Pair;
}

/** "Against a two-ply alpha-beta search: of 2,000 games won …, but only … of them were different. After 4 random opening moves: …" */
function searchLine(depth: string, { fromEmpty, fromOpenings }: SearchReports): string {
  return (
    `Against a ${depth}-ply alpha-beta search: of ${sum(fromEmpty, 'games')} games won ${sum(fromEmpty, 'wins')}, ` +
    `drew ${sum(fromEmpty, 'draws')} and lost ${sum(fromEmpty, 'losses')}, but only ${sum(fromEmpty, 'distinct_games')} of them were different. ` +
    `After ${fromOpenings[0].opening} random opening moves: won ${sum(fromOpenings, 'wins')} of ${sum(fromOpenings, 'games')} and lost ${sum(fromOpenings, 'losses')}.`
  );
}

export function connect4Measured(random: Pair, tactical: Pair, alphabeta2: SearchReports, alphabeta4: SearchReports): Measured | null {
  const tacticalLine = winsLine('the tactical opponent', tactical);
  const shallow = searchLine('two', alphabeta2);
  const searches = [alphabeta2, alphabeta4].flatMap((s) => [...s.fromEmpty, ...s.fromOpenings]);
  return gameMeasured([...random, ...tactical, ...searches], [tacticalLine, shallow], {
    random: winsLine('random moves', random),
    tactical: tacticalLine,
    alphabeta2: shallow,
    alphabeta4: searchLine('four', alphabeta4),
  });
}

export const MEASURED: Readonly<Partial<Record<GameId, Measured>>> = Object.fromEntries(
  Object.entries({
    puzzle8: puzzle8Measured(puzzle8Random as PuzzleReport),
    tictactoe: tictactoeMeasured(
      [tictactoeMinimaxFirst as MatchReport, tictactoeMinimaxSecond as MatchReport],
      [tictactoeRandomFirst as MatchReport, tictactoeRandomSecond as MatchReport],
      [tictactoeTacticalFirst as MatchReport, tictactoeTacticalSecond as MatchReport],
    ),
    connect4: connect4Measured(
      [connect4RandomFirst as MatchReport, connect4RandomSecond as MatchReport],
      [connect4TacticalFirst as MatchReport, connect4TacticalSecond as MatchReport],
      {
        fromEmpty: [connect4SearchFirst as MatchReport, connect4SearchSecond as MatchReport],
        fromOpenings: [connect4OpeningsFirst as MatchReport, connect4OpeningsSecond as MatchReport],
      },
      {
        fromEmpty: [connect4DeepSearchFirst as MatchReport, connect4DeepSearchSecond as MatchReport],
        fromOpenings: [connect4DeepOpeningsFirst as MatchReport, connect4DeepOpeningsSecond as MatchReport],
      },
    ),
  }).filter(([, m]) => m !== null),
);

/** Whether the library holds, for every role, the very model that was measured. */
export function holdsMeasuredModels(
  measured: Measured,
  models: readonly { organelle?: string; fingerprint: string }[],
): boolean {
  return Object.entries(measured.fingerprints).every(([role, fp]) =>
    models.some((m) => m.organelle === role && m.fingerprint === fp),
  );
}
