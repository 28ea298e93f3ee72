// Matrix multiplication in the three layouts backprop needs, as f32x4 register-blocked
// kernels, each beside a scalar `_naive` reference used by the tests.
//
//   matmul_ab   C(M,N) (+)= A(M,K)   @ B(K,N)    forward:          out  = inp @ W
//   matmul_atb  C(M,N) (+)= A(K,M)^T @ B(K,N)    weight gradient:  dW   = inp^T @ dout
//   matmul_abt  C(M,N) (+)= A(M,K)   @ B(N,K)^T  input gradient:   dinp = dout @ W^T
//
// All matrices are row-major f32. `acc` adds into C instead of overwriting it.
//
// The micro-kernel keeps a 4x8 tile of C in eight v128 accumulators (named cRxCCCC after the
// tile position). For each k it loads 8 floats of a row of B as two vectors and broadcasts
// 4 elements of A (`v128.load32_splat`), doing 8 multiply-adds for 6 loads. With 16 xmm
// registers on x86 a 4x8 tile is the largest that does not spill (4x16 does). A 5x8 tile
// (ten accumulators) would issue fewer instructions per multiply-add, but Node 20's V8
// spills one of them (about half speed on training shapes) and Chromium 156's ran it at
// 0.94-0.97x the 4x8, which there reaches 46-48 GFLOP/s on those shapes.
// A^T @ B is the same kernel with A's strides swapped: the four A elements of one k are
// then adjacent. A @ B^T transposes B into a scratch buffer first (O(N*K), against the
// O(M*N*K) product), so all three layouts run the same inner loop.
//
// Without fused multiply-add the loop is bound by how many instructions the core can issue,
// not by its arithmetic: the same 4x8 loop in C issues 26 per k, and V8's issued about 30
// while it counted k (the counter, the loop's interrupt check, address arithmetic in the
// copy it unrolls). So each k loop runs until the B pointer reaches its end: V8 keeps no
// counter, about 27 per k, and the products run 1.02-1.08x faster in Node and Chromium.
// Relaxed SIMD's f32x4.relaxed_madd would fuse them (1.09x training in Chromium, measured;
// docs/speed.md) but rounds once with FMA hardware and twice without, so the same seed
// would train different weights on different machines: every product multiplies, then adds.

import { store_row_24 } from './inline/store-row';
import { gemm_threads } from './threads';

// ---------------------------------------------------------------------------------------
// micro-kernels: a (MR x NR) tile of C from A rows at a + r*aRow + k*aK, B rows at b + k*ldb

// The four A elements of one k sit at pa+0, pa+4, pa+8, pa+12 (A^T layout, or a packed
// panel for A @ B), so one pointer with immediate offsets serves all four rows.
@inline function tile_4x8(c: usize, ldc: usize, a: usize, aK: usize, b: usize, ldb: usize, K: i32, acc: bool): void {
  let c0x0123 = f32x4.splat(0), c0x4567 = f32x4.splat(0);
  let c1x0123 = f32x4.splat(0), c1x4567 = f32x4.splat(0);
  let c2x0123 = f32x4.splat(0), c2x4567 = f32x4.splat(0);
  let c3x0123 = f32x4.splat(0), c3x4567 = f32x4.splat(0);
  let pa = a;
  let pb = b;
  const end = pb + <usize>K * ldb;
  while (pb < end) {
    const b0123 = v128.load(pb);
    const b4567 = v128.load(pb, 16);
    let va = v128.load32_splat(pa);
    c0x0123 = f32x4.add(c0x0123, f32x4.mul(va, b0123));
    c0x4567 = f32x4.add(c0x4567, f32x4.mul(va, b4567));
    va = v128.load32_splat(pa, 4);
    c1x0123 = f32x4.add(c1x0123, f32x4.mul(va, b0123));
    c1x4567 = f32x4.add(c1x4567, f32x4.mul(va, b4567));
    va = v128.load32_splat(pa, 8);
    c2x0123 = f32x4.add(c2x0123, f32x4.mul(va, b0123));
    c2x4567 = f32x4.add(c2x4567, f32x4.mul(va, b4567));
    va = v128.load32_splat(pa, 12);
    c3x0123 = f32x4.add(c3x0123, f32x4.mul(va, b0123));
    c3x4567 = f32x4.add(c3x4567, f32x4.mul(va, b4567));
    pa += aK;
    pb += ldb;
  }
  if (acc) {
    c0x0123 = f32x4.add(c0x0123, v128.load(c)); c0x4567 = f32x4.add(c0x4567, v128.load(c, 16));
    c1x0123 = f32x4.add(c1x0123, v128.load(c + ldc)); c1x4567 = f32x4.add(c1x4567, v128.load(c + ldc, 16));
    c2x0123 = f32x4.add(c2x0123, v128.load(c + 2 * ldc)); c2x4567 = f32x4.add(c2x4567, v128.load(c + 2 * ldc, 16));
    c3x0123 = f32x4.add(c3x0123, v128.load(c + 3 * ldc)); c3x4567 = f32x4.add(c3x4567, v128.load(c + 3 * ldc, 16));
  }
  v128.store(c, c0x0123); v128.store(c, c0x4567, 16);
  v128.store(c + ldc, c1x0123); v128.store(c + ldc, c1x4567, 16);
  v128.store(c + 2 * ldc, c2x0123); v128.store(c + 2 * ldc, c2x4567, 16);
  v128.store(c + 3 * ldc, c3x0123); v128.store(c + 3 * ldc, c3x4567, 16);
}

@inline function tile_4x4(c: usize, ldc: usize, a: usize, aK: usize, b: usize, ldb: usize, K: i32, acc: bool): void {
  let c0 = f32x4.splat(0), c1 = f32x4.splat(0), c2 = f32x4.splat(0), c3 = f32x4.splat(0);
  let pa = a;
  let pb = b;
  const end = pb + <usize>K * ldb;
  while (pb < end) {
    const b0123 = v128.load(pb);
    c0 = f32x4.add(c0, f32x4.mul(v128.load32_splat(pa), b0123));
    c1 = f32x4.add(c1, f32x4.mul(v128.load32_splat(pa, 4), b0123));
    c2 = f32x4.add(c2, f32x4.mul(v128.load32_splat(pa, 8), b0123));
    c3 = f32x4.add(c3, f32x4.mul(v128.load32_splat(pa, 12), b0123));
    pa += aK;
    pb += ldb;
  }
  if (acc) {
    c0 = f32x4.add(c0, v128.load(c)); c1 = f32x4.add(c1, v128.load(c + ldc));
    c2 = f32x4.add(c2, v128.load(c + 2 * ldc)); c3 = f32x4.add(c3, v128.load(c + 3 * ldc));
  }
  v128.store(c, c0); v128.store(c + ldc, c1); v128.store(c + 2 * ldc, c2); v128.store(c + 3 * ldc, c3);
}

// Three rows at once (rows at a, a + aRow, a + 2 aRow): an ensemble's three votes decode
// together, and one pass over B (the weights) serves all three.
@inline function tile_3x8(c: usize, ldc: usize, a: usize, aRow: usize, aK: usize, b: usize, ldb: usize, K: i32, acc: bool): void {
  let c0x0123 = f32x4.splat(0), c0x4567 = f32x4.splat(0);
  let c1x0123 = f32x4.splat(0), c1x4567 = f32x4.splat(0);
  let c2x0123 = f32x4.splat(0), c2x4567 = f32x4.splat(0);
  let pa = a;
  let pb = b;
  const end = pb + <usize>K * ldb;
  while (pb < end) {
    const b0123 = v128.load(pb);
    const b4567 = v128.load(pb, 16);
    let va = v128.load32_splat(pa);
    c0x0123 = f32x4.add(c0x0123, f32x4.mul(va, b0123));
    c0x4567 = f32x4.add(c0x4567, f32x4.mul(va, b4567));
    va = v128.load32_splat(pa + aRow);
    c1x0123 = f32x4.add(c1x0123, f32x4.mul(va, b0123));
    c1x4567 = f32x4.add(c1x4567, f32x4.mul(va, b4567));
    va = v128.load32_splat(pa + 2 * aRow);
    c2x0123 = f32x4.add(c2x0123, f32x4.mul(va, b0123));
    c2x4567 = f32x4.add(c2x4567, f32x4.mul(va, b4567));
    pa += aK;
    pb += ldb;
  }
  if (acc) {
    c0x0123 = f32x4.add(c0x0123, v128.load(c)); c0x4567 = f32x4.add(c0x4567, v128.load(c, 16));
    c1x0123 = f32x4.add(c1x0123, v128.load(c + ldc)); c1x4567 = f32x4.add(c1x4567, v128.load(c + ldc, 16));
    c2x0123 = f32x4.add(c2x0123, v128.load(c + 2 * ldc)); c2x4567 = f32x4.add(c2x4567, v128.load(c + 2 * ldc, 16));
  }
  v128.store(c, c0x0123); v128.store(c, c0x4567, 16);
  v128.store(c + ldc, c1x0123); v128.store(c + ldc, c1x4567, 16);
  v128.store(c + 2 * ldc, c2x0123); v128.store(c + 2 * ldc, c2x4567, 16);
}

// One row of C, 16 columns wide: generation's decode steps are single rows, and four
// accumulators (not two) keep more adds in flight. (Eight would not fit V8's registers
// with their B vectors: it spills one accumulator and the loop waits on memory.) The two
// 8-wide column groups sit gs bytes apart (32 in B itself, K*32 in packed strips).
@inline function tile_1x16(c: usize, a: usize, aK: usize, b: usize, gs: usize, ldb: usize, K: i32, acc: bool): void {
  let c0 = f32x4.splat(0), c1 = f32x4.splat(0), c2 = f32x4.splat(0), c3 = f32x4.splat(0);
  let pa = a, p0 = b, p1 = b + gs;
  const end = p0 + <usize>K * ldb;
  while (p0 < end) {
    const va = v128.load32_splat(pa);
    c0 = f32x4.add(c0, f32x4.mul(va, v128.load(p0)));
    c1 = f32x4.add(c1, f32x4.mul(va, v128.load(p0, 16)));
    c2 = f32x4.add(c2, f32x4.mul(va, v128.load(p1)));
    c3 = f32x4.add(c3, f32x4.mul(va, v128.load(p1, 16)));
    pa += aK;
    p0 += ldb;
    p1 += ldb;
  }
  if (acc) {
    c0 = f32x4.add(c0, v128.load(c)); c1 = f32x4.add(c1, v128.load(c, 16));
    c2 = f32x4.add(c2, v128.load(c, 32)); c3 = f32x4.add(c3, v128.load(c, 48));
  }
  v128.store(c, c0); v128.store(c, c1, 16); v128.store(c, c2, 32); v128.store(c, c3, 48);
}

// One row of C, 24 columns wide, from 24 adjacent floats of each row of B (B itself, not
// packed strips): six accumulators keep V8's registers busy without spilling, and one
// pointer with immediate offsets serves all six loads.
@inline function tile_1x24(c: usize, a: usize, aK: usize, b: usize, ldb: usize, K: i32, acc: bool): void {
  let c0 = f32x4.splat(0), c1 = f32x4.splat(0), c2 = f32x4.splat(0), c3 = f32x4.splat(0), c4 = f32x4.splat(0), c5 = f32x4.splat(0);
  let pa = a, pb = b;
  const end = pb + <usize>K * ldb;
  while (pb < end) {
    const va = v128.load32_splat(pa);
    c0 = f32x4.add(c0, f32x4.mul(va, v128.load(pb)));
    c1 = f32x4.add(c1, f32x4.mul(va, v128.load(pb, 16)));
    c2 = f32x4.add(c2, f32x4.mul(va, v128.load(pb, 32)));
    c3 = f32x4.add(c3, f32x4.mul(va, v128.load(pb, 48)));
    c4 = f32x4.add(c4, f32x4.mul(va, v128.load(pb, 64)));
    c5 = f32x4.add(c5, f32x4.mul(va, v128.load(pb, 80)));
    pa += aK;
    pb += ldb;
  }
  store_row_24(c, c0, c1, c2, c3, c4, c5, acc);
}

@inline function tile_1x8(c: usize, a: usize, aK: usize, b: usize, ldb: usize, K: i32, acc: bool): void {
  let c0123 = f32x4.splat(0), c4567 = f32x4.splat(0);
  let pa = a, pb = b;
  const end = pb + <usize>K * ldb;
  while (pb < end) {
    const va = v128.load32_splat(pa);
    c0123 = f32x4.add(c0123, f32x4.mul(va, v128.load(pb)));
    c4567 = f32x4.add(c4567, f32x4.mul(va, v128.load(pb, 16)));
    pa += aK;
    pb += ldb;
  }
  if (acc) {
    c0123 = f32x4.add(c0123, v128.load(c));
    c4567 = f32x4.add(c4567, v128.load(c, 16));
  }
  v128.store(c, c0123);
  v128.store(c, c4567, 16);
}

@inline function tile_1x4(c: usize, a: usize, aK: usize, b: usize, ldb: usize, K: i32, acc: bool): void {
  let c0123 = f32x4.splat(0);
  let pa = a, pb = b;
  const end = pb + <usize>K * ldb;
  while (pb < end) {
    c0123 = f32x4.add(c0123, f32x4.mul(v128.load32_splat(pa), v128.load(pb)));
    pa += aK;
    pb += ldb;
  }
  if (acc) c0123 = f32x4.add(c0123, v128.load(c));
  v128.store(c, c0123);
}

// One column of C for four rows, from the four rows' adjacent A elements of each k (a
// panel, or A^T): the last columns of a product whose N is not a multiple of 4 (a
// vocabulary-wide lm_head, say) at four lanes instead of one.
@inline function tile_4x1(c: usize, ldc: usize, a: usize, aK: usize, b: usize, ldb: usize, K: i32, acc: bool): void {
  let c0 = f32x4.splat(0);
  let pa = a, pb = b;
  const end = pb + <usize>K * ldb;
  while (pb < end) {
    c0 = f32x4.add(c0, f32x4.mul(v128.load(pa), v128.load32_splat(pb)));
    pa += aK;
    pb += ldb;
  }
  store_sum(c, f32x4.extract_lane(c0, 0), acc);
  store_sum(c + ldc, f32x4.extract_lane(c0, 1), acc);
  store_sum(c + 2 * ldc, f32x4.extract_lane(c0, 2), acc);
  store_sum(c + 3 * ldc, f32x4.extract_lane(c0, 3), acc);
}

// One element of C: the sum s, added to what C holds when accumulating.
@inline function store_sum(c: usize, s: f32, acc: bool): void {
  store<f32>(c, acc ? load<f32>(c) + s : s);
}

@inline function tile_1x1(c: usize, a: usize, aK: usize, b: usize, ldb: usize, K: i32, acc: bool): void {
  let s: f32 = 0;
  let pa = a, pb = b;
  const end = pb + <usize>K * ldb;
  while (pb < end) {
    s += load<f32>(pa) * load<f32>(pb);
    pa += aK;
    pb += ldb;
  }
  store_sum(c, s, acc);
}

// Tiles C with the micro-kernels: 4-row panels of 8-, 4- and 1-wide tiles, then leftover
// rows one at a time. Element (i, k) of A is at a + i*aRow + k*aK, row k of B at b + k*ldb,
// row i of C at c + i*ldc (all in bytes), so strided sub-matrices (one attention head's
// columns of qkv, say) need no copy. When the four rows of a panel are not adjacent
// (aRow != 4) they are first packed into `panel` (K x 4 floats) so the micro-kernel reads
// them through one pointer with immediate offsets.
// When several panels will sweep B, its 8-wide column strips are first copied into `strips`
// (strip s: K rows of 8 floats, contiguous), so the 8-wide tiles stream B sequentially
// instead of one cache line per k at stride ldb: about 10% faster on this kernel, and the
// sums are unchanged (same k order), so results stay bit-identical.
export function gemm(
  c: usize, ldc: usize, a: usize, aRow: usize, aK: usize, b: usize, ldb: usize, M: i32, K: i32, N: i32, acc: bool,
): void {
  const N8 = N & ~7;
  const packB = N8 > 0 && K * N8 <= MAX_STRIP_FLOATS && packing_pays(M, K, N8);
  if (packB) pack_strips(strips, b, ldb, K, N8);
  // 8-wide strip j..j+7 of B: packed rows of 32 bytes, or B itself at stride ldb
  const sb = packB ? strips : b;
  const sStep: usize = packB ? <usize>K << 2 : 4; // bytes per column of strip offset
  const sldb: usize = packB ? 32 : ldb;
  let i = 0;
  for (; i + 4 <= M; i += 4) {
    const ai = a + <usize>i * aRow;
    const ci = c + <usize>i * ldc;
    let pa = ai;
    let paK = aK;
    if (aRow != 4) {
      pack_panel(panel, ai, aRow, aK, K);
      pa = panel;
      paK = 16;
    } else if (aK != 16 && N8 >= 16 && (K >= 64 || N8 >= 128)) {
      // A^T: the panel's four floats of each k are adjacent but one row of A apart. Copied
      // together they take K*16 bytes of cache instead of K lines, which for long K (a
      // batch's tokens, in weight gradients) would crowd the B strip out of L1, and which
      // with many tiles per panel (16+) land in few L1 sets (the lines lie M*4 bytes
      // apart) where the strips evict them: 128x48x192 1.10x.
      pack_rows4(panel, ai, aK, K);
      pa = panel;
      paK = 16;
    }
    let j = 0;
    for (; j + 8 <= N; j += 8) tile_4x8(ci + (<usize>j << 2), ldc, pa, paK, sb + <usize>j * sStep, sldb, K, acc);
    if (j + 4 <= N) {
      tile_4x4(ci + (<usize>j << 2), ldc, pa, paK, b + (<usize>j << 2), ldb, K, acc);
      j += 4;
    }
    for (; j < N; j++) tile_4x1(ci + (<usize>j << 2), ldc, pa, paK, b + (<usize>j << 2), ldb, K, acc);
  }
  if (i + 3 == M) {
    // three leftover rows (an ensemble's votes): their 8-wide tiles together
    const ai = a + <usize>i * aRow;
    const ci = c + <usize>i * ldc;
    for (let j = 0; j + 8 <= N; j += 8) tile_3x8(ci + (<usize>j << 2), ldc, ai, aRow, aK, sb + <usize>j * sStep, sldb, K, acc);
    for (let r = 0; r < 3; r++) gemm_row_tail(ci + <usize>r * ldc, ai + <usize>r * aRow, aK, b, ldb, K, N8, N, acc);
    return;
  }
  for (; i < M; i++) {
    const ai = a + <usize>i * aRow;
    const ci = c + <usize>i * ldc;
    if (!packB) {
      gemm_row(ci, ai, aK, b, ldb, K, 0, N, acc);
      continue;
    }
    let j = 0;
    for (; j + 16 <= N; j += 16) tile_1x16(ci + (<usize>j << 2), ai, aK, sb + <usize>j * sStep, sStep << 3, sldb, K, acc);
    if (j < N8) tile_1x8(ci + (<usize>j << 2), ai, aK, sb + <usize>j * sStep, sldb, K, acc);
    gemm_row_tail(ci, ai, aK, b, ldb, K, N8, N, acc);
  }
}

// Columns j0..N-1 of one row of C from B itself: 24-, 16- and 8-wide tiles, then the tail.
@inline function gemm_row(ci: usize, ai: usize, aK: usize, b: usize, ldb: usize, K: i32, j0: i32, N: i32, acc: bool): void {
  let j = j0;
  for (; j + 24 <= N; j += 24) tile_1x24(ci + (<usize>j << 2), ai, aK, b + (<usize>j << 2), ldb, K, acc);
  if (j + 16 <= N) {
    tile_1x16(ci + (<usize>j << 2), ai, aK, b + (<usize>j << 2), 32, ldb, K, acc);
    j += 16;
  }
  if (j + 8 <= N) {
    tile_1x8(ci + (<usize>j << 2), ai, aK, b + (<usize>j << 2), ldb, K, acc);
    j += 8;
  }
  gemm_row_tail(ci, ai, aK, b, ldb, K, j, N, acc);
}

// Whether copying B into strips costs less than it saves (measured on the benchmark's shapes,
// a 38-token prompt and training's products): when at least 64 rows sweep a B of more than
// 16 KB, or 16 rows sweep a long K (a batch's tokens, in weight gradients). A smaller B is
// read well enough in place from L1, and a 38-row prompt does not repay the copy.
@inline function packing_pays(M: i32, K: i32, N8: i32): bool {
  return (M >= 64 && K * N8 > 4096) || (M >= 16 && K >= 256);
}

// Columns j0..N-1 of one row of C (the part no 8-wide tile covered).
function gemm_row_tail(ci: usize, ai: usize, aK: usize, b: usize, ldb: usize, K: i32, j0: i32, N: i32, acc: bool): void {
  let j = j0;
  if (j + 4 <= N) {
    tile_1x4(ci + (<usize>j << 2), ai, aK, b + (<usize>j << 2), ldb, K, acc);
    j += 4;
  }
  for (; j < N; j++) tile_1x1(ci + (<usize>j << 2), ai, aK, b + (<usize>j << 2), ldb, K, acc);
}

// panel(k, r) = A(i+r, k): four rows interleaved by k. Rows with adjacent k (aK = 4, the
// A @ B layout) move as 4x4 blocks through v128 shuffles; other strides element by element.
@inline function pack_panel(panel: usize, a: usize, aRow: usize, aK: usize, K: i32): void {
  let p0 = a, p1 = a + aRow, p2 = a + 2 * aRow, p3 = a + 3 * aRow;
  let q = panel;
  let k = 0;
  if (aK == 4) {
    for (; k + 4 <= K; k += 4) {
      transpose4x4(q, 16, v128.load(p0), v128.load(p1), v128.load(p2), v128.load(p3));
      p0 += 16; p1 += 16; p2 += 16; p3 += 16;
      q += 64;
    }
  }
  for (; k < K; k++) {
    store<f32>(q, load<f32>(p0));
    store<f32>(q, load<f32>(p1), 4);
    store<f32>(q, load<f32>(p2), 8);
    store<f32>(q, load<f32>(p3), 12);
    p0 += aK; p1 += aK; p2 += aK; p3 += aK;
    q += 16;
  }
}

// panel(k, 0..3) = the four adjacent floats at a + k*aK
@inline function pack_rows4(panel: usize, a: usize, aK: usize, K: i32): void {
  let p = a, q = panel;
  for (let k = 0; k < K; k++) {
    v128.store(q, v128.load(p));
    p += aK;
    q += 16;
  }
}

// strips(s, k, 0..7) = B(k, 8s..8s+7) for the first N8 columns of B
@inline function pack_strips(strips: usize, b: usize, ldb: usize, K: i32, N8: i32): void {
  const stripBytes = <usize>K << 5;
  for (let k = 0; k < K; k++) {
    const row = b + <usize>k * ldb;
    let q = strips + (<usize>k << 5);
    for (let j = 0; j < N8; j += 8) {
      v128.store(q, v128.load(row + (<usize>j << 2)));
      v128.store(q, v128.load(row + (<usize>j << 2), 16), 16);
      q += stripBytes;
    }
  }
}

// The packing buffers live in static memory: K <= MAX_K for panels (the engine's largest K
// is the token count of a batch, at most 8 x 1024); B is packed when it fits MAX_STRIP_FLOATS
// (a 1024-token batch against 384 or 288 columns does) and packing_pays.
export const MAX_K: i32 = 8192;
// This thread's scratch: the static buffers on the thread that owns the model, buffers of
// its own on each helper thread (threads.ts), since two threads packing into one buffer race.
let panel: usize = memory.data(MAX_K * 16, 16);
const MAX_STRIP_FLOATS: i32 = 1 << 19;
let strips: usize = memory.data(MAX_STRIP_FLOATS * 4, 16);

// A C of this thread's own for a product whose threads split columns into it, leaving the
// result to be gathered in a later job (the sparse transposed product, threads.ts): columns
// that share a cache line with another thread's would otherwise pass the line between cores
// at every write.
const OWN_C_FLOATS: i32 = 1 << 16;
let ownC: usize = memory.data(OWN_C_FLOATS * 4, 64);

/** Bytes of scratch a helper thread needs (panel, strips, then its own C). */
export function scratch_bytes(): usize { return <usize>MAX_K * 16 + <usize>MAX_STRIP_FLOATS * 4 + <usize>OWN_C_FLOATS * 4; }

/**
 * This thread's strips, free for other scratch while no product packs them (gemm packs only
 * for 16 rows or more): attention's per-thread scratch on helper threads (threads.ts).
 */
export function thread_scratch(): usize { return strips; }
export function thread_scratch_floats(): i32 { return MAX_STRIP_FLOATS; }

/** This thread's own C (see OWN_C_FLOATS), of thread_own_c_floats() floats. */
export function thread_own_c(): usize { return ownC; }
export function thread_own_c_floats(): i32 { return OWN_C_FLOATS; }

/** Points this instance's scratch at `at` (scratch_bytes() bytes, 16-aligned). */
export function scratch_use(at: usize): void {
  panel = at;
  strips = at + <usize>MAX_K * 16;
  ownC = strips + <usize>MAX_STRIP_FLOATS * 4;
}

// ---------------------------------------------------------------------------------------
// weight panels, for generation
//
// A decode step multiplies one row (or an ensemble's three) by every weight matrix, so the
// weights stream in from cache once per step (at 460K they outgrow L2), and no per-call copy
// would pay; nor does one for a prompt's few dozen rows. Generation keeps a copy of each
// weight matrix W (K, N) in 24-column panels instead: panel p holds W(k, 24p..24p+23) for
// k = 0..K-1, 96 contiguous bytes per k, so a tile reads one sequential stream rather than
// rows at stride N (460K: decode steps 1.39x, prompts 1.06x). Columns past the last whole
// panel are read from W itself. The tiles and their k order are gemm's, so the sums are too.

const PANEL: i32 = 24;
const PANEL_BYTES: usize = PANEL << 2;

/** Floats of the panel copy of a (K, N) matrix. */
@inline export function panel_floats(K: i32, N: i32): i32 {
  return K * (N - N % PANEL);
}

/** wp <- the panels of W (K, N). */
export function pack_panels(wp: usize, w: usize, K: i32, N: i32): void {
  const ldw = <usize>N << 2;
  let q = wp;
  for (let j = 0; j + PANEL <= N; j += PANEL) {
    let p = w + (<usize>j << 2);
    for (let k = 0; k < K; k++) {
      v128.store(q, v128.load(p)); v128.store(q, v128.load(p, 16), 16); v128.store(q, v128.load(p, 32), 32);
      v128.store(q, v128.load(p, 48), 48); v128.store(q, v128.load(p, 64), 64); v128.store(q, v128.load(p, 80), 80);
      p += ldw;
      q += PANEL_BYTES;
    }
  }
}

/** C(M,N) (+)= A(M,K) @ W, with W's whole panels read from wp and the rest from w. */
export function matmul_panels(c: usize, a: usize, wp: usize, w: usize, M: i32, K: i32, N: i32, acc: bool): void {
  const N24 = N - N % PANEL;
  const ldc = <usize>N << 2;
  const lda = <usize>K << 2;
  const panelStride = <usize>K * PANEL_BYTES;
  let i = 0;
  for (; i + 4 <= M; i += 4) {
    // a prompt's rows, four at a time (see gemm)
    const ai = a + <usize>i * lda;
    const ci = c + <usize>i * ldc;
    pack_panel(panel, ai, lda, 4, K);
    let p = wp;
    for (let j = 0; j < N24; j += PANEL) {
      const cj = ci + (<usize>j << 2);
      tile_4x8(cj, ldc, panel, 16, p, PANEL_BYTES, K, acc);
      tile_4x8(cj + 32, ldc, panel, 16, p + 32, PANEL_BYTES, K, acc);
      tile_4x8(cj + 64, ldc, panel, 16, p + 64, PANEL_BYTES, K, acc);
      p += panelStride;
    }
    if (N24 < N) gemm(ci + (<usize>N24 << 2), ldc, ai, lda, 4, w + (<usize>N24 << 2), ldc, 4, K, N - N24, acc);
  }
  if (M - i == 3) {
    // an ensemble's three votes: each load from a panel serves all three rows
    const ai = a + <usize>i * lda;
    const ci = c + <usize>i * ldc;
    let p = wp;
    for (let j = 0; j < N24; j += PANEL) {
      const cj = ci + (<usize>j << 2);
      tile_3x8(cj, ldc, ai, lda, 4, p, PANEL_BYTES, K, acc);
      tile_3x8(cj + 32, ldc, ai, lda, 4, p + 32, PANEL_BYTES, K, acc);
      tile_3x8(cj + 64, ldc, ai, lda, 4, p + 64, PANEL_BYTES, K, acc);
      p += panelStride;
    }
    for (let r = 0; r < 3; r++) gemm_row(ci + <usize>r * ldc, ai + <usize>r * lda, 4, w, ldc, K, N24, N, acc);
    return;
  }
  for (; i < M; i++) {
    const ai = a + <usize>i * lda;
    const ci = c + <usize>i * ldc;
    let p = wp;
    for (let j = 0; j < N24; j += PANEL) {
      tile_1x24(ci + (<usize>j << 2), ai, 4, p, PANEL_BYTES, K, acc);
      p += panelStride;
    }
    gemm_row(ci, ai, 4, w, ldc, K, N24, N, acc);
  }
}

// ---------------------------------------------------------------------------------------
// the three layouts (on as many threads as threads.ts has)

/** C(M,N) (+)= A(M,K) @ B(K,N) */
export function matmul_ab(c: usize, a: usize, b: usize, M: i32, K: i32, N: i32, acc: bool): void {
  gemm_threads(c, <usize>N << 2, a, <usize>K << 2, 4, b, <usize>N << 2, M, K, N, acc);
}

/** C(M,N) (+)= A^T @ B with A stored (K,M) and B (K,N). */
export function matmul_atb(c: usize, a: usize, b: usize, M: i32, K: i32, N: i32, acc: bool): void {
  gemm_threads(c, <usize>N << 2, a, 4, <usize>M << 2, b, <usize>N << 2, M, K, N, acc);
}

/** C(M,N) (+)= A(M,K) @ B^T with B stored (N,K); `scratch` holds K*N floats. */
export function matmul_abt(c: usize, a: usize, b: usize, M: i32, K: i32, N: i32, acc: bool, scratch: usize): void {
  transpose(scratch, <usize>N << 2, b, <usize>K << 2, N, K);
  gemm_threads(c, <usize>N << 2, a, <usize>K << 2, 4, scratch, <usize>N << 2, M, K, N, acc);
}

// Rows r0..r3 = [a0 a1 a2 a3] .. [d0 d1 d2 d3] stored as columns: q = [a0 b0 c0 d0],
// q + stride = [a1 b1 c1 d1], ...
@inline function transpose4x4(q: usize, stride: usize, r0: v128, r1: v128, r2: v128, r3: v128): void {
  const t0 = v128.shuffle<f32>(r0, r1, 0, 4, 1, 5); // a0 b0 a1 b1
  const t1 = v128.shuffle<f32>(r2, r3, 0, 4, 1, 5); // c0 d0 c1 d1
  const t2 = v128.shuffle<f32>(r0, r1, 2, 6, 3, 7); // a2 b2 a3 b3
  const t3 = v128.shuffle<f32>(r2, r3, 2, 6, 3, 7); // c2 d2 c3 d3
  v128.store(q, v128.shuffle<f32>(t0, t1, 0, 1, 4, 5));
  v128.store(q + stride, v128.shuffle<f32>(t0, t1, 2, 3, 6, 7));
  v128.store(q + 2 * stride, v128.shuffle<f32>(t2, t3, 0, 1, 4, 5));
  v128.store(q + 3 * stride, v128.shuffle<f32>(t2, t3, 2, 3, 6, 7));
}

/** out(C,R) = inp(R,C)^T with row strides ldo, ldi (bytes), in 4x4 blocks moved with v128 shuffles. */
export function transpose(out: usize, ldo: usize, inp: usize, ldi: usize, R: i32, C: i32): void {
  let r = 0;
  for (; r + 4 <= R; r += 4) {
    let c = 0;
    for (; c + 4 <= C; c += 4) {
      const p = inp + <usize>r * ldi + (<usize>c << 2);
      transpose4x4(out + <usize>c * ldo + (<usize>r << 2), ldo, v128.load(p), v128.load(p + ldi), v128.load(p + 2 * ldi), v128.load(p + 3 * ldi));
    }
    for (; c < C; c++) {
      for (let rr = r; rr < r + 4; rr++) {
        store<f32>(out + <usize>c * ldo + (<usize>rr << 2), load<f32>(inp + <usize>rr * ldi + (<usize>c << 2)));
      }
    }
  }
  for (; r < R; r++) {
    for (let c = 0; c < C; c++) {
      store<f32>(out + <usize>c * ldo + (<usize>r << 2), load<f32>(inp + <usize>r * ldi + (<usize>c << 2)));
    }
  }
}

// ---------------------------------------------------------------------------------------
// scalar references (tests and benchmarks compare the kernels against these)

// C(i, j) (+)= sum_k A(i, k) B(k, j), with A(i, k) at a[i*aI + k*aK] and B(k, j) at
// b[k*bK + j*bJ] (strides in floats): one plain loop serves all three layouts.
function naive(c: usize, a: usize, aI: i32, aK: i32, b: usize, bK: i32, bJ: i32, M: i32, K: i32, N: i32, acc: bool): void {
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let s: f32 = 0;
      for (let k = 0; k < K; k++) s += load<f32>(a + (<usize>(i * aI + k * aK) << 2)) * load<f32>(b + (<usize>(k * bK + j * bJ) << 2));
      const pc = c + (<usize>(i * N + j) << 2);
      store<f32>(pc, acc ? load<f32>(pc) + s : s);
    }
  }
}

export function matmul_ab_naive(c: usize, a: usize, b: usize, M: i32, K: i32, N: i32, acc: bool): void {
  naive(c, a, K, 1, b, N, 1, M, K, N, acc);
}

export function matmul_atb_naive(c: usize, a: usize, b: usize, M: i32, K: i32, N: i32, acc: bool): void {
  naive(c, a, 1, M, b, N, 1, M, K, N, acc);
}

export function matmul_abt_naive(c: usize, a: usize, b: usize, M: i32, K: i32, N: i32, acc: bool): void {
  naive(c, a, K, 1, b, 1, K, M, K, N, acc);
}
