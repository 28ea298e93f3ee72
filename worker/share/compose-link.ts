// Share links for code composition (`#/c/<payload>`). Like a solve link (solve-link.ts), a
// compose link does not carry the events: it carries the intent, whether the Planner was used,
// what the organelles answered (text and confidence, in call order), the settings the run used
// (the confidence thresholds and the task limits), the models' pipeline fingerprint and a
// digest of the events. The orchestrator is deterministic and the Judge's messages are too, so
// a replay runs composeIntent again with organelles that hand back the recorded answers, the
// keyword decomposer and the Judge in a sandbox, and gets the same events, code included, with
// no model. The code in a link is a string: only the sandbox ever runs it.
//
// Binary layout (version 7), little-endian:
//   u8 version                     outside the compression, so a newer format is named as such
//   deflate-raw (RFC 1951) of the body:
//     u8 flags                     bit 0: the Planner was used; bit 1: the two Planners'
//                                  different plans were weighed (pipeline.ts weighPlanners);
//                                  bit 2: on every intent, not only readable ones (settings.ts
//                                  Weighing; links made before it have bit 1 alone); bit 3:
//                                  the person accepted the plan the run offered (task-loop.ts
//                                  rule 7), so its code was handed over; bit 4: a plan the
//                                  intent's words do not say was asked about, not refused;
//                                  bit 5: a second reading (task-loop.ts rule 8); bit 6:
//                                  its plans' words checked by the learned lexicon (aligned.ts);
//                                  bit 7: the Readers asked how sure they are of none, under a
//                                  ceiling (pipeline.ts SecondReadingOptions.none)
//     8 bytes models fingerprint
//     4 x f64 thresholds           planner, wiring, code, and the ask floor (1: never asks)
//     with bit 5: f64 f64 u8 u8    the second reading's threshold, ask floor, weighing
//                                  (0 none, 1 readable intents, 2 every intent), and its own
//                                  flags (bit 0: a step of the Readers' plan no word says was
//                                  blocked and they read again: task-loop.ts rule 9)
//     with bit 7: f64              the ceiling on the Readers' confidence in none
//     u8 maxIterations | u8 stallLimit | u8 maxReplans
//     u32 trace digest             traceDigest of the recorded events
//     varint n + n bytes intent    UTF-8
//     varint count, count x answer:
//       u8 role (0 planner, 1 wiring, 2 code, 3 second Planner, 4 and 5 the Readers)
//       | varint n + n bytes text (UTF-8) | f64 confidence
//   u32 FNV-1a of every byte before it
//   then base64url without padding, in its one canonical spelling.
// Version 7 adds the second reading's own flags; a version 6 link's Readers never read again
// without a step (their plan was refused). Version 6 is version 5's layout; a version 5 link's Readers' plans were checked with the learned
// lexicon's left-out rule as well (aligned.ts LEGACY_LEFT_OUT), and its replay checks them so.
// Version 5 adds bit 7; version 4 adds bit 6; version 3, read still, is the same without it (its Readers' plans were
// checked by the word rules), version 2 without bit 5 and its fields either, and version 1
// without bits 3 and 4 and the ask floor too (its runs never asked).
// The checksum covers the compressed bytes, not the body: inflating ignores the bits after a
// stream's last code, so a character changed there would leave the body, and a checksum of
// it, as they were. Deflating again to compare is no answer either: another browser's zlib may
// compress the same body differently.
// Confidences travel as f64, exactly: one at 0.799 against a threshold of 0.8 must stay below
// it, and the replay's events must carry the same numbers. Compression (CompressionStream, in
// Node 18+ and every current browser) takes the repetition out of the code bodies: a two-step
// run is a 474-character link (723 uncompressed), a three-step one 563 (1,090), a run with a
// replan and 8 answers 542 (1,312); tests/share/compose-link.test.ts measures them.
// Prompts are not recorded: each follows from the intent and the answers before it, and the
// trace digest catches a replay that drifts anywhere.
import { judge } from '../compose/judge.ts';
import { planWords } from '../compose/said.ts';
import { readerCheckOptions } from '../compose/aligned.ts';
import { planFacts } from '../compose/facts.ts';
import { keywordPlan, plannerWeighing, secondReadingOptions } from '../compose/keywords.ts';
import { COMPOSE_LIBRARY } from '../compose/library.ts';
import { MAX_ANSWER } from '../compose/organelles.ts';
import { SECOND_READERS, WEIGHINGS, type SecondReader, type Weighing } from '../compose/settings.ts';
import { composeIntent, type ComposeOptions, type ComposeOrganelles, type ComposeResult, type Thresholds } from '../compose/pipeline.ts';
import { returnKind } from '../compose/plan.ts';
import { checkIntent } from '../compose/prompts.ts';
import type { SandboxRunner } from '../compose/sandbox/runner.ts';
import type { OrchestratorEvent } from '../orchestrator/events.ts';
import { PLAN_ATTEMPTS } from '../orchestrator/planner.ts';
import { DEFAULT_TASK_LIMITS } from '../orchestrator/task-loop.ts';
import type { Organelle } from '../orchestrator/types.ts';
import { recording, Script, type Recorded } from './recorder.ts';
import { isPlannerRole, PLANNER_ROLES, type ComposeRole } from '../compose/roles.ts';
import { fnv1a, fromBase64Url, ShareLinkError, toBase64Url, traceDigest } from './solve-link.ts';
import { LINK_END_PROBLEM, linkTextProblem } from './cut-link.ts';

const COMPOSE_LINK_VERSION = 7;

/** A link's address in the app; the CLI prints and accepts it. */
export const COMPOSE_ROUTE = '#/c/';

/** The roles with a threshold (the two Planners share the Planner's). */
const THRESHOLD_ROLES = ['planner', 'wiring', 'code'] as const;
/** What answers in a run: the pipeline's roles, and the second reading's Planners. */
export type LinkRole = ComposeRole | SecondReader;

/** The roles that answer, in the order a link numbers them: each added last, so links made before it read the same. */
const ROLES: readonly LinkRole[] = ['planner', 'wiring', 'code', 'planner2', 'reader', 'reader2'];

/** Each role in the words of a replay's messages. */
const ROLE_NAMES: Record<LinkRole, string> = {
  planner: "the Planner's", planner2: "the second Planner's", wiring: "the Wiring organelle's", code: "the Code organelle's",
  reader: "the Reader's", reader2: "the second Reader's",
};

const isReader = (role: LinkRole): role is SecondReader => (SECOND_READERS as readonly string[]).includes(role);
const WEIGH_CODES: readonly (Weighing | false)[] = [false, 'readable', 'every'];

export type ComposeAnswer = Recorded<LinkRole>;

/** The second reading a run had (pipeline.ts secondReading): its threshold, ask floor (1: never asks) and weighing. */
export interface LinkSecondReading {
  planner: number;
  ask: number;
  weigh: Weighing | false;
  /** The Readers' plans' words checked by the learned lexicon (settings.ts secondReading.check), not the word rules. */
  aligned: boolean;
  /** The ceiling on the Readers' confidence in none (settings.ts secondReading.none); absent: they were not asked (links before version 5). */
  none?: number;
  /** The learned lexicon's left-out rule stood (links before version 6, read only: no build writes one). */
  leftOut?: boolean;
  /** A step of the Readers' plan no word says was blocked and they read again (settings.ts secondReading.unsaid; links from version 7). */
  unsaid?: boolean;
}

/** The task loop's limits a link records (the Planner's threshold is among the thresholds). */
export interface ComposeLimits {
  maxIterations: number;
  stallLimit: number;
  maxReplans: number;
}

/**
 * The most each limit may be in a link. The defaults are 10, 2 and 2; the caps bound the work
 * a replay can be asked to do (every Judge run may take the sandbox's time limit).
 */
const LINK_LIMITS: Readonly<ComposeLimits> = { maxIterations: 32, stallLimit: 8, maxReplans: 8 };

export interface ComposeLink {
  intent: string;
  /** False for the ablation: the keyword decomposer planned alone. */
  planner: boolean;
  /** Which intents the two Planners' different plans were weighed on (the settings' weigh); false: none, as in links made before weighing. */
  weigh: Weighing | false;
  /** The pipeline fingerprint of the models (16 hex digits). */
  models: string;
  /** With the ask floor where the run had one (absent in version 1 links: they never asked). */
  thresholds: Thresholds;
  limits: ComposeLimits;
  /** The person accepted the plan the run offered, and its code was handed over. */
  accepted: boolean;
  /** A plan the intent's words do not say was asked about rather than refused (the settings' askOnWords). */
  askOnWords: boolean;
  /** The second reading, or null (links before version 3 had none). */
  second: LinkSecondReading | null;
  /** traceDigest of the recorded run's events. */
  trace: number;
  answers: ComposeAnswer[];
}

/** The checks a link goes through, in order; a refused link's error names the one it failed. */
export type ComposeLinkCheck =
  | 'characters' // empty, or not base64url
  | 'length' // too long, too short, ends early, or has data after its answers
  | 'version' // a format this build does not read
  | 'compression' // does not inflate
  | 'checksum'
  | 'flags'
  | 'models'
  | 'thresholds'
  | 'limits'
  | 'intent' // checkIntent, or not UTF-8
  | 'answers' // each answer's role, text length and confidence, and their count
  | 'replay' // the run asked for an answer the link does not have there, or left some unused
  | 'trace'; // the replay's events are not the recorded ones

export class ComposeLinkError extends ShareLinkError {
  override name = 'ComposeLinkError';
  readonly check: ComposeLinkCheck;

  constructor(check: ComposeLinkCheck, message: string) {
    super(`${check}: ${message}`);
    this.check = check;
  }
}

/** The longest payload read: the longest run the default limits allow (34 answers of full length, weighed) is about 5,200 bytes even uncompressed. */
const MAX_PAYLOAD = 8192;
/** The most bytes a payload may inflate to, against a deflate bomb. */
const MAX_BODY = 1 << 16;

// ---- the run a link records and a replay repeats

/**
 * The options of a shared run: the library, the keyword decomposer and the Judge in `runner`.
 * The Composer's runs and every replay use these, so a replay runs the same pipeline.
 */
function composeRunOptions(
  runner: SandboxRunner,
  thresholds: Thresholds,
  limits: ComposeLimits,
  weigh: Weighing | false,
  asking: { acceptOffer: boolean; askOnWords: boolean },
  second: LinkSecondReading | null,
  onEvent?: (event: OrchestratorEvent) => void,
): ComposeOptions {
  const lookup = COMPOSE_LIBRARY.lookup;
  return {
    lookup,
    judge: (code, composition) => judge(code, { lookup, returns: returnKind(composition, lookup) }, runner),
    heuristic: keywordPlan,
    planFacts,
    planWords,
    ...readerCheckOptions(second?.aligned ? { check: 'aligned', ...(second.none !== undefined ? { none: second.none } : {}), leftOut: second.leftOut === true } : null),
    ...plannerWeighing(weigh),
    thresholds: { planner: thresholds.planner, wiring: thresholds.wiring, code: thresholds.code, ...(thresholds.ask === undefined ? {} : { ask: thresholds.ask }) },
    limits: { ...limits },
    ...(second ? { secondReading: secondReadingOptions(second) } : {}),
    ...asking,
    ...(onEvent ? { onEvent } : {}),
  };
}

export interface RecordOptions {
  runner: SandboxRunner;
  thresholds: Thresholds;
  /** The models' pipeline fingerprint (pipelineFingerprint). */
  models: string;
  /** The task loop's defaults where absent. */
  limits?: Partial<ComposeLimits>;
  /** Which intents the two Planners' different plans are weighed on (the settings' weigh); absent or false: none. */
  weigh?: Weighing | false;
  /** The person accepts the plan the run offers (pipeline.ts acceptOffer). */
  acceptOffer?: boolean;
  /** The settings' askOnWords (pipeline.ts); absent: false. */
  askOnWords?: boolean;
  /** The second reading (with the organelles' reader and reader2); absent: none. */
  secondReading?: { planner: number; ask?: number; weigh?: Weighing | false; check?: 'aligned'; none?: number; unsaid?: boolean };
  onEvent?: (event: OrchestratorEvent) => void;
}

export interface RecordedCompose {
  result: ComposeResult;
  /** Null when the intent was refused before any organelle ran: there is nothing to replay. */
  link: ComposeLink | null;
}

/** Composes `intent`, recording every organelle answer for the run's share link. */
export async function composeRecorded(intent: string, organelles: ComposeOrganelles, options: RecordOptions): Promise<RecordedCompose> {
  const { maxIterations, stallLimit, maxReplans } = { ...DEFAULT_TASK_LIMITS, ...options.limits };
  const limits = { maxIterations, stallLimit, maxReplans };
  const answers: ComposeAnswer[] = [];
  const recorded: ComposeOrganelles = {
    ...(organelles.planner ? { planner: recording('planner', organelles.planner, answers) } : {}),
    ...(organelles.planner2 ? { planner2: recording('planner2', organelles.planner2, answers) } : {}),
    wiring: recording('wiring', organelles.wiring, answers),
    code: recording('code', organelles.code, answers),
    // the Readers read again what the Planners were unsure of: without the Planner (the ablation), nothing
    ...(organelles.planner && organelles.reader && organelles.reader2 && options.secondReading
      ? { reader: recording('reader', organelles.reader, answers), reader2: recording('reader2', organelles.reader2, answers) }
      : {}),
  };
  // weighing takes both Planners: without the Planner (the ablation) the keyword decomposer plans alone
  const weigh = organelles.planner !== undefined && organelles.planner2 !== undefined ? (options.weigh ?? false) : false;
  const accepted = options.acceptOffer ?? false;
  const askOnWords = options.askOnWords ?? false;
  const reading = options.secondReading;
  const second: LinkSecondReading | null = recorded.reader && reading
    ? { planner: reading.planner, ask: reading.ask ?? 1, weigh: reading.weigh ?? false, aligned: reading.check === 'aligned', ...(reading.none !== undefined ? { none: reading.none } : {}), ...(reading.unsaid ? { unsaid: true } : {}) }
    : null;
  const result = await composeIntent(intent, recorded, composeRunOptions(options.runner, options.thresholds, limits, weigh, { acceptOffer: accepted, askOnWords }, second, options.onEvent));
  if (checkIntent(intent) !== null) return { result, link: null };
  const link: ComposeLink = {
    intent,
    planner: organelles.planner !== undefined,
    weigh,
    models: options.models,
    thresholds: { planner: options.thresholds.planner, wiring: options.thresholds.wiring, code: options.thresholds.code, ask: options.thresholds.ask ?? 1 },
    limits,
    accepted,
    askOnWords,
    second,
    trace: traceDigest(result.events),
    answers,
  };
  return { result, link };
}

export interface ReplayOptions {
  /** The sandbox the Judge runs the reproduced code in (nodeSandbox, browserSandbox). */
  runner: SandboxRunner;
  /** Each event as the replay makes it, before the replay is known to be faithful. */
  onEvent?: (event: OrchestratorEvent) => void;
}

export interface ComposeReplay {
  link: ComposeLink;
  result: ComposeResult;
}

/** Decodes, checks and replays a link (a payload, `#/c/<payload>`, or an address ending so). */
export async function replayComposeLink(text: string, options: ReplayOptions): Promise<ComposeReplay> {
  const link = await decodeComposeLink(composePayload(text));
  return { link, result: await replayCompose(link, options) };
}

/**
 * Runs a decoded link's recorded answers through the pipeline again. Throws ComposeLinkError
 * (check 'replay') when the run asks for an answer the link does not have in that place or
 * leaves some unused, and (check 'trace') when its events are not the recorded ones.
 */
export async function replayCompose(link: ComposeLink, options: ReplayOptions): Promise<ComposeResult> {
  checkLink(link);
  const script = new Script<LinkRole>(link.answers, ROLE_NAMES);
  let asked: string | null = null;
  const scripted = (role: LinkRole): Organelle => {
    const answer = script.organelle(role);
    return (prompt, attempt) => {
      const index = link.answers.length - script.remaining + 1;
      try {
        return answer(prompt, attempt);
      } catch (err) {
        asked ??= `answer ${index} of ${link.answers.length}, ${ROLE_NAMES[role]} to "${prompt}"`;
        throw err;
      }
    };
  };
  const organelles: ComposeOrganelles = {
    // a link made with two Planners has the second's answers; one made before it, none
    ...(link.planner ? { planner: scripted('planner') } : {}),
    ...(link.planner && link.answers.some((a) => a.source === 'planner2') ? { planner2: scripted('planner2') } : {}),
    wiring: scripted('wiring'),
    code: scripted('code'),
    ...(link.second ? { reader: scripted('reader'), reader2: scripted('reader2') } : {}),
  };
  const asking = { acceptOffer: link.accepted, askOnWords: link.askOnWords };
  const result = await composeIntent(link.intent, organelles, composeRunOptions(options.runner, link.thresholds, link.limits, link.weigh, asking, link.second, options.onEvent));
  if (script.mismatch !== null) throw new ComposeLinkError('replay', `${script.mismatch} (the run asked for ${asked})`);
  if (script.remaining > 0) {
    throw new ComposeLinkError('replay', `the link has ${script.remaining} answer(s) the replay never used, so it does not replay`);
  }
  if (traceDigest(result.events) !== link.trace) {
    const error = result.events.find((e) => e.type === 'error');
    const why = error?.type === 'error' ? ` (the replay stopped on an error: ${error.message})` : '';
    throw new ComposeLinkError(
      'trace',
      `the replayed run differs from the recorded one${why}: the link was altered, or made by a build whose library, prompts, plan-words check, keyword decomposer or Judge differ`,
    );
  }
  return result;
}

// ---- checks shared by encoding and decoding

function isUnit(x: number): boolean {
  return Number.isFinite(x) && x >= 0 && x <= 1;
}

/**
 * The most organelle calls a run with `limits` makes: each Planner's per attempt at a plan (and,
 * weighed, each one's reading of the other's plan), and one per task.
 */
function maxAnswers(limits: ComposeLimits, weigh: Weighing | false, none = false): number {
  // a rereading takes a replan's place: each attempt is still one pair of Planners', and with a
  // ceiling on none each Planner may be asked of none as well
  const perAttempt = PLANNER_ROLES.length * ((weigh ? 2 : 1) + (none ? 1 : 0));
  return perAttempt * PLAN_ATTEMPTS * (1 + limits.maxReplans) + limits.maxIterations;
}

/** Every field's type and range; throws ComposeLinkError naming the first that fails. */
function checkLink(link: ComposeLink): void {
  if (typeof link.planner !== 'boolean') throw new ComposeLinkError('flags', 'whether the Planner was used must be true or false');
  if (link.weigh !== false && !WEIGHINGS.includes(link.weigh)) throw new ComposeLinkError('flags', `which intents the Planners' plans were weighed on must be false or one of ${WEIGHINGS.join(', ')}`);
  if (link.weigh && !link.planner) throw new ComposeLinkError('flags', "the link says the Planners' plans were weighed in a run without the Planner");
  if (typeof link.models !== 'string' || !/^[0-9a-f]{16}$/.test(link.models)) {
    throw new ComposeLinkError('models', 'the model fingerprint must be 16 hex digits');
  }
  if (typeof link.accepted !== 'boolean') throw new ComposeLinkError('flags', 'whether the person accepted an offer must be true or false');
  if (typeof link.askOnWords !== 'boolean') throw new ComposeLinkError('flags', 'whether plans the words do not say were asked about must be true or false');
  for (const role of THRESHOLD_ROLES) {
    const t = link.thresholds?.[role];
    if (typeof t !== 'number' || !isUnit(t)) throw new ComposeLinkError('thresholds', `the ${role} threshold must be a number in [0, 1], got ${t}`);
  }
  const ask = link.thresholds.ask;
  if (ask !== undefined && !isUnit(ask)) throw new ComposeLinkError('thresholds', `the ask floor must be a number in [0, 1], got ${ask}`);
  for (const key of ['maxIterations', 'stallLimit', 'maxReplans'] as const) {
    const v = link.limits?.[key];
    const min = key === 'maxIterations' ? 1 : 0;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > LINK_LIMITS[key]) {
      throw new ComposeLinkError('limits', `${key} must be a whole number in ${min}..${LINK_LIMITS[key]}, got ${v}`);
    }
  }
  if (typeof link.trace !== 'number' || !Number.isInteger(link.trace) || link.trace < 0 || link.trace > 0xffffffff) {
    throw new ComposeLinkError('trace', 'the trace digest must be a 32-bit unsigned integer');
  }
  if (typeof link.intent !== 'string') throw new ComposeLinkError('intent', 'the intent must be text');
  const problem = checkIntent(link.intent);
  if (problem !== null) throw new ComposeLinkError('intent', problem);
  if (!Array.isArray(link.answers)) throw new ComposeLinkError('answers', 'the answers must be a list');
  const second = link.second;
  if (second !== null) {
    if (typeof second !== 'object' || !link.planner) throw new ComposeLinkError('flags', 'the link says a second reading was made in a run without the Planner');
    if (!isUnit(second.planner) || !isUnit(second.ask)) throw new ComposeLinkError('thresholds', "the second reading's threshold and ask floor must be numbers in [0, 1]");
    if (!WEIGH_CODES.includes(second.weigh)) throw new ComposeLinkError('flags', `which intents the Readers' plans were weighed on must be false or one of ${WEIGHINGS.join(', ')}`);
    if (typeof second.aligned !== 'boolean') throw new ComposeLinkError('flags', "whether the Readers' plans were checked by the learned lexicon must be true or false");
    if (second.none !== undefined && !isUnit(second.none)) throw new ComposeLinkError('thresholds', "the ceiling on the Readers' confidence in none must be a number in [0, 1]");
    if (second.none !== undefined && !second.aligned) throw new ComposeLinkError('flags', "the link has a ceiling on the Readers' confidence in none, but their plans were not checked by the learned lexicon");
    if (second.leftOut !== undefined && (typeof second.leftOut !== 'boolean' || (second.leftOut && !second.aligned))) throw new ComposeLinkError('flags', "the link's left-out rule belongs to the learned lexicon's check");
    if (second.unsaid !== undefined && (typeof second.unsaid !== 'boolean' || (second.unsaid && !second.aligned))) throw new ComposeLinkError('flags', "the link's reading again without a step no word says belongs to the learned lexicon's check");
  }
  const most = maxAnswers(link.limits, link.weigh || (second?.weigh ?? false), second?.none !== undefined);
  if (link.answers.length > most) {
    throw new ComposeLinkError('answers', `the link has ${link.answers.length} answers; a run with its limits asks at most ${most}`);
  }
  link.answers.forEach((a, i) => {
    const n = i + 1;
    if (!ROLES.includes(a?.source)) throw new ComposeLinkError('answers', `answer ${n} is from an unknown organelle`);
    if ((isReader(a.source) || isPlannerRole(a.source)) && !link.planner) throw new ComposeLinkError('answers', `answer ${n} is ${ROLE_NAMES[a.source]}, in a run without the Planner`);
    if (isReader(a.source) && second === null) throw new ComposeLinkError('answers', `answer ${n} is ${ROLE_NAMES[a.source]}, in a run without a second reading`);
    if (typeof a.text !== 'string') throw new ComposeLinkError('answers', `answer ${n} is not text`);
    if (a.text.length > MAX_ANSWER[a.source]) {
      throw new ComposeLinkError('answers', `answer ${n} (${a.source}) has ${a.text.length} characters; at most ${MAX_ANSWER[a.source]}`);
    }
    if (typeof a.confidence !== 'number' || !isUnit(a.confidence)) {
      throw new ComposeLinkError('answers', `answer ${n}'s confidence must be a number in [0, 1], got ${a.confidence}`);
    }
  });
}

// ---- bytes

class Writer {
  readonly #bytes: number[] = [];
  readonly #f64 = new DataView(new ArrayBuffer(8));

  u8(v: number): void {
    this.#bytes.push(v & 0xff);
  }

  u32(v: number): void {
    this.#bytes.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24);
  }

  f64(v: number): void {
    this.#f64.setFloat64(0, v, true);
    for (let i = 0; i < 8; i++) this.#bytes.push(this.#f64.getUint8(i));
  }

  varint(v: number): void {
    do {
      this.#bytes.push((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
      v >>>= 7;
    } while (v > 0);
  }

  text(s: string): void {
    const bytes = new TextEncoder().encode(s);
    this.varint(bytes.length);
    for (const b of bytes) this.#bytes.push(b);
  }

  done(): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(this.#bytes);
  }
}

class Reader {
  readonly #bytes: Uint8Array;
  readonly #view: DataView;
  readonly #end: number;
  at = 0;

  constructor(bytes: Uint8Array, end: number) {
    this.#bytes = bytes;
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#end = end;
  }

  #need(n: number, what: string): void {
    if (this.at + n > this.#end) throw new ComposeLinkError('length', `the link ends too early, in ${what}: it was probably cut off`);
  }

  u8(what: string): number {
    this.#need(1, what);
    return this.#bytes[this.at++];
  }

  u32(what: string): number {
    this.#need(4, what);
    const v = this.#view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }

  f64(what: string): number {
    this.#need(8, what);
    const v = this.#view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }

  varint(what: string): number {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      const b = this.u8(what);
      v += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) return v;
      if (shift >= 21) throw new ComposeLinkError('length', `the link has an impossible length in ${what}`);
    }
  }

  bytes(n: number, what: string): Uint8Array {
    this.#need(n, what);
    const out = this.#bytes.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
}

/** Deflates or inflates through the platform's (de)compression streams; inflating stops past MAX_BODY bytes. */
async function transform(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  // written and closed without waiting: the reader below drains the stream meanwhile
  writer.write(bytes).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.length;
    if (total > MAX_BODY) {
      await reader.cancel().catch(() => undefined);
      throw new ComposeLinkError('length', `the link inflates to more than ${MAX_BODY} bytes`);
    }
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function decodeText(bytes: Uint8Array, check: 'intent' | 'answers', what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ComposeLinkError(check, `${what} is not UTF-8 text`);
  }
}

// ---- encoding and decoding

/** The link as its payload (what follows `#/c/`). Refuses, naming the check, a link that would not decode. */
export async function encodeComposeLink(link: ComposeLink): Promise<string> {
  checkLink(link);
  if (link.second?.leftOut) throw new ComposeLinkError('version', "a run checked with the left-out rule is a format 5 link's, read but never written");
  const w = new Writer();
  w.u8((link.planner ? 1 : 0) | (link.weigh ? 2 : 0) | (link.weigh === 'every' ? 4 : 0) | (link.accepted ? 8 : 0) | (link.askOnWords ? 16 : 0) | (link.second ? 32 : 0) | (link.second?.aligned ? 64 : 0) | (link.second?.none !== undefined ? 128 : 0));
  for (let i = 0; i < 16; i += 2) w.u8(parseInt(link.models.slice(i, i + 2), 16));
  for (const role of THRESHOLD_ROLES) w.f64(link.thresholds[role]);
  w.f64(link.thresholds.ask ?? 1);
  if (link.second) {
    w.f64(link.second.planner);
    w.f64(link.second.ask);
    w.u8(WEIGH_CODES.indexOf(link.second.weigh));
    w.u8(link.second.unsaid ? 1 : 0);
    if (link.second.none !== undefined) w.f64(link.second.none);
  }
  w.u8(link.limits.maxIterations);
  w.u8(link.limits.stallLimit);
  w.u8(link.limits.maxReplans);
  w.u32(link.trace);
  w.text(link.intent);
  w.varint(link.answers.length);
  for (const a of link.answers) {
    w.u8(ROLES.indexOf(a.source));
    w.text(a.text);
    w.f64(a.confidence);
  }
  const packed = await transform(w.done(), new CompressionStream('deflate-raw'));
  const out = new Uint8Array(1 + packed.length + 4);
  out[0] = COMPOSE_LINK_VERSION;
  out.set(packed, 1);
  new DataView(out.buffer).setUint32(out.length - 4, fnv1a(out, out.length - 4), true);
  const payload = toBase64Url(out);
  if (payload.length > MAX_PAYLOAD) throw new ComposeLinkError('length', `the link would have ${payload.length} characters; at most ${MAX_PAYLOAD}`);
  return payload;
}

/** The payload in `text`: itself, or what follows `#/c/` in a link or an address. */
export function composePayload(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.indexOf(COMPOSE_ROUTE);
  return at >= 0 ? trimmed.slice(at + COMPOSE_ROUTE.length) : trimmed;
}

/** Reads a payload, checking everything but the replay; throws ComposeLinkError naming the check that failed. */
export async function decodeComposeLink(payload: string): Promise<ComposeLink> {
  if (payload.length === 0) throw new ComposeLinkError('characters', 'the link is empty');
  if (payload.length > MAX_PAYLOAD) throw new ComposeLinkError('length', `the link has ${payload.length} characters; at most ${MAX_PAYLOAD}`);
  const problem = linkTextProblem(payload);
  if (problem) throw new ComposeLinkError('characters', problem);
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(payload);
  } catch {
    bytes = new Uint8Array(0);
  }
  // one canonical spelling: a character changed only in the unused low bits of the last one is refused too
  if (bytes.length === 0 || toBase64Url(bytes) !== payload) {
    throw new ComposeLinkError('characters', LINK_END_PROBLEM);
  }
  if (bytes.length < 6) throw new ComposeLinkError('length', 'the link is too short: it was probably cut off');
  const end = bytes.length - 4;
  if (fnv1a(bytes, end) !== new DataView(bytes.buffer, bytes.byteOffset).getUint32(end, true)) {
    throw new ComposeLinkError('checksum', 'the link is damaged, cut off or edited: its checksum does not match');
  }
  const version = bytes[0];
  if (version > COMPOSE_LINK_VERSION) {
    throw new ComposeLinkError('version', `the link was made by a newer version of Organelle Lab (format ${version})`);
  }
  if (version < 1) throw new ComposeLinkError('version', `unknown link format ${version}`);
  let body: Uint8Array;
  try {
    body = await transform(bytes.slice(1, end), new DecompressionStream('deflate-raw'));
  } catch (err) {
    if (err instanceof ComposeLinkError) throw err;
    throw new ComposeLinkError('compression', 'the link does not decompress: it was made wrongly or forged');
  }

  const r = new Reader(body, body.length);
  const flags = r.u8('the flags');
  if (flags > [7, 31, 63, 127, 255, 255, 255][version - 1]) throw new ComposeLinkError('flags', `the link has unknown flags (${flags})`);
  if ((flags & 96) === 64) throw new ComposeLinkError('flags', "the link says the Readers' plans were checked, but not that there was a second reading");
  if ((flags & 224) !== 224 && (flags & 128) === 128) throw new ComposeLinkError('flags', "the link has a ceiling on the Readers' confidence in none, but not a second reading whose plans the learned lexicon checked");
  if ((flags & 6) === 4) throw new ComposeLinkError('flags', 'the link says every intent was weighed, but not that plans were weighed');
  const weigh = (flags & 2) === 0 ? false : (flags & 4) === 4 ? 'every' : 'readable';
  const models = Array.from(r.bytes(8, 'the model fingerprint'), (b) => b.toString(16).padStart(2, '0')).join('');
  const thresholds: Thresholds = { planner: r.f64('the thresholds'), wiring: r.f64('the thresholds'), code: r.f64('the thresholds') };
  if (version >= 2) thresholds.ask = r.f64('the thresholds');
  let second: LinkSecondReading | null = null;
  if ((flags & 32) === 32) {
    const planner = r.f64("the second reading's threshold");
    const ask = r.f64("the second reading's ask floor");
    const code = r.u8("the second reading's weighing");
    if (code >= WEIGH_CODES.length) throw new ComposeLinkError('flags', `the link has an unknown weighing for its second reading (${code})`);
    second = { planner, ask, weigh: WEIGH_CODES[code], aligned: (flags & 64) === 64 };
    // from format 7, the second reading's own flags: 1, a step no word says blocked and read again
    if (version >= 7) {
      const own = r.u8("the second reading's flags");
      if (own > 1 || (own === 1 && !second.aligned)) throw new ComposeLinkError('flags', `the link has unknown flags for its second reading (${own})`);
      if (own === 1) second.unsaid = true;
    }
    if ((flags & 128) === 128) second.none = r.f64("the ceiling on the Readers' confidence in none");
    if (version < 6 && second.aligned) second.leftOut = true;
  }
  const limits = { maxIterations: r.u8('the limits'), stallLimit: r.u8('the limits'), maxReplans: r.u8('the limits') };
  const trace = r.u32('the trace digest');
  const intent = decodeText(r.bytes(r.varint('the intent'), 'the intent'), 'intent', 'the intent');
  const count = r.varint('the answer count');
  // checked before reading the answers, so a forged count allocates nothing
  if (count > maxAnswers({ maxIterations: LINK_LIMITS.maxIterations, stallLimit: 0, maxReplans: LINK_LIMITS.maxReplans }, weigh || (second?.weigh ?? false), second?.none !== undefined)) {
    throw new ComposeLinkError('answers', `the link claims ${count} answers`);
  }
  const answers: ComposeAnswer[] = [];
  for (let i = 0; i < count; i++) {
    const what = `answer ${i + 1}`;
    const source = ROLES[r.u8(what)];
    if (source === undefined) throw new ComposeLinkError('answers', `${what} is from an unknown organelle`);
    const text = decodeText(r.bytes(r.varint(what), what), 'answers', what);
    answers.push({ source, text, confidence: r.f64(what) });
  }
  if (r.at !== body.length) throw new ComposeLinkError('length', 'the link has unexpected data after its answers');
  const link: ComposeLink = { intent, planner: (flags & 1) === 1, weigh, models, thresholds, limits, accepted: (flags & 8) === 8, askOnWords: (flags & 16) === 16, second, trace, answers };
  checkLink(link);
  return link;
}
