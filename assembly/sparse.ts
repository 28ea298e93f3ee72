// Products with a ReLU-sparse factor. The MLP's hidden activations h = relu(ln2 @ fc1)
// (M, F) are zero in about half their elements at initialisation, and in more as training
// goes on (a 460K model: 50% nonzero at step 0, 30% by step 3,000), and four of the MLP's
// six products take h, or dh (which relu_backward zeroes wherever h is zero), as a factor:
//
//   forward           out(M,E) += h(M,F)  @ fc2(F,E)      sparse_matmul
//   input gradient    dln(M,E)  = dh(M,F) @ fc1^T(F,E)    sparse_matmul
//   fc2 gradient     dfc2(F,E)  = h^T     @ dout(M,E)     sparse_matmul_tn
//   fc1 gradient    dfc1^T(F,E) = dh^T    @ ln2(M,E)      sparse_matmul_tn (then transposed)
//
// Both run over a pattern of h, its nonzero elements row by row, and give gemm's bits:
// gemm adds each element's products one k at a time, in order, into an accumulator that
// starts at +0, and so do these, over the nonzero k alone; a skipped product is an exact
// +-0 (the other factor being finite), which would have added nothing. (An accumulator that
// starts at +0 never becomes -0 by adding: x + (+-0) = x for x != 0, and +0 + (+-0) = +0.)
//
// They pay when few elements are nonzero: each product costs more instructions than in
// gemm's 4x8 tile (a broadcast and an offset per 24 multiply-adds, and the pattern), so the
// four together match gemm at about 55-60% nonzero, beat it 1.15-1.23x at 50% and 1.9-2x at
// 30%; the model chooses per layer and step, from the count (model.ts, SPARSE_BELOW).
//
// A pattern lists each nonzero element (t, f) as an entry of two 4-byte words: the value it
// multiplies by (h's element, or dh's once pattern_values has put them in) and fOff = f * ldb,
// the byte offset of row f of an (F, N) matrix: the row of B it multiplies in sparse_matmul,
// the row of C it adds to in sparse_matmul_tn. An offset, not an address, so one pattern
// serves every such matrix. Beside the entries, aOffs keeps each element's byte offset in
// an (M, F) matrix, from which pattern_values reads dh. starts (M+1) i32 holds each row's
// first entry, then the total. The value sits in the entry because the products' inner
// loops then broadcast it straight from there: per entry and 24 columns, V8 issues 24
// instructions where an index into h cost 27. A row of 48 columns per pass over the
// entries (twelve accumulators, the pattern walked once) spills in Node 20's V8 (141 against
// 89 us for 318 rows of the 64K fc2) and gains nothing in Chromium 156's (86 against 85).

import { store_row_24 } from './inline/store-row';

// ---------------------------------------------------------------------------------------
// patterns

// Shuffles for pattern_rows: row `mask` holds the byte indices that move the i32 lanes set
// in the 4-bit mask, in order, to the front (the other lanes repeat lane 0; never read).
const COMPACT = memory.data<u8>([
  0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  4, 5, 6, 7, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 0, 1, 2, 3,
  8, 9, 10, 11, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 8, 9, 10, 11, 0, 1, 2, 3, 0, 1, 2, 3,
  4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3,
  12, 13, 14, 15, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 12, 13, 14, 15, 0, 1, 2, 3, 0, 1, 2, 3,
  4, 5, 6, 7, 12, 13, 14, 15, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 0, 1, 2, 3,
  8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 0, 1, 2, 3,
  0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3,
  4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
], 16);

/**
 * The nonzero elements of h (M, F), row by row, f ascending within a row: starts (M+1) i32,
 * entries (value, f * ldb) and aOffs, room for M*F + 4 of each. Returns how many there are.
 *
 * Four elements at a time: their nonzero lanes are moved to the front of a vector by a
 * shuffle looked up from the 4-bit lane mask, the whole vector stored, and the end
 * advanced by the mask's popcount (the lanes stored past it are overwritten next).
 */
export function pattern_rows(starts: usize, entries: usize, aOffs: usize, h: usize, M: i32, F: i32, ldb: usize): i32 {
  let n = 0;
  for (let t = 0; t < M; t++) {
    store<i32>(starts + (<usize>t << 2), n);
    n = patternRow(entries, aOffs, h, t, F, ldb, n, i32.MAX_VALUE);
  }
  store<i32>(starts + (<usize>M << 2), n);
  return n;
}

/**
 * Rows t0..t1-1 of pattern_rows' pattern, with starts (all M+1) already known: the same
 * entries at the same places, so threads may build rows of their own. Whole vectors are
 * stored only where they end before starts[t1] (the next thread's first entry); near it,
 * entry by entry.
 */
export function pattern_rows_part(starts: usize, entries: usize, aOffs: usize, h: usize, t0: i32, t1: i32, F: i32, ldb: usize): void {
  const limit = load<i32>(starts + (<usize>t1 << 2));
  let n = load<i32>(starts + (<usize>t0 << 2));
  for (let t = t0; t < t1; t++) n = patternRow(entries, aOffs, h, t, F, ldb, n, limit);
}

/** Entry n <- element f of h's row at byte `row` (its value, f * ldb, and its offset in h). */
@inline function storeEntry(entries: usize, aOffs: usize, h: usize, row: usize, f: i32, ldb: usize, n: i32): void {
  store<f32>(entries + (<usize>n << 3), load<f32>(h + row + (<usize>f << 2)));
  store<u32>(entries + (<usize>n << 3), <u32>(<usize>f * ldb), 4);
  store<u32>(aOffs + (<usize>n << 2), <u32>(row + (<usize>f << 2)));
}

/**
 * Row t's nonzero elements as entries from n on; returns the entry after them. A whole vector
 * of four is stored only where it ends at or before `limit` (another thread's first entry):
 * past that, entry by entry.
 */
@inline function patternRow(entries: usize, aOffs: usize, h: usize, t: i32, F: i32, ldb: usize, n: i32, limit: i32): i32 {
  const zero = f32x4.splat(0);
  const F4 = F & ~3;
  const row = <usize>t * (<usize>F << 2);
  // lanes 0..3 of one group: aOff = row + 4*(f + lane), fOff = (f + lane) * ldb
  let a = i32x4.add(i32x4.splat(<i32>row), i32x4(0, 4, 8, 12));
  let fo = i32x4.mul(i32x4(0, 1, 2, 3), i32x4.splat(<i32>ldb));
  const fGroup = i32x4.splat(<i32>ldb << 2);
  let f = 0;
  for (; f < F4; f += 4) {
    const v = v128.load(h + row + (<usize>f << 2));
    const mask = i32x4.bitmask(f32x4.ne(v, zero));
    if (mask != 0) {
      if (n + 4 <= limit) {
        const order = v128.load(COMPACT + (<usize>mask << 4));
        const values = i8x16.swizzle(v, order);
        const offsets = i8x16.swizzle(fo, order);
        const e = entries + (<usize>n << 3);
        v128.store(e, v128.shuffle<i32>(values, offsets, 0, 4, 1, 5));
        v128.store(e, v128.shuffle<i32>(values, offsets, 2, 6, 3, 7), 16);
        v128.store(aOffs + (<usize>n << 2), i8x16.swizzle(a, order));
        n += popcnt<i32>(mask);
      } else {
        for (let lane = 0; lane < 4; lane++) {
          if ((mask & (1 << lane)) != 0) storeEntry(entries, aOffs, h, row, f + lane, ldb, n++);
        }
      }
    }
    a = i32x4.add(a, i32x4.splat(16));
    fo = i32x4.add(fo, fGroup);
  }
  for (; f < F; f++) {
    if (load<f32>(h + row + (<usize>f << 2)) != 0) storeEntry(entries, aOffs, h, row, f, ldb, n++);
  }
  return n;
}

/** The n entries' values <- the elements of a (M, F) at their aOffs (dh, through h's pattern). */
export function pattern_values(entries: usize, aOffs: usize, n: i32, a: usize): void {
  let e = entries, p = aOffs;
  const end = aOffs + (<usize>n << 2);
  while (p < end) {
    store<f32>(e, load<f32>(a + <usize>load<u32>(p)));
    e += 8;
    p += 4;
  }
}

// ---------------------------------------------------------------------------------------
// the products

// The first entry of row i of a pattern (row i + 1's is where row i ends).
@inline function entry_at(entries: usize, starts: usize, i: i32): usize {
  return entries + (<usize>load<i32>(starts + (<usize>i << 2)) << 3);
}

/**
 * C(R, N) (+)= S @ B: row i of C sums value * B(row at b + fOff, 0..N-1) over the entries
 * starts[i] .. starts[i+1]-1 of a pattern, in order, then adds what C held when `acc`
 * (gemm's order, so gemm's bits). Rows of C are ldc bytes apart; N % 4 == 0.
 */
export function sparse_matmul(c: usize, ldc: usize, starts: usize, entries: usize, b: usize, R: i32, N: i32, acc: bool): void {
  // 24 columns at a time over every row, so those columns of B stay in cache
  let j = 0;
  for (; j + 24 <= N; j += 24) {
    for (let i = 0; i < R; i++) {
      const e0 = entry_at(entries, starts, i), e1 = entry_at(entries, starts, i + 1);
      sparse_row_24(c + <usize>i * ldc + (<usize>j << 2), e0, e1, b + (<usize>j << 2), acc);
    }
  }
  for (let i = 0; i < R; i++) {
    const e0 = entry_at(entries, starts, i), e1 = entry_at(entries, starts, i + 1);
    const ci = c + <usize>i * ldc;
    let k = j;
    for (; k + 8 <= N; k += 8) sparse_row_8(ci + (<usize>k << 2), e0, e1, b + (<usize>k << 2), acc);
    if (k < N) sparse_row_4(ci + (<usize>k << 2), e0, e1, b + (<usize>k << 2), acc);
  }
}

// 24 columns of one row of C: six accumulators, as gemm's tile_1x24.
@inline function sparse_row_24(c: usize, e: usize, end: usize, b: usize, acc: bool): void {
  let c0 = f32x4.splat(0), c1 = f32x4.splat(0), c2 = f32x4.splat(0), c3 = f32x4.splat(0), c4 = f32x4.splat(0), c5 = f32x4.splat(0);
  while (e < end) {
    const va = v128.load32_splat(e);
    const row = b + <usize>load<u32>(e, 4);
    c0 = f32x4.add(c0, f32x4.mul(va, v128.load(row)));
    c1 = f32x4.add(c1, f32x4.mul(va, v128.load(row, 16)));
    c2 = f32x4.add(c2, f32x4.mul(va, v128.load(row, 32)));
    c3 = f32x4.add(c3, f32x4.mul(va, v128.load(row, 48)));
    c4 = f32x4.add(c4, f32x4.mul(va, v128.load(row, 64)));
    c5 = f32x4.add(c5, f32x4.mul(va, v128.load(row, 80)));
    e += 8;
  }
  store_row_24(c, c0, c1, c2, c3, c4, c5, acc);
}

@inline function sparse_row_8(c: usize, e: usize, end: usize, b: usize, acc: bool): void {
  let c0 = f32x4.splat(0), c1 = f32x4.splat(0);
  while (e < end) {
    const va = v128.load32_splat(e);
    const row = b + <usize>load<u32>(e, 4);
    c0 = f32x4.add(c0, f32x4.mul(va, v128.load(row)));
    c1 = f32x4.add(c1, f32x4.mul(va, v128.load(row, 16)));
    e += 8;
  }
  if (acc) {
    c0 = f32x4.add(c0, v128.load(c));
    c1 = f32x4.add(c1, v128.load(c, 16));
  }
  v128.store(c, c0);
  v128.store(c, c1, 16);
}

@inline function sparse_row_4(c: usize, e: usize, end: usize, b: usize, acc: bool): void {
  let c0 = f32x4.splat(0);
  while (e < end) {
    c0 = f32x4.add(c0, f32x4.mul(v128.load32_splat(e), v128.load(b + <usize>load<u32>(e, 4))));
    e += 8;
  }
  if (acc) c0 = f32x4.add(c0, v128.load(c));
  v128.store(c, c0);
}

/**
 * C(F, N) = S^T @ B, from the row pattern of S (M, F): for each row t of B in order, each
 * of its entries adds value * B(t, 0..N-1) to the row of C at c + fOff, which starts at
 * zero; so every element of C sums its products t by t from +0, as gemm's A^T @ B does.
 * B's rows lie ldbB bytes apart, C's ldc (the pattern's ldb). N % 4 == 0.
 */
export function sparse_matmul_tn(c: usize, starts: usize, entries: usize, b: usize, ldbB: usize, M: i32, F: i32, N: i32, ldc: usize): void {
  for (let f = 0; f < F; f++) memory.fill(c + <usize>f * ldc, 0, <usize>N << 2);
  sparse_matmul_tn_columns(c, starts, entries, b, ldbB, M, 0, N);
}

/**
 * Columns j0..j1-1 of sparse_matmul_tn's C, already zeroed (multiples of 4): each column sums
 * over the rows of B in the same order whatever the split, in 24- and 4-wide blocks alike, so
 * threads may take column ranges (threads.ts, each into a C of its own).
 */
export function sparse_matmul_tn_columns(c: usize, starts: usize, entries: usize, b: usize, ldbB: usize, M: i32, j0: i32, j1: i32): void {
  // 24 columns of C at a time over every row of B, so those columns of C stay in cache
  let j = j0;
  const N = j1;
  for (; j + 24 <= N; j += 24) {
    for (let t = 0; t < M; t++) {
      const e0 = entry_at(entries, starts, t), e1 = entry_at(entries, starts, t + 1);
      scatter_row_24(c + (<usize>j << 2), e0, e1, b + <usize>t * ldbB + (<usize>j << 2));
    }
  }
  for (; j < N; j += 4) {
    for (let t = 0; t < M; t++) {
      const e0 = entry_at(entries, starts, t), e1 = entry_at(entries, starts, t + 1);
      scatter_row_4(c + (<usize>j << 2), e0, e1, b + <usize>t * ldbB + (<usize>j << 2));
    }
  }
}

// Rows fOff of C, 24 columns each, += value * the 24 floats at b.
@inline function scatter_row_24(c: usize, e: usize, end: usize, b: usize): void {
  const b0 = v128.load(b), b1 = v128.load(b, 16), b2 = v128.load(b, 32), b3 = v128.load(b, 48), b4 = v128.load(b, 64), b5 = v128.load(b, 80);
  while (e < end) {
    const va = v128.load32_splat(e);
    const row = c + <usize>load<u32>(e, 4);
    v128.store(row, f32x4.add(v128.load(row), f32x4.mul(va, b0)));
    v128.store(row, f32x4.add(v128.load(row, 16), f32x4.mul(va, b1)), 16);
    v128.store(row, f32x4.add(v128.load(row, 32), f32x4.mul(va, b2)), 32);
    v128.store(row, f32x4.add(v128.load(row, 48), f32x4.mul(va, b3)), 48);
    v128.store(row, f32x4.add(v128.load(row, 64), f32x4.mul(va, b4)), 64);
    v128.store(row, f32x4.add(v128.load(row, 80), f32x4.mul(va, b5)), 80);
    e += 8;
  }
}

@inline function scatter_row_4(c: usize, e: usize, end: usize, b: usize): void {
  const b0 = v128.load(b);
  while (e < end) {
    const row = c + <usize>load<u32>(e, 4);
    v128.store(row, f32x4.add(v128.load(row), f32x4.mul(v128.load32_splat(e), b0)));
    e += 8;
  }
}
