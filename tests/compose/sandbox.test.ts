// The code sandbox with real QuickJS: runInQuickJS in this process for what QuickJS stops by
// itself (exceptions, stack, return values, its own globals), and the Node runner's worker
// thread for what needs the backstop (the interrupt deadline, the allocation bomb, the wall
// clock), each followed by a job that must still run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { isSpent, loadQuickJS, runInQuickJS } from '../../worker/compose/sandbox/quickjs.ts';
import { nodeSandbox } from '../../worker/compose/sandbox/node.ts';
import { DEFAULT_LIMITS, sandboxLimits, type SandboxRunner } from '../../worker/compose/sandbox/runner.ts';
import type { SandboxJob, SandboxResult } from '../../worker/compose/sandbox/messages.ts';

const X = [1, 4, 9, 16, 25];

const composedJob = (code: string, args: SandboxJob['args'] = [X]): SandboxJob => ({ code, entry: 'composed', args });

const SMOOTH_THEN_DIFF = [
  'function composed(x){const a=rolling_mean(x,2);const b=diff(a);return b}',
  'function rolling_mean(x,w){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){let s=0,c=0;for(let j=Math.max(0,i-w+1);j<=i;j++){s+=x[j];c++}y[i]=s/c}return y}',
  'function diff(x){const y=[];for(let i=1;i<x.length;i++)y.push(x[i]-x[i-1]);return y}',
].join('\n');

const BOMB = 'function composed(x){let a=[];while(true)a.push(new Array(1e5).fill(1));return x}';

function failure(result: SandboxResult) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

describe('runInQuickJS', () => {
  let module: QuickJSWASMModule;
  beforeAll(async () => {
    module = await loadQuickJS();
  });

  it('runs a composed function and returns its array', () => {
    const result = runInQuickJS(module, composedJob(SMOOTH_THEN_DIFF));
    // rolling means 1, 2.5, 6.5, 12.5, 20.5; their differences
    expect(result).toMatchObject({ ok: true, value: [1.5, 4, 6, 8] });
    expect(result.ms).toBeGreaterThan(0);
  });

  it('returns a number, and non-finite numbers as themselves', () => {
    expect(runInQuickJS(module, composedJob('function composed(x,y){return x[0]*y}', [X, 3]))).toMatchObject({ ok: true, value: 3 });
    const special = runInQuickJS(module, composedJob('function composed(x){return [0/0, 1/0, -1/0, -0, 1e308*10]}'));
    expect(special).toMatchObject({ ok: true, value: [NaN, Infinity, -Infinity, -0, Infinity] });
  });

  it('reports what a function threw', () => {
    const result = failure(runInQuickJS(module, composedJob('function composed(x){return x.foo.bar}')));
    expect(result.check).toBe('threw');
    expect(result.message).toMatch(/^threw TypeError: /);
    const custom = failure(runInQuickJS(module, composedJob('function composed(x){throw new RangeError("too wide")}')));
    expect(custom.message).toBe('threw RangeError: too wide');
    expect(failure(runInQuickJS(module, composedJob('function composed(x){throw 7}'))).message).toBe('threw the number 7');
  });

  it('reports a missing entry and code that does not parse', () => {
    expect(failure(runInQuickJS(module, composedJob('function compose(x){return x}'))).message).toBe(
      'threw ReferenceError: composed is not defined',
    );
    expect(failure(runInQuickJS(module, composedJob('function composed(x){return x'))).message).toMatch(/^threw SyntaxError: /);
  });

  it('refuses a return value that is not a number or an array of numbers', () => {
    const cases: [string, string][] = [
      ['return "7"', 'returned a string, not a number or an array of numbers'],
      ['return', 'returned undefined, not a number or an array of numbers'],
      ['return [1, 2, [3]]', 'returned an array holding an array at index 2, not a number or an array of numbers'],
      ['return new Array(3)', 'returned an array holding undefined at index 0, not a number or an array of numbers'],
      ['return {length: 1, 0: 1}', 'returned an object, not a number or an array of numbers'],
      ['return x.map', 'returned a function, not a number or an array of numbers'],
    ];
    for (const [body, message] of cases) {
      const result = failure(runInQuickJS(module, composedJob(`function composed(x){${body}}`)));
      expect(result, body).toMatchObject({ check: 'returned', message });
    }
  });

  it('stops deep recursion at the stack limit, and the module still runs the next job', () => {
    const result = failure(runInQuickJS(module, composedJob('function composed(x){return composed(x)+1}')));
    expect(result).toMatchObject({ check: 'memory', message: 'stack overflow: deeper than the 128 KB stack limit' });
    const viaCallbacks = failure(runInQuickJS(module, composedJob('function composed(x){return x.map(v=>composed(x)[0])}')));
    expect(viaCallbacks.check).toBe('memory');
    expect(isSpent(module)).toBe(false);
    expect(runInQuickJS(module, composedJob('function composed(x){return x.length}'))).toMatchObject({ ok: true, value: 5 });
  });

  it('gives the guest QuickJS own globals only: nothing of Node or a browser', () => {
    const names = ['fetch', 'process', 'require', 'document', 'window', 'indexedDB', 'XMLHttpRequest', 'importScripts', 'setTimeout', 'console'];
    const body = `return [${names.map((n) => `typeof ${n}==='undefined'?1:0`).join(',')}]`;
    const result = runInQuickJS(module, composedJob(`function composed(x){${body}}`));
    expect(result).toMatchObject({ ok: true, value: names.map(() => 1) });
    // the guest's globalThis is its own: what it sets there is gone with its runtime
    runInQuickJS(module, composedJob('function composed(x){globalThis.leak=1;return 0}'));
    expect(runInQuickJS(module, composedJob("function composed(x){return typeof leak==='undefined'?1:0}"))).toMatchObject({ value: 1 });
    expect((globalThis as Record<string, unknown>).leak).toBeUndefined();
  });

  it('cannot build a string by converting arrays ([]+[], ![]+[])', () => {
    for (const expr of ['[]+[]', '![]+[]', 'x+1', 'composed+0']) {
      const result = failure(runInQuickJS(module, composedJob(`function composed(x){const s=${expr};return 0}`)));
      expect(result, expr).toMatchObject({ check: 'threw', message: 'threw TypeError: an array or a function used as a number or a string' });
    }
  });

  it('drops the runtime after running out of memory, and marks the module spent', async () => {
    const own = await loadQuickJS();
    const result = failure(runInQuickJS(own, composedJob('function composed(x){let s=[1];while(true)s=s.concat(s);return 0}')));
    expect(result).toMatchObject({ check: 'memory', message: 'out of memory: over the 16 MB limit' });
    expect(isSpent(own)).toBe(true);
  });

  it('refuses inputs JSON cannot carry', () => {
    expect(() => runInQuickJS(module, composedJob('function composed(x){return 0}', [[1, NaN]]))).toThrow(/argument 1 must be/);
  });
});

describe('nodeSandbox (a worker thread)', () => {
  let runner: SandboxRunner;
  beforeAll(() => {
    runner = nodeSandbox();
  });
  afterAll(() => runner.close());

  it('runs a composed function', async () => {
    expect(await runner.run(composedJob(SMOOTH_THEN_DIFF))).toMatchObject({ ok: true, value: [1.5, 4, 6, 8] });
  });

  it('stops an endless loop at the interrupt deadline, then runs the next job', async () => {
    const started = performance.now();
    const result = failure(await runner.run(composedJob('function composed(x){while(true){}}')));
    expect(result).toMatchObject({ check: 'time', message: 'stopped after 500 ms: the time limit' });
    expect(performance.now() - started).toBeLessThan(DEFAULT_LIMITS.wallMs);
    expect(await runner.run(composedJob('function composed(x){return x[1]}'))).toMatchObject({ ok: true, value: 4 });
  });

  it('stops unbounded allocation (out of memory or the wall clock), then runs the next job', async () => {
    const started = performance.now();
    const result = failure(await runner.run(composedJob(BOMB)));
    const ms = performance.now() - started;
    expect(['memory', 'time']).toContain(result.check);
    expect(result.message).toMatch(/^(out of memory: over the 16 MB limit|stopped by the wall-clock limit of 1500 ms)/);
    expect(ms).toBeLessThan(DEFAULT_LIMITS.wallMs + 500);
    expect(await runner.run(composedJob('function composed(x){return x[2]}'))).toMatchObject({ ok: true, value: 9 });
  });

  it('runs the next job after an out-of-memory error (on a fresh QuickJS module)', async () => {
    for (let i = 0; i < 2; i++) {
      const result = failure(await runner.run(composedJob('function composed(x){let s=[1];while(true)s=s.concat(s);return 0}')));
      expect(result.check).toBe('memory');
      expect(await runner.run(composedJob('function composed(x){return x[4]}'))).toMatchObject({ ok: true, value: 25 });
    }
  });

  it('runs queued jobs one at a time, in order', async () => {
    const jobs = [1, 2, 3].map((k) => runner.run(composedJob(`function composed(x){return x[0]*${k}}`)));
    expect((await Promise.all(jobs)).map((r) => (r.ok ? r.value : r.message))).toEqual([1, 2, 3]);
  });
});

describe('the wall clock', () => {
  it('ends a worker stuck in one builtin call, and a fresh worker takes the next job', async () => {
    // with a 64 MB heap the bomb runs for seconds before QuickJS runs out of memory
    const runner = nodeSandbox({ memoryBytes: 64 << 20, deadlineMs: 100, wallMs: 400 });
    try {
      const result = failure(await runner.run(composedJob(BOMB)));
      expect(result).toMatchObject({ check: 'time', message: 'stopped by the wall-clock limit of 400 ms (the worker running it was ended)' });
      expect(await runner.run(composedJob('function composed(x){return x[3]}'))).toMatchObject({ ok: true, value: 16 });
    } finally {
      runner.close();
    }
  });

  it('a closed runner refuses jobs', async () => {
    const runner = nodeSandbox();
    runner.close();
    await expect(runner.run(composedJob('function composed(x){return 0}'))).rejects.toThrow(/closed/);
  });
});

describe('sandboxLimits', () => {
  it('applies overrides and refuses unknown keys, non-integers and a wall clock inside the deadline', () => {
    expect(sandboxLimits({ deadlineMs: 100 })).toEqual({ ...DEFAULT_LIMITS, deadlineMs: 100 });
    expect(() => sandboxLimits({ memoryMb: 1 } as never)).toThrow(/unknown limit 'memoryMb'/);
    expect(() => sandboxLimits({ stackBytes: 1.5 })).toThrow(/positive integer/);
    expect(() => sandboxLimits({ wallMs: 400 })).toThrow(/must exceed deadlineMs/);
  });
});
