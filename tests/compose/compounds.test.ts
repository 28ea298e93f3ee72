// A reduction said as an adjective of what the values are (worker/compose/language/compounds.ts)
// and the corpus family that says it (corpus/compose-families.ts 'compound'): the steps fit
// their roles, binary steps' nouns name their two inputs, and every sentence plans a value's
// step, maybe a modifier, then a reduction.
import { describe, expect, it } from 'vitest';
import { REDUCTION_ADJECTIVES, VALUE_MODIFIERS, VALUE_NOUNS } from '../../worker/compose/language/compounds.ts';
import { primitiveByName } from '../../worker/compose/primitives/index.ts';
import { familyIntent } from '../../corpus/compose-families.ts';
import { COMPOSE_LIBRARY as LIB } from '../../worker/compose/library.ts';
import { Rng } from '../../worker/games/rng.ts';

describe('compounds: the table', () => {
  it('reduces with steps that return a number, and calls values of steps that return arrays', () => {
    for (const name of Object.keys(REDUCTION_ADJECTIVES)) expect(primitiveByName(name).returns, name).toBe('number');
    for (const name of [...Object.keys(VALUE_NOUNS), ...Object.keys(VALUE_MODIFIERS)]) expect(primitiveByName(name).returns, name).toBe('array');
  });

  it('names the two inputs of a binary step in each of its nouns, and no input of a unary one', () => {
    const problems = Object.entries(VALUE_NOUNS).flatMap(([name, nouns]) => {
      const binary = primitiveByName(name).arrays === 2;
      return nouns.flat().filter((n) => n.includes('{xy}') !== binary || n.includes('{x}')).map((n) => `${name}: '${n}'`);
    });
    expect(problems).toEqual([]);
  });
});

describe('compounds: the corpus family', () => {
  it('plans a value\'s step, maybe a modifier, then a step that returns a number (two steps the library has one for as that one), the same for the same seed', () => {
    let n = 0;
    let meanAbs = 0;
    const seen: string[] = [];
    for (let i = 0; i < 300; i++) {
      const intent = familyIntent(new Rng(`compound/${i}`), LIB, 'compound', i, () => true);
      if (intent === null) continue;
      n++;
      seen.push(intent.text);
      const names = intent.composition.map((s) => s.name);
      if (names.length === 1) {
        // two steps the library has one step for ("the mean of the absolute values": mean_abs)
        expect(['mean_abs', 'energy', 'power_spectrum'], intent.text).toContain(names[0]);
        continue;
      }
      expect(VALUE_NOUNS[names[0]], intent.text).toBeDefined();
      expect(primitiveByName(names[names.length - 1]).returns, intent.text).toBe('number');
      if (names.length === 3) expect(VALUE_MODIFIERS[names[1]], intent.text).toBeDefined();
      if (names[names.length - 1] === 'mean_abs') meanAbs++;
      expect(intent.text).not.toMatch(/\{/);
      expect(familyIntent(new Rng(`compound/${i}`), LIB, 'compound', i, () => true)).toEqual(intent);
    }
    expect(n).toBeGreaterThan(250);
    expect(meanAbs).toBeGreaterThan(0);
    // the values named and another step taken of them: "the standard deviation of the changes in x"
    expect(seen.some((t) => /\bof the (changes|z-scores|squared values|errors between|absolute values)\b/.test(t)), seen.slice(0, 5).join(' / ')).toBe(true);
  });
});
