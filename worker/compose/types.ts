// The vocabulary of code composition (seed 000, section 9): the primitives the Code organelle
// recalls, their typed signatures, and the phrasings people use to ask for them. A composition
// is a chain of 1-3 primitives, each applied to the previous one's result; only the first may
// take two arrays (x and y), and only the last may return a number.
//
// Generated code is data: nothing here evaluates it. The canonical bodies run only inside the
// QuickJS sandbox (worker/compose/sandbox/); `reference` is an independent TypeScript version
// the tests and the evaluation compare the sandbox's outputs with.

/** What a value is: an array of numbers, or one number. */
export type ValueKind = 'array' | 'number';

/** A numeric parameter: an integer (a window, a factor) or any number (a cutoff, a threshold). */
export type ParamKind = 'int' | 'number';

export type Category =
  | 'statistics'
  | 'smoothing'
  | 'differences'
  | 'normalisation'
  | 'resampling'
  | 'spectra'
  | 'windows'
  | 'vector'
  | 'activations'
  | 'detectors';

export interface ParamSpec {
  /** The parameter's name in the canonical body, e.g. 'w'. */
  name: string;
  kind: ParamKind;
  /** The range intents draw values from and the plan grammar accepts (inclusive). */
  min: number;
  max: number;
  /** The spacing of the values intents use: 1 for an int, e.g. 0.05 for a cutoff. */
  step: number;
  /** The value a plan uses when the intent does not say one ("smooth the signal"). */
  default: number;
}

/**
 * How people ask for a primitive, in three grammatical forms, so templates can join steps
 * ("smooth X then differentiate it", "differentiate X after smoothing it", "the derivative of
 * the moving average of X"). Slots: `{x}` the thing operated on ("the signal", "it"); `{p0}`,
 * `{p1}` the parameters' values in the order of `params`. A phrase without a parameter's slot
 * means that parameter takes its default. Binary primitives (arrays: 2) use `{xy}` for their
 * two inputs ("the two signals", "x and y") instead of `{x}`.
 */
export interface Phrase {
  verb: string; // imperative: "smooth {x} over {p0} points"
  gerund: string; // "smoothing {x} over {p0} points"
  noun: string; // "a {p0}-point moving average of {x}"
}

export interface Primitive {
  /** snake_case; the Planner writes it, the Code organelle's prompt is it. */
  name: string;
  category: Category;
  /** One line for the documentation table. */
  summary: string;
  /** Array inputs: 1, or 2 for a binary vector operation (a composition's first step only). */
  arrays: 1 | 2;
  params: readonly ParamSpec[];
  returns: ValueKind;
  /**
   * The canonical JavaScript, on one line: `function NAME(x[,y][,params...]){...}`. It may use
   * only its arguments, its own locals, `Math.*`, `Number.isFinite`, `Infinity`, `NaN` and
   * `new Array(n)`; no strings, no other calls, no other globals.
   */
  body: string;
  /** An independent implementation (not derived from `body`) of the same behaviour. */
  reference(arrays: readonly (readonly number[])[], params: readonly number[]): number[] | number;
  /** Ways of asking for it; at least 3 for each primitive. */
  phrases: readonly Phrase[];
}

/** One step of a composition: a primitive and its parameter values. */
export interface Step {
  name: string;
  args: readonly number[];
}

/** A composition, in order of application. */
export type Composition = readonly Step[];
