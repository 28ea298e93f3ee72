// The Judge's first two checks. parsed: acorn parses the module (ES2020, a script). structure:
// the module holds only function declarations with plain, distinct parameters, one of them
// `composed`, every other one a known primitive declared with exactly its parameter count.
import { parse } from 'acorn';
import type { FunctionDeclaration, Program } from 'acorn';
import type { Primitive } from '../types.ts';
import { ENTRY } from '../wiring.ts';
import { at, plural, Refusal, signature, type Passed } from './messages.ts';

export type PrimitiveLookup = (name: string) => Primitive | undefined;

/** The module as `structure` found it. */
export interface ModuleShape {
  composed: FunctionDeclaration;
  functions: Map<string, FunctionDeclaration>;
  primitives: Map<string, Primitive>;
}

export function parsed(code: string): Passed<Program> {
  try {
    const program = parse(code, { ecmaVersion: 2020, sourceType: 'script', locations: true });
    return { value: program, message: plural(program.body.length, 'top-level statement') };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const loc = (error as SyntaxError & { loc?: { line: number; column: number } }).loc;
    // acorn appends "(line:column)" with a 0-based column; say it 1-based, like every other check
    const message = error.message.replace(/\s*\(\d+:\d+\)$/, '');
    throw new Refusal(`parsed: ${message}${loc ? ` at ${loc.line}:${loc.column + 1}` : ''}`);
  }
}

export function structure(program: Program, lookup: PrimitiveLookup): Passed<ModuleShape> {
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
