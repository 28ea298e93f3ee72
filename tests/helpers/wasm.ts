// Shared test helpers for the wasm engine: a seeded PRNG, an engine factory, scratch
// buffers in the engine's arena (with views re-made on every access, since linear memory
// may grow and detach the old ArrayBuffer), and tolerance checks whose messages name the
// failing index and both values.
import { Engine, type EngineOptions } from '../../worker/engine.ts';
import { nodeWasmModule } from '../../worker/wasm/node.ts';
import type { OrganelleWasm, Ptr } from '../../worker/wasm/exports.ts';
import type { ModelShape } from '../../worker/model/shape.ts';

// ---------------------------------------------------------------------------------------
// random numbers

export { mulberry32 } from './random.ts';

/** n floats uniform in [-scale, scale), rounded to float32. */
export function randomF32(n: number, rand: () => number, scale = 1): Float32Array {
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) x[i] = (rand() * 2 - 1) * scale;
  return x;
}

/** n standard normal floats (Box-Muller), times `scale`, rounded to float32. */
export function randomNormalF32(n: number, rand: () => number, scale = 1): Float32Array {
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = Math.max(rand(), 1e-12);
    x[i] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand()) * scale;
  }
  return x;
}

// ---------------------------------------------------------------------------------------
// engines and scratch memory

export async function newEngine(shape: ModelShape, options: EngineOptions = {}): Promise<Engine> {
  return Engine.create(await nodeWasmModule(), shape, options);
}

/**
 * Scratch buffers allocated in an engine's arena after the model. Never keep a view across
 * an allocation or a wasm call that may allocate: ask for a fresh one.
 */
export class Scratch {
  readonly w: OrganelleWasm;

  constructor(w: OrganelleWasm) {
    this.w = w;
  }

  /** `n` zeroed floats (or i32s), 16-byte aligned. */
  alloc(n: number): Ptr {
    const p = this.w.arena_alloc(Math.max(4 * n, 4));
    if (p === 0) throw new Error(`arena_alloc of ${n} floats failed`);
    return p;
  }

  f32(ptr: Ptr, n: number): Float32Array {
    return new Float32Array(this.w.memory.buffer, ptr, n);
  }

  i32(ptr: Ptr, n: number): Int32Array {
    return new Int32Array(this.w.memory.buffer, ptr, n);
  }

  u8(ptr: Ptr, n: number): Uint8Array {
    return new Uint8Array(this.w.memory.buffer, ptr, n);
  }

  /** A copy of `n` floats at ptr, safe to keep. */
  read(ptr: Ptr, n: number): Float32Array {
    return this.f32(ptr, n).slice();
  }

  /** Allocates and fills float32s; `guard` extra floats after them hold `guardValue`. */
  putF32(data: ArrayLike<number>, guard = 0, guardValue = NaN): Ptr {
    const p = this.alloc(data.length + guard);
    const view = this.f32(p, data.length + guard);
    view.set(data);
    view.fill(guardValue, data.length);
    return p;
  }

  putI32(data: ArrayLike<number>): Ptr {
    const p = this.alloc(data.length);
    this.i32(p, data.length).set(data);
    return p;
  }

  putU8(data: ArrayLike<number>): Ptr {
    const p = this.w.arena_alloc(Math.max(data.length, 4));
    if (p === 0) throw new Error(`arena_alloc of ${data.length} bytes failed`);
    this.u8(p, data.length).set(data);
    return p;
  }
}

// ---------------------------------------------------------------------------------------
// comparisons

export interface CloseStats {
  maxAbs: number; // max |got - want|
  maxRel: number; // max |got - want| / |want| over entries with want != 0
  maxRef: number; // max |want|
}

/**
 * Elementwise |got - want| <= rel |want| + abs. Throws at the first violation with a message
 * naming `what`, the index and both values; returns the error statistics otherwise.
 */
export function assertClose(
  what: string,
  got: ArrayLike<number>,
  want: ArrayLike<number>,
  rel: number,
  abs: number,
): CloseStats {
  if (got.length !== want.length) throw new Error(`${what}: length ${got.length}, expected ${want.length}`);
  let maxAbs = 0;
  let maxRel = 0;
  let maxRef = 0;
  for (let i = 0; i < want.length; i++) {
    const a = got[i];
    const b = want[i];
    const d = Math.abs(a - b);
    if (!(d <= rel * Math.abs(b) + abs)) {
      throw new Error(
        `${what} at index ${i}: got ${a}, expected ${b} (|diff| ${d.toExponential(3)} > ${rel} * |expected| + ${abs})`,
      );
    }
    maxAbs = Math.max(maxAbs, d);
    if (b !== 0) maxRel = Math.max(maxRel, d / Math.abs(b));
    maxRef = Math.max(maxRef, Math.abs(b));
  }
  return { maxAbs, maxRel, maxRef };
}

/** Throws unless got and want are identical float for float (NaN equal to NaN). */
export function assertIdentical(what: string, got: ArrayLike<number>, want: ArrayLike<number>): void {
  if (got.length !== want.length) throw new Error(`${what}: length ${got.length}, expected ${want.length}`);
  for (let i = 0; i < want.length; i++) {
    if (!Object.is(got[i], want[i]) && !(got[i] === 0 && want[i] === 0)) {
      throw new Error(`${what} at index ${i}: got ${got[i]}, expected ${want[i]}`);
    }
  }
}

/** Throws unless got and want hold the same float32 bits, naming the first index that differs. */
export function assertSameBits(what: string, got: Float32Array, want: Float32Array): void {
  if (got.length !== want.length) throw new Error(`${what}: length ${got.length}, expected ${want.length}`);
  const g = new Uint32Array(got.buffer, got.byteOffset, got.length);
  const w = new Uint32Array(want.buffer, want.byteOffset, want.length);
  for (let i = 0; i < w.length; i++) {
    if (g[i] !== w[i]) throw new Error(`${what} at index ${i}: got ${got[i]}, expected ${want[i]} bit for bit`);
  }
}

/** Throws unless the `count` floats after n floats at ptr still hold `value` (nothing wrote past the end). */
export function assertGuards(what: string, s: Scratch, ptr: Ptr, n: number, count: number, value: number): void {
  const g = s.f32(ptr + 4 * n, count);
  for (let i = 0; i < count; i++) {
    if (!Object.is(g[i], value)) throw new Error(`${what}: float ${n + i} past the end was overwritten with ${g[i]}`);
  }
}

/** max |got - want| / max |want|: one number per tensor, scale-free. */
export function tensorRelError(got: ArrayLike<number>, want: ArrayLike<number>): number {
  let diff = 0;
  let ref = 0;
  for (let i = 0; i < want.length; i++) {
    diff = Math.max(diff, Math.abs(got[i] - want[i]));
    ref = Math.max(ref, Math.abs(want[i]));
  }
  return ref === 0 ? diff : diff / ref;
}

/** Prints measured errors when ORGANELLE_TEST_REPORT is set (quiet otherwise). */
export function report(line: string): void {
  if (process.env.ORGANELLE_TEST_REPORT) console.log(line);
}
