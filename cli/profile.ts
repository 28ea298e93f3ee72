// `organelle profile [--browser] [--shape 64k|460k] [--steps N]`: where a training step's
// time goes. The benchmark's model (worker/bench/bench.ts: the 8-puzzle Mover documents,
// loss on every position) trains N steps under V8's sampling profiler, in Node or in
// Chromium, and the self time of each function is printed per step. The wasm is built anew
// from assembly/ with function names (asconfig.json's "profile" target), whose code section
// is the release build's byte for byte.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import asc from 'assemblyscript/asc';
import { type BenchShape, BENCH_SHAPES, trainFor } from '../worker/bench/bench.ts';
import { type CpuProfile, formatProfile, selfTimeByFunction, warmedUpOrganelle } from '../worker/bench/profile.ts';
import { withBenchPage } from './bench-browser.ts';
import { intOption, parseArgs, stringOption } from './args.ts';
import { COMMAND_USAGE } from './usage.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NAMES_BUILD = new URL('../build/organelle.names.wasm', import.meta.url);
const SAMPLING_US = 50;
const DEFAULT_STEPS: Record<BenchShape, number> = { '64k': 2000, '460k': 200 };

export interface TrainingProfile { profile: CpuProfile; ms: number; runtime: string }

export async function profileCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.profile.options);
  const shape = (stringOption(args, 'shape') ?? '64k') as BenchShape;
  if (!BENCH_SHAPES.includes(shape)) throw new Error(`--shape must be one of ${BENCH_SHAPES.join(', ')}, got "${shape}"`);
  const steps = intOption(args, 'steps', DEFAULT_STEPS[shape], 1);
  const log = (l: string) => process.stderr.write(`${l}\n`);
  log('building the wasm with function names...');
  const wasm = await buildWithNames();
  log(`training ${shape}, then ${steps} steps under the profiler...`);
  const run = args.options.has('browser') ? await profileInChromium(wasm, shape, steps, log) : await profileInNode(wasm, shape, steps);
  const header = `${shape} training, loss on every position: ${steps} steps in ${run.runtime}, ` +
    `${(run.ms / steps).toFixed(3)} ms a step under the profiler (sampling every ${SAMPLING_US} us)`;
  console.log(formatProfile(selfTimeByFunction(run.profile, steps), header));
}

/** build/organelle.names.wasm, compiled now from assembly/. */
export async function buildWithNames(): Promise<Uint8Array> {
  const { error, stderr } = await asc.main(['assembly/index.ts', '--config', 'asconfig.json', '--target', 'profile', '--baseDir', ROOT]);
  if (error) throw new Error(`asc failed: ${error.message}\n${stderr.toString()}`);
  return readFile(NAMES_BUILD);
}

// A DevTools protocol call: Node's inspector session and Chromium's CDP session take the same.
type Send = (method: string, params?: object) => Promise<unknown>;

/** `train` (returning its milliseconds) under V8's sampling profiler, through `send`. */
async function underProfiler(send: Send, train: () => Promise<number>): Promise<{ profile: CpuProfile; ms: number }> {
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
  await send('Profiler.start');
  const ms = await train();
  const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
  return { profile, ms };
}

export async function profileInNode(wasm: Uint8Array, shape: BenchShape, steps: number): Promise<TrainingProfile> {
  const organelle = await warmedUpOrganelle(await WebAssembly.compile(wasm as Uint8Array<ArrayBuffer>), shape);
  const session = new Session();
  session.connect();
  try {
    const run = await underProfiler((method, params) => session.post(method, params), async () => trainFor(organelle, steps));
    return { ...run, runtime: `node ${process.version}` };
  } finally {
    session.disconnect();
  }
}

export async function profileInChromium(wasm: Uint8Array, shape: BenchShape, steps: number, log: (line: string) => void): Promise<TrainingProfile> {
  const { result, runtime } = await withBenchPage({ '/organelle.names.wasm': wasm }, log, async (page) => {
    await page.evaluate(`(async () => {
      const module = await WebAssembly.compileStreaming(fetch('/organelle.names.wasm'));
      window.organelle = await window.bench.warmedUpOrganelle(module, '${shape}');
    })()`);
    const cdp = await page.context().newCDPSession(page);
    const send: Send = (method, params) => cdp.send(method as 'Profiler.enable', params as undefined);
    return underProfiler(send, async () => (await page.evaluate(`window.bench.trainFor(window.organelle, ${steps})`)) as number);
  });
  return { ...result, runtime };
}
