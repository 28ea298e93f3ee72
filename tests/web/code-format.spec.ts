// The Compose view's tokenizer and formatter (web/src/compose/code-format.ts): tokens always
// join back to the code exactly, whatever a link carries; every primitive's canonical body lays
// out one statement a line with nothing but whitespace changed; names, keywords, numbers and
// the rest are told apart for colouring.
import { describe, expect, it } from 'vitest';
import { formatCode, formattedText, tokenize } from '../../web/src/compose/code-format.ts';
import { PRIMITIVES } from '../../worker/compose/primitives/index.ts';
import { COMPOSE_LIBRARY } from '../../worker/compose/library.ts';
import { wireComposition } from '../../worker/compose/wiring.ts';

const lookup = COMPOSE_LIBRARY.lookup;
const bare = (text: string) => text.replace(/\s+/g, '');

describe('tokenize', () => {
  it('joins back to the code exactly, for every primitive and for anything a link may carry', () => {
    const odd = [
      "function composed(x){return 'a\\'b' + \"c\" + `d${1}`}",
      '/* open comment never closes',
      'a // line comment\nb',
      'x = 0x1F + 1e-3 + .5 + 10n;\u{1F600}\u00e9 @#',
      "'unterminated",
      '',
    ];
    for (const code of [...PRIMITIVES.map((p) => p.body), ...odd]) {
      expect(tokenize(code).map((t) => t.text).join(''), code).toBe(code);
    }
  });

  it('tells keywords, functions, globals, numbers and names apart', () => {
    const kinds = Object.fromEntries(
      tokenize('function composed(x){const a=rolling_mean(x,5);return Math.max(a[0],Infinity)}').filter((t) => t.kind !== 'space').map((t) => [t.text, t.kind]),
    );
    expect(kinds).toMatchObject({
      function: 'keyword', composed: 'function', const: 'keyword', rolling_mean: 'function', 5: 'number', return: 'keyword',
      Math: 'global', max: 'function', Infinity: 'global', a: 'name', x: 'name', '=': 'operator', '(': 'punctuation',
    });
    expect(tokenize("'str' // c").map((t) => t.kind)).toEqual(['string', 'space', 'comment']);
    expect(tokenize('a>>>=b')[1]).toEqual({ kind: 'operator', text: '>>>=' });
    expect(tokenize('\u{1F600}')).toEqual([{ kind: 'other', text: '\u{1F600}' }]);
  });
});

describe('formatCode', () => {
  it('lays a composed module out one statement a line, a blank line between its functions', () => {
    const wiring = wireComposition([{ name: 'rolling_mean', args: [5] }, { name: 'diff_central', args: [] }], lookup);
    const code = [wiring, lookup('rolling_mean')!.body].join('\n');
    expect(formattedText(formatCode(code))).toBe(
      [
        'function composed(x) {',
        '  const a = rolling_mean(x, 5);',
        '  const b = diff_central(a);',
        '  return b',
        '}',
        '',
        'function rolling_mean(x, w) {',
        '  const n = x.length, y = new Array(n);',
        '  let s = 0;',
        '  for (let i = 0; i < n; i++) {',
        '    s += x[i];',
        '    if (i >= w) s -= x[i - w];',
        '    y[i] = s / Math.min(i + 1, w)',
        '  }',
        '  return y',
        '}',
      ].join('\n'),
    );
  });

  it('changes nothing but whitespace in any of the 76 canonical bodies', () => {
    expect(PRIMITIVES).toHaveLength(76);
    for (const p of PRIMITIVES) {
      const lines = formatCode(p.body);
      expect(bare(formattedText(lines)), p.name).toBe(bare(p.body));
      expect(lines[0].tokens[0].text, p.name).toBe('function');
      expect(lines.at(-1)!.tokens.map((t) => t.text).join(''), p.name).toBe('}');
    }
  });

  it('keeps unary minus, empty blocks, else, ternaries and arrow bodies readable', () => {
    expect(formattedText(formatCode('function composed(x){while(true){}return -x[0]>-1?a:b}'))).toBe(
      'function composed(x) {\n  while (true) {}\n  return -x[0] > -1 ? a : b\n}',
    );
    expect(formattedText(formatCode('function f(x){if(x){return 1}else{return 2}}'))).toBe(
      'function f(x) {\n  if (x) {\n    return 1\n  } else {\n    return 2\n  }\n}',
    );
    expect(formattedText(formatCode('function f(x){return x.map((v)=>{return v*2})}'))).toBe(
      'function f(x) {\n  return x.map((v) => {\n    return v * 2\n  })\n}',
    );
    expect(formattedText(formatCode('function f(x){let k=0;k++;return x[k]-1}'))).toBe('function f(x) {\n  let k = 0;\n  k++;\n  return x[k] - 1\n}');
  });

  it("lays out what a forged link carries without losing a character of it", () => {
    const code = "function composed(x){const a=rolling_mean(x,5);indexedDB.deleteDatabase('x' /* c */);return a} // end";
    expect(bare(formattedText(formatCode(code)))).toBe(bare(code));
    expect(formattedText(formatCode(code))).toContain("indexedDB.deleteDatabase('x' /* c */);");
  });
});
