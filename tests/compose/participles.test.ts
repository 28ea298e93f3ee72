// A step said as done to the data (worker/compose/language/participles.ts): entries only for
// steps that turn one series into another, slots that fit their primitive, the house style, no
// form under two primitives, the adjective put before the data's noun, and the corpus family
// that says chains with them (corpus/compose-families.ts 'participle').
import { describe, expect, it } from 'vitest';
import { PARTICIPLES, premodify } from '../../worker/compose/language/participles.ts';
import { PRIMITIVE_NAMES, primitiveByName } from '../../worker/compose/primitives/index.ts';
import { familyIntent } from '../../corpus/compose-families.ts';
import { COMPOSE_LIBRARY as LIB } from '../../worker/compose/library.ts';
import { Rng } from '../../worker/games/rng.ts';

const entries = Object.entries(PARTICIPLES);
const forms = entries.flatMap(([name, p]) => [...p.pre.map((text) => ({ name, pre: true, text })), ...p.post.map((text) => ({ name, pre: false, text }))]);

describe('participles: the table', () => {
  it('names only primitives that turn one series into another, each with a form', () => {
    const problems = entries.flatMap(([name, p]) => {
      if (!PRIMITIVE_NAMES.includes(name)) return [`${name}: no such primitive`];
      const q = primitiveByName(name);
      if (q.returns !== 'array' || q.arrays !== 1) return [`${name}: returns ${q.returns} from ${q.arrays} arrays`];
      return p.pre.length + p.post.length === 0 ? [`${name}: no form`] : [];
    });
    expect(problems).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(40);
  });

  it('says {x} once in a form after the noun and never in one before it, and only its own parameters', () => {
    const problems = forms.flatMap(({ name, pre, text }) => {
      const slots = [...text.matchAll(/\{[^}]*\}/g)].map((m) => m[0]);
      const params = new Set(primitiveByName(name).params.map((_, i) => `{p${i}}`));
      const objects = slots.filter((s) => s === '{x}').length;
      const bad = slots.filter((s) => s !== '{x}' && !params.has(s));
      if (bad.length > 0) return [`${name} '${text}': ${bad.join(', ')}`];
      return objects !== (pre ? 0 : 1) ? [`${name} '${text}': {x} ${objects} times`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('is lower case, without numbers in digits (the "2" of a name like "l2" is none), filler or final punctuation, and no form is two primitives\'', () => {
    const problems = forms.flatMap(({ name, text }) => {
      if (text !== text.toLowerCase() || text !== text.trim()) return [`${name} '${text}': case or spaces`];
      if (/(?<![a-z])\d/.test(text.replace(/\{p\d\}/g, ''))) return [`${name} '${text}': a number in digits`];
      if (/[.?!,;:]$/.test(text) || /\b(please|just|then)\b/.test(text)) return [`${name} '${text}': punctuation or filler`];
      return [];
    });
    expect(problems).toEqual([]);
    const owners = new Map<string, string>();
    const twice = forms.filter(({ name, text }) => {
      const before = owners.get(text);
      owners.set(text, name);
      return before !== undefined;
    });
    expect(twice).toEqual([]);
  });

  it('puts the adjective after a determiner, before a bare noun', () => {
    expect(premodify('the signal', 'smoothed')).toBe('the smoothed signal');
    expect(premodify('my heart rate readings', 'hann-windowed')).toBe('my hann-windowed heart rate readings');
    expect(premodify('x', 'negated')).toBe('negated x');
    expect(premodify('the', 'negated')).toBe('negated the');
  });
});

describe('participles: the corpus family', () => {
  it('says chains of 2-3 steps whose first is one the table says as done, the same for the same seed', () => {
    const allowed = () => true;
    const seen: string[] = [];
    for (let i = 0; i < 400; i++) {
      const intent = familyIntent(new Rng(`participle/${i}`), LIB, 'participle', i, allowed);
      if (intent === null) continue;
      expect(intent.composition.length, intent.text).toBeGreaterThanOrEqual(2);
      expect(intent.composition.length, intent.text).toBeLessThanOrEqual(3);
      expect(PARTICIPLES[intent.composition[0].name], intent.text).toBeDefined();
      expect(intent.template).toBe('participle');
      seen.push(intent.text);
      expect(familyIntent(new Rng(`participle/${i}`), LIB, 'participle', i, allowed)).toEqual(intent);
    }
    expect(seen.length).toBeGreaterThan(300);
    // the data's noun with an adjective of the first step before it, and the last step's words said of it
    expect(seen.some((t) => /\bthe (smoothed|squared|negated|demeaned|standardized) /.test(t))).toBe(true);
  });
});
