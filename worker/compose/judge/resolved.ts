// The Judge's `resolved` check: every name in the module is a local, a declared function or an
// allowed global, and every call, member, operator and statement is one the allowlists take
// (allowlists.ts). It walks each top-level function with its scopes, as JavaScript would bind
// the names, and refuses at the first thing not allowed, naming it and where it stands.
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
  SpreadElement,
  Statement,
  VariableDeclaration,
} from 'acorn';
import {
  ALLOWED_GLOBALS,
  ARRAY_METHODS,
  FORBIDDEN_MEMBERS,
  HOST_GLOBALS,
  MATH_CONSTANTS,
  MATH_FUNCTIONS,
  NAMESPACES,
  NUMBER_CONSTANTS,
} from './allowlists.ts';
import { at, Refusal, type Passed } from './messages.ts';
import type { ModuleShape } from './structure.ts';

class Scope {
  readonly names = new Set<string>();
  constructor(readonly parent: Scope | null) {}
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
}

type Resolution = 'local' | 'function' | 'global';

export function resolved(shape: ModuleShape): Passed<true> {
  const declared = new Set(shape.functions.keys());
  for (const [name, node] of shape.functions) new Resolver(declared, name).function(node);
  return { value: true, message: 'every name is a local, a declared function or an allowed global' };
}

/** Walks one top-level function; throws a Refusal at the first name or construct not allowed. */

/** Statements generated code may not use, and why (any other kind not handled is refused by name). */
const REFUSED_STATEMENTS: Readonly<Record<string, string>> = {
  ForInStatement: 'for...in is not allowed (its keys are strings)',
  FunctionDeclaration: 'a function declared inside a function is not allowed (use an arrow function)',
  ClassDeclaration: 'classes are not allowed',
  WithStatement: 'with is not allowed',
  ThrowStatement: 'throw is not allowed',
  TryStatement: 'try/catch is not allowed',
  LabeledStatement: 'labels are not allowed',
};

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
    for (const node of body) if (node.type === 'VariableDeclaration') lexicalNames(node, scope.names);
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
          lexicalNames(node.init, head.names);
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
          lexicalNames(node.left, head.names);
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
          for (const s of c.consequent) if (s.type === 'VariableDeclaration') lexicalNames(s, inner.names);
        }
        for (const c of node.cases) {
          if (c.test) this.#expression(c.test, inner);
          for (const s of c.consequent) this.#statement(s, inner);
        }
        return;
      }
      default:
        this.#refuse(node, REFUSED_STATEMENTS[node.type] ?? `${node.type} is not allowed`);
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
    this.#plainMember(node);
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

  /** Refuses `a?.b` and `super.b`, before anything else about a member is looked at. */
  #plainMember(node: MemberExpression): asserts node is MemberExpression & { object: Expression } {
    if (node.optional) this.#refuse(node, 'optional chaining (?.) is not allowed');
    if (node.object.type === 'Super') this.#refuse(node.object, 'super is not allowed');
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
      this.#plainMember(callee);
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
        this.#plainMember(node);
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

/** The names a let or const declaration declares, added to `into` (a var's are hoisted: collectVars). */
function lexicalNames(node: VariableDeclaration, into: Set<string>): void {
  if (node.kind !== 'var') for (const d of node.declarations) patternNames(d.id, into);
}

/** The names a binding pattern declares, added to `into`. */
export function patternNames(pattern: Pattern, into: Set<string>, objectPattern?: (p: Pattern) => never): void {
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
