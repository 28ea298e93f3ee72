// The primitive library of code composition (worker/compose/primitives/): its structure, the
// house style of the canonical bodies (parsed with acorn, never run in Node), every body run in
// QuickJS against its independent reference, the phrasings the Planner learns from, and the
// generated documentation table.
import { readFileSync } from 'node:fs';
import { parse } from 'acorn';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIMITIVES, PRIMITIVE_NAMES, primitiveByName } from '../../worker/compose/primitives/index.ts';
import { primitiveTable } from '../../worker/compose/primitives/table.ts';
import type { Category, Phrase, Primitive } from '../../worker/compose/types.ts';
import { Rng } from '../../worker/games/rng.ts';
import { evalJSON, quickJSModule } from '../helpers/quickjs-eval.ts';

const CATEGORIES: readonly Category[] = [
  'statistics',
  'smoothing',
  'differences',
  'normalisation',
  'resampling',
  'spectra',
  'windows',
  'vector',
  'activations',
  'detectors',
];

const MAX_BODY = 260;

// ---- the test signals

/** Two fixed 64-sample signals: a noisy sine (3 cycles) and a random walk. */
function signals(): { sine: number[]; walk: number[] } {
  const rng = new Rng('compose-primitives');
  const sine = Array.from({ length: 64 }, (_, i) => 2 * Math.sin((2 * Math.PI * 3 * i) / 64) + 0.6 * (rng.next() - 0.5));
  const walk: number[] = [];
  let level = 1;
  for (let i = 0; i < 64; i++) walk.push((level += rng.next() - 0.5));
  return { sine, walk };
}

const { sine, walk } = signals();

/** Inputs for a one-array primitive: the two signals, lengths 1-3, a constant, negatives, ties and zeros. */
const ONE_ARRAY: readonly (readonly number[])[] = [
  sine,
  walk,
  [2.5],
  [1, -2],
  [0.5, 3, -1],
  [1.5, 1.5, 1.5, 1.5, 1.5],
  [-3.5, -1, -2.25, -0.5, -4, -1.75],
  [0, 1, 1, 0, -1, 0, 2, 2, 0],
];

/** Inputs for a binary primitive: the signals both ways, unequal lengths, a constant, short pairs. */
const TWO_ARRAYS: readonly (readonly (readonly number[])[])[] = [
  [sine, walk],
  [walk, sine],
  [sine, walk.slice(0, 40)],
  [sine.slice(0, 10), [1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5]],
  [[2.5], [-1]],
  [[1, -2], [0.5, 3]],
  [[0.5, 3, -1], [-3.5, -1, -2.25]],
];

/** Parameter sets: all defaults, each parameter at its min and max, and for two, both crossed. */
function paramSets(p: Primitive): number[][] {
  const defaults = p.params.map((s) => s.default);
  const sets = [defaults];
  p.params.forEach((s, i) => {
    for (const v of [s.min, s.max]) sets.push(defaults.map((d, j) => (j === i ? v : d)));
  });
  if (p.params.length === 2) {
    const [a, b] = p.params;
    sets.push([a.min, b.max], [a.max, b.min]);
  }
  return sets;
}

// ---- running a body in QuickJS

/** Calls the body on the inputs inside QuickJS; returns the result and the inputs as left after the call. */
function runBody(
  qjs: QuickJSWASMModule,
  p: Primitive,
  arrays: readonly (readonly number[])[],
  params: readonly number[],
): { ok: true; result: unknown; after: unknown } | { ok: false; error: string } {
  const inputs = arrays.map((a, i) => `const __in${i}=${JSON.stringify(a)};`).join('');
  const args = [...arrays.map((_, i) => `__in${i}`), ...params.map((v) => JSON.stringify(v))].join(',');
  const after = arrays.map((_, i) => `__in${i}`).join(',');
  const code = `${p.body};${inputs}const __out=${p.name}(${args});JSON.stringify([__out,[${after}]])`;
  const run = evalJSON(qjs, code);
  if (!run.ok) return run;
  const [result, left] = run.value as [unknown, unknown];
  return { ok: true, result, after: left };
}

/** |a - b| <= 1e-9 * max(1, |b|). */
function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

/** Why the body's output differs from the reference's, or null if it does not. */
function mismatch(p: Primitive, got: unknown, want: number[] | number): string | null {
  if (p.returns === 'number') {
    if (typeof got !== 'number') return `returned ${JSON.stringify(got)}, not a number`;
    if (typeof want !== 'number') return 'the reference returned an array';
    return close(got, want) ? null : `got ${got}, reference ${want}`;
  }
  if (!Array.isArray(got)) return `returned ${JSON.stringify(got)}, not an array`;
  if (!Array.isArray(want)) return 'the reference returned a number';
  if (got.length !== want.length) return `length ${got.length}, reference ${want.length}`;
  for (let i = 0; i < want.length; i++) {
    // JSON turns NaN and Infinity into null, so a non-number element means a non-finite value
    if (typeof got[i] !== 'number') return `at ${i}: ${JSON.stringify(got[i])} is not a finite number`;
    if (!Number.isFinite(want[i])) return `at ${i}: the reference gives ${want[i]}`;
    if (!close(got[i], want[i])) return `at ${i}: got ${got[i]}, reference ${want[i]}`;
  }
  return null;
}

// ---- the house style of a body, from its syntax tree

type AstNode = { type: string; [key: string]: unknown };

const GLOBALS = new Set(['Math', 'Number', 'Infinity', 'NaN', 'Array']);
const ARRAY_MEMBERS = new Set(['push', 'slice', 'sort', 'fill', 'length', 'reduce', 'map']);
const MATH_MEMBERS = new Set(Object.getOwnPropertyNames(Math));
const NODE_TYPES = new Set([
  'Program',
  'FunctionDeclaration',
  'ArrowFunctionExpression',
  'BlockStatement',
  'VariableDeclaration',
  'VariableDeclarator',
  'ForStatement',
  'IfStatement',
  'ReturnStatement',
  'ExpressionStatement',
  'AssignmentExpression',
  'UpdateExpression',
  'BinaryExpression',
  'LogicalExpression',
  'UnaryExpression',
  'ConditionalExpression',
  'CallExpression',
  'NewExpression',
  'MemberExpression',
  'Identifier',
  'Literal',
  'ArrayExpression',
]);

function children(node: AstNode): AstNode[] {
  const out: AstNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v && typeof v === 'object' && typeof (v as AstNode).type === 'string') out.push(v as AstNode);
    }
  }
  return out;
}

/** Everything in a body outside the allowed language: a list of complaints, empty if none. */
function bodyProblems(p: Primitive): string[] {
  const problems: string[] = [];
  let program: AstNode;
  try {
    program = parse(p.body, { ecmaVersion: 2022, sourceType: 'script' }) as unknown as AstNode;
  } catch (err) {
    return [`does not parse: ${(err as Error).message}`];
  }
  const top = program.body as AstNode[];
  if (top.length !== 1 || top[0].type !== 'FunctionDeclaration') return ['is not exactly one function declaration'];
  const fn = top[0];
  if ((fn.id as AstNode).name !== p.name) problems.push(`declares ${(fn.id as AstNode).name}`);
  const expected = [...(p.arrays === 2 ? ['x', 'y'] : ['x']), ...p.params.map((s) => s.name)];
  const params = (fn.params as AstNode[]).map((q) => (q.type === 'Identifier' ? q.name : `<${q.type}>`));
  if (params.join(',') !== expected.join(',')) problems.push(`parameters (${params}) are not (${expected})`);

  // every name a body declares: its parameters, its let/const locals and its comparators' arguments
  const declared = new Set<string>(expected);
  const collect = (node: AstNode) => {
    if (node.type === 'VariableDeclarator') declared.add((node.id as AstNode).name as string);
    if (node.type === 'ArrowFunctionExpression') for (const q of node.params as AstNode[]) declared.add(q.name as string);
    children(node).forEach(collect);
  };
  collect(fn);

  const visit = (node: AstNode, parent: AstNode | null) => {
    if (!NODE_TYPES.has(node.type)) problems.push(`uses ${node.type}`);
    switch (node.type) {
      case 'FunctionDeclaration':
        if (parent?.type !== 'Program') problems.push('declares a nested function');
        break;
      case 'ArrowFunctionExpression': {
        const callee = parent?.type === 'CallExpression' ? (parent.callee as AstNode) : null;
        const method = callee?.type === 'MemberExpression' ? ((callee.property as AstNode).name as string) : '';
        if (!['sort', 'map', 'reduce'].includes(method)) problems.push('has an arrow function outside sort/map/reduce');
        break;
      }
      case 'VariableDeclaration':
        if (node.kind !== 'let' && node.kind !== 'const') problems.push(`declares with ${String(node.kind)}`);
        break;
      case 'Literal':
        if (typeof node.value !== 'number') problems.push(`has the literal ${String(node.raw)}`);
        break;
      case 'ArrayExpression':
        if ((node.elements as unknown[]).length > 0) problems.push('has a non-empty array literal');
        break;
      case 'NewExpression':
        if ((node.callee as AstNode).name !== 'Array') problems.push('constructs something other than Array');
        break;
      case 'MemberExpression': {
        if (node.computed) break;
        const object = node.object as AstNode;
        const property = (node.property as AstNode).name as string;
        const ok =
          object.type === 'Identifier' && object.name === 'Math'
            ? MATH_MEMBERS.has(property)
            : object.type === 'Identifier' && object.name === 'Number'
              ? property === 'isFinite'
              : ARRAY_MEMBERS.has(property);
        if (!ok) problems.push(`reads .${property}`);
        break;
      }
      case 'Identifier': {
        const name = node.name as string;
        const isProperty = parent?.type === 'MemberExpression' && parent.property === node && !parent.computed;
        const isOwnName = parent?.type === 'FunctionDeclaration' && parent.id === node;
        if (isProperty || isOwnName) break;
        if (!declared.has(name) && !GLOBALS.has(name)) problems.push(`uses the global ${name}`);
        if (name === 'Array' && !(parent?.type === 'NewExpression' && parent.callee === node)) problems.push('uses Array other than new Array');
        if (name === 'Number' && !(parent?.type === 'MemberExpression' && parent.object === node)) problems.push('uses Number directly');
        break;
      }
    }
    for (const child of children(node)) visit(child, node);
  };
  visit(program, null);
  return problems;
}

// ---- phrases

const SLOT = /\{(x|xy|p0|p1)\}/g;
const FORMS = ['verb', 'gerund', 'noun'] as const;

/** Words kept out of every phrase: the out-of-vocabulary tests use them. */
const RESERVED = [
  'sort', 'kurtosis', 'skew', 'entropy', 'histogram', 'mode', 'deduplicate', 'duplicate', 'shuffle', 'encrypt',
  'hash', 'compress', 'tokenize', 'translate', 'transpose', 'invert', 'rank', 'quantize', 'integral', 'wavelet',
  'spline', 'convolve', 'convolution',
];

/**
 * Words that only say a parameter's value or glue a phrase together. When one primitive's phrase
 * plus nothing but such words is another's phrase ("smooth {x}" and "smooth {x} with a window of
 * {p0}"), an intent cannot tell which of the two it asks for.
 */
const GENERIC = new Set([
  'a', 'an', 'the', 'of', 'with', 'over', 'by', 'at', 'to', 'in', 'on', 'and', 'from', 'between', 'above', 'below',
  'than', 'its', 'it', 'window', 'width', 'size', 'point', 'points', 'sample', 'samples', 'factor', 'step', 'steps',
  'value', 'values', 'level', '{p0}', '{p1}',
]);

/** Near neighbours: every form of every phrase must carry (or must avoid) the telling word. */
const TELLING: Record<string, { must?: RegExp; mustNot?: RegExp }> = {
  ema: { must: /exponential|\bema\b/ },
  gaussian_smooth: { must: /gaussian/ },
  lowpass: { must: /low|filter|denois/, mustNot: /high|band/ },
  highpass: { must: /high|drift/, mustNot: /\blow/ },
  bandpass: { must: /band|between/ },
  median_filter: { must: /median|despik/ },
  rolling_mean: { mustNot: /exponential|gaussian|median/ },
  rolling_std: { must: /rolling|moving|local/ },
  rolling_max: { must: /rolling|moving|window|envelope/ },
  rolling_min: { must: /rolling|moving|window|envelope/ },
  stddev: { mustNot: /rolling|moving|local|window/ },
  mean: { mustNot: /rolling|moving|window|running|cumulative/ },
  maximum: { mustNot: /rolling|moving|window|running|cumulative|so far/ },
  minimum: { mustNot: /rolling|moving|window|running|cumulative|so far/ },
  median: { mustNot: /filter|rolling/ },
  diff_forward: { must: /forward|first|successive|differenc|step/, mustNot: /central|derivative/ },
  diff_central: { must: /central|derivative|differentiat|rate of change|gradient/, mustNot: /forward|second/ },
  second_difference: { must: /second|curvature|acceleration/ },
  cumsum: { must: /cumulative|running|accumulat|prefix/ },
  running_max: { must: /running|cumulative|so far|record/ },
  running_min: { must: /running|cumulative|so far|record/ },
  total: { mustNot: /cumulative|running/ },
  trapezoid: { mustNot: /cumulative|running|accumulat/ },
  cumulative_trapezoid: { must: /cumulative|running|accumulat|antiderivative/ },
  zscore: { mustNot: /min-max|0 to 1|unit length|norm\b|robust|iqr/ },
};

function slots(text: string): string[] {
  return [...text.matchAll(SLOT)].map((m) => m[0]);
}

function words(text: string): string[] {
  return text.split(/[ -]+/);
}

function allForms(): { p: Primitive; form: (typeof FORMS)[number]; text: string }[] {
  return PRIMITIVES.flatMap((p) => p.phrases.flatMap((ph) => FORMS.map((form) => ({ p, form, text: ph[form] }))));
}

/** Whether `needle` occurs as a contiguous run in `hay`; returns the rest of `hay`, or null. */
function around(needle: readonly string[], hay: readonly string[]): string[] | null {
  for (let i = 0; i + needle.length <= hay.length; i++) {
    if (needle.every((w, j) => hay[i + j] === w)) return [...hay.slice(0, i), ...hay.slice(i + needle.length)];
  }
  return null;
}

// ---- tests

describe('primitive library: structure', () => {
  it('has at least 64 primitives with unique snake_case names, every category used', () => {
    expect(PRIMITIVES.length).toBeGreaterThanOrEqual(64);
    for (const p of PRIMITIVES) expect(p.name, p.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    expect(new Set(PRIMITIVE_NAMES).size).toBe(PRIMITIVES.length);
    expect(PRIMITIVE_NAMES).toEqual(PRIMITIVES.map((p) => p.name));
    expect(new Set(PRIMITIVES.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    // the fixed order is category by category, in the order types.ts declares them
    const order = PRIMITIVES.map((p) => CATEGORIES.indexOf(p.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('finds a primitive by name and names an unknown one', () => {
    expect(primitiveByName('rolling_mean').category).toBe('smoothing');
    expect(() => primitiveByName('rolling_meen')).toThrow(/unknown primitive 'rolling_meen'/);
  });

  it('types every primitive: arrays 1 or 2, a return kind, a one-line summary', () => {
    for (const p of PRIMITIVES) {
      expect([1, 2], p.name).toContain(p.arrays);
      expect(['array', 'number'], p.name).toContain(p.returns);
      expect(p.summary, p.name).toMatch(/\.$/);
      expect(p.summary.includes('\n'), p.name).toBe(false);
    }
    // binary operations open a composition and take no parameters
    for (const p of PRIMITIVES.filter((q) => q.arrays === 2)) expect(p.params, p.name).toEqual([]);
  });

  it('gives every parameter a sane range, step and default', () => {
    for (const p of PRIMITIVES) {
      const names = p.params.map((s) => s.name);
      expect(new Set(names).size, p.name).toBe(names.length);
      expect(p.params.length, p.name).toBeLessThanOrEqual(2);
      for (const s of p.params) {
        const where = `${p.name}.${s.name}`;
        expect(s.name, where).toMatch(/^[a-z][a-z0-9]*$/);
        expect(['x', 'y', 'n', 'out', 's', 'i', 'j'], where).not.toContain(s.name);
        expect(s.min, where).toBeLessThan(s.max);
        expect(s.step, where).toBeGreaterThan(0);
        expect(s.default, where).toBeGreaterThanOrEqual(s.min);
        expect(s.default, where).toBeLessThanOrEqual(s.max);
        const onGrid = (v: number) => Math.abs((v - s.min) / s.step - Math.round((v - s.min) / s.step)) < 1e-9;
        expect(onGrid(s.max), `${where}: max on the step grid`).toBe(true);
        expect(onGrid(s.default), `${where}: default on the step grid`).toBe(true);
        if (s.kind === 'int') {
          expect(s.step, where).toBe(1);
          for (const v of [s.min, s.max, s.default]) expect(Number.isInteger(v), where).toBe(true);
        }
      }
    }
  });
});

describe('primitive library: canonical bodies', () => {
  it('are one compact line of printable ASCII without quotes or backslashes, within the length limit', () => {
    for (const p of PRIMITIVES) {
      expect(p.body, p.name).toMatch(/^[\x20-\x7e]+$/);
      expect(p.body, p.name).not.toMatch(/["'`\\]/);
      expect(p.body.length, p.name).toBeLessThanOrEqual(MAX_BODY);
      // a space only where JavaScript needs one: between two word characters (`const n`, `return y`)
      expect(p.body.replace(/(?<=[\w$]) (?=[\w$])/g, ''), p.name).not.toContain(' ');
    }
  });

  it('share one house style: the signature, then `const n=`, `let` loops, `**2` for squares', () => {
    for (const p of PRIMITIVES) {
      const args = [...(p.arrays === 2 ? ['x', 'y'] : ['x']), ...p.params.map((s) => s.name)].join(',');
      const n = p.arrays === 2 ? 'Math.min(x.length,y.length)' : 'x.length';
      expect(p.body.startsWith(`function ${p.name}(${args}){const n=${n}`), p.name).toBe(true);
      expect(p.body.endsWith('}'), p.name).toBe(true);
      expect(p.body.match(/for\(/g)?.length ?? 0, p.name).toBe(p.body.match(/for\(let /g)?.length ?? 0);
      expect(p.body, p.name).not.toMatch(/(x\[i\])\*\1/);
    }
    const lengths = PRIMITIVES.map((p) => p.body.length).sort((a, b) => a - b);
    const median = lengths[lengths.length >> 1];
    expect(median).toBeGreaterThanOrEqual(90);
    expect(median).toBeLessThanOrEqual(160);
  });

  it('use only their arguments, locals, Math, Number.isFinite, Infinity, NaN and new Array', () => {
    const problems = PRIMITIVES.flatMap((p) => bodyProblems(p).map((q) => `${p.name}: ${q}`));
    expect(problems.join('\n')).toBe('');
  });

  it('the style check catches a global, a string, a method outside the list and a nested function', () => {
    const base = primitiveByName('mean');
    const bad = [
      'function mean(x){const n=x.length;return globalThis.n}',
      'function mean(x){const n=x.length;return n+1}+1',
      'function mean(x){const n=x.length;return x.join(1)}',
      'function mean(x){const n=x.length;function f(){}return n}',
      'function mean(x){const n=x.length;return x.constructor}',
      'function mean(x,w){const n=x.length;return n}',
    ];
    for (const body of bad) expect(bodyProblems({ ...base, body }), body).not.toEqual([]);
    expect(bodyProblems({ ...base, body: 'function mean(x){const n=x.length;return this}' })).not.toEqual([]);
  });
});

describe('primitive library: bodies in QuickJS against the references', () => {
  let qjs: QuickJSWASMModule;
  beforeAll(async () => {
    qjs = await quickJSModule();
  });

  it.each(PRIMITIVES.map((p) => [p.name, p] as const))('%s', (_, p) => {
    const cases = p.arrays === 2 ? TWO_ARRAYS : ONE_ARRAY.map((a) => [a]);
    const failures: string[] = [];
    for (const arrays of cases) {
      for (const params of paramSets(p)) {
        const label = `${arrays.map((a) => `[${a.length}]`).join('')} (${params.join(', ')})`;
        const run = runBody(qjs, p, arrays, params);
        if (!run.ok) {
          failures.push(`${label}: threw ${run.error}`);
          continue;
        }
        const why = mismatch(p, run.result, p.reference(arrays, params));
        if (why) failures.push(`${label}: ${why}`);
        if (JSON.stringify(run.after) !== JSON.stringify(arrays)) failures.push(`${label}: changed its input`);
      }
    }
    expect(failures.slice(0, 10).join('\n')).toBe('');
  });

  // hand-computed values: the body and the reference could share a misreading of the definition
  const ANCHORS: [string, number[][], number[], number[] | number][] = [
    ['mean', [[1, 2, 3, 6]], [], 3],
    ['variance', [[1, 3]], [], 1],
    ['median', [[4, 1, 3, 2]], [], 2.5],
    ['percentile', [[1, 2, 3, 4, 5]], [30], 2.2],
    ['percentile', [[3, 1, 2]], [100], 3],
    ['argmax', [[1, 5, 5, 2]], [], 1],
    ['count_above', [[0, 1, 2, 1]], [1], 1],
    ['rolling_mean', [[1, 2, 3, 4]], [2], [1, 1.5, 2.5, 3.5]],
    ['median_filter', [[1, 9, 2, 3]], [3], [1, 5, 2, 3]],
    ['rolling_std', [[1, 3, 3]], [2], [0, 1, 0]],
    ['ema', [[0, 1, 1]], [0.5], [0, 0.5, 0.75]],
    ['lowpass', [[4, 4, 4]], [0.2], [4, 4, 4]],
    ['highpass', [[4, 4, 4]], [0.2], [0, 0, 0]],
    ['gaussian_smooth', [[3, 3, 3, 3]], [2], [3, 3, 3, 3]],
    ['diff_forward', [[5]], [], []],
    ['diff_forward', [[1, 4, 2]], [], [3, -2]],
    ['diff_central', [[1, 4, 9]], [], [3, 4, 5]],
    ['diff_central', [[7]], [], [0]],
    ['second_difference', [[1, 4, 9, 16]], [], [2, 2, 2, 2]],
    ['second_difference', [[1, 4]], [], [0, 0]],
    ['trapezoid', [[1, 3, 5]], [], 6],
    ['cumulative_trapezoid', [[1, 3, 5]], [], [0, 2, 6]],
    ['minmax_normalize', [[2, 2, 2]], [], [0, 0, 0]],
    ['zscore', [[2, 2, 2]], [], [0, 0, 0]],
    ['unit_std', [[2, 2, 2]], [], [2, 2, 2]],
    ['normalize_sum', [[1, -1, 2, -2]], [], [1, -1, 2, -2]],
    ['robust_scale', [[1, 1, 1, 5]], [], [0, 0, 0, 4]],
    ['robust_scale', [[1, 1, 1, 1, 9]], [], [0, 0, 0, 0, 8]],
    ['clamp', [[-3, 0, 3]], [2, -1], [-1, 0, 2]],
    ['downsample', [[0, 1, 2, 3, 4]], [2], [0, 2, 4]],
    ['upsample', [[0, 1, 3]], [2], [0, 0.5, 1, 2, 3]],
    ['block_mean', [[1, 2, 3, 4, 5]], [2], [1.5, 3.5, 5]],
    ['dft_magnitude', [[1, 1, 1, 1]], [], [4, 0, 0, 0]],
    ['dft_phase', [[0, 1, 0, -1]], [], [0, -Math.PI / 2, 0, Math.PI / 2]],
    ['dominant_frequency', [Array.from({ length: 32 }, (_, i) => Math.cos((2 * Math.PI * 5 * i) / 32))], [], 5],
    ['dominant_frequency', [[3, 3, 3, 3]], [], 0],
    ['hann_window', [[2, 2, 2]], [], [0, 2, 0]],
    ['hann_window', [[2]], [], [2]],
    ['bartlett_window', [[1, 1, 1, 1, 1]], [], [0, 0.5, 1, 0.5, 0]],
    ['correlation', [[1, 2, 3], [2, 4, 7]], [], 0.9933992677987828],
    ['correlation', [[1, 2, 3], [5, 5, 5]], [], 0],
    ['vec_add', [[1, 2, 3], [10, 20]], [], [11, 22]],
    ['softmax', [[1000, 1000]], [], [0.5, 0.5]],
    ['softplus', [[-1000, 0, 1000]], [], [0, Math.LN2, 1000]],
    ['zero_crossings', [[1, 0, -1, 0, -2, 3, 0, 4]], [], 2],
    ['peak_count', [[0, 2, 2, 0, 3, 1]], [], 1],
    ['local_maxima', [[0, 2, 1, 3, 3, 0, 1, 0]], [], [1, 6]],
    ['outlier_flags', [[0, 0, 0, 0, 0, 0, 0, 0, 0, 10]], [2], [0, 0, 0, 0, 0, 0, 0, 0, 0, 1]],
    ['autocorrelation', [[2, 2, 2]], [], [1, 0, 0]],
    ['autocorrelation', [[1, -1, 1, -1]], [], [1, -0.75, 0.5, -0.25]],
  ];

  it.each(ANCHORS)('%s(%j, %j) is %j by hand', (name, arrays, params, want) => {
    const p = primitiveByName(name);
    const run = runBody(qjs, p, arrays, params);
    if (!run.ok) throw new Error(run.error);
    expect(mismatch(p, run.result, want), 'body').toBeNull();
    expect(mismatch(p, p.reference(arrays, params), want), 'reference').toBeNull();
  });

  it('the comparison fails a body that is off by one sample', () => {
    const p = primitiveByName('rolling_mean');
    const broken = { ...p, body: p.body.replace('if(i>=w)', 'if(i>w)') };
    const run = runBody(qjs, broken, [sine], [3]);
    if (!run.ok) throw new Error(run.error);
    expect(mismatch(p, run.result, p.reference([sine], [3]))).toMatch(/^at 3:/);
  });
});

describe('primitive library: phrases', () => {
  it('give every primitive at least 3 phrases in three forms, 4 or more for most', () => {
    for (const p of PRIMITIVES) {
      expect(p.phrases.length, p.name).toBeGreaterThanOrEqual(3);
      for (const ph of p.phrases) for (const form of FORMS) expect(ph[form].length, `${p.name} ${form}`).toBeGreaterThan(0);
    }
    const rich = PRIMITIVES.filter((p) => p.phrases.length >= 4).length;
    expect(rich / PRIMITIVES.length).toBeGreaterThan(0.5);
  });

  it('use lowercase words, digits, spaces, hyphens and known slots only', () => {
    for (const { p, form, text } of allForms()) {
      const where = `${p.name} ${form}: ${text}`;
      expect(text.replace(SLOT, ''), where).toMatch(/^[a-z0-9 -]*$/);
      expect(text.replace(SLOT, 'w'), where).toMatch(/^[a-z0-9]+(?:[ -][a-z0-9]+)*$/);
      expect(text, where).not.toMatch(/\{p\d\}th\b/);
    }
  });

  it('say the data exactly once and the parameters exactly as declared', () => {
    for (const p of PRIMITIVES) {
      const data = p.arrays === 2 ? '{xy}' : '{x}';
      const declared = p.params.map((_, i) => `{p${i}}`);
      let bare = 0;
      let full = 0;
      for (const ph of p.phrases) {
        const used = slots(ph.verb).filter((s) => s !== data);
        for (const form of FORMS) {
          const where = `${p.name} ${form}: ${ph[form]}`;
          const found = slots(ph[form]);
          expect(found.filter((s) => s === data), where).toEqual([data]);
          const others = found.filter((s) => s !== data);
          // each parameter at most once, only declared ones, and the same ones in all three forms
          expect(new Set(others).size, where).toBe(others.length);
          for (const s of others) expect(declared, where).toContain(s);
          expect([...others].sort(), where).toEqual([...used].sort());
        }
        if (used.length === 0) bare++;
        if (used.length === declared.length) full++;
      }
      if (declared.length > 0) {
        expect(bare, `${p.name}: phrases meaning the defaults`).toBeGreaterThanOrEqual(1);
        expect(full, `${p.name}: phrases saying every parameter`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('read as a verb, a gerund and a noun', () => {
    for (const p of PRIMITIVES) {
      for (const ph of p.phrases) {
        expect(ph.gerund.split(' ').slice(0, 2).some((w) => w.endsWith('ing')), `${p.name}: ${ph.gerund}`).toBe(true);
        expect(ph.verb.split(' ').some((w) => w.endsWith('ing') && !ph.gerund.includes(w)), `${p.name}: ${ph.verb}`).toBe(false);
        expect(ph.noun, p.name).toMatch(/^(a|an|the) /);
      }
    }
  });

  it('avoid the words reserved for out-of-vocabulary tests', () => {
    for (const { p, text } of allForms()) {
      for (const w of words(text)) {
        expect(RESERVED.some((r) => w.startsWith(r)), `${p.name}: ${text}`).toBe(false);
      }
    }
  });

  it('are unique across the library', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const { p, text } of allForms()) {
      const key = text.replace(/\s+/g, ' ');
      const owner = seen.get(key);
      if (owner && owner !== p.name) clashes.push(`${owner} and ${p.name}: ${text}`);
      seen.set(key, p.name);
    }
    // within one primitive, no phrase repeats another form for form
    for (const p of PRIMITIVES) {
      for (const form of FORMS) {
        const texts = p.phrases.map((ph: Phrase) => ph[form]);
        if (new Set(texts).size !== texts.length) clashes.push(`${p.name} repeats a ${form}`);
      }
    }
    expect(clashes.join('\n')).toBe('');
  });

  it('never make one primitive a parameter clause away from another', () => {
    const forms = allForms();
    const clashes: string[] = [];
    for (const a of forms) {
      const aw = words(a.text);
      for (const b of forms) {
        if (a.p === b.p || a.form !== b.form) continue;
        const rest = around(aw, words(b.text));
        if (rest === null) continue;
        const onlyGeneric = rest.every((w) => GENERIC.has(w));
        const saysParam = rest.some((w) => w === '{p0}' || w === '{p1}');
        // "average {x}" (no parameters) inside "average {x} over a window of {p0}" is fine: the
        // parameter tells them apart; a primitive that has parameters could say that clause itself
        if (onlyGeneric && (a.p.params.length > 0 || !saysParam)) clashes.push(`${a.p.name} "${a.text}" / ${b.p.name} "${b.text}"`);
      }
    }
    expect(clashes.join('\n')).toBe('');
  });

  it('carry the telling word where two primitives are close', () => {
    const problems: string[] = [];
    for (const [name, rule] of Object.entries(TELLING)) {
      for (const ph of primitiveByName(name).phrases) {
        for (const form of FORMS) {
          if (rule.must && !rule.must.test(ph[form])) problems.push(`${name} lacks ${rule.must}: ${ph[form]}`);
          if (rule.mustNot?.test(ph[form])) problems.push(`${name} has ${rule.mustNot}: ${ph[form]}`);
        }
      }
    }
    expect(problems.join('\n')).toBe('');
  });
});

describe('primitive library: documentation', () => {
  it('docs/compose-primitives.md is primitiveTable() (regenerate: npx tsx worker/compose/primitives/write-table.ts)', () => {
    const doc = readFileSync(new URL('../../docs/compose-primitives.md', import.meta.url), 'utf8');
    expect(doc).toBe(primitiveTable());
  });

  it('lists every primitive with its signature', () => {
    const doc = primitiveTable();
    for (const p of PRIMITIVES) expect(doc, p.name).toContain(`| \`${p.name}\` | \`${p.name}(x: array`);
    expect(doc).toContain('`rolling_mean(x: array, w: int 2..32 = 3) -> array`');
  });
});
