// The Judge's `kinds` check: inside composed, arrays and numbers go where each primitive's
// signature says. A KindChecker infers each expression's kind (array, number, boolean, or
// unknown) and checks every primitive call's arguments; then composed's parameters must be what
// its first primitive takes, and everything it returns the kind the composition returns.
import type { ArrowFunctionExpression, CallExpression, Expression, FunctionDeclaration, Identifier, Pattern, SpreadElement, Statement } from 'acorn';
import type { Primitive, ValueKind } from '../types.ts';
import { ENTRY } from '../wiring.ts';
import { ARRAY_METHODS, MATH_CONSTANTS, NUMBER_CONSTANTS } from './allowlists.ts';
import { at, plural, Refusal, signature, type Passed } from './messages.ts';
import { patternNames } from './resolved.ts';
import type { ModuleShape } from './structure.ts';

export type Kind = ValueKind | 'boolean' | 'unknown';

export function describeKind(kind: Kind): string {
  return { array: 'an array', number: 'a number', boolean: 'a boolean', unknown: 'a value of unknown kind' }[kind];
}

export function kinds(shape: ModuleShape, returns: ValueKind): Passed<number> {
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

  /** Binds every name the patterns declare to `kind`, each once. */
  #bindPatterns(patterns: readonly Pattern[], kind: Kind): void {
    const names = new Set<string>();
    for (const pattern of patterns) patternNames(pattern, names);
    names.forEach((n) => this.#bind(n, kind));
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
          else this.#bindPatterns([d.id], 'unknown');
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
          if (node.left.type === 'VariableDeclaration') this.#bindPatterns(node.left.declarations.map((d) => d.id), element);
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
        this.#bindPatterns(node.params, 'unknown');
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
