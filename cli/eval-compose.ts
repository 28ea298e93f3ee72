// `organelle eval compose --set wording|template|composition|perturbed|oov|validation
//  [--models DIR] [--json FILE] [--no-baselines] [--choose]`, or `--intents FILE` (one case a
// line: the intent, a tab, the expected composition, e.g. `rolling_mean(5)|diff_central`, or
// `none` when the right answer is a refusal). The pipeline and its four baselines on the same
// intents (worker/compose/evaluate.ts). `--choose` (validation only) searches the confidence
// settings (worker/compose/choose.ts) and writes them to DIR/compose/settings.json first.
import { access, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { checkOutputFile, readNamedFile } from './files.ts';
import { intOption, parseArgs, stringOption } from './args.ts';
import { EVAL_USAGE, synopsis } from './usage.ts';
import { loadOrganelle, reportedDir, SHIPPED_MODELS_DIR } from './models.ts';
import { chooseExamples } from './compose-examples.ts';
import { readComposeModels } from './compose.ts';
import { COMPOSE_LIBRARY } from '../worker/compose/library.ts';
import { buildSet, isSetName, SET_NAMES, type Case, type SetName } from '../worker/compose/sets.ts';
import type { Composition } from '../worker/compose/types.ts';
import { BASELINES, evaluateSet, expectedOutput, judgeModule, judgeSingleAnswer, sameValue, type Report, type Summary } from '../worker/compose/evaluate.ts';
import { chooseSettings, chooseSingleThreshold, type RawOrganelle } from '../worker/compose/choose.ts';
import { composeOrganelle, MAX_ANSWER, pipelineOrganelles, rawAnswer, readerOrganelles } from '../worker/compose/organelles.ts';
import { COMPOSE_ROLES } from '../worker/compose/roles.ts';
import { parseSettings, SECOND_READERS, type ComposeSettings, type SecondReader, type Weighing } from '../worker/compose/settings.ts';
import { planWords } from '../worker/compose/said.ts';
import { planFacts, type PlanCheck } from '../worker/compose/facts.ts';
import { readerCheckOptions, readerChecksApart, readerWords } from '../worker/compose/aligned.ts';
import { keywordPlan, plannerWeighing, secondReadingOptions, weighs } from '../worker/compose/keywords.ts';
import { parsePlan } from '../worker/compose/plan.ts';
import { nodeSandbox } from '../worker/compose/sandbox/node.ts';
import { modelFingerprint } from '../worker/model/model-file.ts';
import type { Organelle } from '../worker/organelle.ts';

/** Reads `intent<TAB>expected` lines; the error names the line and what is wrong with it. */
export function parseIntentsFile(text: string, name: string): Case[] {
  const cases: Case[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) return;
    const tab = line.indexOf('\t');
    if (tab < 0) throw new Error(`${name} line ${i + 1}: expected "intent<TAB>composition", found no tab`);
    const intent = line.slice(0, tab).trim();
    const plan = parsePlan(line.slice(tab + 1), COMPOSE_LIBRARY.lookup);
    if (!plan.ok) throw new Error(`${name} line ${i + 1}: ${plan.reason}`);
    if (intent === '') throw new Error(`${name} line ${i + 1}: the intent is empty`);
    cases.push({ intent, expected: 'refusal' in plan ? null : plan.composition, template: 'file', kind: 'refusal' in plan ? 'unknown' : 'clean' });
  });
  if (cases.length === 0) throw new Error(`${name}: no cases`);
  return cases;
}

/**
 * The checks after the Planners (--check), of the first reading's plans and of the Readers'
 * (absent: as the settings say, secondReading.check): the shipped ones (words), the plan's facts
 * alone (facts.ts) for both, to measure what the word rules refuse, the learned lexicon
 * (aligned.ts) for both, or for the Readers' alone (readers-aligned, what --choose records).
 */
const PLAN_CHECKS: Record<string, () => { first: PlanCheck; readers?: PlanCheck }> = {
  words: () => ({ first: planWords }),
  facts: () => ({ first: planFacts, readers: planFacts }),
  aligned: () => ({ first: readerWords(), readers: readerWords() }),
  'readers-aligned': () => ({ first: planWords, readers: readerWords() }),
};

/** The Readers' check in words, for the run's summary. */
const readersCheckWords = (check: PlanCheck | undefined) => (check === undefined ? 'the word rules' : check === planFacts ? 'their facts alone' : 'the learned lexicon');

/** The pipeline's organelles and the single-model baseline measured beside it. */
const MEASURED_ROLES = [...COMPOSE_ROLES, 'single'] as const;
type MeasuredRole = (typeof MEASURED_ROLES)[number];

const pct = (k: number, n: number) => `${((100 * k) / Math.max(n, 1)).toFixed(1)}%`;

function formatSummary(label: string, s: Summary): string {
  const [lo, hi] = s.intervals.passed;
  return `${label.padEnd(13)} passed ${String(s.passed).padStart(4)}/${s.intents} ${pct(s.passed, s.intents).padStart(6)} [${(100 * lo).toFixed(1)}-${(100 * hi).toFixed(1)}]  refused ${pct(s.refused, s.intents).padStart(6)}  asked ${String(s.asked).padStart(3)} (right ${s.asked_right})  wrong code ${pct(s.wrong_code, s.intents).padStart(5)}  exact plan ${pct(s.exact_plan, s.intents).padStart(6)}  model share ${(100 * s.model_share).toFixed(1)}%  replans ${s.replans} (saved ${s.replan_saves})`;
}

function raw(o: Organelle, maxNew: number, agreement = false): RawOrganelle {
  return (prompt) => rawAnswer(o, prompt, maxNew, agreement);
}

async function loadSettings(dir: string): Promise<ComposeSettings> {
  const path = join(dir, 'compose', 'settings.json');
  try {
    return parseSettings(await readFile(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message} (choose settings with "organelle eval compose --set validation --choose")`);
  }
}

export async function evalCompose(argv: string[]): Promise<void> {
  const args = parseArgs(argv, EVAL_USAGE.compose.options);
  const setName = stringOption(args, 'set');
  const intentsFile = stringOption(args, 'intents');
  if ((setName === undefined) === (intentsFile === undefined)) throw new Error(synopsis(EVAL_USAGE.compose));
  if (setName !== undefined && !isSetName(setName)) throw new Error(`unknown set "${setName}" (known: ${SET_NAMES.join(', ')})`);
  const choose = args.options.has('choose');
  if (choose && setName !== 'validation') throw new Error('--choose chooses settings on the validation set only: use --set validation');
  const countOffers = args.options.has('count-offers');
  if (countOffers && !choose) throw new Error('--count-offers is a way to choose: use it with --choose');
  const rereadUnsaid = args.options.has('reread-unsaid');
  if (rereadUnsaid && !choose) throw new Error('--reread-unsaid is a way to choose: use it with --choose');
  const json = stringOption(args, 'json');
  if (json) await checkOutputFile(json, '--json');
  const dir = stringOption(args, 'models') ?? SHIPPED_MODELS_DIR;
  const checkName = stringOption(args, 'check') ?? 'words';
  if (!Object.hasOwn(PLAN_CHECKS, checkName)) throw new Error(`--check must be one of ${Object.keys(PLAN_CHECKS).join(', ')}, not "${checkName}"`);
  const { first: planCheck, readers: chosenReadersCheck } = PLAN_CHECKS[checkName]();

  let cases: Case[] = setName ? buildSet(setName as SetName, COMPOSE_LIBRARY) : parseIntentsFile(await readNamedFile(intentsFile!, 'intents file'), intentsFile!);
  const limit = args.options.has('limit') ? intOption(args, 'limit', 1, 1) : undefined;
  if (limit !== undefined) cases = cases.slice(0, limit);

  const models = {} as Record<MeasuredRole, Organelle>;
  for (const role of MEASURED_ROLES) models[role] = await loadOrganelle(dir, 'compose', role);
  const fingerprints = Object.fromEntries(Object.entries(models).map(([k, o]) => [k, modelFingerprint(o.toModel())])) as ComposeSettings['models'];
  const lookup = COMPOSE_LIBRARY.lookup;
  const runner = nodeSandbox();
  try {
    let settings: ComposeSettings;
    if (rereadUnsaid && chosenReadersCheck !== readerWords()) throw new Error('--reread-unsaid needs the learned lexicon for the Readers (it finds the step no word says): add --check readers-aligned');
    if (choose) settings = await chooseOnValidation(cases, models, fingerprints, dir, runner, planCheck, chosenReadersCheck, countOffers, rereadUnsaid);
    else {
      settings = await loadSettings(dir);
      for (const role of MEASURED_ROLES) {
        if (settings.models[role] !== fingerprints[role]) throw new Error(`${dir}/compose/settings.json was chosen for another ${role}: run --set validation --choose`);
      }
    }
    const rule = settings.rule;
    const second = settings.secondReading;
    const readersCheck = chosenReadersCheck ?? (second?.check === 'aligned' ? readerWords() : undefined);
    // the learned lexicon as the settings name it (with a ceiling on none, its unknown-thing rule apart), or the check --check names
    const readerChecks = readersCheck === readerWords() ? readerCheckOptions({ check: 'aligned', ...(second?.none !== undefined ? { none: second.none } : {}) }) : readersCheck ? { readerWords: readersCheck } : {};
    const readers = second ? await readersIn(dir) : null;
    if (second) {
      for (const role of SECOND_READERS) {
        if (!readers || modelFingerprint(readers[role].toModel()) !== second.models[role]) throw new Error(`${dir}/compose/settings.json: its second reading was chosen for another ${role}`);
      }
    }
    const organelles = { ...pipelineOrganelles(models, settings), single: composeOrganelle(models.single, 1000, rule), ...(readers ? readerOrganelles(readers, settings) : {}) };
    const secondReading = second ? { secondReading: secondReadingOptions(second) } : {};
    const t0 = performance.now();
    const tty = process.stderr.isTTY;
    const report: Report = await evaluateSet(
      { lookup, runner, heuristic: keywordPlan, planFacts, planWords: planCheck, ...readerChecks, askOnWords: settings.askOnWords ?? false, ...plannerWeighing(settings.weigh), thresholds: settings, organelles, ...secondReading },
      setName ?? basename(intentsFile!, extname(intentsFile!)),
      cases,
      {
        baselines: args.options.has('no-baselines') ? [] : BASELINES,
        onCase: (done, total) => {
          if (tty && (done % 10 === 0 || done === total)) process.stderr.write(`\r${done}/${total} intents`);
        },
      },
    );
    if (tty) process.stderr.write('\n');
    console.log(`compose ${setName ?? intentsFile}: ${cases.length} intents in ${((performance.now() - t0) / 1000).toFixed(1)} s; settings: ${rule} confidence${settings.weigh ? `, different plans weighed on ${weighedOn(settings.weigh)}` : ''}, planner ${settings.planner}, wiring ${settings.wiring}, code ${settings.code}, ask floor ${settings.ask ?? 'none'}${settings.askOnWords ? ', plans the words do not say asked about' : ''}`);
    if (second) console.log(`second reading: ${SECOND_READERS.join(' and ')}, planner ${second.planner}, ask floor ${second.ask ?? 'none'}${second.weigh ? `, different plans weighed on ${weighedOn(second.weigh)}` : ''}, plans checked by ${readersCheckWords(readersCheck)}${second.none !== undefined ? `, a thing no corpus holds settled by their confidence in none up to ${second.none}` : ''}${second.unsaid ? ', a step of theirs no word says blocked and read again' : ''}`);
    console.log(formatSummary('pipeline', report));
    if (checkName === 'facts') console.log(`  plan check: facts only (the plan's words unchecked)`);
    if (checkName === 'aligned') console.log(`  plan check: facts, then the words by a lexicon learned from the Readers' corpus (aligned.ts)`);
    const oracle = report.oracle_plan_refused;
    if (oracle) console.log(`  oracle plan refused on ${oracle.refused} of ${oracle.in_library} in-library intents (${pct(oracle.refused, oracle.in_library)}), asked about on ${oracle.asked}`);
    const kinds = Object.entries(report.by_kind);
    if (kinds.length > 1) {
      for (const [kind, k] of kinds) console.log(`  ${kind.padEnd(11)} ${k.passed}/${k.intents} passed, ${k.refused} refused, ${k.asked} asked (${k.asked_right} right), ${k.wrong_code} wrong code`);
    }
    if (!args.options.has('no-baselines')) for (const b of BASELINES) console.log(formatSummary(b, report.baselines[b]));
    if (json) {
      const out = { ...report, plan_check: checkName, models: { dir: reportedDir(dir), ...fingerprints }, settings: { ...settings, examples: undefined } };
      await writeFile(json, JSON.stringify(out, null, 1) + '\n');
      console.log(`wrote ${json}`);
    }
  } finally {
    runner.close();
  }
}

/** Searches the settings on the validation cases and writes them beside the models. */
async function chooseOnValidation(
  cases: readonly Case[],
  models: Record<MeasuredRole, Organelle>,
  fingerprints: ComposeSettings['models'],
  dir: string,
  runner: ReturnType<typeof nodeSandbox>,
  planCheck: PlanCheck,
  readersCheck: PlanCheck | undefined,
  countOffers: boolean,
  rereadUnsaid: boolean,
): Promise<ComposeSettings> {
  const lookup = COMPOSE_LIBRARY.lookup;
  const tty = process.stderr.isTTY;
  const readers = await readersIn(dir);
  const judge = (code: string, composition: Composition) => judgeModule(code, composition, lookup, runner);
  const { best, second } = await chooseSettings({
    cases,
    lookup,
    organelles: {
      planner: raw(models.planner, MAX_ANSWER.planner, true),
      planner2: raw(models.planner2, MAX_ANSWER.planner2, true),
      wiring: raw(models.wiring, MAX_ANSWER.wiring),
      code: raw(models.code, MAX_ANSWER.code),
      ...(readers ? { reader: raw(readers.reader, MAX_ANSWER.reader, true), reader2: raw(readers.reader2, MAX_ANSWER.reader2, true) } : {}),
    },
    judge,
    heuristic: keywordPlan,
    planFacts,
    planWords: planCheck,
    ...(readersCheck ? { readerWords: readersCheck } : {}),
    ...(readersCheck === readerWords() ? { readersApart: readerChecksApart() } : {}),
    weighs,
    countOffers,
    unsaid: rereadUnsaid,
    onProgress: (done, total) => {
      if (tty) process.stderr.write(`\rsettings ${done}/${total}`);
    },
  });
  if (tty) process.stderr.write('\n');
  const single = await chooseSingleThreshold(cases, raw(models.single, 1000), best.rule, async (answer, c) => {
    const judged = await judgeSingleAnswer(answer, lookup, runner);
    if (judged === null) return 'refused';
    return c.expected !== null && sameValue(judged.output, await expectedOutput(c.expected, lookup, judge)) ? 'passed' : 'wrong';
  });
  const settings: ComposeSettings = {
    rule: best.rule,
    agreement: best.agreement,
    ...(best.weigh ? { weigh: best.weigh } : {}),
    planner: best.planner,
    wiring: best.wiring,
    code: best.code,
    ...(best.ask !== undefined && best.ask < 1 ? { ask: best.ask } : {}),
    ...(best.askOnWords ? { askOnWords: true } : {}),
    single: single.threshold,
    ...(readers && second
      ? {
        secondReading: {
          ...(second.weigh ? { weigh: second.weigh } : {}),
          ...(readersCheck === readerWords() ? { check: 'aligned' as const } : {}),
          planner: second.planner,
          ...(second.ask < 1 ? { ask: second.ask } : {}),
          ...(second.none !== undefined ? { none: second.none } : {}),
          ...(rereadUnsaid ? { unsaid: true } : {}),
          models: { reader: modelFingerprint(readers.reader.toModel()), reader2: modelFingerprint(readers.reader2.toModel()) },
        },
      }
      : {}),
    models: fingerprints,
    validation: second
      ? { intents: cases.length, passed: second.passed, refused: second.refused, wrong_code: second.wrong_code }
      : { intents: cases.length, passed: best.passed, refused: best.refused, wrong_code: best.wrong_code },
  };
  settings.examples = await chooseExamples(await readComposeModels(dir), settings, runner);
  const path = join(dir, 'compose', 'settings.json');
  await writeFile(path, JSON.stringify(settings, null, 2) + '\n');
  if (readers && !second) console.log('no second reading keeps wrong code within 1% of the validation intents: the readers are left out');
  if (second) console.log(`chose the second reading: ${second.weigh ? `different plans weighed on ${weighedOn(second.weigh)}, ` : ''}threshold ${second.planner}, ${second.none !== undefined ? `ceiling on their confidence in none ${second.none}, ` : ''}ask floor ${second.ask === 1 ? 'none' : second.ask} (${second.asked} offers, ${second.asked_right} right): ${second.passed} passed, ${second.wrong_code} wrong code`);
  console.log(`chose ${best.rule} confidence${best.agreement ? ' times the Planner\'s agreement' : ''}${best.weigh ? `, the Planners' different plans weighed on ${weighedOn(best.weigh)}` : ''}, thresholds planner ${best.planner}, wiring ${best.wiring}, code ${best.code}, ask floor ${best.ask === 1 ? 'none' : best.ask}${best.askOnWords ? ' and plans the words do not say' : ''} (${best.asked} offers on validation, ${best.asked_right} right), single ${single.threshold} on ${cases.length} validation intents (${best.passed} passed, ${best.wrong_code} wrong code), ${settings.examples.length} examples the models compose as asked; wrote ${path}`);
  return settings;
}

/** The second reading's Planners when both files are beside the pipeline's, none when neither is. */
async function readersIn(dir: string): Promise<Record<SecondReader, Organelle> | null> {
  const present = await Promise.all(SECOND_READERS.map((role) => access(join(dir, 'compose', `${role}.organelle`)).then(() => true, () => false)));
  if (present.every((p) => !p)) return null;
  const readers = {} as Record<SecondReader, Organelle>;
  for (const role of SECOND_READERS) readers[role] = await loadOrganelle(dir, 'compose', role);
  return readers;
}

/** Which intents a weighing weighs, in words. */
function weighedOn(weighing: Weighing): string {
  return weighing === 'every' ? 'every intent' : 'readable intents';
}
