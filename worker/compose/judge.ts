// The code-composition Judge (seed 000, section 9): deterministic, no model in it. It reads a
// module of one-line functions (the Wiring organelle's `composed`, then each primitive's body
// as the Code organelle recalled it) and decides, check by check, stopping at the first that
// fails:
//   parsed     acorn parses it (ES2020, a script)
//   structure  only function declarations; one `composed`; every other one a known primitive
//              with exactly its parameter count
//   resolved   every name is a local, a declared function or an allowed global; every call,
//              member and operator is on an allowlist (no strings can be written or built)
//   kinds      inside composed: arrays and numbers go where each primitive's signature says
//   ran        it runs in the QuickJS sandbox on the fixed inputs (judge-inputs.ts) within
//              the time and memory limits
//   returned   it returned the kind the composition declares
//   finite     every number it returned is finite
//   matches    (evaluation only) it equals the expected output, within 1e-9 relative
// Generated code is data here: it is parsed, never evaluated; only the sandbox runs it.
import { parse } from 'acorn';
import type {
  ArrowFunctionExpression,
  CallExpression,
  Expression,
  FunctionDeclaration,
  Identifier,
  Literal,
  MemberExpression,
  Node,
  Pattern,
  Program,
  SpreadElement,
  Statement,
} from 'acorn';
import type { Primitive, ValueKind } from './types.ts';
import type { SandboxRunner } from './sandbox/runner.ts';
import type { SandboxValue } from './sandbox/messages.ts';
import { JUDGE_INPUTS } from './judge-inputs.ts';

export const CHECK_NAMES = ['parsed', 'structure', 'resolved', 'kinds', 'ran', 'returned', 'finite', 'matches'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** One check's outcome; `message` starts with the check's name ("kinds: ..."). */
export interface Check {
  name: CheckName;
  ok: boolean;
  message: string;
}

export type PrimitiveLookup = (name: string) => Primitive | undefined;

export interface StaticOptions {
  /** The primitive library (worker/compose/primitives: primitiveByName). */
  lookup: PrimitiveLookup;
  /** What the composition returns: its last primitive's `returns`. */
  returns: ValueKind;
}

export interface JudgeOptions extends StaticOptions {
  /** The expected output (evaluation): adds the `matches` check. */
  expected?: number | readonly number[];
}

export interface Verdict {
  ok: boolean;
  /** The checks run, in order: all passed but (when !ok) the last. */
  checks: Check[];
  failed?: Check;
  /** What composed returned, when it ran to the end. */
  output?: SandboxValue;
  /** The run's time inside the sandbox (kept out of the messages, which are deterministic). */
  ms?: number;
}

/** The function the Judge calls. */
export const ENTRY = 'composed';

/** `matches`: |output - expected| <= MATCH_TOLERANCE * max(1, |expected|), element-wise. */
export const MATCH_TOLERANCE = 1e-9;

// ---- what generated code may use

/** The only globals a name may resolve to. Math, Number and Array only as Math.f, Number.isFinite, new Array(n). */
const ALLOWED_GLOBALS = new Set(['Math', 'Number', 'Array', 'Infinity', 'NaN', 'undefined']);
const NAMESPACES = new Set(['Math', 'Number', 'Array']);

const MATH_FUNCTIONS = new Set([
  'abs', 'sign', 'floor', 'ceil', 'round', 'trunc', 'fround', 'min', 'max', 'sqrt', 'cbrt', 'hypot',
  'pow', 'exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos',
  'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh',
]);
const MATH_CONSTANTS = new Set(['PI', 'E', 'LN2', 'LN10', 'LOG2E', 'LOG10E', 'SQRT2', 'SQRT1_2']);
const NUMBER_CONSTANTS = new Set([
  'EPSILON', 'MAX_VALUE', 'MIN_VALUE', 'MAX_SAFE_INTEGER', 'MIN_SAFE_INTEGER', 'POSITIVE_INFINITY', 'NEGATIVE_INFINITY',
]);

/** Array methods a local expression may call, with the kind each returns (for `kinds`). */
const ARRAY_METHODS = new Map<string, Kind>([
  ['push', 'number'], ['pop', 'number'], ['slice', 'array'], ['fill', 'array'], ['sort', 'array'],
  ['map', 'array'], ['reduce', 'number'], ['concat', 'array'], ['indexOf', 'number'],
  ['every', 'boolean'], ['some', 'boolean'], ['filter', 'array'], ['forEach', 'unknown'],
]);

/** Member names that reach functions' constructors or prototypes. */
const FORBIDDEN_MEMBERS = new Set(['constructor', 'prototype', '__proto__']);

/** Globals a browser, a worker or Node offers; named as such when code touches one. */
const HOST_GLOBALS = new Set([
  'globalThis', 'window', 'self', 'top', 'parent', 'frames', 'document', 'navigator', 'location',
  'fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'indexedDB', 'localStorage', 'sessionStorage',
  'caches', 'crypto', 'importScripts', 'postMessage', 'close', 'Worker', 'SharedWorker', 'eval',
  'Function', 'Object', 'Reflect', 'Proxy', 'Symbol', 'String', 'JSON', 'Promise', 'Date', 'RegExp',
  'Error', 'Boolean', 'BigInt', 'WeakRef', 'Atomics', 'SharedArrayBuffer', 'ArrayBuffer',
  'WebAssembly', 'Float64Array', 'Float32Array', 'Int32Array', 'Uint8Array', 'Map', 'Set',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'setTimeout', 'setInterval', 'queueMicrotask',
  'console', 'process', 'require', 'module', 'exports', 'global', 'Buffer', 'arguments', 'Deno', 'Bun',
]);

// ---- positions and refusals

/** A failed check, thrown by the walkers below and caught per check. */
class Refusal extends Error {}

/** '1:27': acorn's line and a 1-based column. */
function at(node: Node): string {
  const start = node.loc!.start;
  return `${start.line}:${start.column + 1}`;
}

type Kind = ValueKind | 'boolean' | 'unknown';

function describeKind(kind: Kind): string {
  return { array: 'an array', number: 'a number', boolean: 'a boolean', unknown: 'a value of unknown kind' }[kind];
}

function describeValue(value: SandboxValue): string {
  return typeof value === 'number' ? 'a number' : `an array of ${value.length} number${value.length === 1 ? '' : 's'}`;
}

// ---- the static checks

/** The module as `structure` found it. */
interface ModuleShape {
  composed: FunctionDeclaration;
  functions: Map<string, FunctionDeclaration>;
  primitives: Map<string, Primitive>;
}

interface StaticOutcome {
  checks: Check[];
  /** composed's parameter count (1 or 2), when every static check passed. */
  arrays?: number;
}

/** parsed, structure, resolved, kinds: synchronous, nothing runs. Stops at the first failure. */
export function staticChecks(code: string, options: StaticOptions): Check[] {
  return runStatic(code, options).checks;
}

function runStatic(code: string, options: StaticOptions): StaticOutcome {
  const checks: Check[] = [];
  const attempt = <T>(name: CheckName, body: () => { value: T; message: string }): T | undefined => {
    try {
      const { value, message } = body();
      checks.push({ name, ok: true, message: `${name}: ${message}` });
      return value;
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      checks.push({ name, ok: false, message: error.message });
      return undefined;
    }
  };
  const program = attempt('parsed', () => parsed(code));
  if (!program) return { checks };
  const shape = attempt('structure', () => structure(program, options.lookup));
  if (!shape) return { checks };
  const resolvedOk = attempt('resolved', () => resolved(shape));
  if (!resolvedOk) return { checks };
  const arrays = attempt('kinds', () => kinds(shape, options.returns));
  return { checks, arrays };
}

function parsed(code: string): { value: Program; message: string } {
  try {
    const program = parse(code, { ecmaVersion: 2020, sourceType: 'script', locations: true });
    return { value: program, message: `${program.body.length} top-level statement${program.body.length === 1 ? '' : 's'}` };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const loc = (error as SyntaxError & { loc?: { line: number; column: number } }).loc;
    // acorn appends "(line:column)" with a 0-based column; say it 1-based, like every other check
    const message = error.message.replace(/\s*\(\d+:\d+\)$/, '');
    throw new Refusal(`parsed: ${message}${loc ? ` at ${loc.line}:${loc.column + 1}` : ''}`);
  }
}

// ---- structure

function structure(program: Program, lookup: PrimitiveLookup): { value: ModuleShape; message: string } {
  const functions = new Map<string, FunctionDeclaration>();
  for (const node of program.body) {
    if (node.type !== 'FunctionDeclaration') {
      throw new Refusal(`structure: the top level may hold only function declarations, found ${describeStatement(node)} at ${at(node)}`);
    }
    const name = node.id.name;
    if (functions.has(name)) throw new Refusal(`structure: ${name} is declared twice (again at ${at(node)})`);
    const seen = new Set<string>();
    for (const param of node.params) {
      if (param.type !== 'Identifier') throw new Refusal(`structure: ${name}'s parameters must be plain names (at ${at(param)})`);
      if (seen.has(param.name)) throw new Refusal(`structure: ${name} declares the parameter ${param.name} twice`);
      seen.add(param.name);
    }
    functions.set(name, node);
  }
  const composed = functions.get(ENTRY);
  if (!composed) throw new Refusal(`structure: no function named ${ENTRY}`);
  const primitives = new Map<string, Primitive>();
  for (const [name, node] of functions) {
    if (name === ENTRY) continue;
    const primitive = known(lookup, name);
    if (!primitive) throw new Refusal(`structure: ${name} is not a known primitive`);
    const arity = primitive.arrays + primitive.params.length;
    if (node.params.length !== arity) {
      throw new Refusal(`structure: ${name} takes ${plural(arity, 'parameter')} (${signature(primitive)}), declared with ${node.params.length}`);
    }
    primitives.set(name, primitive);
  }
  const names = [...primitives.keys()];
  return {
    value: { composed, functions, primitives },
    message: `${ENTRY} and ${plural(names.length, 'primitive')}${names.length ? ` (${names.join(', ')})` : ''}`,
  };
}

/** The lookup's primitive, or undefined; a lookup that throws on an unknown name (primitiveByName) counts as not knowing it. */
function known(lookup: PrimitiveLookup, name: string): Primitive | undefined {
  try {
    return lookup(name);
  } catch {
    return undefined;
  }
}

function describeStatement(node: Program['body'][number]): string {
  if (node.type === 'VariableDeclaration') return `a ${node.kind} declaration`;
  if (node.type === 'ExpressionStatement') return 'an expression';
  if (node.type === 'ClassDeclaration') return 'a class';
  return `a ${node.type}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** 'x: array, w: int' */
function signature(primitive: Primitive): string {
  const arrays = primitive.arrays === 2 ? ['x', 'y'] : ['x'];
  return [...arrays.map((a) => `${a}: array`), ...primitive.params.map((p) => `${p.name}: ${p.kind}`)].join(', ');
}

// ---- resolved: scopes and allowlists

class Scope {
  readonly names = new Set<string>();
  constructor(readonly parent: Scope | null) {}
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
}

type Resolution = 'local' | 'function' | 'global';

function resolved(shape: ModuleShape): { value: true; message: string } {
  const declared = new Set(shape.functions.keys());
  for (const [name, node] of shape.functions) new Resolver(declared, name).function(node);
  return { value: true, message: 'every name is a local, a declared function or an allowed global' };
}

/** Walks one top-level function; throws a Refusal at the first name or construct not allowed. */
class Resolver {
  readonly #declared: Set<string>;
  readonly #fn: string;

  constructor(declared: Set<string>, fn: string) {
    this.#declared = declared;
    this.#fn = fn;
  }

  function(node: FunctionDeclaration): void {
    if (node.async) this.#refuse(node, 'async functions are not allowed');
    if (node.generator) this.#refuse(node, 'generators are not allowed');
    const scope = new Scope(null);
    for (const param of node.params) this.#declare(param, scope);
    collectVars(node.body.body, scope);
    this.#block(node.body.body, scope);
  }

  #refuse(node: Node, what: string): never {
    throw new Refusal(`resolved: ${what}, in ${this.#fn} at ${at(node)}`);
  }

  /** What a name is: a local (innermost first), a declared function, or an allowed global. */
  #resolve(id: Identifier, scope: Scope, calling = false): Resolution {
    const name = id.name;
    if (scope.has(name)) return 'local';
    if (this.#declared.has(name)) return 'function';
    if (ALLOWED_GLOBALS.has(name)) return 'global';
    if (HOST_GLOBALS.has(name)) this.#refuse(id, `${name} is a global the Judge does not allow`);
    this.#refuse(id, calling ? `${name} is called but not declared` : `${name} is not declared`);
  }

  /** A namespace (Math, Number, Array) named by `node`, unless a local shadows it. */
  #namespace(node: Node, scope: Scope): string | null {
    if (node.type !== 'Identifier') return null;
    const name = (node as Identifier).name;
    return NAMESPACES.has(name) && !scope.has(name) && !this.#declared.has(name) ? name : null;
  }

  #block(body: readonly Statement[], parent: Scope): void {
    const scope = new Scope(parent);
    for (const node of body) {
      if (node.type === 'VariableDeclaration' && node.kind !== 'var') {
        for (const d of node.declarations) patternNames(d.id, scope.names);
      }
    }
    for (const node of body) this.#statement(node, scope);
  }

  #statement(node: Statement, scope: Scope): void {
    switch (node.type) {
      case 'BlockStatement':
        return this.#block(node.body, scope);
      case 'ExpressionStatement':
        if (node.directive !== undefined) {
          if (node.directive === 'use strict') return;
          this.#refuse(node, `string literal ${JSON.stringify(node.directive)} is not allowed (no strings)`);
        }
        return this.#expression(node.expression as Expression, scope);
      case 'VariableDeclaration':
        for (const d of node.declarations) {
          this.#patternDefaults(d.id, scope);
          if (d.init) this.#expression(d.init, scope);
        }
        return;
      case 'ReturnStatement':
        if (node.argument) this.#expression(node.argument, scope);
        return;
      case 'IfStatement':
        this.#expression(node.test, scope);
        this.#statement(node.consequent, scope);
        if (node.alternate) this.#statement(node.alternate, scope);
        return;
      case 'ForStatement': {
        const head = new Scope(scope);
        if (node.init?.type === 'VariableDeclaration') {
          if (node.init.kind !== 'var') for (const d of node.init.declarations) patternNames(d.id, head.names);
          this.#statement(node.init, head);
        } else if (node.init) this.#expression(node.init, head);
        if (node.test) this.#expression(node.test, head);
        if (node.update) this.#expression(node.update, head);
        return this.#statement(node.body, head);
      }
      case 'ForOfStatement': {
        if (node.await) this.#refuse(node, 'for await is not allowed');
        const head = new Scope(scope);
        this.#expression(node.right, scope);
        if (node.left.type === 'VariableDeclaration') {
          if (node.left.kind !== 'var') for (const d of node.left.declarations) patternNames(d.id, head.names);
          this.#statement(node.left, head);
        } else this.#target(node.left, head);
        return this.#statement(node.body, head);
      }
      case 'WhileStatement':
      case 'DoWhileStatement':
        this.#expression(node.test, scope);
        return this.#statement(node.body, scope);
      case 'BreakStatement':
      case 'ContinueStatement':
        if (node.label) this.#refuse(node, 'labels are not allowed');
        return;
      case 'EmptyStatement':
        return;
      case 'SwitchStatement': {
        this.#expression(node.discriminant, scope);
        const inner = new Scope(scope);
        for (const c of node.cases) {
          for (const s of c.consequent) {
            if (s.type === 'VariableDeclaration' && s.kind !== 'var') for (const d of s.declarations) patternNames(d.id, inner.names);
          }
        }
        for (const c of node.cases) {
          if (c.test) this.#expression(c.test, inner);
          for (const s of c.consequent) this.#statement(s, inner);
        }
        return;
      }
      case 'ForInStatement':
        this.#refuse(node, 'for...in is not allowed (its keys are strings)');
      case 'FunctionDeclaration':
        this.#refuse(node, 'a function declared inside a function is not allowed (use an arrow function)');
      case 'ClassDeclaration':
        this.#refuse(node, 'classes are not allowed');
      case 'WithStatement':
        this.#refuse(node, 'with is not allowed');
      case 'ThrowStatement':
        this.#refuse(node, 'throw is not allowed');
      case 'TryStatement':
        this.#refuse(node, 'try/catch is not allowed');
      case 'LabeledStatement':
        this.#refuse(node, 'labels are not allowed');
      default:
        this.#refuse(node, `${node.type} is not allowed`);
    }
  }

  #expression(node: Expression | SpreadElement, scope: Scope): void {
    switch (node.type) {
      case 'Identifier': {
        const what = this.#resolve(node, scope);
        const ns = what === 'global' ? this.#namespace(node, scope) : null;
        if (ns === 'Math') this.#refuse(node, 'Math may be used only as Math.<function or constant>');
        if (ns === 'Number') this.#refuse(node, 'Number may be used only as Number.isFinite or a Number constant');
        if (ns === 'Array') this.#refuse(node, 'Array may be used only as new Array(n)');
        return;
      }
      case 'Literal':
        return this.#literal(node);
      case 'ArrayExpression':
        for (const element of node.elements) if (element) this.#expression(element, scope);
        return;
      case 'SpreadElement':
        return this.#expression(node.argument, scope);
      case 'ObjectExpression':
        for (const p of node.properties) {
          if (p.type === 'Property' && (p.kind === 'get' || p.kind === 'set')) this.#refuse(p, 'getters and setters are not allowed');
        }
        this.#refuse(node, 'object literals are not allowed');
      case 'UnaryExpression':
        if (node.operator === 'typeof') this.#refuse(node, 'typeof is not allowed (it makes a string)');
        if (node.operator === 'delete' || node.operator === 'void') this.#refuse(node, `${node.operator} is not allowed`);
        return this.#expression(node.argument, scope);
      case 'UpdateExpression':
        return this.#target(node.argument, scope);
      case 'BinaryExpression':
        if (node.operator === 'in' || node.operator === 'instanceof') this.#refuse(node, `the operator ${node.operator} is not allowed`);
        if (node.left.type === 'PrivateIdentifier') this.#refuse(node.left, 'private names are not allowed');
        this.#expression(node.left, scope);
        return this.#expression(node.right, scope);
      case 'LogicalExpression':
        this.#expression(node.left, scope);
        return this.#expression(node.right, scope);
      case 'AssignmentExpression':
        this.#target(node.left, scope);
        return this.#expression(node.right, scope);
      case 'ConditionalExpression':
        this.#expression(node.test, scope);
        this.#expression(node.consequent, scope);
        return this.#expression(node.alternate, scope);
      case 'SequenceExpression':
        for (const e of node.expressions) this.#expression(e, scope);
        return;
      case 'CallExpression':
        return this.#call(node, scope);
      case 'NewExpression':
        if (this.#namespace(node.callee, scope) !== 'Array') this.#refuse(node, 'new is allowed only as new Array(n)');
        for (const a of node.arguments) this.#expression(a, scope);
        return;
      case 'MemberExpression':
        return this.#member(node, scope);
      case 'ArrowFunctionExpression':
        return this.#arrow(node, scope);
      case 'ParenthesizedExpression':
        return this.#expression(node.expression, scope);
      case 'FunctionExpression':
        this.#refuse(node, 'function expressions are not allowed (use an arrow function)');
      case 'ThisExpression':
        this.#refuse(node, 'this is not allowed');
      case 'TemplateLiteral':
      case 'TaggedTemplateExpression':
        this.#refuse(node, 'template literals are not allowed (no strings)');
      case 'ImportExpression':
        this.#refuse(node, 'import(...) is not allowed');
      case 'MetaProperty':
        this.#refuse(node, `${node.meta.name}.${node.property.name} is not allowed`);
      case 'AwaitExpression':
        this.#refuse(node, 'await is not allowed');
      case 'YieldExpression':
        this.#refuse(node, 'yield is not allowed');
      case 'ClassExpression':
        this.#refuse(node, 'classes are not allowed');
      case 'ChainExpression':
        this.#refuse(node, 'optional chaining (?.) is not allowed');
      default:
        this.#refuse(node, `${(node as Node).type} is not allowed`);
    }
  }

  #literal(node: Literal): void {
    if (typeof node.value === 'number' || typeof node.value === 'boolean' || node.value === null) {
      if (node.value === null && node.raw !== 'null') this.#refuse(node, `${node.raw} is not allowed`);
      return;
    }
    if (node.regex) this.#refuse(node, `regular expression ${node.raw} is not allowed (no strings)`);
    if (node.bigint !== undefined) this.#refuse(node, `BigInt literal ${node.raw} is not allowed`);
    this.#refuse(node, `string literal ${node.raw} is not allowed (no strings)`);
  }

  /** A member read: `a[i]`, `a.length`, `Math.PI`, `Math.sqrt` (as a value), `Number.EPSILON`. */
  #member(node: MemberExpression, scope: Scope): void {
    if (node.optional) this.#refuse(node, 'optional chaining (?.) is not allowed');
    if (node.object.type === 'Super') this.#refuse(node.object, 'super is not allowed');
    const ns = this.#namespace(node.object, scope);
    if (node.computed) {
      if (ns) this.#refuse(node, `computed access to ${ns} is not allowed`);
      this.#expression(node.object, scope);
      return this.#expression(node.property as Expression, scope);
    }
    const name = this.#memberName(node);
    if (ns === 'Math') {
      if (name === 'random') this.#refuse(node, 'Math.random is not allowed (the Judge is deterministic)');
      if (!MATH_CONSTANTS.has(name) && !MATH_FUNCTIONS.has(name)) this.#refuse(node, `Math.${name} is not allowed`);
      return;
    }
    if (ns === 'Number') {
      if (!NUMBER_CONSTANTS.has(name) && name !== 'isFinite') this.#refuse(node, `Number.${name} is not allowed`);
      return;
    }
    if (ns === 'Array') this.#refuse(node, `Array.${name} is not allowed (only new Array(n))`);
    this.#expression(node.object, scope);
    if (name === 'length') return;
    if (ARRAY_METHODS.has(name)) this.#refuse(node.property, `the method ${name} may only be called`);
    this.#refuse(node.property, `the member name ${name} is not allowed`);
  }

  /** A non-computed member's name, refused at once if it reaches constructors or prototypes. */
  #memberName(node: MemberExpression): string {
    if (node.property.type !== 'Identifier') this.#refuse(node.property, 'private names are not allowed');
    const name = node.property.name;
    if (FORBIDDEN_MEMBERS.has(name)) this.#refuse(node.property, `the member name ${name} is not allowed`);
    return name;
  }

  #call(node: CallExpression, scope: Scope): void {
    if (node.optional) this.#refuse(node, 'optional chaining (?.) is not allowed');
    const callee = node.callee;
    if (callee.type === 'Identifier') {
      const what = this.#resolve(callee, scope, true);
      if (what === 'global') {
        const hint = callee.name === 'Array' ? ' (use new Array(n))' : '';
        this.#refuse(callee, `${callee.name}(...) is not allowed${hint}`);
      }
    } else if (callee.type === 'MemberExpression' && !callee.computed) {
      if (callee.optional) this.#refuse(callee, 'optional chaining (?.) is not allowed');
      if (callee.object.type === 'Super') this.#refuse(callee.object, 'super is not allowed');
      const name = this.#memberName(callee);
      const ns = this.#namespace(callee.object, scope);
      if (ns === 'Math') {
        if (name === 'random') this.#refuse(callee, 'Math.random is not allowed (the Judge is deterministic)');
        if (!MATH_FUNCTIONS.has(name)) this.#refuse(callee, `Math.${name} is not allowed`);
      } else if (ns === 'Number') {
        if (name !== 'isFinite') this.#refuse(callee, `Number.${name} is not allowed (only Number.isFinite)`);
      } else if (ns === 'Array') {
        this.#refuse(callee, `Array.${name} is not allowed (only new Array(n))`);
      } else {
        this.#expression(callee.object, scope);
        if (!ARRAY_METHODS.has(name)) this.#refuse(callee.property, `the method ${name} is not allowed`);
      }
    } else if (callee.type === 'MemberExpression') {
      this.#refuse(callee, 'a call through a computed member (a[i](...)) is not allowed');
    } else if (callee.type === 'ArrowFunctionExpression') {
      this.#arrow(callee, scope);
    } else {
      this.#expression(callee as Expression, scope);
      this.#refuse(callee, 'only named functions, Math functions and array methods may be called');
    }
    for (const a of node.arguments) this.#expression(a, scope);
  }

  #arrow(node: ArrowFunctionExpression, parent: Scope): void {
    if (node.async) this.#refuse(node, 'async functions are not allowed');
    const scope = new Scope(parent);
    for (const param of node.params) this.#declare(param, scope);
    if (node.body.type === 'BlockStatement') {
      collectVars(node.body.body, scope);
      this.#block(node.body.body, scope);
    } else this.#expression(node.body, scope);
  }

  /** Declares a parameter's names in `scope` and checks its default values. */
  #declare(pattern: Pattern, scope: Scope): void {
    patternNames(pattern, scope.names, (p) => this.#refuse(p, 'object destructuring is not allowed'));
    this.#patternDefaults(pattern, scope);
  }

  /** The default values inside a binding pattern (`[a = 0, b] = ...`, `(w = 3) => ...`). */
  #patternDefaults(pattern: Pattern, scope: Scope): void {
    switch (pattern.type) {
      case 'AssignmentPattern':
        this.#patternDefaults(pattern.left, scope);
        return this.#expression(pattern.right, scope);
      case 'ArrayPattern':
        for (const element of pattern.elements) if (element) this.#patternDefaults(element, scope);
        return;
      case 'RestElement':
        return this.#patternDefaults(pattern.argument, scope);
      case 'ObjectPattern':
        this.#refuse(pattern, 'object destructuring is not allowed');
      default:
        return;
    }
  }

  /** Something assigned to: a local, an array element, an array's length, or an array pattern of those. */
  #target(node: Pattern | Expression, scope: Scope): void {
    switch (node.type) {
      case 'Identifier': {
        const what = this.#resolve(node, scope);
        if (what === 'function') this.#refuse(node, `assigning to the function ${node.name} is not allowed`);
        if (what === 'global') this.#refuse(node, `assigning to the global ${node.name} is not allowed`);
        return;
      }
      case 'MemberExpression': {
        if (node.optional) this.#refuse(node, 'optional chaining (?.) is not allowed');
        if (node.object.type === 'Super') this.#refuse(node.object, 'super is not allowed');
        const ns = this.#namespace(node.object, scope);
        if (ns) this.#refuse(node, `assigning to ${ns}'s members is not allowed`);
        if (node.computed) {
          this.#expression(node.object, scope);
          return this.#expression(node.property as Expression, scope);
        }
        const name = this.#memberName(node);
        this.#expression(node.object, scope);
        if (name !== 'length') this.#refuse(node.property, `assigning to the member ${name} is not allowed`);
        return;
      }
      case 'ArrayPattern':
        for (const element of node.elements) if (element) this.#target(element, scope);
        return;
      case 'AssignmentPattern':
        this.#target(node.left, scope);
        return this.#expression(node.right, scope);
      case 'RestElement':
        return this.#target(node.argument, scope);
      case 'ObjectPattern':
        this.#refuse(node, 'object destructuring is not allowed');
      default:
        this.#refuse(node, `assigning to a ${node.type} is not allowed`);
    }
  }
}

/** The names a binding pattern declares, added to `into`. */
function patternNames(pattern: Pattern, into: Set<string>, objectPattern?: (p: Pattern) => never): void {
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name);
      return;
    case 'ArrayPattern':
      for (const element of pattern.elements) if (element) patternNames(element, into, objectPattern);
      return;
    case 'AssignmentPattern':
      return patternNames(pattern.left, into, objectPattern);
    case 'RestElement':
      return patternNames(pattern.argument, into, objectPattern);
    case 'ObjectPattern':
      objectPattern?.(pattern);
      return;
    default:
      return; // a member expression: only in assignments, never in declarations
  }
}

/** `var` names anywhere in a function body (not inside nested arrows), hoisted to its scope. */
function collectVars(body: readonly Statement[], scope: Scope): void {
  const visit = (n: Statement | Expression | Pattern | null | undefined): void => {
    if (!n) return;
    switch (n.type) {
      case 'VariableDeclaration':
        if (n.kind === 'var') for (const d of n.declarations) patternNames(d.id, scope.names);
        return;
      case 'BlockStatement':
        return n.body.forEach(visit);
      case 'IfStatement':
        visit(n.consequent);
        return visit(n.alternate);
      case 'ForStatement':
        visit(n.init);
        return visit(n.body);
      case 'ForOfStatement':
      case 'ForInStatement':
        visit(n.left);
        return visit(n.body);
      case 'WhileStatement':
      case 'DoWhileStatement':
      case 'LabeledStatement':
        return visit(n.body);
      case 'SwitchStatement':
        return n.cases.forEach((c) => c.consequent.forEach(visit));
      default:
        return;
    }
  };
  body.forEach(visit);
}

// ---- kinds: inside composed, arrays and numbers where the signatures say

function kinds(shape: ModuleShape, returns: ValueKind): { value: number; message: string } {
  const checker = new KindChecker(shape);
  const composed = shape.composed;
  const params = composed.params.map((p) => (p as Identifier).name);
  checker.run(composed, params);
  const first = checker.calls[0];
  if (!first) throw new Refusal(`kinds: ${ENTRY} calls no primitive`);
  if (params.length !== first.arrays) {
    throw new Refusal(
      `kinds: ${ENTRY} takes ${plural(params.length, 'array')}${params.length ? ` (${params.join(', ')})` : ''}, but its first primitive, ${first.name}, takes ${first.arrays}`,
    );
  }
  if (checker.returns.length === 0) throw new Refusal(`kinds: ${ENTRY} never returns a value`);
  for (const kind of checker.returns) {
    if (kind !== returns) {
      throw new Refusal(`kinds: ${ENTRY} returns ${describeKind(kind)}, but the composition returns ${describeKind(returns)}`);
    }
  }
  return {
    value: params.length,
    message: `${ENTRY}(${params.join(', ')}) returns ${describeKind(returns)} through ${checker.calls.map((p) => p.name).join(', ')}`,
  };
}

/**
 * Infers each expression's kind inside composed: parameters are arrays, const/let bindings take
 * their initialiser's kind (and an assignment's), primitives return their `returns`. Every call
 * to a primitive is checked against its signature; the calls are recorded in the order they run
 * (arguments first), so `calls[0]` is the primitive applied first.
 */
class KindChecker {
  readonly calls: Primitive[] = [];
  readonly returns: Kind[] = [];
  readonly #primitives: Map<string, Primitive>;
  #scopes: Map<string, Kind>[] = [];
  // inside an arrow, a return is the arrow's, not composed's
  #arrows = 0;

  constructor(shape: ModuleShape) {
    this.#primitives = shape.primitives;
  }

  run(fn: FunctionDeclaration, params: string[]): void {
    this.#scopes = [new Map(params.map((p) => [p, 'array' as Kind]))];
    this.#statements(fn.body.body);
  }

  #bind(name: string, kind: Kind): void {
    this.#scopes[this.#scopes.length - 1].set(name, kind);
  }

  #assign(name: string, kind: Kind): void {
    for (let i = this.#scopes.length - 1; i >= 0; i--) {
      if (this.#scopes[i].has(name)) return void this.#scopes[i].set(name, kind);
    }
  }

  #isLocal(name: string): boolean {
    return this.#scopes.some((scope) => scope.has(name));
  }

  #lookup(name: string): Kind {
    for (let i = this.#scopes.length - 1; i >= 0; i--) {
      const kind = this.#scopes[i].get(name);
      if (kind !== undefined) return kind;
    }
    return name === 'Infinity' || name === 'NaN' ? 'number' : 'unknown';
  }

  #scoped(body: () => void): void {
    this.#scopes.push(new Map());
    try {
      body();
    } finally {
      this.#scopes.pop();
    }
  }

  #statements(body: readonly Statement[]): void {
    this.#scoped(() => body.forEach((s) => this.#statement(s)));
  }

  #statement(node: Statement): void {
    switch (node.type) {
      case 'VariableDeclaration':
        for (const d of node.declarations) {
          const kind = d.init ? this.#kind(d.init) : 'unknown';
          if (d.id.type === 'Identifier') this.#bind(d.id.name, kind);
          else {
            const names = new Set<string>();
            patternNames(d.id, names);
            names.forEach((n) => this.#bind(n, 'unknown'));
          }
        }
        return;
      case 'ReturnStatement': {
        const kind = node.argument ? this.#kind(node.argument) : 'unknown';
        if (this.#arrows === 0) this.returns.push(kind);
        return;
      }
      case 'ExpressionStatement':
        return void this.#kind(node.expression as Expression);
      case 'BlockStatement':
        return this.#statements(node.body);
      case 'IfStatement':
        this.#kind(node.test);
        this.#statement(node.consequent);
        if (node.alternate) this.#statement(node.alternate);
        return;
      case 'ForStatement':
        return this.#scoped(() => {
          if (node.init?.type === 'VariableDeclaration') this.#statement(node.init);
          else if (node.init) this.#kind(node.init);
          if (node.test) this.#kind(node.test);
          if (node.update) this.#kind(node.update);
          this.#statement(node.body);
        });
      case 'ForOfStatement':
        return this.#scoped(() => {
          const element: Kind = this.#kind(node.right) === 'array' ? 'number' : 'unknown';
          const names = new Set<string>();
          if (node.left.type === 'VariableDeclaration') for (const d of node.left.declarations) patternNames(d.id, names);
          names.forEach((n) => this.#bind(n, element));
          this.#statement(node.body);
        });
      case 'WhileStatement':
      case 'DoWhileStatement':
        this.#kind(node.test);
        return this.#statement(node.body);
      case 'SwitchStatement':
        this.#kind(node.discriminant);
        return this.#scoped(() => {
          for (const c of node.cases) {
            if (c.test) this.#kind(c.test);
            c.consequent.forEach((s) => this.#statement(s));
          }
        });
      default:
        return; // break, continue, empty: `resolved` allowed nothing else
    }
  }

  #kind(node: Expression | SpreadElement): Kind {
    switch (node.type) {
      case 'Identifier':
        return this.#lookup(node.name);
      case 'Literal':
        return typeof node.value === 'number' ? 'number' : typeof node.value === 'boolean' ? 'boolean' : 'unknown';
      case 'ArrayExpression':
        for (const element of node.elements) if (element) this.#kind(element);
        return 'array';
      case 'SpreadElement':
        this.#kind(node.argument);
        return 'unknown';
      case 'UnaryExpression':
        this.#kind(node.argument);
        return node.operator === '!' ? 'boolean' : 'number';
      case 'UpdateExpression':
        this.#kind(node.argument);
        return 'number';
      case 'BinaryExpression': {
        const left = this.#kind(node.left as Expression);
        const right = this.#kind(node.right);
        if (['==', '!=', '===', '!==', '<', '<=', '>', '>='].includes(node.operator)) return 'boolean';
        return left === 'array' || right === 'array' ? 'unknown' : 'number';
      }
      case 'LogicalExpression': {
        const left = this.#kind(node.left);
        const right = this.#kind(node.right);
        return left === right ? left : 'unknown';
      }
      case 'ConditionalExpression': {
        this.#kind(node.test);
        const a = this.#kind(node.consequent);
        const b = this.#kind(node.alternate);
        return a === b ? a : 'unknown';
      }
      case 'SequenceExpression':
        return node.expressions.map((e) => this.#kind(e)).at(-1) ?? 'unknown';
      case 'AssignmentExpression': {
        const right = this.#kind(node.right);
        if (node.left.type === 'Identifier') {
          const kind: Kind = node.operator === '=' ? right : 'number';
          this.#assign(node.left.name, kind);
          return kind;
        }
        if (node.left.type === 'MemberExpression') this.#kind(node.left);
        return node.operator === '=' ? right : 'number';
      }
      case 'CallExpression':
        return this.#callKind(node);
      case 'NewExpression':
        node.arguments.forEach((a) => this.#kind(a));
        return 'array';
      case 'MemberExpression': {
        if (node.computed) {
          const object = this.#kind(node.object as Expression);
          this.#kind(node.property as Expression);
          return object === 'array' ? 'number' : 'unknown';
        }
        const name = (node.property as Identifier).name;
        if (node.object.type === 'Identifier' && (node.object.name === 'Math' || node.object.name === 'Number')) {
          return MATH_CONSTANTS.has(name) || NUMBER_CONSTANTS.has(name) ? 'number' : 'unknown';
        }
        this.#kind(node.object as Expression);
        return name === 'length' ? 'number' : 'unknown';
      }
      case 'ArrowFunctionExpression':
        this.#arrow(node);
        return 'unknown';
      case 'ParenthesizedExpression':
        return this.#kind(node.expression);
      default:
        return 'unknown';
    }
  }

  #arrow(node: ArrowFunctionExpression): void {
    this.#arrows++;
    try {
      this.#scoped(() => {
        const names = new Set<string>();
        node.params.forEach((p) => patternNames(p, names));
        names.forEach((n) => this.#bind(n, 'unknown'));
        if (node.body.type === 'BlockStatement') this.#statements(node.body.body);
        else this.#kind(node.body);
      });
    } finally {
      this.#arrows--;
    }
  }

  #callKind(node: CallExpression): Kind {
    const callee = node.callee;
    if (callee.type === 'Identifier') {
      const primitive = this.#primitives.get(callee.name);
      if (primitive && !this.#isLocal(callee.name)) {
        this.#primitiveCall(node, primitive);
        return primitive.returns;
      }
      node.arguments.forEach((a) => this.#kind(a));
      return 'unknown';
    }
    if (callee.type === 'MemberExpression') {
      const name = (callee.property as Identifier).name;
      const object = callee.object;
      if (object.type === 'Identifier' && (object.name === 'Math' || object.name === 'Number')) {
        node.arguments.forEach((a) => this.#kind(a));
        return object.name === 'Math' ? 'number' : 'boolean';
      }
      this.#kind(object as Expression);
      node.arguments.forEach((a) => this.#kind(a));
      return ARRAY_METHODS.get(name) ?? 'unknown';
    }
    this.#kind(callee as Expression);
    node.arguments.forEach((a) => this.#kind(a));
    return 'unknown';
  }

  /** Arity, array arguments, then numeric parameters (a literal, or a number-kinded expression). */
  #primitiveCall(node: CallExpression, primitive: Primitive): void {
    const name = primitive.name;
    const args = node.arguments;
    const arity = primitive.arrays + primitive.params.length;
    const spread = args.find((a) => a.type === 'SpreadElement');
    if (spread) throw new Refusal(`kinds: ${name} is called with a spread argument (at ${at(spread)})`);
    if (args.length !== arity) {
      throw new Refusal(`kinds: ${name} takes ${plural(arity, 'argument')} (${signature(primitive)}), got ${args.length}`);
    }
    for (let i = 0; i < primitive.arrays; i++) {
      const kind = this.#kind(args[i]);
      if (kind !== 'array') throw new Refusal(`kinds: argument ${i + 1} of ${name} must be an array, got ${describeKind(kind)}`);
    }
    primitive.params.forEach((param, j) => {
      const i = primitive.arrays + j;
      const arg = args[i] as Expression;
      const literal = numericLiteral(arg);
      if (literal !== null) {
        if (param.kind === 'int' && !Number.isInteger(literal.value)) {
          throw new Refusal(`kinds: argument ${i + 1} of ${name} (${param.name}) must be an integer, got ${literal.text}`);
        }
        return;
      }
      const kind = this.#kind(arg);
      if (kind !== 'number') {
        throw new Refusal(`kinds: argument ${i + 1} of ${name} (${param.name}) must be a number, got ${describeKind(kind)}`);
      }
    });
    this.calls.push(primitive);
  }
}

/** A numeric literal, with one leading minus allowed: its value and its source text. */
function numericLiteral(node: Expression): { value: number; text: string } | null {
  if (node.type === 'Literal' && typeof node.value === 'number') return { value: node.value, text: node.raw ?? String(node.value) };
  if (node.type === 'UnaryExpression' && node.operator === '-') {
    const inner = numericLiteral(node.argument);
    if (inner && node.argument.type === 'Literal') return { value: -inner.value, text: `-${inner.text}` };
  }
  return null;
}

// ---- the Judge

/**
 * Every check in order, stopping at the first failure: the static ones, then the module runs in
 * `runner` (entry composed, on JUDGE_INPUTS.x, or x and y when its first primitive takes two
 * arrays), then its output is checked.
 */
export async function judge(code: string, options: JudgeOptions, runner: SandboxRunner): Promise<Verdict> {
  const { checks, arrays } = runStatic(code, options);
  const failedStatic = checks.find((c) => !c.ok);
  if (failedStatic || arrays === undefined) return { ok: false, checks, failed: failedStatic };

  let ms: number | undefined;
  const verdict = (check: Check, output?: SandboxValue): Verdict => {
    checks.push(check);
    return check.ok ? { ok: true, checks, output, ms } : { ok: false, checks, failed: check, output, ms };
  };
  const pass = (name: CheckName, message: string) => checks.push({ name, ok: true, message: `${name}: ${message}` });
  const fail = (name: CheckName, message: string, output?: SandboxValue) =>
    verdict({ name, ok: false, message: `${name}: ${message}` }, output);

  const { x, y } = JUDGE_INPUTS;
  const result = await runner.run({ code, entry: ENTRY, args: arrays === 2 ? [x, y] : [x] });
  ms = result.ms;
  if (!result.ok && result.check !== 'returned') return fail('ran', result.message);
  pass('ran', `${ENTRY} returned within the time and memory limits`);
  if (!result.ok) return fail('returned', `${ENTRY} ${result.message}`);

  const output = result.value;
  const kind: ValueKind = typeof output === 'number' ? 'number' : 'array';
  if (kind !== options.returns) {
    return fail('returned', `${ENTRY} returned ${describeValue(output)}, but the composition returns ${describeKind(options.returns)}`, output);
  }
  pass('returned', describeValue(output));

  const values = typeof output === 'number' ? [output] : output;
  const bad = values.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) {
    const where = typeof output === 'number' ? 'the output' : `output[${bad}]`;
    const count = values.filter((v) => !Number.isFinite(v)).length;
    const of = typeof output === 'number' ? '' : ` (${count} of ${values.length} values are not finite)`;
    return fail('finite', `${where} is ${values[bad]}${of}`, output);
  }
  if (options.expected === undefined) return verdict({ name: 'finite', ok: true, message: `finite: ${finiteMessage(output)}` }, output);
  pass('finite', finiteMessage(output));

  const mismatch = compare(output, options.expected);
  if (mismatch) return fail('matches', mismatch, output);
  return verdict({ name: 'matches', ok: true, message: `matches: ${matchMessage(output)}` }, output);
}

function finiteMessage(output: SandboxValue): string {
  return typeof output === 'number' ? 'the number is finite' : `all ${output.length} values are finite`;
}

function matchMessage(output: SandboxValue): string {
  const within = `within ${MATCH_TOLERANCE} relative`;
  return typeof output === 'number' ? `equals the expected number ${within}` : `all ${output.length} values equal the expected ${within}`;
}

/** Why `output` differs from `expected` (kind, length, the first element out of tolerance), or null. */
function compare(output: SandboxValue, expected: number | readonly number[]): string | null {
  const close = (a: number, b: number) => {
    if (!Number.isFinite(a) || !Number.isFinite(b)) return Object.is(a, b) || a === b;
    return Math.abs(a - b) <= MATCH_TOLERANCE * Math.max(1, Math.abs(b));
  };
  const gap = (a: number, b: number) =>
    `differs by ${Math.abs(a - b).toExponential(2)}, tolerance ${(MATCH_TOLERANCE * Math.max(1, Math.abs(b))).toExponential(2)}`;
  if (typeof expected === 'number') {
    if (typeof output !== 'number') return `the output is ${describeValue(output)}, expected a number`;
    return close(output, expected) ? null : `the output is ${output}, expected ${expected} (${gap(output, expected)})`;
  }
  if (typeof output === 'number') return `the output is a number, expected an array of ${expected.length}`;
  if (output.length !== expected.length) return `the output has ${plural(output.length, 'value')}, expected ${expected.length}`;
  const i = output.findIndex((v, k) => !close(v, expected[k]));
  if (i < 0) return null;
  return `output[${i}] is ${output[i]}, expected ${expected[i]} (${gap(output[i], expected[i])})`;
}
