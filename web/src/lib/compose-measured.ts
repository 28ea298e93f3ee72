// What the built-in compose pipeline was measured to do: the reports `organelle eval compose
// --set NAME --json docs/results/compose-NAME.json` writes, read at build time (whichever exist:
// a set not measured yet is said to be so). Each report names the models it measured, so its
// figures are quoted only beside those very models, the way measured.ts quotes the games'.
import { combineFingerprints } from '../../../worker/pipeline/fingerprint.ts';
import { COMPOSE_ROLES, type ComposeRole } from '../../../worker/compose/roles.ts';
import type { Report } from '../../../worker/compose/evaluate.ts';
import { grouped, percent } from './format.ts';
import type { Measured } from './measured.ts';

/** The fields of a report read here; the reports carry many more (worker/compose/evaluate.ts). */
export interface ComposeReport {
  set: string;
  intents: number;
  passed: number;
  refused: number;
  wrong_code: number;
  /** The counts on each kind of case: in a file typed by hand, compositions are `clean`, requests for a refusal `unknown`. */
  by_kind?: Report['by_kind'];
  models?: Partial<Record<ComposeRole | 'single', string>>;
}

/** The pipeline's models' fingerprints, by role. */
export type ComposeFingerprints = Readonly<Record<ComposeRole, string>>;

/** The sets the home page quotes, in order, with what a pass means on each. */
const QUOTED_SETS = [
  { set: 'wording', label: 'New wordings', what: 'passed' },
  { set: 'template', label: 'New sentence shapes', what: 'passed' },
  { set: 'composition', label: 'New pairs of steps', what: 'passed' },
  { set: 'perturbed', label: 'New wordings with slips', what: 'passed' },
  { set: 'oov', label: 'Unknown concepts', what: 'refused' },
  // docs/intents/typed-7.tsv: sentences typed by hand, no generator's, written from the primitive
  // table's names alone, and read by no one before it was measured (the four blind files after
  // it, typed-8 .. typed-11, are quoted in the README); it asks for compositions and for things
  // the library cannot do, so each is quoted on its own
  { set: 'typed-7', label: 'Sentences typed by hand', what: 'composed-and-refused' },
] as const;

export interface ComposeFigureRow {
  set: string;
  label: string;
  /** "passed 288 of 300 (96%)" ("composed 13 of 120 (11%), and refused 32 of the 32 it cannot do (100%)", typed-7), or null: not measured yet (for these models). */
  figure: string | null;
}

export interface ComposeFigures {
  rows: ComposeFigureRow[];
  /** "5 of 1,442 intents": code handed over that was wrong, over every quoted set measured; null when none is. */
  wrongCode: string | null;
  /** The pipeline fingerprint of the models measured (both Planners, Wiring, Code). */
  pipeline: string;
}

// The reports in docs/results (compose-NAME.json), as the build found them: only the fields read
// here, each its own named import, so the build leaves out each intent's row and the baselines
// (600 KB of JSON that a default import put into the page's entry).
const FIELDS = {
  set: import.meta.glob<string>('../../../docs/results/compose-*.json', { eager: true, import: 'set' }),
  intents: import.meta.glob<number>('../../../docs/results/compose-*.json', { eager: true, import: 'intents' }),
  passed: import.meta.glob<number>('../../../docs/results/compose-*.json', { eager: true, import: 'passed' }),
  refused: import.meta.glob<number>('../../../docs/results/compose-*.json', { eager: true, import: 'refused' }),
  wrong_code: import.meta.glob<number>('../../../docs/results/compose-*.json', { eager: true, import: 'wrong_code' }),
  by_kind: import.meta.glob<ComposeReport['by_kind']>('../../../docs/results/compose-*.json', { eager: true, import: 'by_kind' }),
  models: import.meta.glob<ComposeReport['models']>('../../../docs/results/compose-*.json', { eager: true, import: 'models' }),
};

export const COMPOSE_REPORTS: readonly ComposeReport[] = Object.keys(FIELDS.set)
  .map((file) => ({
    set: FIELDS.set[file],
    intents: FIELDS.intents[file],
    passed: FIELDS.passed[file],
    refused: FIELDS.refused[file],
    wrong_code: FIELDS.wrong_code[file],
    by_kind: FIELDS.by_kind[file],
    models: FIELDS.models[file],
  }))
  .filter(isReport);

function isReport(value: unknown): value is ComposeReport {
  const r = value as ComposeReport | null;
  return typeof r === 'object' && r !== null && typeof r.set === 'string' && [r.intents, r.passed, r.refused, r.wrong_code].every((n) => typeof n === 'number');
}

/** Whether a report measured exactly these models in every role (one from before the second Planner measured another pipeline). */
function measures(report: ComposeReport, fingerprints: ComposeFingerprints): boolean {
  return COMPOSE_ROLES.every((role) => report.models?.[role] === fingerprints[role]);
}

const shareOf = (k: number, n: number) => percent(k / Math.max(n, 1));
const share = (what: string, k: number, n: number) => `${what} ${grouped(k)} of ${grouped(n)} (${shareOf(k, n)})`;

/**
 * A set's figure: its passes or refusals; for a set of both kinds, the compositions composed and
 * the requests the library cannot do refused, each of its own kind (a refusal is a pass only of
 * the second), or the passes alone from a report that does not count its kinds.
 */
function figureOf(r: ComposeReport, what: (typeof QUOTED_SETS)[number]['what']): string {
  if (what === 'passed') return share('passed', r.passed, r.intents);
  if (what === 'refused') return share('refused', r.refused, r.intents);
  const composed = r.by_kind?.clean;
  const unknown = r.by_kind?.unknown;
  if (!composed || !unknown) return share('passed', r.passed, r.intents);
  return `${share('composed', composed.passed, composed.intents)}, and refused ${grouped(unknown.passed)} of the ${grouped(unknown.intents)} it cannot do (${shareOf(unknown.passed, unknown.intents)})`;
}

/** The quoted sets' figures for the pipeline of `fingerprints`; a set without a report on these models is not measured yet. */
export function composeFigures(reports: readonly ComposeReport[], fingerprints: ComposeFingerprints): ComposeFigures {
  const mine = reports.filter((r) => measures(r, fingerprints));
  const rows = QUOTED_SETS.map(({ set, label, what }) => {
    const r = mine.find((report) => report.set === set);
    return { set, label, figure: r ? figureOf(r, what) : null };
  });
  const measured = mine.filter((r) => QUOTED_SETS.some((q) => q.set === r.set));
  const intents = measured.reduce((n, r) => n + r.intents, 0);
  const wrong = measured.reduce((n, r) => n + r.wrong_code, 0);
  return {
    rows,
    wrongCode: measured.length ? `${grouped(wrong)} of ${grouped(intents)} intents` : null,
    pipeline: combineFingerprints(COMPOSE_ROLES.map((role) => fingerprints[role])),
  };
}

/** The figures as the model pickers quote them beside the very models measured; null when nothing is measured. */
export function composeMeasured(reports: readonly ComposeReport[], fingerprints: ComposeFingerprints | null): Measured | null {
  if (!fingerprints) return null;
  const figures = composeFigures(reports, fingerprints);
  const quoted = figures.rows.filter((r) => r.figure !== null).map((r) => `${r.label.toLowerCase()}: ${r.figure}`);
  if (quoted.length === 0) return null;
  return { fingerprints, lines: [`${quoted.join('; ')}; wrong code ${figures.wrongCode}.`.replace(/^./, (c) => c.toUpperCase())] };
}
