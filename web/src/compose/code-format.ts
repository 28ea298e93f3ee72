// The composed code for reading: a small tokenizer for the restricted JavaScript the Judge
// accepts (function declarations, const/let, loops, arithmetic, Math.*), lenient with anything
// else a link may carry (strings, comments, characters it does not know, each a token of its
// own, so nothing is lost), and a formatter that lays the tokens out one statement per line,
// indented by block, with spaces around operators. What is shown is for reading only: the code
// copied or downloaded is the exact text the Judge ran. Tokens are rendered as text, never
// as markup.

export type TokenKind =
  | 'keyword' // const, for, return, ...
  | 'number'
  | 'name' // a local or a parameter
  | 'function' // a function declared or called: composed, rolling_mean, Math.max's max
  | 'global' // Math, Number, Array, Infinity, NaN
  | 'operator'
  | 'punctuation'
  | 'string'
  | 'comment'
  | 'space'
  | 'other'; // a character no rule above takes

export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'export', 'extends',
  'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'let', 'new', 'null', 'of', 'return', 'super',
  'switch', 'this', 'throw', 'true', 'try', 'typeof', 'undefined', 'var', 'void', 'while', 'with', 'yield', 'async', 'await',
]);

const GLOBALS = new Set(['Math', 'Number', 'Array', 'Infinity', 'NaN']);

// longest first, so `>>>=` is one operator and not `>>` then `>=`
const OPERATORS = [
  '>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=',
  '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>',
  '+', '-', '*', '/', '%', '=', '<', '>', '!', '&', '|', '^', '~', '?', ':',
];
const PUNCTUATION = new Set(['(', ')', '{', '}', '[', ']', ';', ',', '.']);

const SPACE = /^\s+/;
const NUMBER = /^(?:0[xX][\da-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?)n?/;
const WORD = /^[A-Za-z_$][\w$]*/;

/** The code as tokens whose texts, joined, are the code exactly. */
export function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < code.length) {
    const rest = code.slice(at);
    const token = nextToken(rest);
    tokens.push(token);
    at += token.text.length;
  }
  // a name followed by `(`, or after `function`, names a function
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind !== 'name') continue;
    const next = tokens.slice(i + 1).find((t) => t.kind !== 'space');
    const prev = tokens.slice(0, i).reverse().find((t) => t.kind !== 'space');
    if (next?.text === '(' || (prev?.kind === 'keyword' && prev.text === 'function')) tokens[i] = { kind: 'function', text: tokens[i].text };
  }
  return tokens;
}

function nextToken(rest: string): Token {
  const space = SPACE.exec(rest);
  if (space) return { kind: 'space', text: space[0] };
  if (rest.startsWith('//')) {
    const end = rest.indexOf('\n');
    return { kind: 'comment', text: end < 0 ? rest : rest.slice(0, end) };
  }
  if (rest.startsWith('/*')) {
    const end = rest.indexOf('*/', 2);
    return { kind: 'comment', text: end < 0 ? rest : rest.slice(0, end + 2) };
  }
  const quote = rest[0];
  if (quote === '"' || quote === "'" || quote === '`') return { kind: 'string', text: stringAt(rest, quote) };
  const number = NUMBER.exec(rest);
  if (number) return { kind: 'number', text: number[0] };
  const word = WORD.exec(rest);
  if (word) {
    const text = word[0];
    return { kind: KEYWORDS.has(text) ? 'keyword' : GLOBALS.has(text) ? 'global' : 'name', text };
  }
  const op = OPERATORS.find((o) => rest.startsWith(o));
  if (op) return { kind: 'operator', text: op };
  if (PUNCTUATION.has(rest[0])) return { kind: 'punctuation', text: rest[0] };
  // one code point, so a character outside the BMP is not split in two
  return { kind: 'other', text: String.fromCodePoint(rest.codePointAt(0)!) };
}

/** A quoted string up to its closing quote (escapes skipped), or to the end when it never closes. */
function stringAt(rest: string, quote: string): string {
  for (let i = 1; i < rest.length; i++) {
    if (rest[i] === '\\') i++;
    else if (rest[i] === quote) return rest.slice(0, i + 1);
    else if (rest[i] === '\n' && quote !== '`') return rest.slice(0, i);
  }
  return rest;
}

// ---- layout

export interface CodeLine {
  /** Block depth: each level is two spaces. */
  indent: number;
  /** The line's tokens, spaces between them included ('space' tokens of one space). */
  tokens: Token[];
}

/** Operators written with a space each side when they join two operands. */
const SPACED = new Set([
  '=', '+=', '-=', '*=', '/=', '%=', '**=', '&=', '|=', '^=', '<<=', '>>=', '>>>=', '&&=', '||=', '??=',
  '==', '===', '!=', '!==', '<', '>', '<=', '>=', '&&', '||', '??', '?', ':', '=>',
  '+', '-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>', '>>>', 'in', 'of', 'instanceof',
]);
/** Operators that, after an operand, are prefix (unary) only when nothing operand-like precedes them. */
const MAYBE_UNARY = new Set(['+', '-']);
/** Whether a token ends an operand: after it, `-` is binary. */
function endsOperand(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.kind === 'number' || t.kind === 'name' || t.kind === 'function' || t.kind === 'global' || t.kind === 'string') return true;
  if (t.kind === 'keyword') return ['this', 'true', 'false', 'null', 'undefined', 'super'].includes(t.text);
  return t.text === ')' || t.text === ']' || t.text === '}' || t.text === '++' || t.text === '--';
}

const wordy = (t: Token) => t.kind === 'keyword' || t.kind === 'name' || t.kind === 'function' || t.kind === 'global' || t.kind === 'number';

/**
 * The code one statement per line: a line after each `{` and before each `}` (an empty `{}`
 * stays one), after each `;` outside parentheses (a for loop's header stays one line), and a
 * blank line between top-level declarations (the module's lines). Comments keep their place.
 */
export function formatCode(code: string): CodeLine[] {
  const tokens = tokenize(code);
  const lines: CodeLine[] = [];
  let line: CodeLine = { indent: 0, tokens: [] };
  let depth = 0; // braces
  const parens: number[] = [0]; // parentheses open at each brace depth
  let prev: Token | undefined; // the last significant token written
  let unaryBefore = false; // the previous token was a prefix operator: no space after it

  const breakLine = (indent = depth) => {
    if (line.tokens.length) lines.push(line);
    line = { indent, tokens: [] };
  };
  const write = (t: Token, spaceBefore: boolean) => {
    if (spaceBefore && line.tokens.length) line.tokens.push({ kind: 'space', text: ' ' });
    line.tokens.push(t);
    prev = t;
  };
  const significant = (from: number) => {
    for (let j = from; j < tokens.length; j++) if (tokens[j].kind !== 'space') return tokens[j];
    return undefined;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'space') {
      // the module's own line breaks between top-level functions: a blank line between them
      if (t.text.includes('\n') && depth === 0 && parens[0] === 0 && (line.tokens.length || lines.at(-1)?.tokens.length)) {
        breakLine(0);
        lines.push({ indent: 0, tokens: [] });
      }
      continue;
    }
    const next = significant(i + 1);
    const text = t.text;
    if (t.kind === 'punctuation') {
      switch (text) {
        case '{': {
          write(t, prev !== undefined && prev.text !== '(' && prev.text !== '[' && !unaryBefore);
          if (next?.text === '}') break; // `{}`: the closing brace follows on this line
          depth++;
          parens.push(0);
          breakLine();
          break;
        }
        case '}': {
          if (prev?.text === '{' && line.tokens.length) {
            write(t, false); // an empty block
          } else {
            depth = Math.max(0, depth - 1);
            if (parens.length > 1) parens.pop();
            breakLine();
            write(t, false);
          }
          const keep = next && (['else', 'catch', 'finally', 'while'].includes(next.text) || [')', ',', ';', ']', '.'].includes(next.text));
          if (!keep) breakLine();
          break;
        }
        case '(':
          parens[parens.length - 1]++;
          write(t, prev !== undefined && !unaryBefore && prev.text !== ')' && spacedAfter(prev));
          break;
        case ')':
          parens[parens.length - 1] = Math.max(0, parens[parens.length - 1] - 1);
          write(t, false);
          break;
        case ';':
          write(t, false);
          if (parens[parens.length - 1] === 0) breakLine();
          break;
        case ',':
          write(t, false);
          break;
        case '[':
          write(t, prev !== undefined && !unaryBefore && prev.text !== ')' && spacedAfter(prev));
          break;
        default: // ] .
          write(t, false);
      }
      unaryBefore = false;
      continue;
    }
    if (t.kind === 'operator') {
      const unary = (MAYBE_UNARY.has(text) && !endsOperand(prev)) || text === '!' || text === '~' || text === '...';
      const incdec = text === '++' || text === '--';
      if (unary || incdec) {
        write(t, !incdec && prev !== undefined && spacedAfter(prev));
        unaryBefore = unary || (incdec && !endsOperand(prev));
        continue;
      }
      write(t, SPACED.has(text));
      unaryBefore = false;
      // the space after it comes with the next token (spacedAfter)
      continue;
    }
    // a word, a number, a string, a comment, anything else
    const before = prev !== undefined && !unaryBefore && (t.kind === 'comment' || spacedAfter(prev) || (wordy(prev) && wordy(t)));
    write(t, before);
    unaryBefore = false;
    if (t.kind === 'comment' && text.startsWith('//')) breakLine();
  }
  breakLine();
  // no blank line at either end, and never two in a row
  return lines.filter((l, i, all) => l.tokens.length > 0 || (i > 0 && i < all.length - 1 && all[i - 1].tokens.length > 0));
}

/** Whether the token after `prev` takes a space: after a comma, a spaced operator, a keyword (but `x.length` or `(a` not). */
function spacedAfter(prev: Token): boolean {
  if (prev.text === ',' || prev.text === ';') return true;
  if (prev.kind === 'operator') return SPACED.has(prev.text);
  if (prev.kind === 'keyword') return !['this', 'true', 'false', 'null', 'undefined', 'super'].includes(prev.text);
  if (prev.text === ')' || prev.text === '}') return true; // `if (c) x = 1`, `) {`, `} else`
  return false;
}

/** The formatted code as text (what the reader sees), for tests and for a copy of the view. */
export function formattedText(lines: readonly CodeLine[]): string {
  return lines.map((l) => '  '.repeat(l.indent) + l.tokens.map((t) => t.text).join('')).join('\n');
}
