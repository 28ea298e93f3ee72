// xoshiro128** with a splitmix32 seeder: 32-bit integer arithmetic only, so the same seed
// gives the same stream in every engine. Two independent generators: one for training
// (initialisation, batch sampling; saved with the optimizer state to resume exactly) and
// one for generation (token sampling).

// state layout: 4 words per generator
const states = memory.data(32);

@inline function rotl(x: u32, k: u32): u32 {
  return (x << k) | (x >> (32 - k));
}

// splitmix32's output mix; the caller advances x by the golden-ratio increment
function mix32(z: u32): u32 {
  z = (z ^ (z >> 16)) * 0x85ebca6b;
  z = (z ^ (z >> 13)) * 0xc2b2ae35;
  return z ^ (z >> 16);
}

/** Seeds generator `g` (0 = training, 1 = sampling) from a 32-bit seed. */
export function rng_seed(g: i32, seed: u32): void {
  const s = states + (<usize>g << 4);
  let x = seed;
  for (let i = 0; i < 4; i++) {
    x = x + 0x9e3779b9;
    store<u32>(s + (<usize>i << 2), mix32(x));
  }
  // xoshiro must not start from all zeros
  if (load<u32>(s) == 0 && load<u32>(s, 4) == 0 && load<u32>(s, 8) == 0 && load<u32>(s, 12) == 0) {
    store<u32>(s, 1);
  }
}

/** Pointer to generator g's 4-word state, so the host can save and restore it. */
export function rng_state_ptr(g: i32): usize {
  return states + (<usize>g << 4);
}

export function rng_next_u32(g: i32): u32 {
  const s = states + (<usize>g << 4);
  const s0 = load<u32>(s);
  const s1 = load<u32>(s, 4);
  let s2 = load<u32>(s, 8);
  let s3 = load<u32>(s, 12);
  const result = rotl(s1 * 5, 7) * 9;
  const t = s1 << 9;
  s2 ^= s0;
  s3 ^= s1;
  store<u32>(s, s0 ^ s3);
  store<u32>(s, s1 ^ s2, 4);
  store<u32>(s, s2 ^ t, 8);
  store<u32>(s, rotl(s3, 11), 12);
  return result;
}

/** Uniform float in [0, 1) with 24 bits of resolution. */
export function rng_uniform(g: i32): f32 {
  return <f32>(rng_next_u32(g) >> 8) * (1.0 / 16777216.0);
}

/** Uniform integer in [0, n), unbiased (rejection of the short tail). */
export function rng_below(g: i32, n: u32): u32 {
  const limit = 0xffffffff - (0xffffffff % n) - 1;
  let x = rng_next_u32(g);
  while (x > limit) x = rng_next_u32(g);
  return x % n;
}

/** Standard normal by Box-Muller (one of the pair; simplicity over speed: init only). */
export function rng_normal(g: i32): f32 {
  let u1 = rng_uniform(g);
  if (u1 < 1e-7) u1 = 1e-7;
  const u2 = rng_uniform(g);
  return Mathf.sqrt(-2.0 * Mathf.log(u1)) * Mathf.cos(6.2831853 * u2);
}
