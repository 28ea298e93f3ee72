// The Engine check view's state (web/src/engine/engine-check.svelte.ts) with a fake engine
// worker: a bit-identical run and its ALiBi variant (each against its own reference), a run
// whose bits differ (named by part), a worker that dies
// mid-check (an error, not a wait forever), and one worker per run, closed afterwards; on a
// device with cores for several runs, the training timed in that many workers at once.
import { describe, expect, it } from 'vitest';
import type { Remote } from 'comlink';
import { EngineCheck, hasWasmSimd } from '../../web/src/engine/engine-check.svelte.ts';
import type { SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import {
  DETERMINISM_ALIBI_REFERENCE, DETERMINISM_REFERENCE, DETERMINISM_SUBWORD_REFERENCE, runDeterminismRecipe, type DeterminismOptions, type DeterminismResult,
} from '../../worker/recipes/determinism.ts';
import type { SpeedCheck } from '../../worker/bench/speed-check.ts';
import type { SideBySideTiming } from '../../worker/bench/side-by-side.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// the engine itself, from the build (this test environment's URLs are a page's, not files)
const wasm = readFile(join(process.cwd(), 'build', 'organelle.wasm')).then((bytes) => WebAssembly.compile(bytes));
// the recipe's real runs in this process, both variants: what a faithful worker answers
const real = wasm.then(async (module) => ({
  plain: await runDeterminismRecipe(module),
  alibi: await runDeterminismRecipe(module, { alibi: true }),
  subword: await runDeterminismRecipe(module, { subword: true }),
}));
const faithful = async (options?: DeterminismOptions) => (options?.subword ? (await real).subword : options?.alibi ? (await real).alibi : (await real).plain);
const SPEED: SpeedCheck = { shape: '64k', train_tokens_per_s: 98_765, generate_ms: 0.09, prompt_chars: 36, seconds: 2.1 };

// the n-th worker spawned times its side-by-side run at 50,000 + n tokens/s, its first timing
// of all at 60,000 (the run alone)
function fakeWorker(
  determinism: (options?: DeterminismOptions) => Promise<DeterminismResult>,
  speed: (crash: (m: string) => void) => Promise<SpeedCheck>,
  timeSideBySide: (n: number, crash: (m: string) => void, first: boolean) => Promise<SideBySideTiming> = async (n, _, first) => ({
    tokens_per_s: first ? 60_000 : 50_000 + n,
    ms: 1500 + n,
  }),
  threads: { threads: number; reason?: string } = { threads: 1, reason: 'this page is not cross-origin isolated' },
) {
  const calls = { spawned: 0, closed: 0, prepared: 0, timedBeforeAllPrepared: 0, events: [] as string[], variants: [] as string[] };
  const spawn: SpawnEngine = (onCrash) => {
    const n = calls.spawned++;
    const api = {
      runDeterminismRecipe: async (options?: DeterminismOptions, count = 1) => {
        calls.variants.push(`${options?.subword ? 'subword' : options?.alibi ? 'alibi' : 'plain'}${count > 1 ? ` on ${count} threads` : ''}`);
        return { ...(await determinism(options)), threads: count };
      },
      threadsAvailable: async () => threads,
      speedCheck: () => speed(onCrash),
      prepareSideBySide: async () => void calls.prepared++,
      timeSideBySide: async () => {
        if (calls.prepared < calls.spawned - 1) calls.timedBeforeAllPrepared++;
        const first = !calls.events.some((e) => e.startsWith('start'));
        calls.events.push(`start ${n}`);
        await Promise.resolve(); // the others may start while this one runs
        try {
          return await timeSideBySide(n, onCrash, first);
        } finally {
          calls.events.push(`end ${n}`);
        }
      },
    } as unknown as Remote<EngineWorkerApi>;
    return { api, close: () => calls.closed++ };
  };
  return { spawn, calls };
}

describe('EngineCheck', () => {
  it('finds a real run and its ALiBi and subword variants bit-identical to their references, then reports the speed', async () => {
    const { plain: run, alibi, subword } = await real;
    const { spawn, calls } = fakeWorker(faithful, async () => SPEED);
    const check = new EngineCheck(spawn);
    expect(check.status).toBe('idle');
    const done = check.run();
    expect(check.status).toBe('running');
    expect(check.phase).toBe('determinism');
    await done;
    expect(check.status).toBe('done');
    expect(check.determinism).toMatchObject({ result: run, differences: [] });
    expect(check.alibi).toMatchObject({ result: alibi, differences: [], parts: DETERMINISM_ALIBI_REFERENCE });
    expect(check.subword).toMatchObject({ result: subword, differences: [], parts: DETERMINISM_SUBWORD_REFERENCE });
    expect(check.speed).toEqual(SPEED);
    expect(check.phase).toBeNull();
    expect(check.sideBySide).toBeNull(); // one run at a time on this device: nothing side by side
    expect(calls).toMatchObject({ spawned: 1, closed: 1, prepared: 0, events: [], variants: ['plain', 'alibi', 'subword'] });
    // a page that cannot share memory trains on one thread, and the check says why
    expect(check.threaded).toBeNull();
    expect(check.oneThreadBecause).toBe('this page is not cross-origin isolated');
    await check.run(); // again: a fresh worker
    expect(calls).toMatchObject({ spawned: 2, closed: 2 });
  });

  it('where one model can train on every core, trains the recipe on all of them against the same reference', async () => {
    const { plain: run } = await real;
    const { spawn, calls } = fakeWorker(faithful, async () => SPEED, undefined, { threads: 4 });
    const check = new EngineCheck(spawn);
    await check.run();
    expect(calls.variants).toEqual(['plain', 'alibi', 'subword', 'plain on 4 threads']);
    expect(check.threaded).toMatchObject({ result: { ...run, threads: 4 }, differences: [], parts: DETERMINISM_REFERENCE });
    expect(check.oneThreadBecause).toBeNull();
  });

  it('with cores for 3 runs, times the training in 3 fresh workers at once, after the first alone', async () => {
    const { spawn, calls } = fakeWorker(faithful, async () => SPEED);
    const check = new EngineCheck(spawn, 3);
    expect(check.runs).toBe(3);
    await check.run();
    expect(check.status).toBe('done');
    expect(check.speed).toEqual(SPEED);
    // workers 1..3, after the determinism and speed worker 0
    expect(check.sideBySide).toEqual({
      alone: { tokens_per_s: 60_000, ms: 1501 },
      each: [1, 2, 3].map((n) => ({ tokens_per_s: 50_000 + n, ms: 1500 + n })),
      tokens_per_s: 150_006,
      speedup: 150_006 / 60_000,
    });
    // worker 1 alone, then all three at once
    expect(calls.events).toEqual(['start 1', 'end 1', 'start 1', 'start 2', 'start 3', 'end 1', 'end 2', 'end 3']);
    expect(calls).toMatchObject({ spawned: 4, closed: 4, prepared: 3, timedBeforeAllPrepared: 0 });
  });

  it('ends with an error when a side-by-side worker dies, and closes every worker', async () => {
    const { spawn, calls } = fakeWorker(
      faithful,
      async () => SPEED,
      async (n, crash) => {
        if (n !== 2) return { tokens_per_s: 1, ms: 1500 };
        crash('worker 2 ran out of memory');
        return new Promise<SideBySideTiming>(() => {});
      },
    );
    const check = new EngineCheck(spawn, 2);
    await check.run();
    expect(check.status).toBe('error');
    expect(check.error).toBe('worker 2 ran out of memory');
    expect(check.speed).toEqual(SPEED); // the single-run figures stay
    expect(check.sideBySide).toBeNull();
    expect(calls).toMatchObject({ spawned: 3, closed: 3 });
  });

  it('names the parts whose bits differ', async () => {
    const run = await runDeterminismRecipe(await wasm, { seed: 7 });
    const check = new EngineCheck(fakeWorker(async () => run, async () => SPEED).spawn);
    await check.run();
    expect(run.paramsHash).not.toBe(DETERMINISM_REFERENCE.paramsHash);
    expect(check.determinism!.differences).toContain('paramsHash');
    expect(check.determinism!.differences).toContain('lossesHash');
    expect(check.status).toBe('done');
  });

  it('compares the ALiBi run with the ALiBi reference: a worker that left ALiBi off differs there', async () => {
    // a worker that ignores the option trains the plain recipe twice: right bits, wrong variant
    const check = new EngineCheck(fakeWorker(async () => (await real).plain, async () => SPEED).spawn);
    await check.run();
    expect(check.determinism!.differences).toEqual([]);
    expect(check.alibi!.differences).toEqual(['paramsHash', 'lossesHash', 'probsHash']);
    // and the subword run with its own: on characters, every part differs
    expect(check.subword!.differences).toEqual(['paramsHash', 'lossesHash', 'probsHash', 'sample']);
  });

  it('ends with an error when the worker dies mid-check, and closes it', async () => {
    const { spawn, calls } = fakeWorker(
      faithful,
      (crash) => {
        crash('out of memory');
        return new Promise<SpeedCheck>(() => {}); // a dead worker never answers
      },
    );
    const check = new EngineCheck(spawn);
    await check.run();
    expect(check.status).toBe('error');
    expect(check.error).toBe('out of memory');
    expect(check.determinism?.differences).toEqual([]); // what finished before stays
    expect(check.alibi?.differences).toEqual([]);
    expect(check.speed).toBeNull();
    expect(calls.closed).toBe(1);
  });

  it('knows this runtime has WebAssembly SIMD', () => {
    expect(hasWasmSimd()).toBe(true);
  });
});
