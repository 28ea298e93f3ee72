// The self-describing .organelle binary model format, versions 1 and 2. All integers and
// floats are little-endian:
//   magic      8 bytes  "ORGANELL" (ASCII)
//   version    u32      1 (a char vocabulary) or 2 (a `tokenizer` in the header)
//   headerLen  u32      byte length of the header
//   header     UTF-8 JSON { shape, vocab, tokenizer?, recipe, paramCount, hasOptimizer, createdAt?, name?, evaluation?, examples? }
//   padding    zero bytes up to a 4-byte boundary, so the floats can be viewed in place
//   params     paramCount x f32 (parameterLayout order)
//   optimizer  only if hasOptimizer: u32 step, 4 x u32 rngState, m (paramCount f32), v (paramCount f32)
//   checksum   u32 FNV-1a 32-bit over every preceding byte
// `vocab` is the alphabet (every character in id order, without BOS). Version 2 adds
// `tokenizer`: { kind: 'char' } or a subword vocabulary { kind: 'subword', protected, merges,
// units } (worker/model/tokenizer.ts). A char model is still written as version 1, byte for
// byte what it always was, and every version 1 file reads as a char model; a subword model is
// version 2, so an app from before it refuses the file by its version instead of misreading it.
// A file that fails a check is refused with a ModelFileError naming that check. Weights (and
// optimizer state) that are not finite numbers are refused both ways, the 'weights' check:
// a run that diverged leaves them, and such a model gives every answer probability 0.
import { parameterCount, validateShape, type ModelShape } from './shape.ts';
import type { OptimizerState, TrainConfig, TrainingRecipe } from './types.ts';
import { Vocab } from './vocab.ts';
import { SubwordVocab } from './subword.ts';
import type { SubwordSpec, Tokenizer } from './tokenizer.ts';

export const MODEL_FILE_MAGIC = 'ORGANELL';
export const MODEL_FILE_VERSION = 2;
/** The version a char model is written with (the format before tokenizers). */
export const MODEL_FILE_VERSION_CHAR = 1;
export const MODEL_FILE_EXTENSION = '.organelle';

/** Everything a .organelle file holds. */
export interface OrganelleModel {
  shape: ModelShape;
  vocabChars: string; // the alphabet without BOS, in id order (Vocab.fromChars)
  tokenizer?: SubwordSpec; // a subword vocabulary over that alphabet; absent: a char model
  recipe: TrainingRecipe;
  params: Float32Array; // parameterCount(shape) floats
  optimizer?: OptimizerState; // present when the run can be resumed
  name?: string;
  createdAt?: string; // ISO 8601
  evaluation?: Record<string, number>; // metric name -> value, e.g. solve rate
  examples?: CorpusExample[]; // a few documents of its corpus, so a person knows what to ask it
}

/** One document of a model's corpus, kept in its file as an example of what to ask. */
export interface CorpusExample {
  prompt: string;
  response: string;
  heldOut: boolean; // a validation document, never trained on
}

/** The checks decodeModelFile runs, in order. */
export type ModelFileCheck =
  | 'truncated' | 'magic' | 'version' | 'header' | 'tokenizer' | 'shape' | 'size' | 'checksum' | 'weights';

export class ModelFileError extends Error {
  readonly check: ModelFileCheck;

  constructor(check: ModelFileCheck, message: string) {
    super(message);
    this.name = 'ModelFileError';
    this.check = check;
  }
}

// ---- hashing

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a 32-bit. Pass a previous result as `hash` to continue over several pieces. */
export function fnv1a32(bytes: Uint8Array, hash = FNV_OFFSET): number {
  let h = hash >>> 0;
  for (let i = 0; i < bytes.length; i++) {
    h = Math.imul(h ^ bytes[i], FNV_PRIME);
  }
  return h >>> 0;
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/**
 * A 16-hex-digit identity of a model's architecture, vocabulary and weights (not its recipe,
 * name or optimizer state), for share links. Two FNV-1a passes with different offset bases
 * make an accidental collision between a user's models vanishingly unlikely; it is not a
 * cryptographic hash.
 */
export function modelFingerprint(model: Pick<OrganelleModel, 'shape' | 'vocabChars' | 'params' | 'tokenizer'>): string {
  const { vocabSize, embd, heads, layers, mlp, block, alibi } = model.shape;
  // a model without ALiBi, or with a char vocabulary, keeps the fingerprint it always had
  const t = model.tokenizer;
  const subword = t ? [{ protected: t.protected, merges: t.merges }] : [];
  const text = JSON.stringify([vocabSize, embd, heads, layers, mlp, block, ...(alibi ? ['alibi'] : []), model.vocabChars, ...subword]);
  const head = new TextEncoder().encode(text);
  const params = float32LeBytes(model.params);
  const a = fnv1a32(params, fnv1a32(head));
  const b = fnv1a32(params, fnv1a32(head, 0x9e3779b9));
  return hex8(a) + hex8(b);
}

// ---- finite weights

/** The index of the first element of `a` that is NaN or infinite, or -1 when every one is finite. */
export function firstNonFinite(a: Float32Array): number {
  for (let i = 0; i < a.length; i++) {
    // x - x is 0 for every finite x and NaN for NaN and both infinities
    if (a[i] - a[i] !== 0) return i;
  }
  return -1;
}

/** The 'weights' refusal for the first non-finite float of the params or optimizer state, or null. */
function nonFiniteWeights(model: Pick<OrganelleModel, 'params' | 'optimizer'>): ModelFileError | null {
  const parts: [string, Float32Array | undefined][] = [
    ['parameter', model.params],
    ["optimizer's first moment", model.optimizer?.m],
    ["optimizer's second moment", model.optimizer?.v],
  ];
  for (const [what, a] of parts) {
    const i = a ? firstNonFinite(a) : -1;
    if (i < 0) continue;
    return new ModelFileError(
      'weights',
      `Model has weights that are not finite numbers: ${what} ${grouped(i)} of ${grouped(a!.length)} is ${a![i]}` +
        ' (a training run that diverged leaves such weights, and the model would give every answer probability 0)',
    );
  }
  return null;
}

// ---- byte helpers

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The little-endian bytes of `a`: a view on little-endian hosts, a converted copy otherwise. */
function float32LeBytes(a: Float32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const out = new Uint8Array(a.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < a.length; i++) view.setFloat32(i * 4, a[i], true);
  return out;
}

/** A fresh Float32Array (never a view on `bytes`) of `n` little-endian floats at `offset`. */
function readFloat32s(bytes: Uint8Array, offset: number, n: number): Float32Array {
  // ArrayBuffer.slice copies exactly this range; Uint8Array.slice would not do for a Node
  // Buffer, whose slice is a view into a larger shared pool.
  const start = bytes.byteOffset + offset;
  if (LITTLE_ENDIAN) return new Float32Array(bytes.buffer.slice(start, start + n * 4) as ArrayBuffer);
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, n * 4);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

function align4(n: number): number {
  return (n + 3) & ~3;
}

/** 262412 -> "262,412", without depending on the host's locale data. */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const PREAMBLE = 16; // magic + version + headerLen
const OPTIMIZER_FIXED = 20; // step + 4 x rngState
const CHECKSUM = 4;

function bodyBytes(paramCount: number, hasOptimizer: boolean): number {
  return paramCount * 4 + (hasOptimizer ? OPTIMIZER_FIXED + paramCount * 8 : 0);
}

// ---- header

interface Header {
  shape: ModelShape;
  vocab: string;
  tokenizer?: { kind: 'char' } | SubwordSpec; // version 2 only
  recipe: TrainingRecipe;
  paramCount: number;
  hasOptimizer: boolean;
  createdAt?: string;
  name?: string;
  evaluation?: Record<string, number>;
  examples?: CorpusExample[];
}

const SHAPE_KEYS = ['vocabSize', 'embd', 'heads', 'layers', 'mlp', 'block'] as const satisfies readonly (keyof ModelShape)[];

// The TrainConfig fields a file must carry, with their JSON types; newer fields are kept
// as they are so that adding one does not make older readers refuse the file.
const CONFIG_TYPES: Record<keyof TrainConfig, 'number' | 'boolean'> = {
  steps: 'number',
  batchDocs: 'number',
  learningRate: 'number',
  warmupSteps: 'number',
  beta1: 'number',
  beta2: 'number',
  eps: 'number',
  weightDecay: 'number',
  gradClip: 'number',
  labelSmoothing: 'number',
  responseOnlyLoss: 'boolean',
};

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The first problem with a parsed header's structure, or null. */
function headerProblem(h: unknown): string | null {
  if (!isObject(h)) return 'the header is not a JSON object';
  if (!isObject(h.shape)) return 'shape is missing';
  for (const k of SHAPE_KEYS) if (typeof h.shape[k] !== 'number') return `shape.${k} is not a number`;
  if (h.shape.alibi !== undefined && typeof h.shape.alibi !== 'boolean') return 'shape.alibi is not a boolean';
  if (typeof h.vocab !== 'string') return 'vocab is not a string';
  if (typeof h.paramCount !== 'number' || !Number.isSafeInteger(h.paramCount) || h.paramCount < 0) {
    return 'paramCount is not a non-negative integer';
  }
  if (typeof h.hasOptimizer !== 'boolean') return 'hasOptimizer is not a boolean';
  const r = h.recipe;
  if (!isObject(r)) return 'recipe is missing';
  if (typeof r.corpusId !== 'string') return 'recipe.corpusId is not a string';
  if (typeof r.corpusVersion !== 'string') return 'recipe.corpusVersion is not a string';
  if (typeof r.seed !== 'number') return 'recipe.seed is not a number';
  if (typeof r.stepsDone !== 'number') return 'recipe.stepsDone is not a number';
  if (!isObject(r.config)) return 'recipe.config is missing';
  for (const [k, type] of Object.entries(CONFIG_TYPES)) {
    if (typeof r.config[k] !== type) return `recipe.config.${k} is not a ${type}`;
  }
  if (h.createdAt !== undefined && typeof h.createdAt !== 'string') return 'createdAt is not a string';
  if (h.name !== undefined && typeof h.name !== 'string') return 'name is not a string';
  if (h.evaluation !== undefined) {
    if (!isObject(h.evaluation)) return 'evaluation is not an object';
    for (const [k, v] of Object.entries(h.evaluation)) {
      if (typeof v !== 'number') return `evaluation.${k} is not a number`;
    }
  }
  if (h.examples !== undefined) {
    if (!Array.isArray(h.examples)) return 'examples is not a list';
    for (const [i, e] of h.examples.entries()) {
      if (!isObject(e) || typeof e.prompt !== 'string' || typeof e.response !== 'string' || typeof e.heldOut !== 'boolean') {
        return `examples[${i}] is not a { prompt, response, heldOut } document`;
      }
    }
  }
  return null;
}

function headerError(why: string): ModelFileError {
  return new ModelFileError('header', `Model file header is unreadable: ${why}`);
}

/** The first problem with a version 2 header's `tokenizer` structure, or null. */
function tokenizerProblem(t: unknown): string | null {
  if (!isObject(t)) return 'tokenizer is not an object';
  if (t.kind === 'char') return null;
  if (t.kind !== 'subword') return `tokenizer.kind ${JSON.stringify(t.kind)} is neither "char" nor "subword"`;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
  if (!strings(t.protected)) return 'tokenizer.protected is not a list of strings';
  if (!strings(t.units)) return 'tokenizer.units is not a list of strings';
  const pairs = Array.isArray(t.merges) && t.merges.every((m) => Array.isArray(m) && m.length === 2 && m.every((x) => typeof x === 'number'));
  if (!pairs) return 'tokenizer.merges is not a list of [number, number] pairs';
  const p = t.mergeDropout;
  if (p !== undefined && !(typeof p === 'number' && p > 0 && p < 1)) return `tokenizer.mergeDropout ${JSON.stringify(p)} is not a probability in (0, 1)`;
  return null;
}

/** Parses and checks the header JSON; a vocabulary that does not hold together is the 'tokenizer' check, every other failure the 'header' check. */
function readHeader(raw: Uint8Array, version: number): Header {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw headerError('it is not valid UTF-8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw headerError('it is not valid JSON');
  }
  const problem = headerProblem(parsed);
  if (problem) throw headerError(problem);
  const header = parsed as Header;
  if (version === MODEL_FILE_VERSION_CHAR && header.tokenizer !== undefined) {
    throw headerError('a version 1 file has no tokenizer field (version 2 carries it)');
  }
  if (version >= 2) {
    if (header.tokenizer === undefined) throw headerError('tokenizer is missing (a version 2 file carries it)');
    const t = tokenizerProblem(header.tokenizer);
    if (t) throw headerError(t);
  }
  try {
    Vocab.fromChars(header.vocab);
  } catch (e) {
    throw headerError((e as Error).message);
  }
  return header;
}

// ---- encode

function isU32(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= 0xffffffff;
}

/**
 * The tokenizer a model file describes: a char vocabulary of its alphabet, or the subword
 * vocabulary over it. Throws (VocabError) when the parts do not hold together.
 */
export function modelTokenizer(model: Pick<OrganelleModel, 'vocabChars' | 'tokenizer'>): Tokenizer {
  return model.tokenizer ? SubwordVocab.fromSpec(model.vocabChars, model.tokenizer) : Vocab.fromChars(model.vocabChars);
}

/** Refuses to write a model that decodeModelFile would refuse to read. */
function checkEncodable(model: OrganelleModel): void {
  validateShape(model.shape);
  const n = parameterCount(model.shape);
  const units = modelTokenizer(model).size - 1;
  if (units !== model.shape.vocabSize - 1) {
    throw new Error(
      `encodeModelFile: vocabulary has ${units} ${model.tokenizer ? 'units' : 'characters'} but shape.vocabSize ${model.shape.vocabSize} needs ${model.shape.vocabSize - 1}`,
    );
  }
  if (model.params.length !== n) {
    throw new Error(`encodeModelFile: ${model.params.length} params but the shape has ${n}`);
  }
  const opt = model.optimizer;
  if (opt) {
    if (opt.m.length !== n || opt.v.length !== n) {
      throw new Error(`encodeModelFile: optimizer m/v have ${opt.m.length}/${opt.v.length} floats, expected ${n}`);
    }
    if (!isU32(opt.step)) throw new Error(`encodeModelFile: optimizer step ${opt.step} is not a u32`);
    if (opt.rngState.length !== 4 || !opt.rngState.every(isU32)) {
      throw new Error('encodeModelFile: optimizer rngState must be 4 u32 values');
    }
  }
  for (const [k, v] of Object.entries(model.evaluation ?? {})) {
    // JSON would silently turn NaN and Infinity into null.
    if (!Number.isFinite(v)) throw new Error(`encodeModelFile: evaluation.${k} is ${v}, not a finite number`);
  }
  const weights = nonFiniteWeights(model);
  if (weights) throw weights;
}

export function encodeModelFile(model: OrganelleModel): Uint8Array {
  checkEncodable(model);
  const n = model.params.length;
  const { alibi, ...widths } = model.shape;
  const header: Header = {
    // alibi is written only when on, so a file without it stays byte for byte what it was
    shape: alibi ? { ...widths, alibi } : widths,
    vocab: model.vocabChars,
    // only a subword model has (and needs) the field and version 2
    ...(model.tokenizer ? { tokenizer: model.tokenizer } : {}),
    recipe: model.recipe,
    paramCount: n,
    hasOptimizer: model.optimizer !== undefined,
    createdAt: model.createdAt,
    name: model.name,
    evaluation: model.evaluation,
    examples: model.examples,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const dataStart = align4(PREAMBLE + headerBytes.length);
  const total = dataStart + bodyBytes(n, header.hasOptimizer) + CHECKSUM;

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MODEL_FILE_MAGIC.length; i++) out[i] = MODEL_FILE_MAGIC.charCodeAt(i);
  view.setUint32(8, model.tokenizer ? MODEL_FILE_VERSION : MODEL_FILE_VERSION_CHAR, true);
  view.setUint32(12, headerBytes.length, true);
  out.set(headerBytes, PREAMBLE);

  let at = dataStart;
  out.set(float32LeBytes(model.params), at);
  at += n * 4;
  const opt = model.optimizer;
  if (opt) {
    view.setUint32(at, opt.step, true);
    for (let i = 0; i < 4; i++) view.setUint32(at + 4 + i * 4, opt.rngState[i], true);
    at += OPTIMIZER_FIXED;
    out.set(float32LeBytes(opt.m), at);
    at += n * 4;
    out.set(float32LeBytes(opt.v), at);
    at += n * 4;
  }
  view.setUint32(at, fnv1a32(out.subarray(0, at)), true);
  return out;
}

// ---- decode

function truncated(expected: number, got: number, atLeast = false): ModelFileError {
  return new ModelFileError(
    'truncated',
    `Model file is truncated: expected ${atLeast ? 'at least ' : ''}${grouped(expected)} bytes, got ${grouped(got)}`,
  );
}

export function decodeModelFile(bytes: Uint8Array): OrganelleModel {
  // Magic first, over however many bytes there are: a short file that is not a model at all
  // is better reported as "not a model" than as "truncated".
  for (let i = 0; i < Math.min(bytes.length, MODEL_FILE_MAGIC.length); i++) {
    if (bytes[i] !== MODEL_FILE_MAGIC.charCodeAt(i)) {
      throw new ModelFileError(
        'magic',
        `Not an .organelle model file: wrong magic bytes (expected "${MODEL_FILE_MAGIC}")`,
      );
    }
  }
  if (bytes.length < PREAMBLE) throw truncated(PREAMBLE, bytes.length, true);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  const version = view.getUint32(8, true);
  if (version > MODEL_FILE_VERSION) {
    throw new ModelFileError(
      'version',
      `Model file format version ${version} is newer than this app supports (${MODEL_FILE_VERSION})`,
    );
  }
  if (version !== MODEL_FILE_VERSION && version !== MODEL_FILE_VERSION_CHAR) {
    throw new ModelFileError(
      'version',
      `Model file format version ${version} is not supported (expected ${MODEL_FILE_VERSION_CHAR} or ${MODEL_FILE_VERSION})`,
    );
  }

  const headerLen = view.getUint32(12, true);
  if (bytes.length < PREAMBLE + headerLen) throw truncated(PREAMBLE + headerLen, bytes.length, true);
  const header = readHeader(bytes.subarray(PREAMBLE, PREAMBLE + headerLen), version);
  const subword = header.tokenizer?.kind === 'subword' ? header.tokenizer : undefined;
  let units = header.vocab.length;
  if (subword) {
    try {
      units = SubwordVocab.fromSpec(header.vocab, subword).size - 1;
    } catch (e) {
      throw new ModelFileError('tokenizer', `Model file has an inconsistent subword vocabulary: ${(e as Error).message}`);
    }
  }

  const shape: ModelShape = {
    vocabSize: header.shape.vocabSize,
    embd: header.shape.embd,
    heads: header.shape.heads,
    layers: header.shape.layers,
    mlp: header.shape.mlp,
    block: header.shape.block,
    ...(header.shape.alibi ? { alibi: true } : {}),
  };
  try {
    validateShape(shape);
  } catch (e) {
    throw new ModelFileError('shape', `Model file has an invalid architecture: ${(e as Error).message}`);
  }
  if (subword && units !== shape.vocabSize - 1) {
    throw new ModelFileError(
      'tokenizer',
      `Model file's subword vocabulary does not match its architecture: it has ${units} units but vocabSize ${shape.vocabSize} needs ${shape.vocabSize - 1}`,
    );
  }
  if (units !== shape.vocabSize - 1) {
    throw new ModelFileError(
      'shape',
      `Model file has an invalid architecture: vocabulary has ${header.vocab.length} characters but vocabSize ${shape.vocabSize} needs ${shape.vocabSize - 1}`,
    );
  }

  const n = header.paramCount;
  const expectedParams = parameterCount(shape);
  if (n !== expectedParams) {
    throw new ModelFileError(
      'size',
      `Model file size mismatch: it declares ${grouped(n)} parameters but its architecture has ${grouped(expectedParams)}`,
    );
  }
  const dataStart = align4(PREAMBLE + headerLen);
  const expected = dataStart + bodyBytes(n, header.hasOptimizer) + CHECKSUM;
  if (bytes.length < expected) throw truncated(expected, bytes.length);
  if (bytes.length > expected) {
    throw new ModelFileError(
      'size',
      `Model file size mismatch: expected ${grouped(expected)} bytes, got ${grouped(bytes.length)} (extra data after the checksum)`,
    );
  }

  const body = expected - CHECKSUM;
  if (fnv1a32(bytes.subarray(0, body)) !== view.getUint32(body, true)) {
    throw new ModelFileError('checksum', 'Model file is corrupted: checksum mismatch');
  }

  const model: OrganelleModel = {
    shape,
    vocabChars: header.vocab,
    ...(subword
      ? {
          tokenizer: {
            kind: 'subword' as const,
            protected: subword.protected,
            merges: subword.merges,
            units: subword.units,
            ...(subword.mergeDropout !== undefined ? { mergeDropout: subword.mergeDropout } : {}),
          },
        }
      : {}),
    recipe: header.recipe,
    params: readFloat32s(bytes, dataStart, n),
  };
  if (header.hasOptimizer) {
    const at = dataStart + n * 4;
    model.optimizer = {
      step: view.getUint32(at, true),
      rngState: [
        view.getUint32(at + 4, true),
        view.getUint32(at + 8, true),
        view.getUint32(at + 12, true),
        view.getUint32(at + 16, true),
      ],
      m: readFloat32s(bytes, at + OPTIMIZER_FIXED, n),
      v: readFloat32s(bytes, at + OPTIMIZER_FIXED + n * 4, n),
    };
  }
  // last: a file intact to its checksum may still hold what a diverged run left
  const weights = nonFiniteWeights(model);
  if (weights) throw weights;
  if (header.name !== undefined) model.name = header.name;
  if (header.createdAt !== undefined) model.createdAt = header.createdAt;
  if (header.evaluation !== undefined) model.evaluation = header.evaluation;
  if (header.examples !== undefined) {
    model.examples = header.examples.map(({ prompt, response, heldOut }) => ({ prompt, response, heldOut }));
  }
  return model;
}
