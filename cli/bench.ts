// `organelle bench [--quick] [--json FILE]`: kernel, training and generation speed,
// against the plain-TypeScript reference in the same run; one model trained by several
// threads against one (worker/bench/threads.ts); then, on a machine with more than one core,
// the 64K training in one thread per core at once (cli/bench-side-by-side.ts).
// `organelle bench --browser [--quick] [--json FILE]`: the same, inside Debian's Chromium.
// `organelle bench --threads-only [--quick] [--json FILE]`: only the thread comparison, in Node.
// `organelle bench --against OLD.wasm [--quick] [--browser]`: this build against another,
// alternating, in Node or in Chromium.
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { runBench, formatBench } from '../worker/bench/bench.ts';
import { nodeWasmModule } from '../worker/wasm/node.ts';
import { nodeThreadPlatform } from '../worker/wasm/node-threads.ts';
import { compareBuildsInChromium, runBenchInChromium } from './bench-browser.ts';
import { compareBuilds, formatCompare, FULL_COMPARE, QUICK_COMPARE } from '../worker/bench/compare.ts';
import { checkOutputFile } from './files.ts';
import { benchSideBySide, formatSideBySide } from './bench-side-by-side.ts';
import { parseArgs, stringOption } from './args.ts';
import { benchThreads, formatThreads, FULL_STRETCHES, QUICK_STRETCHES } from '../worker/bench/threads.ts';
import { moverBenchCorpus } from '../worker/bench/mover-corpus.ts';
import { COMMAND_USAGE } from './usage.ts';

export async function benchCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, COMMAND_USAGE.bench.options);
  const quick = args.options.has('quick');
  const json = stringOption(args, 'json');
  if (json) await checkOutputFile(json, '--json');
  const against = stringOption(args, 'against');
  if (against) {
    const bytes = await readFile(against).catch(() => {
      throw new Error(`cannot read the build to compare against: ${against}`);
    });
    const options = quick ? QUICK_COMPARE : FULL_COMPARE;
    if (args.options.has('browser')) {
      const { rows, runtime } = await compareBuildsInChromium(bytes, options, (l) => process.stderr.write(`${l}\n`));
      console.log(`${formatCompare(rows)}\n(${runtime})`);
    } else {
      console.log(formatCompare(await compareBuilds(await WebAssembly.compile(bytes), await nodeWasmModule(), options)));
    }
    return;
  }
  const t0 = performance.now();
  const log = (l: string) => process.stderr.write(`${l}\n`);
  if (args.options.has('threads-only')) return benchThreadsOnly(quick, json, log);
  const { report, runtime } = args.options.has('browser')
    ? await runBenchInChromium(quick, log)
    : { report: await runBench(await nodeWasmModule(), { quick, log, threads: nodeThreadPlatform }), runtime: `node ${process.version}` };
  console.log(formatBench(report));
  // the browser's side by side is the Engine check's (web/src/engine/engine-check.svelte.ts)
  const cores = os.availableParallelism();
  let sideBySide;
  if (!args.options.has('browser') && cores > 1) {
    log(`training in ${cores} threads at once...`);
    sideBySide = await benchSideBySide(cores, quick ? 300 : 1500);
    console.log(formatSideBySide(sideBySide));
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(`(${quick ? 'quick, ' : ''}${seconds.toFixed(1)} s, ${runtime}, ${os.cpus()[0]?.model ?? 'cpu'})`);
  if (json) {
    // the load average says how busy the machine was: thread figures collapse on a busy one
    const meta = { runtime, node: process.version, cpu: os.cpus()[0]?.model, seconds, loadavg: os.loadavg(), date: new Date().toISOString() };
    await writeFile(json, JSON.stringify({ ...report, ...(sideBySide ? { train_side_by_side: sideBySide } : {}), meta }, null, 2));
    console.log(`wrote ${json}`);
  }
}

/** `bench --threads-only`: the thread comparison alone, on the full benchmark's corpus, written as train_threads. */
async function benchThreadsOnly(quick: boolean, json: string | undefined, log: (l: string) => void): Promise<void> {
  const t0 = performance.now();
  const rows = await benchThreads(await nodeWasmModule(), nodeThreadPlatform, moverBenchCorpus(quick ? 500 : 2000, 7), quick ? QUICK_STRETCHES : FULL_STRETCHES, { log });
  console.log(formatThreads(rows));
  const seconds = (performance.now() - t0) / 1000;
  console.log(`(threads only, ${quick ? 'quick, ' : ''}${seconds.toFixed(1)} s, node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'})`);
  if (!json) return;
  const meta = { runtime: `node ${process.version}`, node: process.version, cpu: os.cpus()[0]?.model, seconds, loadavg: os.loadavg(), date: new Date().toISOString() };
  await writeFile(json, JSON.stringify({ quick, train_threads: rows, meta }, null, 2));
  console.log(`wrote ${json}`);
}
