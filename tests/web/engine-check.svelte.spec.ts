// The Engine check view's state (web/src/engine/engine-check.svelte.ts) with a fake engine
// worker: a bit-identical run, a run whose bits differ (named by part), a worker that dies
// mid-check (an error, not a wait forever), and one worker per run, closed afterwards.
import { describe, expect, it } from 'vitest';
import type { Remote } from 'comlink';
import { EngineCheck, hasWasmSimd } from '../../web/src/engine/engine-check.svelte.ts';
import type { SpawnEngine } from '../../web/src/lib/engine-worker.ts';
import type { EngineWorkerApi } from '../../worker/engine.worker.ts';
import { DETERMINISM_REFERENCE, runDeterminismRecipe, type DeterminismResult } from '../../worker/recipes/determinism.ts';
import type { SpeedCheck } from '../../worker/bench/speed-check.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

// the engine itself, from the build (this test environment's URLs are a page's, not files)
const wasm = readFile(join(process.cwd(), 'build', 'organelle.wasm')).then((bytes) => WebAssembly.compile(bytes));
const SPEED: SpeedCheck = { shape: '64k', train_tokens_per_s: 98_765, generate_ms: 0.09, prompt_chars: 36, seconds: 2.1 };

function fakeWorker(determinism: () => Promise<DeterminismResult>, speed: (crash: (m: string) => void) => Promise<SpeedCheck>) {
  const calls = { spawned: 0, closed: 0 };
  const spawn: SpawnEngine = (onCrash) => {
    calls.spawned++;
    const api = { runDeterminismRecipe: determinism, speedCheck: () => speed(onCrash) } as unknown as Remote<EngineWorkerApi>;
    return { api, close: () => calls.closed++ };
  };
  return { spawn, calls };
}

describe('EngineCheck', () => {
  it('finds a real run bit-identical to the reference, then reports the speed', async () => {
    const run = await runDeterminismRecipe(await wasm);
    const { spawn, calls } = fakeWorker(async () => run, async () => SPEED);
    const check = new EngineCheck(spawn);
    expect(check.status).toBe('idle');
    const done = check.run();
    expect(check.status).toBe('running');
    expect(check.phase).toBe('determinism');
    await done;
    expect(check.status).toBe('done');
    expect(check.determinism).toMatchObject({ result: run, differences: [] });
    expect(check.speed).toEqual(SPEED);
    expect(check.phase).toBeNull();
    expect(calls).toEqual({ spawned: 1, closed: 1 });
    await check.run(); // again: a fresh worker
    expect(calls).toEqual({ spawned: 2, closed: 2 });
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

  it('ends with an error when the worker dies mid-check, and closes it', async () => {
    const run = await runDeterminismRecipe(await wasm);
    const { spawn, calls } = fakeWorker(
      async () => run,
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
    expect(check.speed).toBeNull();
    expect(calls.closed).toBe(1);
  });

  it('knows this runtime has WebAssembly SIMD', () => {
    expect(hasWasmSimd()).toBe(true);
  });
});
