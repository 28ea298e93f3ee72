// The Judge on a small fake primitive library (the real one lives in
// worker/compose/primitives/): each static check refusing what it must, with a message that
// names the check, and the runtime checks through the real Node sandbox (a worker thread
// running QuickJS) for the endless loop, the allocation bomb, a non-finite output and a
// mismatch with the expected output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES, judge, staticChecks, type Check, type JudgeOptions, type Verdict } from '../../worker/compose/judge.ts';
import { JUDGE_INPUTS, JUDGE_SAMPLES } from '../../worker/compose/judge-inputs.ts';
import { nodeSandbox } from '../../worker/compose/sandbox/node.ts';
import type { SandboxRunner } from '../../worker/compose/sandbox/runner.ts';
import type { ParamSpec, Primitive } from '../../worker/compose/types.ts';
import { PRIMITIVES, primitiveByName } from '../../worker/compose/primitives/index.ts';

// ---- a fake library: canonical bodies, and references written apart from them

function primitive(name: string, arrays: 1 | 2, params: ParamSpec[], returns: 'array' | 'number', body: string): Primitive {
  return { name, category: 'vector', summary: name, arrays, params, returns, body, reference: () => 0, phrases: [] };
}

const W: ParamSpec = { name: 'w', kind: 'int', min: 2, max: 16, step: 1, default: 5 };
const K: ParamSpec = { name: 'k', kind: 'number', min: -4, max: 4, step: 0.5, default: 2 };

const LIBRARY = new Map(
  [
    primitive('rolling_mean', 1, [W], 'array',
      'function rolling_mean(x,w){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){let s=0,c=0;for(let j=Math.max(0,i-w+1);j<=i;j++){s+=x[j];c++}y[i]=s/c}return y}'),
    primitive('diff_central', 1, [], 'array',
      'function diff_central(x){const n=x.length,y=new Array(n);for(let i=0;i<n;i++){const a=Math.max(0,i-1),b=Math.min(n-1,i+1);y[i]=(x[b]-x[a])/(b-a)}return y}'),
    primitive('scale', 1, [K], 'array', 'function scale(x,k){return x.map(v=>v*k)}'),
    primitive('mean', 1, [], 'number', 'function mean(x){return x.reduce((s,v)=>s+v,0)/x.length}'),
    primitive('dot', 2, [], 'number', 'function dot(x,y){let s=0;for(let i=0;i<x.length;i++)s+=x[i]*y[i];return s}'),
    primitive('log_values', 1, [], 'array', 'function log_values(x){return x.map(v=>Math.log(v))}'),
  ].map((p) => [p.name, p]),
);
const lookup = (name: string) => LIBRARY.get(name);

function rollingMeanRef(x: readonly number[], w: number): number[] {
  // a running sum instead of the body's inner loop
  const out: number[] = [];
  let sum = 0;
  x.forEach((v, i) => {
    sum += v;
    if (i >= w) sum -= x[i - w];
    out.push(sum / Math.min(i + 1, w));
  });
  return out;
}

function diffCentralRef(x: readonly number[]): number[] {
  const n = x.length;
  return x.map((_, i) => (i === 0 ? x[1] - x[0] : i === n - 1 ? x[n - 1] - x[n - 2] : (x[i + 1] - x[i - 1]) / 2));
}

/** `composed` followed by the library's bodies for `names`. */
function module(composed: string, ...names: string[]): string {
  return [composed, ...names.map((n) => LIBRARY.get(n)!.body)].join('\n');
}

const SMOOTH_DIFF = module(
  'function composed(x){const a=rolling_mean(x,5);const b=diff_central(a);return b}',
  'rolling_mean',
  'diff_central',
);

const arrayOptions: JudgeOptions = { lookup, returns: 'array' };
const numberOptions: JudgeOptions = { lookup, returns: 'number' };

/** The static check that failed (the last one), asserting it is the only failure. */
function refusal(code: string, options: JudgeOptions = arrayOptions): Check {
  const checks = staticChecks(code, options);
  const last = checks.at(-1)!;
  expect(last.ok, `expected a refusal of:\n${code}\ngot ${JSON.stringify(checks)}`).toBe(false);
  expect(checks.slice(0, -1).every((c) => c.ok)).toBe(true);
  return last;
}

function failedCheck(verdict: Verdict): Check {
  expect(verdict.ok).toBe(false);
  return verdict.failed!;
}

// ---- the fixed inputs

describe('JUDGE_INPUTS', () => {
  it('are two frozen 64-sample signals with negative values, pinned', () => {
    const { x, y } = JUDGE_INPUTS;
    expect(x).toHaveLength(JUDGE_SAMPLES);
    expect(y).toHaveLength(JUDGE_SAMPLES);
    expect(Object.isFrozen(JUDGE_INPUTS) && Object.isFrozen(x) && Object.isFrozen(y)).toBe(true);
    expect(Math.min(...x)).toBeLessThan(0);
    expect(Math.max(...x)).toBeGreaterThan(0);
    expect(new Set(x).size).toBe(JUDGE_SAMPLES);
    expect(x.every((v) => v !== 0)).toBe(true);
    expect(x).not.toEqual(y);
    // the generator (worker/games/rng.ts) and the formulas fix these: a change is a new test set
    expect([x[0], x[1], x[63]]).toEqual([0.181495, 0.623038, x[63]]);
    expect([y[0], y[1]]).toEqual([1.06189, 1.125367]);
  });
});

// ---- static checks

describe('staticChecks', () => {
  it('accepts a correct module, every check passing with a message that names it', () => {
    const checks = staticChecks(SMOOTH_DIFF, arrayOptions);
    expect(checks.map((c) => c.name)).toEqual(['parsed', 'structure', 'resolved', 'kinds']);
    for (const check of checks) {
      expect(check.ok).toBe(true);
      expect(check.message.startsWith(`${check.name}: `)).toBe(true);
    }
    expect(checks[3].message).toBe('kinds: composed(x) returns an array through rolling_mean, diff_central');
  });

  it('parsed: gives acorn message and the line:column', () => {
    const check = refusal('function composed(x){return x\nfunction diff_central(x){return x +}');
    expect(check.name).toBe('parsed');
    expect(check.message).toMatch(/^parsed: Unexpected token at 2:\d+$/);
  });

  it('structure: only function declarations, one composed, known primitives with their parameter counts', () => {
    const cases: [string, string][] = [
      ['const k=1;\n' + SMOOTH_DIFF, 'structure: the top level may hold only function declarations, found a const declaration at 1:1'],
      ['function helper(x){return x}', 'structure: no function named composed'],
      [SMOOTH_DIFF + '\nfunction smooth(x){return x}', 'structure: smooth is not a known primitive'],
      [SMOOTH_DIFF + '\n' + LIBRARY.get('diff_central')!.body, 'structure: diff_central is declared twice (again at 4:1)'],
      [module('function composed(x){return rolling_mean(x,5)}') + '\nfunction rolling_mean(x){return x}',
        'structure: rolling_mean takes 2 parameters (x: array, w: int), declared with 1'],
      ['function composed(x,x){return x}', 'structure: composed declares the parameter x twice'],
    ];
    for (const [code, message] of cases) expect(refusal(code)).toMatchObject({ name: 'structure', message });
  });

  it('resolved: a call to a name nobody declared', () => {
    const code = module('function composed(x){const a=smooth(x,5);return diff_central(a)}', 'diff_central');
    expect(refusal(code)).toMatchObject({ name: 'resolved', message: 'resolved: smooth is called but not declared, in composed at 1:30' });
  });

  it('resolved: globals outside the allowlist, each named', () => {
    const uses: Record<string, string> = {
      globalThis: 'const g=globalThis;',
      fetch: 'fetch(x);',
      indexedDB: 'indexedDB.open(x);',
      eval: 'eval(x);',
      Function: 'Function(x)();',
      document: 'document.body;',
      window: 'window;',
      self: 'self;',
      process: 'process.exit(1);',
      require: 'require(x);',
      arguments: 'arguments;',
      Object: 'Object.keys(x);',
    };
    for (const [name, statement] of Object.entries(uses)) {
      const code = module(`function composed(x){${statement}return diff_central(x)}`, 'diff_central');
      const check = refusal(code);
      expect(check.name, name).toBe('resolved');
      const column = code.indexOf(name) + 1;
      expect(check.message).toBe(`resolved: ${name} is a global the Judge does not allow, in composed at 1:${column}`);
    }
  });

  it('resolved: a global reached from a primitive body is refused too', () => {
    const code = 'function composed(x){return diff_central(x)}\nfunction diff_central(x){return fetch(x)}';
    expect(refusal(code).message).toBe('resolved: fetch is a global the Judge does not allow, in diff_central at 2:33');
  });

  it('resolved: no strings, so no way to name constructor', () => {
    const cases: [string, string][] = [
      ["x['constructor']", 'resolved: string literal \'constructor\' is not allowed (no strings), in composed at 1:32'],
      ['x["constructor"]["constructor"]', 'resolved: string literal "constructor" is not allowed (no strings), in composed at 1:32'],
      ['x.constructor', 'resolved: the member name constructor is not allowed, in composed at 1:32'],
      ['x.map.constructor', 'resolved: the member name constructor is not allowed, in composed at 1:36'],
      ['x.__proto__', 'resolved: the member name __proto__ is not allowed, in composed at 1:32'],
      ['diff_central.prototype', 'resolved: the member name prototype is not allowed, in composed at 1:43'],
      ['`constructor`', 'resolved: template literals are not allowed (no strings), in composed at 1:30'],
      ['/constructor/', 'resolved: regular expression /constructor/ is not allowed (no strings), in composed at 1:30'],
      ['typeof x', 'resolved: typeof is not allowed (it makes a string), in composed at 1:30'],
    ];
    for (const [expr, message] of cases) {
      const code = module(`function composed(x){const k=${expr};return diff_central(x)}`, 'diff_central');
      expect(refusal(code), expr).toMatchObject({ name: 'resolved', message });
    }
  });

  it('resolved: this, with, classes, async, generators, getters, import(), new, other methods', () => {
    const cases: [string, RegExp][] = [
      ['this.x=1;', /this is not allowed/],
      ['with(x){}', /with is not allowed/],
      ['class A{}', /classes are not allowed/],
      ['const f=async()=>1;', /async functions are not allowed/],
      ['const o={get a(){return 1}};', /getters and setters are not allowed/],
      ['const o={a:1};', /object literals are not allowed/],
      ['import(x);', /import\(\.\.\.\) is not allowed/],
      ['new Function(x);', /new is allowed only as new Array\(n\)/],
      ['const t=x.join();', /the method join is not allowed/],
      ['const t=x.toString();', /the method toString is not allowed/],
      ['const m=x.map;', /the method map may only be called/],
      ['const r=Math.random();', /Math.random is not allowed \(the Judge is deterministic\)/],
      ['const a=Array.from(x);', /Array.from is not allowed/],
      ['const a=Array(3);', /Array\(\.\.\.\) is not allowed \(use new Array\(n\)\)/],
      ['const M=Math;', /Math may be used only as Math\.<function or constant>/],
      ['for(const k in x){}', /for\.\.\.in is not allowed/],
      ['try{}catch(e){}', /try\/catch is not allowed/],
      ['x[0](1);', /a call through a computed member/],
      ['Math.PI=3;', /assigning to Math's members is not allowed/],
      ['diff_central=0;', /assigning to the function diff_central is not allowed/],
    ];
    for (const [statement, message] of cases) {
      const code = module(`function composed(x){${statement}return diff_central(x)}`, 'diff_central');
      const check = refusal(code);
      expect(check.name, statement).toBe('resolved');
      expect(check.message, statement).toMatch(message);
    }
    expect(refusal(module('async function composed(x){return diff_central(x)}', 'diff_central')).message).toMatch(
      /^resolved: async functions are not allowed, in composed/,
    );
    expect(refusal(module('function* composed(x){return diff_central(x)}', 'diff_central')).message).toMatch(
      /^resolved: generators are not allowed, in composed/,
    );
  });

  it('resolved: locals in every kind of scope, and the allowed globals', () => {
    const body = [
      'var t=0;let [p,q=1,...r]=x;',
      'for(let i=0,j=1;i<x.length;i++,j++){t+=x[i]*j}',
      'for(const v of x){if(v>0){const u=v;t+=u}else{t-=v}}',
      'let i=0;while(i<3){i++}do{i--}while(i>0);',
      'switch(p){case 1:{const z=1;t+=z;break}default:t+=q}',
      '[p,q]=[q,p];',
      'const m=x.map((v,k)=>{const h=v*k;return h+Math.PI}).filter(v=>Number.isFinite(v)).reduce((s,v)=>s+v,0);',
      'const n=new Array(3).fill(Infinity).concat([NaN,undefined===undefined?1:0]);n.length=2;',
      't+=Math.max(...x)+Number.EPSILON+m+r.length;',
      'return diff_central(scale(x,t))',
    ].join('');
    const checks = staticChecks(module(`function composed(x){${body}}`, 'diff_central', 'scale'), arrayOptions);
    expect(checks.at(-1)).toMatchObject({ name: 'kinds', ok: true });
  });

  it('kinds: a number where an array goes', () => {
    const code = module('function composed(x){const a=mean(x);const b=diff_central(a);return b}', 'mean', 'diff_central');
    expect(refusal(code)).toMatchObject({ name: 'kinds', message: 'kinds: argument 1 of diff_central must be an array, got a number' });
  });

  it('kinds: the wrong number of arguments', () => {
    const code = module('function composed(x){const a=rolling_mean(x);return diff_central(a)}', 'rolling_mean', 'diff_central');
    expect(refusal(code)).toMatchObject({ name: 'kinds', message: 'kinds: rolling_mean takes 2 arguments (x: array, w: int), got 1' });
  });

  it('kinds: parameters are integer literals for an int, numbers otherwise', () => {
    const one = (composed: string) => refusal(module(composed, 'rolling_mean', 'scale')).message;
    expect(one('function composed(x){return rolling_mean(x,2.5)}')).toBe('kinds: argument 2 of rolling_mean (w) must be an integer, got 2.5');
    expect(one('function composed(x){return rolling_mean(x,x)}')).toBe('kinds: argument 2 of rolling_mean (w) must be a number, got an array');
    const fine = module('function composed(x){const a=scale(x,-0.5);return rolling_mean(a,x.length-60)}', 'rolling_mean', 'scale');
    expect(staticChecks(fine, arrayOptions).every((c) => c.ok)).toBe(true);
  });

  it("kinds: composed's parameters match its first primitive, and it returns the declared kind", () => {
    expect(refusal(module('function composed(x){return dot(x,x)}', 'dot'), numberOptions).message).toBe(
      'kinds: composed takes 1 array (x), but its first primitive, dot, takes 2',
    );
    expect(refusal(SMOOTH_DIFF, numberOptions).message).toBe('kinds: composed returns an array, but the composition returns a number');
    expect(refusal(module('function composed(x){diff_central(x)}', 'diff_central')).message).toBe('kinds: composed never returns a value');
    expect(refusal('function composed(x){return x}').message).toBe('kinds: composed calls no primitive');
    // nested calls: the innermost runs first
    const nested = module('function composed(x){return mean(diff_central(x))}', 'mean', 'diff_central');
    expect(staticChecks(nested, numberOptions).at(-1)?.message).toBe('kinds: composed(x) returns a number through diff_central, mean');
    const binary = module('function composed(x,y){return dot(diff_central(x),y)}', 'dot', 'diff_central');
    expect(refusal(binary, numberOptions).message).toBe('kinds: composed takes 2 arrays (x, y), but its first primitive, diff_central, takes 1');
  });
});

// ---- the whole Judge, with the real worker sandbox

describe('judge (Node sandbox)', () => {
  let runner: SandboxRunner;
  beforeAll(() => {
    runner = nodeSandbox();
  });
  afterAll(() => runner.close());

  it('accepts a correct module and its output matches an independent reference', async () => {
    const expected = diffCentralRef(rollingMeanRef(JUDGE_INPUTS.x, 5));
    const verdict = await judge(SMOOTH_DIFF, { ...arrayOptions, expected }, runner);
    expect(verdict.checks.map((c) => c.name)).toEqual([...CHECK_NAMES]);
    expect(verdict.checks.every((c) => c.ok && c.message.startsWith(`${c.name}: `))).toBe(true);
    expect(verdict.ok).toBe(true);
    expect(verdict.failed).toBeUndefined();
    expect(verdict.output).toHaveLength(64);
    expect(verdict.ms).toBeGreaterThan(0);
    // deterministic: the same module gives the same checks, messages included (the time is apart)
    const again = await judge(SMOOTH_DIFF, { ...arrayOptions, expected }, runner);
    expect(again.checks).toEqual(verdict.checks);
    expect(again.output).toEqual(verdict.output);
  });

  it('runs a binary composition on x and y', async () => {
    const verdict = await judge(module('function composed(x,y){return dot(x,y)}', 'dot'), numberOptions, runner);
    const expected = JUDGE_INPUTS.x.reduce((s, v, i) => s + v * JUDGE_INPUTS.y[i], 0);
    expect(verdict.ok).toBe(true);
    expect(verdict.output).toBeCloseTo(expected, 12);
    expect(verdict.checks.map((c) => c.name)).toEqual(['parsed', 'structure', 'resolved', 'kinds', 'ran', 'returned', 'finite']);
  });

  it('ran: an endless loop stops at the time limit', async () => {
    const code = module('function composed(x){const a=diff_central(x);while(true){}return a}', 'diff_central');
    expect(failedCheck(await judge(code, arrayOptions, runner))).toEqual({
      name: 'ran',
      ok: false,
      message: 'ran: stopped after 500 ms: the time limit',
    });
  });

  it('ran: unbounded allocation stops at the memory or the wall-clock limit', async () => {
    const code = module('function composed(x){const a=diff_central(x);let b=[];while(true)b.push(new Array(1e5).fill(1));return a}', 'diff_central');
    const check = failedCheck(await judge(code, arrayOptions, runner));
    expect(check.name).toBe('ran');
    expect(check.message).toMatch(/^ran: (out of memory: over the 16 MB limit|stopped by the wall-clock limit of 1500 ms)/);
  });

  it('ran: what the code threw, including a string built by converting arrays', async () => {
    const code = module('function composed(x){const s=[]+[];return diff_central(x)}', 'diff_central');
    expect(failedCheck(await judge(code, arrayOptions, runner)).message).toBe(
      'ran: threw TypeError: an array or a function used as a number or a string',
    );
  });

  it('returned: a primitive body that returns nothing', async () => {
    const code = 'function composed(x){return diff_central(x)}\nfunction diff_central(x){const y=x.slice()}';
    expect(failedCheck(await judge(code, arrayOptions, runner)).message).toBe(
      'returned: composed returned undefined, not a number or an array of numbers',
    );
  });

  it('finite: a logarithm of negative values', async () => {
    const code = module('function composed(x){return log_values(x)}', 'log_values');
    const verdict = await judge(code, arrayOptions, runner);
    const negatives = JUDGE_INPUTS.x.filter((v) => v < 0).length;
    const first = JUDGE_INPUTS.x.findIndex((v) => v < 0);
    expect(failedCheck(verdict).message).toBe(`finite: output[${first}] is NaN (${negatives} of 64 values are not finite)`);
    expect(verdict.output).toHaveLength(64);
  });

  it('matches: the first differing index and both values', async () => {
    const expected = diffCentralRef(rollingMeanRef(JUDGE_INPUTS.x, 5));
    const off = [...expected];
    off[7] += 1e-6;
    const check = failedCheck(await judge(SMOOTH_DIFF, { ...arrayOptions, expected: off }, runner));
    expect(check.name).toBe('matches');
    expect(check.message).toMatch(/^matches: output\[7\] is -?[\d.e-]+, expected -?[\d.e-]+ \(differs by 1\.00e-6, tolerance 1\.00e-9\)$/);
    const shorter = failedCheck(await judge(SMOOTH_DIFF, { ...arrayOptions, expected: expected.slice(1) }, runner));
    expect(shorter.message).toBe('matches: the output has 64 values, expected 63');
  });

  it("passes every canonical body of the real library, matching its reference (and primitiveByName's throw means unknown)", async () => {
    const refused: string[] = [];
    for (const p of PRIMITIVES) {
      const params = p.arrays === 2 ? 'x,y' : 'x';
      const args = [params, ...p.params.map((q) => String(q.default))].join(',');
      const code = `function composed(${params}){const a=${p.name}(${args});return a}\n${p.body}`;
      const arrays = p.arrays === 2 ? [JUDGE_INPUTS.x, JUDGE_INPUTS.y] : [JUDGE_INPUTS.x];
      const expected = p.reference(arrays, p.params.map((q) => q.default));
      const verdict = await judge(code, { lookup: primitiveByName, returns: p.returns, expected }, runner);
      if (!verdict.ok) refused.push(`${p.name}: ${verdict.failed?.message}`);
    }
    expect(refused).toEqual([]);
    const unknown = SMOOTH_DIFF + '\nfunction smooth(x){return x}';
    expect(refusal(unknown, { lookup: primitiveByName, returns: 'array' }).message).toBe('structure: smooth is not a known primitive');
  });

  it('stops before the sandbox when a static check fails', async () => {
    const verdict = await judge('function composed(x){return fetch(x)}', arrayOptions, runner);
    expect(verdict.checks.map((c) => c.name)).toEqual(['parsed', 'structure', 'resolved']);
    expect(verdict.failed?.name).toBe('resolved');
    expect(verdict.output).toBeUndefined();
  });
});
