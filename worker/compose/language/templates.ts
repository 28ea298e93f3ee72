// How an intent joins its steps: the composition templates. Each renders the steps of a
// composition, in order of application, as one sentence, using each step's verb, gerund or
// noun form (worker/compose/types.ts, Phrase). Some keep the order of application in the text
// ("A then B"), some turn it around ("B after A-ing", "the B of the A of x"); the Planner has to
// read which.
//
// Two templates are held out (HELD_OUT_TEMPLATES): no corpus document uses them, and the
// `template` test set is made of them alone, so a pass there is a sentence shape the
// organelles never saw. Two more (VALIDATION_TEMPLATES) are in no corpus either and only the
// validation split uses them, so that what is chosen there can see how a new shape is read.

/** One step, ready to be put into words: its phrase forms with the parameters filled in. */
export interface StepWords {
  verb(x: string): string;
  gerund(x: string): string;
  noun(x: string): string;
}

/** The sentence parts a template needs besides the steps. */
export interface Fillers {
  /** What the first-mentioned step operates on: "the signal" (or "the two signals"). */
  object: string;
  /** How a later step refers to the result so far: "it", "the result", "that". */
  ref: () => string;
  /** A connective between two steps; only the 'connective' template asks ("next", "afterwards"). */
  connective?: () => string;
}

export interface Template {
  id: string;
  /** How many steps it can join. */
  steps: readonly number[];
  render(s: readonly StepWords[], f: Fillers): string;
}

const last = <T>(items: readonly T[]): T => items[items.length - 1];

/** "A, B and C" */
function series(items: readonly string[], conjunction: string): string {
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${last(items)}`;
}

/** Each step's verb, the first on the object and the rest on the result so far. */
function verbs(s: readonly StepWords[], f: Fillers): string[] {
  return s.map((step, i) => step.verb(i === 0 ? f.object : f.ref()));
}

function gerunds(s: readonly StepWords[], f: Fillers): string[] {
  return s.map((step, i) => step.gerund(i === 0 ? f.object : f.ref()));
}

export const SINGLE_TEMPLATES: readonly Template[] = [
  { id: 'verb', steps: [1], render: (s, f) => s[0].verb(f.object) },
  { id: 'compute', steps: [1], render: (s, f) => `compute ${s[0].noun(f.object)}` },
  { id: 'return', steps: [1], render: (s, f) => `return ${s[0].noun(f.object)}` },
];

export const CHAIN_TEMPLATES: readonly Template[] = [
  { id: 'then', steps: [2, 3], render: (s, f) => verbs(s, f).join(' then ') },
  {
    id: 'first-then',
    steps: [2, 3],
    render: (s, f) => {
      const [a, ...rest] = verbs(s, f);
      return `first ${a}, ${rest.map((v) => `then ${v}`).join(', ')}`;
    },
  },
  { id: 'and-then', steps: [2, 3], render: (s, f) => series(verbs(s, f), 'and then') },
  { id: 'followed-by', steps: [2, 3], render: (s, f) => gerunds(s, f).join(' followed by ') },
  {
    // order turned around: the last step is said first, on the object
    id: 'after',
    steps: [2, 3],
    render: (s, f) => {
      const head = last(s).verb(f.object);
      const before = s.slice(0, -1).map((step) => step.gerund(f.ref()));
      return `${head} after ${series(before, 'and then')}`;
    },
  },
  {
    // "differentiate the result of smoothing the signal": each step on the result of the one before
    id: 'result-of',
    steps: [2, 3],
    render: (s, f) => {
      let inner = s[0].gerund(f.object);
      for (const step of s.slice(1, -1)) inner = step.gerund(`the result of ${inner}`);
      return last(s).verb(`the result of ${inner}`);
    },
  },
  {
    // "compute the derivative of a 5-point moving average of the signal"
    id: 'nested',
    steps: [2, 3],
    render: (s, f) => `compute ${s.reduce((x, step) => step.noun(x), f.object)}`,
  },
  {
    id: 'before',
    steps: [2],
    render: (s, f) => `${s[0].verb(f.object)} before ${s[1].gerund(f.ref())}`,
  },
  {
    // in order, joined by connectives of many kinds (CONNECTIVES), so that a connective is
    // known to be glue between steps, not a step the Planner does not know
    id: 'connective',
    steps: [2, 3],
    render: (s, f) => {
      const connective = f.connective;
      if (!connective) throw new Error("template 'connective' needs connectives");
      return verbs(s, f).reduce((text, v) => `${text}, ${connective()} ${v}`);
    },
  },
  // ---- held out: no corpus uses these two
  {
    id: 'once-done',
    steps: [2, 3],
    render: (s, f) => verbs(s, f).join(', and once that is done, '),
  },
  {
    id: 'start-finish',
    steps: [2, 3],
    render: (s, f) => {
      const g = gerunds(s, f);
      const middle = g.slice(1, -1).map((x) => `continue by ${x}, `).join('');
      return `start by ${g[0]}, ${middle}and finish by ${last(g)}`;
    },
  },
  // ---- validation only: no corpus uses these two either; they let the validation split measure
  // what the `template` set measures (a sentence shape never seen) without touching it
  { id: 'with-that', steps: [2, 3], render: (s, f) => verbs(s, f).join(', and with that in hand, ') },
  {
    id: 'kick-off',
    steps: [2, 3],
    render: (s, f) => {
      const g = gerunds(s, f);
      const middle = g.slice(1, -1).map((x) => `proceed by ${x}, `).join('');
      return `kick off by ${g[0]}, ${middle}and wrap up by ${last(g)}`;
    },
  },
];

export const HELD_OUT_TEMPLATES: readonly string[] = ['once-done', 'start-finish'];
export const VALIDATION_TEMPLATES: readonly string[] = ['with-that', 'kick-off'];

/** The words that mark the held-out templates, and the validation templates: no corpus document may hold them. */
export const HELD_OUT_TEMPLATE_MARKERS: readonly string[] = ['once that is done', 'start by', 'finish by', 'continue by'];
export const VALIDATION_TEMPLATE_MARKERS: readonly string[] = ['with that in hand', 'kick off by', 'proceed by', 'wrap up by'];

/**
 * What the 'connective' template joins steps with. None is a word of the held-out templates
 * (once, done, start, continue, finish): tests/compose/held-out.test.ts checks every corpus.
 */
export const CONNECTIVES: readonly string[] = [
  'next', 'and next', 'afterwards', 'and afterwards', 'after that', 'and after that', 'subsequently',
  'and subsequently', 'later', 'and later', 'following that', 'and following that', 'as a next step',
  'in turn', 'from there', 'and from there', 'and then also', 'thereafter', 'and thereafter',
];

export const ALL_TEMPLATES: readonly Template[] = [...SINGLE_TEMPLATES, ...CHAIN_TEMPLATES];

export function templateById(id: string): Template {
  const t = ALL_TEMPLATES.find((x) => x.id === id);
  if (!t) throw new Error(`no composition template "${id}"`);
  return t;
}

/** The templates corpora may use for a chain of `steps` steps. */
export function trainingTemplates(steps: number): Template[] {
  return ALL_TEMPLATES.filter((t) => t.steps.includes(steps) && !HELD_OUT_TEMPLATES.includes(t.id) && !VALIDATION_TEMPLATES.includes(t.id));
}

export function heldOutTemplates(steps: number): Template[] {
  return ALL_TEMPLATES.filter((t) => t.steps.includes(steps) && HELD_OUT_TEMPLATES.includes(t.id));
}

export function validationTemplates(steps: number): Template[] {
  return ALL_TEMPLATES.filter((t) => t.steps.includes(steps) && VALIDATION_TEMPLATES.includes(t.id));
}
