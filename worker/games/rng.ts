// Seeded pseudo-random numbers for games, opponents and corpus builders.
// sfc32 (128-bit state) seeded through splitmix32, using only 32-bit integer math
// (Math.imul, >>> 0), so a seed gives the same stream in Node and in every browser.

// ---- seeding helpers

const GOLDEN = 0x9e3779b9; // splitmix32 increment (2^32 / golden ratio)

/** The splitmix32 / murmur3 finaliser: a bijective 32-bit avalanche. */
function mix32(x: number): number {
  let z = x | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** FNV-1a over UTF-16 code units: turns string seeds and fork labels into 32 bits. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Folds a seed (any safe integer or a string) into one uint32 key. */
function seedKey(seed: number | string): number {
  if (typeof seed === 'string') return mix32(hashString(seed));
  if (!Number.isSafeInteger(seed)) throw new RangeError(`rng: seed must be a safe integer or a string, got ${seed}`);
  // keep the high bits too, so seeds that differ only above bit 31 differ
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x100000000) >>> 0;
  return mix32(lo ^ mix32(hi + GOLDEN));
}

// ---- the generator

export type Seed = number | string;

export class Rng {
  /** The uint32 the stream was seeded from; forks derive from it, not from the consumed state. */
  readonly key: number;
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: Seed = 0) {
    this.key = seedKey(seed);
    // splitmix32 expands the key into four state words, so nearby seeds give unrelated streams
    let s = this.key;
    const step = () => mix32((s = (s + GOLDEN) | 0));
    this.#a = step();
    this.#b = step();
    this.#c = step();
    this.#d = step();
    // sfc32's first outputs are still correlated with the seed words: discard a few
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** Next raw uint32. */
  uint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1) with 32 bits of resolution (exact in a double, so platform-independent). */
  next(): number {
    return this.uint32() / 0x100000000;
  }

  /** Uniform integer in [0, n). n must be an integer in 1 .. 2^32. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`rng: int(n) needs an integer 1..2^32, got ${n}`);
    // multiply-shift: the bias is at most n / 2^32, far below anything a game can notice
    return Math.floor(this.next() * n);
  }

  /** One element chosen uniformly. Throws on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('rng: pick() from an empty array');
    return items[this.int(items.length)];
  }

  /** Fisher-Yates shuffle in place; returns the same array for chaining. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
    return items;
  }

  /**
   * An independent stream named by `label`. It depends only on this stream's seed and the
   * label (not on how many numbers were drawn), so adding draws elsewhere never shifts it.
   */
  fork(label: string): Rng {
    return new Rng(mix32(this.key ^ mix32(hashString(label) + GOLDEN)));
  }
}
