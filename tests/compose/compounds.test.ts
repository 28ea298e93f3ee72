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
      return nouns.filter((n) => n.includes('{xy}') !== binary || n.includes('{x}')).map((n) => `${name}: '${n}'`);
    });
    expect(problems).toEqual([]);
  });
});

describe('compounds: the corpus family', () => {
  it('plans a value\'s step, maybe a modifier, then a reduction (mean of absolute values as mean_abs), the same for the same seed', () => {
    const reductions = new Set([...Object.keys(REDUCTION_ADJECTIVES), 'mean_abs']);
    let n = 0;
    let meanAbs = 0;
    for (let i = 0; i < 300; i++) {
      const intent = familyIntent(new Rng(`compound/${i}`), LIB, 'compound', i, () => true);
      if (intent === null) continue;
      n++;
      const names = intent.composition.map((s) => s.name);
      expect(VALUE_NOUNS[names[0]], intent.text).toBeDefined();
      expect(reductions.has(names[names.length - 1]), intent.text).toBe(true);
      if (names.length === 3) expect(VALUE_MODIFIERS[names[1]], intent.text).toBeDefined();
      if (names[names.length - 1] === 'mean_abs') meanAbs++;
      expect(intent.text).not.toMatch(/\{/);
      expect(familyIntent(new Rng(`compound/${i}`), LIB, 'compound', i, () => true)).toEqual(intent);
    }
    expect(n).toBeGreaterThan(250);
    expect(meanAbs).toBeGreaterThan(0);
  });
});
