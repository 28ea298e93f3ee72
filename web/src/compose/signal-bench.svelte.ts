// "Run it on a signal": the composed function of a run, called on a signal a person picks (a
// made one or numbers pasted, checked first), in the sandbox worker only, through the same
// runner and limits as the Judge. One per view that shows a composition (Compose, a shared
// link); it forgets its result when the code changes.
import type { ComposedRunRequest, ComposedRunResult } from '../../../worker/browser/messages.ts';
import { makeSignal, parseSignal, type SignalCheck, type SignalKind } from './signals.ts';
import { errorMessage } from '../lib/format.ts';

/** Sends a request to the sandbox (through the engine worker) and resolves with what happened. */
export type ComposedRunner = (request: ComposedRunRequest) => Promise<ComposedRunResult>;

/** The code a bench runs: a composition that passed the Judge, with what its `composed` takes and returns. */
export interface BenchTarget {
  code: string;
  plan: string;
  inputs: 1 | 2;
  returns: 'array' | 'number';
}

/** One input's choice: a made signal, or pasted numbers. */
class InputChoice {
  kind = $state<SignalKind>('sine');
  pasted = $state('');
  readonly #salt: number;
  #check = $derived.by<SignalCheck>(() => (this.kind === 'pasted' ? parseSignal(this.pasted) : { ok: true, values: makeSignal(this.kind, undefined, this.#salt) }));

  constructor(salt: number, kind: SignalKind) {
    this.#salt = salt;
    this.kind = kind;
  }

  get check(): SignalCheck {
    return this.#check;
  }
}

export interface BenchResult {
  /** The inputs it ran on, in order (x, then y). */
  inputs: number[][];
  outcome: ComposedRunResult;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
}

export class SignalBench {
  readonly #runner: ComposedRunner;
  /** x, and y for a composition that takes two arrays (another draw: a walk against the sine). */
  readonly choices = [new InputChoice(0, 'sine'), new InputChoice(1, 'walk')] as const;
  #target = $state.raw<BenchTarget | null>(null);
  #running = $state(false);
  #result = $state.raw<BenchResult | null>(null);
  #error = $state<string | null>(null);
  #tried = $state(false);

  constructor(runner: ComposedRunner) {
    this.#runner = runner;
  }

  get target(): BenchTarget | null { return this.#target; }
  get running(): boolean { return this.#running; }
  get result(): BenchResult | null { return this.#result; }
  /** The sandbox itself failing (not the code): the engine or sandbox worker died. */
  get error(): string | null { return this.#error; }
  /** The inputs the target takes: one choice, or two (x and y). */
  get inputs(): readonly InputChoice[] {
    return this.choices.slice(0, this.#target?.inputs ?? 1);
  }
  /** The first input that does not read, and why; null when all do. */
  get problem(): string | null {
    const names = this.#target?.inputs === 2 ? ['x', 'y'] : [''];
    for (const [i, choice] of this.inputs.entries()) {
      if (!choice.check.ok) return names[i] ? `${names[i]}: ${choice.check.message}` : choice.check.message;
    }
    const [x, y] = this.inputs.map((c) => (c.check.ok ? c.check.values : []));
    if (y && x.length !== y.length) return `x has ${x.length} numbers and y ${y.length}: give them the same length.`;
    return null;
  }
  /** Whether to show the problem: after a run was asked for (or once pasted text is there). */
  get showProblem(): boolean {
    return this.problem !== null && (this.#tried || this.inputs.some((c) => c.kind === 'pasted' && c.pasted.trim() !== ''));
  }

  /**
   * Whether the result on screen is of other inputs than those chosen now (a signal picked, or
   * numbers typed, since it ran; or numbers that do not read): its plots must not pass for the
   * current input's.
   */
  get stale(): boolean {
    const result = this.#result;
    if (result === null) return false;
    const now = this.inputs.map((c) => (c.check.ok ? c.check.values : null));
    return now.length !== result.inputs.length || now.some((values, i) => values === null || !sameNumbers(values, result.inputs[i]));
  }

  /** Sets the code to run (null: none); a different code forgets the last result. */
  setTarget(target: BenchTarget | null): void {
    if (target?.code === this.#target?.code && target?.plan === this.#target?.plan) return;
    this.#target = target;
    this.#result = null;
    this.#error = null;
    this.#tried = false;
  }

  /** Runs the target on the chosen inputs in the sandbox; nothing runs while an input does not read. */
  async run(): Promise<void> {
    const target = this.#target;
    if (!target || this.#running) return;
    this.#tried = true;
    // inputs that do not read run nothing, and the last run's plots go: under the problem they would pass for this input's
    if (this.problem !== null) {
      this.#result = null;
      this.#error = null;
      return;
    }
    const inputs = this.inputs.map((c) => (c.check.ok ? c.check.values : []));
    this.#running = true;
    this.#error = null;
    try {
      const outcome = await this.#runner({ code: target.code, plan: target.plan, inputs });
      if (this.#target === target) this.#result = { inputs, outcome };
    } catch (err) {
      if (this.#target === target) this.#error = `The sandbox could not run it: ${errorMessage(err)}`;
    } finally {
      this.#running = false;
    }
  }
}
