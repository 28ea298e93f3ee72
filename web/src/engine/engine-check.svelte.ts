// The Engine check view's state. One run, in a fresh engine worker closed afterwards: the
// determinism recipe, compared bit for bit with this build's reference from Node, its
// ALiBi variant (the compose organelles' attention) with its own reference, and the recipe
// again on every thread the device offers; then a couple of seconds of the benchmark's 64K
// figures, on one thread and on all; then, on a device with cores for more than
// one training run, the same training in that many fresh workers at once. One instance for the
// app, so a result stays while the visitor moves between views.
import benchChromium from '../../../docs/results/bench-chromium.json';
import cReference from '../../../docs/results/c-reference.json';
import type { BenchReport } from '../../../worker/bench/bench.ts';
import type { SpeedCheck } from '../../../worker/bench/speed-check.ts';
import { measureSideBySide, type SideBySide } from '../../../worker/bench/side-by-side.ts';
import {
  determinismParts, determinismReference, differencesFromReference, type DeterminismCheck, type DeterminismOptions, type DeterminismResult,
} from '../../../worker/recipes/determinism.ts';
import { withEngine, withEngines, type SpawnEngine } from '../lib/engine-worker.ts';
import { errorMessage } from '../lib/format.ts';

export type CheckStatus = 'idle' | 'running' | 'done' | 'error';
export type CheckPhase = 'determinism' | 'speed' | 'side-by-side';

export interface DeterminismOutcome {
  result: DeterminismResult;
  /** The run's parts as the reference records them. */
  parts: Record<DeterminismCheck, string>;
  /** The parts whose bits differ from the reference; none when bit-identical. */
  differences: DeterminismCheck[];
  ms: number;
}

// The project's own Chromium benchmark run that holds the 64K training median of docs/speed.md
// ("The figures": medians of three runs; this file is the run it names). The figures quoted beside
// this device's come from it alone, with the machine it names, so the page and docs/speed.md
// cannot drift apart (tests/web/engine-figures.spec.ts checks them against each other).
const projectRun = benchChromium as BenchReport & { meta: { runtime: string; cpu: string; date: string } };
const projectTrain = projectRun.train.find((t) => t.shape === '64k')!;
const projectGenerate = projectRun.generate.find((g) => g.shape === '64k')!;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-11-26T14:52:04.961Z" -> "26 November 2026", as docs/speed.md dates its runs. */
function runDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/** The C reference's 64K training on `threads` threads, tokens/s. */
function cTrain(threads: number): number {
  return cReference.train.find((t) => t.shape === '64k' && t.threads === threads)!.tokens_per_s;
}

/** What the project measured, to set this device's figures beside. */
export const PROJECT_FIGURES = {
  /** Where the project's figures come from, for the page to link or name. */
  source: 'docs/results/bench-chromium.json',
  // "Chromium 156.0.8078.108" is Chromium 156, as docs/speed.md's table heads it
  machine: `the project's 2-core ${projectRun.meta.cpu} in ${projectRun.meta.runtime.replace(/^(\S+ \d+)\..*$/, '$1')} (${runDate(projectRun.meta.date)})`,
  /** The 64K training median, to the hundred as docs/speed.md's table gives it. */
  train_tokens_per_s: Math.round(projectTrain.tokens_per_s / 100) * 100,
  /** That run's 64K answer. */
  generate_ms: projectGenerate.single_ms,
  /** The native C reference (MicroGPT-C, -O3 -march=native, one thread): docs/results/c-reference.json (and docs/speed.md quotes it). */
  c_machine: `the project's ${cReference.machine.cores}-core ${cReference.machine.cpu}`,
  c_train_tokens_per_s: cTrain(1),
  /** The same on two threads: one run using both cores. */
  c_train_tokens_per_s_2threads: cTrain(2),
  c_generate_ms: cReference.generate.find((g) => g.shape === '64k')!.single_ms,
} as const;

export class EngineCheck {
  readonly #spawn: SpawnEngine;
  readonly #runs: number;
  #status = $state<CheckStatus>('idle');
  #phase = $state<CheckPhase | null>(null);
  #determinism = $state.raw<DeterminismOutcome | null>(null);
  #alibi = $state.raw<DeterminismOutcome | null>(null);
  #subword = $state.raw<DeterminismOutcome | null>(null);
  #threaded = $state.raw<DeterminismOutcome | null>(null);
  #oneThreadBecause = $state<string | null>(null);
  #speed = $state.raw<SpeedCheck | null>(null);
  #sideBySide = $state.raw<SideBySide | null>(null);
  #error = $state<string | null>(null);

  /** `runs`: how many training runs the device's cores take at once (the pool's capacity). */
  constructor(spawn: SpawnEngine, runs = 1) {
    this.#spawn = spawn;
    this.#runs = Math.max(1, Math.floor(runs));
  }

  get status(): CheckStatus { return this.#status; }
  /** What a running check is doing. */
  get phase(): CheckPhase | null { return this.#phase; }
  get determinism(): DeterminismOutcome | null { return this.#determinism; }
  /** The same recipe with ALiBi on, against its own reference. */
  get alibi(): DeterminismOutcome | null { return this.#alibi; }
  /** The same recipe on subword units learned from its corpus, against their own reference. */
  get subword(): DeterminismOutcome | null { return this.#subword; }
  /** The plain recipe trained on every thread the device offers, against the same reference. */
  get threaded(): DeterminismOutcome | null { return this.#threaded; }
  /** Why one model trains on one thread here (a page that is not cross-origin isolated, one core); null when it can use more. */
  get oneThreadBecause(): string | null { return this.#oneThreadBecause; }
  get speed(): SpeedCheck | null { return this.#speed; }
  /** The training side by side in `runs` workers; null until measured, and on a one-run device. */
  get sideBySide(): SideBySide | null { return this.#sideBySide; }
  /** How many runs the side-by-side part times (1: it is skipped). */
  get runs(): number { return this.#runs; }
  get error(): string | null { return this.#error; }

  async run(): Promise<void> {
    if (this.#status === 'running') return;
    this.#status = 'running';
    this.#determinism = null;
    this.#alibi = null;
    this.#subword = null;
    this.#threaded = null;
    this.#oneThreadBecause = null;
    this.#speed = null;
    this.#sideBySide = null;
    this.#error = null;
    try {
      await withEngine(this.#spawn, async (api, guard) => {
        this.#phase = 'determinism';
        const variant = async (options: DeterminismOptions, threads = 1): Promise<DeterminismOutcome> => {
          const started = performance.now();
          const result = await guard(api.runDeterminismRecipe(options, threads));
          const parts = determinismParts(result);
          return { result, parts, differences: differencesFromReference(parts, determinismReference(options)), ms: performance.now() - started };
        };
        this.#determinism = await variant({});
        this.#alibi = await variant({ alibi: true });
        this.#subword = await variant({ subword: true });
        const available = await guard(api.threadsAvailable());
        // a reason comes with one thread only (threadsOffered)
        if (available.reason === undefined) this.#threaded = await variant({}, available.threads);
        else this.#oneThreadBecause = available.reason;
        this.#phase = 'speed';
        this.#speed = await guard(api.speedCheck());
      });
      if (this.#runs > 1) {
        this.#phase = 'side-by-side';
        this.#sideBySide = await withEngines(this.#spawn, this.#runs, (apis, guard) =>
          measureSideBySide(apis.map((api) => ({ prepare: () => guard(api.prepareSideBySide()), time: () => guard(api.timeSideBySide()) }))),
        );
      }
      this.#status = 'done';
    } catch (err) {
      this.#error = errorMessage(err);
      this.#status = 'error';
    } finally {
      this.#phase = null;
    }
  }
}

/**
 * Whether this browser's WebAssembly has SIMD, which the engine needs: a module whose one
 * function returns a v128 constant validates only where SIMD does.
 */
export function hasWasmSimd(): boolean {
  const module = new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // types: () -> v128
    0x03, 0x02, 0x01, 0x00, // functions: one, of type 0
    0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c, ...new Array<number>(16).fill(0), 0x0b, // code: v128.const 0
  ]);
  try {
    return WebAssembly.validate(module);
  } catch {
    return false;
  }
}
