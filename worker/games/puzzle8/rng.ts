// Small seeded random number generator (sfc32) for corpus order and evaluation sets. Same
// seed, same sequence, in Node and in the browser; Math.random is never used for anything
// that has to be reproduced.

export class Rng {
  // sfc32 state: three mixing words and a counter that guarantees a period of at least 2^32.
  #a: number;
  #b: number;
  #c: number;
  #counter: number;

  constructor(seed: number) {
    // Spread the seed over the state with a 32-bit integer hash so nearby seeds (1, 2, 3)
    // start far apart, then discard a few outputs as sfc32's authors recommend.
    let s = seed >>> 0;
    this.#a = mix32((s = (s + 0x9e3779b9) >>> 0));
    this.#b = mix32((s = (s + 0x9e3779b9) >>> 0));
    this.#c = mix32((s = (s + 0x9e3779b9) >>> 0));
    this.#counter = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Next uniformly distributed uint32. */
  next(): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#counter) >>> 0;
    this.#counter = (this.#counter + 1) >>> 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) >>> 0;
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0;
    this.#c = (this.#c + t) >>> 0;
    return t;
  }

  /** Uniform float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Uniform integer in [0, n) for 1 <= n <= 2^32, without modulo bias. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 4294967296) throw new RangeError(`Rng.int: n must be an integer in 1..2^32, got ${n}`);
    // Reject the top sliver of the uint32 range that would make small results more likely.
    const limit = 4294967296 - (4294967296 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: cannot pick from an empty array');
    return items[this.int(items.length)];
  }

  /** Fisher-Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i];
      items[i] = items[j];
      items[j] = tmp;
    }
    return items;
  }
}

// A 32-bit avalanche hash (xorshift-multiply rounds): every input bit affects every output bit.
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}
