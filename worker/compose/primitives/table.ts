// The primitive library as a Markdown document (docs/compose-primitives.md): one table per
// category with each primitive's typed signature, summary and first phrasing in its three forms.
// tests/compose/primitives.test.ts fails when the committed file differs from this output.
import type { ParamSpec, Phrase, Primitive } from '../types.ts';
import { PRIMITIVES } from './index.ts';

/** `w: int 2..32 = 3`, or `fc: number 0.01..0.45 step 0.01 = 0.1`. */
function paramSignature(p: ParamSpec): string {
  const step = p.kind === 'number' ? ` step ${p.step}` : '';
  return `${p.name}: ${p.kind} ${p.min}..${p.max}${step} = ${p.default}`;
}

/** `rolling_mean(x: array, w: int 2..32 = 3) -> array`. */
export function signature(p: Primitive): string {
  const arrays = p.arrays === 2 ? ['x: array', 'y: array'] : ['x: array'];
  return `${p.name}(${[...arrays, ...p.params.map(paramSignature)].join(', ')}) -> ${p.returns}`;
}

/** The phrase the table shows: the first that names every parameter (the first, if none has any). */
function examplePhrase(p: Primitive): Phrase {
  const namesAll = (ph: Phrase) => p.params.every((_, i) => ph.verb.includes(`{p${i}}`));
  return p.phrases.find(namesAll) ?? p.phrases[0];
}

/** Text safe inside a Markdown table cell: pipes and asterisks escaped. */
function cell(text: string): string {
  return text.replace(/[|*]/g, (c) => `\\${c}`);
}

export function primitiveTable(): string {
  const categories = [...new Set(PRIMITIVES.map((p) => p.category))];
  const lines = [
    '# Code composition: the primitive library',
    '',
    '<!-- Generated from worker/compose/primitives/ by primitiveTable() (table.ts); do not edit by hand.',
    '     Regenerate: npx tsx worker/compose/primitives/write-table.ts -->',
    '',
    `${PRIMITIVES.length} primitives in ${categories.length} categories. Each has a canonical one-line`,
    'JavaScript body (run only in the QuickJS sandbox), an independent TypeScript reference, and',
    'phrasings in three forms. In a phrase, `{x}` is the data operated on, `{xy}` the two inputs of',
    'a binary primitive, and `{p0}`, `{p1}` the parameters in signature order; a phrase without a',
    "parameter's slot means its default. Parameters are drawn from min..max in steps of `step`",
    '(1 for an int). Only a composition\'s first step may take two arrays, and only its last may',
    'return a number.',
  ];
  for (const category of categories) {
    const members = PRIMITIVES.filter((p) => p.category === category);
    lines.push('', `## ${category} (${members.length})`, '');
    lines.push('| name | signature | summary | verb | gerund | noun |');
    lines.push('| --- | --- | --- | --- | --- | --- |');
    for (const p of members) {
      const ph = examplePhrase(p);
      const cells = [`\`${p.name}\``, `\`${signature(p)}\``, cell(p.summary), ph.verb, ph.gerund, ph.noun];
      lines.push(`| ${cells.join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}
