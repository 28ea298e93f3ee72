// A trained model's evaluation numbers (the flat metric -> value record a training run stores
// in the model file) as rows a person reads: a label that says what was measured and on how
// many boards or games, the value in words or percent, and where the run measured it, the
// built-in pair's figure on the very same test. The Train view's finished runs and the
// Library's cards show the same rows. Metrics this build does not know (a file from another
// build) are shown by name.
import { STRENGTH_TESTS } from '../../../worker/pipeline/measure-tests.ts';
import { isTwoPlayerGame } from '../../../worker/pipeline/games.ts';
import { PLAY_GAMES } from '../play/games.ts';
import { grouped, listed, percent } from './format.ts';
import { COMPOSE_ROLES, ROLE_TITLES } from '../compose/models.ts';
import { inPipeline } from '../../../worker/compose/roles.ts';

export type Evaluation = Readonly<Record<string, number>>;

export interface EvaluationRow {
  /** The metric the value comes from (data-metric in the page). */
  key: string;
  label: string;
  value: string;
  /** The built-in pair on the same boards or games (the built-in set on the same intents), where measured. */
  builtIn?: string;
  /** What `builtIn` is the figure of, when not the built-in pair: 'built-in set' for code composition. */
  builtInName?: string;
}

/** Which organelle a model is, to name its partner in the labels. */
export interface EvaluatedModel {
  game?: string | undefined;
  organelle?: string | undefined;
}

/** The metrics a row folds in beside its own (counts and sides shown in another row's words). */
const FOLDED = new Set([
  'validationDocs', 'trainAnswerPrompts', 'validationAnswerPrompts', 'heldOutBoards', 'pipelineBoards',
  'pipelineGamesPerSide', 'vsRandomFirstLossRate', 'vsRandomSecondWinRate', 'vsRandomSecondLossRate',
  'strengthGamesPerSide', 'strengthOpening', 'strengthDraws', 'strengthLosses', 'strengthErrorGames',
  'builtInSolveRate', 'builtInMovesOverOptimal', 'builtInStrengthWins', 'builtInStrengthDraws',
  'builtInStrengthLosses', 'builtInStrengthErrorGames', 'builtInModelMoveShare', 'builtInStrengthModelMoveShare',
  'composeIntents', 'builtInComposePassed', 'builtInComposeRefused', 'builtInComposeWrongCode',
]);

export function evaluationRows(e: Evaluation, model: EvaluatedModel = {}): EvaluationRow[] {
  const rows: EvaluationRow[] = [];
  const partner = partnerTitle(model);
  const withPartner = partner ? ` (with the built-in ${partner})` : '';
  const add = (key: string, label: string, value: string, builtIn?: string) =>
    rows.push({ key, label, value, ...(builtIn !== undefined ? { builtIn } : {}) });
  // code composition's figures: beside the built-in set, on the same intents
  const addCompose = (key: string, label: string, value: string, builtIn: number | undefined) =>
    rows.push({ key, label, value, ...(builtIn !== undefined ? { builtIn: composeCount(builtIn, e.composeIntents, key), builtInName: 'built-in set' } : {}) });

  for (const key of Object.keys(e)) {
    if (FOLDED.has(key)) continue;
    const v = e[key];
    switch (key) {
      case 'finalLoss':
        add(key, 'Final batch loss', fixed(v));
        break;
      case 'trainLoss':
        add(key, 'Training loss', fixed(v));
        break;
      case 'validationLoss':
        add(key, `Validation loss${count(e.validationDocs, 'held-out document')}`, fixed(v));
        break;
      case 'trainAnswerRate':
        add(key, `Answered as the corpus says${count(e.trainAnswerPrompts, 'training prompt')}`, percent(v));
        break;
      case 'validationAnswerRate':
        add(key, `Answered as the corpus says${count(e.validationAnswerPrompts, 'held-out prompt')}`, percent(v));
        break;
      case 'heldOutOptimalMoveRate':
        add(key, `Optimal first moves${count(e.heldOutBoards, 'held-out board') || ' on held-out boards'}`, percent(v));
        break;
      case 'heldOutInvalidRate':
        add(key, 'Invalid answers on those boards', percent(v));
        break;
      case 'pipelineSolveRate':
        add(key, `Solved${count(e.pipelineBoards, 'held-out board') || ' held-out boards'}${withPartner}`, percent(v), optional(e.builtInSolveRate, percent));
        break;
      case 'pipelineMovesOverOptimal':
        add(key, 'Moves taken per move of the shortest solution', ratio(v), optional(e.builtInMovesOverOptimal, ratio));
        break;
      case 'pipelineModelMoveShare':
        add(key, 'Moves chosen by a model, not the fallback', percent(v), optional(e.builtInModelMoveShare, percent));
        break;
      case 'strengthModelMoveShare':
        add(key, 'Moves chosen by a model in those games', percent(v), optional(e.builtInStrengthModelMoveShare, percent));
        break;
      case 'pipelineParseErrors':
        add(key, 'Unparseable answers in those games', grouped(v));
        break;
      case 'pipelineErrorGames':
        if (v > 0) add(key, 'Games stopped by an organelle error', grouped(v));
        break;
      case 'vsRandomFirstWinRate':
        add(key, `Against random moves${perSide(e.pipelineGamesPerSide)}${withPartner}`, randomResults(e));
        break;
      case 'composePassed':
        addCompose(key, `Passed${count(e.composeIntents, 'held-out intent') || ' held-out intents'}${withPartner}`, composeCount(v, e.composeIntents, key), e.builtInComposePassed);
        break;
      case 'composeRefused':
        addCompose(key, 'Refused (as the unknown concepts should be)', composeCount(v, e.composeIntents, key), e.builtInComposeRefused);
        break;
      case 'composeWrongCode':
        addCompose(key, 'Wrong code handed over', composeCount(v, e.composeIntents, key), e.builtInComposeWrongCode);
        break;
      case 'strengthWins':
        add(key, `${strengthTest(e, model)}${withPartner}`, results(e.strengthWins, e.strengthDraws, e.strengthLosses, e.strengthErrorGames), builtInResults(e));
        break;
      default:
        add(key, key, Number.isInteger(v) ? grouped(v) : fixed(v));
    }
  }
  return rows;
}

const fixed = (x: number) => x.toFixed(3);
/** Moves per move of the shortest solution: "1.51x". */
const ratio = (x: number) => `${x.toFixed(2)}x`;

/** "38 of 50" passed; a plain count for the rest (they are out of the same intents). */
function composeCount(n: number, intents: number | undefined, key: string): string {
  return key === 'composePassed' && intents !== undefined ? `${grouped(n)} of ${grouped(intents)}` : grouped(n);
}

/** The built-in models that played (or composed) beside this one, where the model is a game's organelle. */
function partnerTitle({ game, organelle }: EvaluatedModel): string | null {
  if (!game || !organelle) return null;
  if (game === 'compose') {
    // measured in the pipeline with the built-in models in every other role (compose-eval.ts); the baseline alone
    if (!inPipeline({ game, organelle })) return null;
    return listed(COMPOSE_ROLES.filter((role) => role !== organelle).map((role) => ROLE_TITLES[role]));
  }
  if (organelle === 'planner') return game === 'puzzle8' ? 'Mover' : 'Player';
  return organelle === 'mover' || organelle === 'player' ? 'Planner' : null;
}

/** "1 training prompt", "256 training prompts". */
function plural(n: number, what: string): string {
  return `${grouped(n)} ${what}${n === 1 ? '' : 's'}`;
}

/** ", 256 training prompts", or nothing without a count (a file from before it was kept). */
function count(n: number | undefined, what: string): string {
  return n === undefined ? '' : `, ${plural(n, what)}`;
}

/** ", 100 games a side", or nothing without a count. */
function perSide(games: number | undefined): string {
  return games === undefined ? '' : `, ${plural(games, 'game')} a side`;
}

function optional(x: number | undefined, format: (x: number) => string): string | undefined {
  return x === undefined ? undefined : format(x);
}

function results(wins: number, draws = 0, losses = 0, errors = 0): string {
  const parts = [`${grouped(wins)} won`, `${grouped(draws)} drawn`, `${grouped(losses)} lost`];
  if (errors > 0) parts.push(`${grouped(errors)} stopped by an error`);
  return parts.join(' · ');
}

function builtInResults(e: Evaluation): string | undefined {
  if (e.builtInStrengthWins === undefined) return undefined;
  return results(e.builtInStrengthWins, e.builtInStrengthDraws, e.builtInStrengthLosses, e.builtInStrengthErrorGames);
}

function randomResults(e: Evaluation): string {
  const side = (win: number | undefined, lose: number | undefined) =>
    win === undefined ? '—' : `won ${percent(win)}${lose ? `, lost ${percent(lose)}` : ''}`;
  return `${side(e.vsRandomFirstWinRate, e.vsRandomFirstLossRate)} moving first; ${side(e.vsRandomSecondWinRate, e.vsRandomSecondLossRate)} moving second`;
}

/** "Against the alpha-beta search (2 moves deep) after 4 random moves, 100 games a side". */
function strengthTest(e: Evaluation, { game }: EvaluatedModel): string {
  const test = game && isTwoPlayerGame(game) ? STRENGTH_TESTS[game] : null;
  const called = test ? PLAY_GAMES[game as keyof typeof PLAY_GAMES].opponents.find((o) => o.name === test.opponent)?.called : undefined;
  const opening = e.strengthOpening ? ` after ${grouped(e.strengthOpening)} random moves` : '';
  return `Against ${called ?? 'the strength test\'s opponent'}${opening}${perSide(e.strengthGamesPerSide)}`;
}

/** A model a Solve or Play picker may have chosen. */
export interface PickedModel extends EvaluatedModel {
  name: string;
  origin: string;
  evaluation: Evaluation;
}

/**
 * What the picker can say of a pipeline of one model of the visitor's own beside built-in
 * ones: its own after-training measure, which was taken with exactly those built-in partners,
 * beside the built-in pair's on the same test. Null for any other choice (two models of
 * one's own were never measured together) or a model measured before these tests existed.
 */
export function measuredAfterTraining(chosen: readonly (PickedModel | undefined)[]): string | null {
  if (chosen.some((m) => m === undefined)) return null;
  const own = (chosen as PickedModel[]).filter((m) => m.origin !== 'built-in');
  if (own.length !== 1) return null;
  const [m] = own;
  const partner = partnerTitle(m);
  const clause = comparedClause(m.evaluation, m);
  return partner && clause ? `“${m.name}” was measured after training with the built-in ${partner}: ${clause}.` : null;
}

/**
 * "After training it answered 100% of 33 training prompts and 33% of 3 held-out prompts as
 * its corpus does.": what to expect of a model before asking it. Null for a file measured
 * before answers were counted.
 */
export function answersSentence(e: Evaluation): string | null {
  if (e.trainAnswerRate === undefined) return null;
  const part = (rate: number, n: number | undefined, what: string) => `${percent(rate)} of ${n === undefined ? `its ${what}s` : plural(n, what)}`;
  const held = e.validationAnswerRate !== undefined ? ` and ${part(e.validationAnswerRate, e.validationAnswerPrompts, 'held-out prompt')}` : '';
  return `After training it answered ${part(e.trainAnswerRate, e.trainAnswerPrompts, 'training prompt')}${held} as its corpus does.`;
}

/** A measure of the chosen models together (PairMeasure's), as the views quote it. */
export function pairMeasureSentence(e: Evaluation, game: string): string | null {
  const clause = comparedClause(e, { game });
  return clause ? `Measured just now, these models together: ${clause}.` : null;
}

/**
 * "against …, 64 won · 15 drawn · 121 lost (the built-in pair: …)" or "solved 96% of 100
 * held-out boards in 1.51x the moves … (the built-in pair: …)"; without the built-in pair's
 * figure (the site's models could not be had) the clause stops before it. Null when the
 * evaluation has neither test.
 */
function comparedClause(e: Evaluation, model: EvaluatedModel): string | null {
  if (e.composePassed !== undefined && e.composeIntents !== undefined) {
    const figures = (passed: number, refused = 0, wrong = 0) =>
      `${grouped(passed)} of ${plural(e.composeIntents!, 'held-out intent')} passed, ${grouped(refused)} refused, ${grouped(wrong)} with wrong code`;
    const builtIn = e.builtInComposePassed !== undefined
      ? ` (the built-in set: ${figures(e.builtInComposePassed, e.builtInComposeRefused, e.builtInComposeWrongCode)})`
      : '';
    return `${figures(e.composePassed, e.composeRefused, e.composeWrongCode)}${builtIn}, under the shipped thresholds`;
  }
  if (e.strengthWins !== undefined) {
    const test = strengthTest(e, model);
    const builtIn = builtInResults(e);
    const share = e.strengthModelMoveShare !== undefined ? `, ${percent(e.strengthModelMoveShare)} of the moves by a model` : '';
    return `${test.charAt(0).toLowerCase()}${test.slice(1)}, ${results(e.strengthWins, e.strengthDraws, e.strengthLosses, e.strengthErrorGames)}${share}${builtIn ? ` (the built-in pair: ${builtIn})` : ''}`;
  }
  if (e.pipelineSolveRate !== undefined && e.pipelineMovesOverOptimal !== undefined) {
    const boards = e.pipelineBoards !== undefined ? ` of ${plural(e.pipelineBoards, 'held-out board')}` : ' held-out boards';
    const builtIn = e.builtInSolveRate !== undefined && e.builtInMovesOverOptimal !== undefined
      ? ` (the built-in pair: ${percent(e.builtInSolveRate)} in ${ratio(e.builtInMovesOverOptimal)})`
      : '';
    const share = e.pipelineModelMoveShare !== undefined ? `, ${percent(e.pipelineModelMoveShare)} of the moves by a model` : '';
    return `solved ${percent(e.pipelineSolveRate)}${boards} in ${ratio(e.pipelineMovesOverOptimal)} the moves of the shortest solutions${share}${builtIn}`;
  }
  return null;
}
