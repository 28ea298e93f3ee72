// The language data by family (worker/compose/language/descriptions.ts): one entry for every
// primitive and none for an unknown one, the counts per family, slots that fit their primitive,
// triples whose three forms say the same slots, nothing copied from the table's own phrases,
// nothing said of two primitives, and the house style (lower case, no literal numbers, no
// filler or joining words, no final punctuation).
import { describe, expect, it } from 'vitest';
import { DESCRIPTIONS, FAMILIES, type PrimitiveWords } from '../../worker/compose/language/descriptions.ts';
import { PRIMITIVES, PRIMITIVE_NAMES, primitiveByName } from '../../worker/compose/primitives/index.ts';
import type { Primitive } from '../../worker/compose/types.ts';

const MIN = { describe: 4, ask: 2, bare: 3, code: 2 } as const;

/** Every slot a form uses, in order of appearance, e.g. ['{x}', '{p0}']. */
function slots(form: string): string[] {
  return [...form.matchAll(/\{[^}]*\}/g)].map((m) => m[0]);
}

/** Every form of an entry with the family it belongs to. */
function forms(words: PrimitiveWords): { family: string; text: string }[] {
  return [
    ...words.describe.flatMap((p) => [p.verb, p.gerund, p.noun].map((text) => ({ family: 'describe', text }))),
    ...words.ask.map((text) => ({ family: 'ask', text })),
    ...words.bare.map((text) => ({ family: 'bare', text })),
    ...words.code.map((text) => ({ family: 'code', text })),
  ];
}

/** What is wrong with the slots of one form of `primitive`'s entry, or null. */
function slotProblem(primitive: Primitive, family: string, form: string): string | null {
  const object = primitive.arrays === 2 ? '{xy}' : '{x}';
  const allowed = new Set([object, ...primitive.params.map((_, i) => `{p${i}}`)]);
  for (const s of slots(form)) {
    if (!allowed.has(s)) return `slot ${s} is not one of ${primitive.name}'s (${[...allowed].join(', ')})`;
  }
  const objects = slots(form).filter((s) => s === object).length;
  if (family === 'describe' || family === 'ask') {
    if (objects !== 1) return `says ${object} ${objects} times, not once`;
  } else if (objects !== 0) {
    return `a ${family} form says ${object}`;
  }
  return null;
}

/** What is wrong with the house style of one form, or null. */
function styleProblem(primitive: Primitive, family: string, form: string): string | null {
  if (form !== form.toLowerCase()) return 'not lower case';
  if (form !== form.trim() || /\s{2,}/.test(form)) return 'stray spaces';
  if (/[.?!,;:]$/.test(form)) return 'final punctuation';
  if (/\b(please|kindly|could you|can you|would you|just|basically|then|after that|afterwards)\b/.test(form)) return 'a filler or joining word';
  const bare = form.replace(/\{p\d\}/g, '');
  if (family !== 'code') {
    if (/\d/.test(bare)) return 'a digit outside a code form';
    return null;
  }
  // A code form may hold digits (np.log10, x ** 2, min_periods=1), but no number a parameter
  // could take: a parameter's value is said by its slot.
  for (const m of bare.matchAll(/(?<![\w.])-?\d+(\.\d+)?(?![\w.])/g)) {
    const v = Number(m[0]);
    const spec = primitive.params.find((s) => v >= s.min && v <= s.max);
    if (spec) return `the literal ${m[0]} could be a value of parameter ${spec.name}; say it by slot`;
  }
  return null;
}

const TABLE_FORMS = new Set(PRIMITIVES.flatMap((p) => p.phrases.flatMap((ph) => [ph.verb, ph.gerund, ph.noun])));

describe('descriptions: coverage', () => {
  it('has an entry for every primitive of the library', () => {
    const missing = PRIMITIVE_NAMES.filter((name) => !(name in DESCRIPTIONS));
    expect(missing).toEqual([]);
    expect(PRIMITIVE_NAMES.length).toBe(76);
  });

  it('names no unknown primitive', () => {
    const unknown = Object.keys(DESCRIPTIONS).filter((name) => !PRIMITIVE_NAMES.includes(name));
    expect(unknown).toEqual([]);
  });

  it('has at least 4 describe triples, 2 questions, 3 bare requests and 2 code forms per primitive', () => {
    const short: string[] = [];
    for (const [name, words] of Object.entries(DESCRIPTIONS)) {
      for (const family of FAMILIES) {
        if (words[family].length < MIN[family]) short.push(`${name}.${family}: ${words[family].length} < ${MIN[family]}`);
      }
    }
    expect(short).toEqual([]);
  });
});

describe('descriptions: slots', () => {
  it('uses only its primitive\'s slots: {x} or {xy} by arity, {pN} where the primitive has parameter N; none in bare and code forms', () => {
    const problems: string[] = [];
    for (const [name, words] of Object.entries(DESCRIPTIONS)) {
      const primitive = primitiveByName(name);
      for (const { family, text } of forms(words)) {
        const problem = slotProblem(primitive, family, text);
        if (problem) problems.push(`${name}.${family} '${text}': ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('says the same slots in the verb, gerund and noun of a triple', () => {
    const problems: string[] = [];
    for (const [name, words] of Object.entries(DESCRIPTIONS)) {
      for (const p of words.describe) {
        const [v, g, n] = [p.verb, p.gerund, p.noun].map((f) => slots(f).sort().join(' '));
        if (v !== g || v !== n) problems.push(`${name}: '${p.verb}' / '${p.gerund}' / '${p.noun}'`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes gerunds as gerunds: one of the gerund\'s first three words ends in -ing ("numerically differentiating")', () => {
    const problems: string[] = [];
    for (const [name, words] of Object.entries(DESCRIPTIONS)) {
      for (const p of words.describe) {
        if (!/^(\S+ ){0,2}\S*ing /.test(p.gerund)) problems.push(`${name}: '${p.gerund}'`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('descriptions: new words, each for one primitive', () => {
  it('repeats none of the table\'s own phrase forms', () => {
    const copied: string[] = [];
    for (const [name, words] of Object.entries(DESCRIPTIONS)) {
      for (const { family, text } of forms(words)) if (TABLE_FORMS.has(text)) copied.push(`${name}.${family} '${text}'`);
    }
    expect(copied).toEqual([]);
  });

  it('says no phrasing under two primitives (nor twice under one)', () => {
    const owner = new Map<string, string>();
    const repeated: string[] = [];
    for (const [name, words] of Object.entries(DESCRIPTIONS)) {
      for (const { family, text } of forms(words)) {
        const before = owner.get(text);
        if (before) repeated.push(`'${text}' under ${before} and ${name}.${family}`);
        else owner.set(text, `${name}.${family}`);
      }
    }
    expect(repeated).toEqual([]);
  });
});

describe('descriptions: house style', () => {
  it('is lower case, without literal numbers, filler, joining words or final punctuation', () => {
    const problems: string[] = [];
    for (const [name, words] of Object.entries(DESCRIPTIONS)) {
      const primitive = primitiveByName(name);
      for (const { family, text } of forms(words)) {
        const problem = styleProblem(primitive, family, text);
        if (problem) problems.push(`${name}.${family} '${text}': ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('descriptions: the checks can fail', () => {
  const clamp = primitiveByName('clamp');
  const mean = primitiveByName('mean');
  const add = primitiveByName('vec_add');

  it('refuses a slot the primitive has not got, the wrong object for its arity, and an object in a bare form', () => {
    expect(slotProblem(mean, 'describe', 'average {x} over {p0} points')).toMatch(/slot \{p0\}/);
    expect(slotProblem(clamp, 'describe', 'clip {x} to {p2}')).toMatch(/slot \{p2\}/);
    expect(slotProblem(add, 'describe', 'add {x} together')).toMatch(/slot \{x\}/);
    expect(slotProblem(mean, 'describe', 'the average')).toMatch(/0 times/);
    expect(slotProblem(mean, 'bare', 'average of {x}')).toMatch(/bare form says/);
    expect(slotProblem(clamp, 'code', 'np.clip(x, {p0}, {p1})')).toBeNull();
  });

  it('refuses capitals, digits, literal parameter values in code, filler and final punctuation', () => {
    expect(styleProblem(mean, 'ask', 'What is the mean of {x}')).toBe('not lower case');
    expect(styleProblem(mean, 'ask', 'what is the mean of {x}?')).toBe('final punctuation');
    expect(styleProblem(mean, 'describe', 'average the first 5 values of {x}')).toMatch(/digit/);
    expect(styleProblem(mean, 'bare', 'just the mean')).toMatch(/filler/);
    expect(styleProblem(clamp, 'code', 'np.clip(x, -1, 1)')).toMatch(/parameter lo/);
    expect(styleProblem(primitiveByName('rolling_mean'), 'code', 'x.rolling({p0}, min_periods=1).mean()')).toBeNull();
    expect(styleProblem(primitiveByName('square'), 'code', 'x ** 2')).toBeNull();
  });
});
