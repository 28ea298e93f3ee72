// What people say beside a request that asks for no step (issue 51): why they want it, who asked,
// what it is for ("..., so i can plot it", "(my teacher wants it)", "- the logger ran all
// night"), and the same step said twice in other words ("the running total, i.e. the cumulative
// sum"). On the development files (typed .. typed-31, the Readers' greedy answers) the commonest
// misreading was a step too many: 236 of the 1,400 in-library intents of typed-16 .. typed-31,
// where an aside was read as one more step ("flip the signs ... so they show as minus amounts":
// negate|reverse) or a restatement as the same step again ("np.cumsum(rain) ...; give me the
// accumulated rainfall": cumsum|cumsum|cumsum). A Planner corpus with the options `asides` and
// `restatements` (corpus/compose.ts; `organelle corpus compose --asides N --restatements N`)
// adds these to some intents, unknown concepts included, so that neither is a sign of anything;
// the Readers' corpus has both (READER_COMPOSE_CORPUS; docs/compose.md, session 61). The frames are written by hand, as the openings are (compose-families.ts); the
// things named in them are WordNet's data nouns. No word of an aside is a word the library's
// steps are said with (tests/compose/asides.test.ts).
import type { Rng } from '../../games/rng.ts';

/** Who asked for it, or showed how. */
const WHO: readonly string[] = [
  'teacher', 'boss', 'manager', 'supervisor', 'professor', 'colleague', 'coworker', 'client', 'grandson', 'granddaughter',
  'daughter', 'son', 'wife', 'husband', 'doctor', 'coach', 'tutor', 'advisor', 'lab partner', 'team lead', 'editor', 'neighbour',
];

/** What it is for; `{noun}` is a data noun. */
const FOR: readonly string[] = [
  'report', 'thesis', 'homework', 'slides', 'dashboard', 'paper', 'presentation', 'newsletter', 'weekly update', 'assignment',
  'grant application', 'blog post', '{noun} study', '{noun} project', 'lab notebook', 'meeting on monday',
];

/** Why, said after the request: `{who}`, `{for}` and `{noun}` filled. */
const AFTER: readonly string[] = [
  'so i can plot it', 'so i can graph it', 'so i can paste it in my {for}', 'so i can show my {who}', 'so i can send it to my {who}',
  'so i can paste it into a spreadsheet', 'so i can study it later', 'so i can compare years',
  'for my {for}', 'for the {for}', "it's for my {for}", 'my {who} asked for it', 'my {who} wants it', 'like my {who} showed me',
  'how my {who} does it', 'as my {who} said', 'the {noun} logger ran all night', 'the {noun} data came from the lab',
  'we got fresh {noun} numbers today', 'i already cleaned it', "i'm a beginner", 'if that helps', 'thanks',
  'thanks in advance', 'no rush', 'asap', 'like we did on friday', 'for the whole file', 'it came from excel',
  "i'm doing this by hand right now", 'not sure how else to do it', 'nothing fancy',
  'in the usual format', 'for all the files in the folder', 'from the {noun} station', 'as a quick sanity test',
];

/** Said before the request. */
const BEFORE: readonly string[] = [
  'for my {for},', 'my {who} asked me to', 'my {who} wants me to', 'quick favour for the {for}:', 'for the {noun} data:',
  'this is for my {for}:', 'ok, the {noun} file:', 'another thing for today:', 'fresh file from the {noun} station:',
];

/** How an aside is put after the request. */
const AFTER_JOINS: readonly (readonly [string, string])[] = [[', ', ''], [' - ', ''], [' (', ')'], ['. ', ''], [', ', ', thanks'], [' -- ', ''], ['; ', '']];

function fill(frame: string, rng: Rng, nouns: readonly string[]): string {
  return frame
    .replace('{who}', rng.pick(WHO))
    .replace('{for}', rng.pick(FOR))
    .replace('{noun}', nouns.length > 0 ? rng.pick(nouns) : 'sensor');
}

/** `text` with an aside after it (four times in five) or before it; `nouns` name things in it. */
export function withAside(text: string, rng: Rng, nouns: readonly string[]): string {
  if (rng.int(5) === 0) return `${fill(rng.pick(BEFORE), rng, nouns)} ${text}`;
  const [open, close] = rng.pick(AFTER_JOINS);
  return `${text}${open}${fill(rng.pick(AFTER), rng, nouns)}${close}`;
}

/** How a step said again in other words is joined to the first saying: [before, after] the second. */
const RESTATE_JOINS: readonly (readonly [string, string])[] = [
  [', i.e. ', ''], [' (i.e. ', ')'], [' (', ')'], [' - ', ''], [', that is ', ''], [', in plain words ', ''], [', meaning ', ''],
  [', aka ', ''], [', or ', ''], [' -- ', ''], [', like ', ''], ['; ', ''], [', you know, ', ''],
];

/** A request and the same step said again in other words after it (`again`: a noun phrase or a bare name, no data). */
export function restated(text: string, again: string, rng: Rng): string {
  const [open, close] = rng.pick(RESTATE_JOINS);
  return `${text}${open}${again}${close}`;
}

/** Every word an aside or a restatement's joins may say, for the test that none is a word of a step. */
export function asideWords(): string[] {
  const all = [...WHO, ...FOR, ...AFTER, ...BEFORE, ...AFTER_JOINS.flat(), ...RESTATE_JOINS.flat()].join(' ');
  return [...new Set(all.replace(/\{[a-z]+\}/g, ' ').toLowerCase().split(/[^a-z']+/).filter((w) => w.length > 0))].sort();
}
