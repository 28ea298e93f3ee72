// Several threads on one product (issue 34; docs/threads.md). The thread that owns the model
// (thread 0) writes a product's arguments on a board in shared memory and starts a new
// generation; each helper thread (1..count-1, the same module instantiated over the same
// memory, in worker_loop) takes its share of C's rows, as does thread 0, and counts itself
// done. Every element of C still sums in the order one thread uses, so the bits are the same
// for any thread count. Helpers spin between products (a wake-up from sleep costs as much as
// a product; docs/threads.md) and sleep only after a long idle spell.
import { gemm } from './matmul';
import { sparse_matmul, sparse_matmul_tn_columns, sparse_matmul_tn_rows } from './sparse';
import { adamw_range } from './adam';

// gen @0, quit @4, args @8..59, kind @60, done @64 (a cache line of its own)
const BOARD = memory.data(128, 64);
const DONE: usize = 64;
const KIND: usize = 60;
const SPINS_BEFORE_SLEEP: i32 = 1 << 20;
const GEMM = 0, SPARSE_ROWS = 1, SPARSE_TN_COLUMNS = 2, ADAMW = 3, SPARSE_TN_ROWS = 4;

let threads: i32 = 1;

/** How many threads take part in each product from now on (1: this thread alone). */
export function threads_use(count: i32): void {
  threads = count < 1 ? 1 : count;
  if (ASC_FEATURE_THREADS && threads > 1) atomic.store<i32>(BOARD + 4, 0); // helpers anew after threads_stop
}

export function threads_in_use(): i32 {
  return threads;
}

/** C's rows for thread `tid` of `count`: whole 4-row panels, so every panel sums as one thread's would. */
@inline function rowStart(tid: i32, count: i32, M: i32): i32 {
  const chunk = ((M + count - 1) / count + 3) & ~3;
  const r = tid * chunk;
  return r < M ? r : M;
}

function shareGemm(tid: i32, count: i32): void {
  const c = <usize>load<u32>(BOARD, 8);
  const ldc = <usize>load<u32>(BOARD, 12);
  const a = <usize>load<u32>(BOARD, 16);
  const aRow = <usize>load<u32>(BOARD, 20);
  const aK = <usize>load<u32>(BOARD, 24);
  const b = <usize>load<u32>(BOARD, 28);
  const ldb = <usize>load<u32>(BOARD, 32);
  const M = load<i32>(BOARD, 36);
  const K = load<i32>(BOARD, 40);
  const N = load<i32>(BOARD, 44);
  const acc = load<i32>(BOARD, 48) != 0;
  const r0 = rowStart(tid, count, M);
  const r1 = rowStart(tid + 1, count, M);
  if (r1 > r0) gemm(c + <usize>r0 * ldc, ldc, a + <usize>r0 * aRow, aRow, aK, b, ldb, r1 - r0, K, N, acc);
}

function shareSparseRows(tid: i32, count: i32): void {
  const c = <usize>load<u32>(BOARD, 8);
  const ldc = <usize>load<u32>(BOARD, 12);
  const starts = <usize>load<u32>(BOARD, 16);
  const entries = <usize>load<u32>(BOARD, 20);
  const b = <usize>load<u32>(BOARD, 24);
  const R = load<i32>(BOARD, 28);
  const N = load<i32>(BOARD, 32);
  const acc = load<i32>(BOARD, 36) != 0;
  const r0 = rowStart(tid, count, R);
  const r1 = rowStart(tid + 1, count, R);
  if (r1 > r0) sparse_matmul(c + <usize>r0 * ldc, ldc, starts + (<usize>r0 << 2), entries, b, r1 - r0, N, acc);
}

/**
 * Columns for thread `tid` of `count`: a boundary where C's rows cross a cache line (C's rows
 * lie a multiple of 64 bytes apart; `m` is C's offset in floats within its line), so no two
 * threads write one line. Any multiple of 4 will do for the sums: each column sums the same
 * products in the same order in 24- and 4-wide blocks alike.
 */
@inline function columnStart(tid: i32, count: i32, N: i32, m: i32): i32 {
  if (tid <= 0) return 0;
  if (tid >= count) return N;
  let j = (tid * N) / count;
  const down = (m + j) & 15;
  j = down <= 8 ? j - down : j + 16 - down;
  return j < 0 ? 0 : j > N ? N : j;
}

function shareSparseColumns(tid: i32, count: i32): void {
  const c = <usize>load<u32>(BOARD, 8);
  const starts = <usize>load<u32>(BOARD, 12);
  const entries = <usize>load<u32>(BOARD, 16);
  const b = <usize>load<u32>(BOARD, 20);
  const ldbB = <usize>load<u32>(BOARD, 24);
  const M = load<i32>(BOARD, 28);
  const N = load<i32>(BOARD, 32);
  const m = <i32>((c >> 2) & 15);
  const j0 = columnStart(tid, count, N, m);
  const j1 = columnStart(tid + 1, count, N, m);
  if (j1 > j0) sparse_matmul_tn_columns(c, starts, entries, b, ldbB, M, j0, j1);
}

/** Elements for thread `tid` of `count`: whole cache lines (16 floats). */
@inline function elementStart(tid: i32, count: i32, n: i32): i32 {
  const chunk = ((n + count - 1) / count + 15) & ~15;
  const i = tid * chunk;
  return i < n ? i : n;
}

function shareAdamw(tid: i32, count: i32): void {
  const n = load<i32>(BOARD, 24);
  const i0 = elementStart(tid, count, n), i1 = elementStart(tid + 1, count, n);
  if (i1 > i0) {
    adamw_range(
      <usize>load<u32>(BOARD, 8), <usize>load<u32>(BOARD, 12), <usize>load<u32>(BOARD, 16), <usize>load<u32>(BOARD, 20),
      i0, i1, load<i32>(BOARD, 28), load<f32>(BOARD, 32), load<f32>(BOARD, 36), load<f32>(BOARD, 40), load<f32>(BOARD, 44),
      load<f32>(BOARD, 48), load<i32>(BOARD, 52), load<f32>(BOARD, 56),
    );
  }
}

function shareSparseTnRows(tid: i32, count: i32): void {
  const F = load<i32>(BOARD, 36);
  const ldc = load<u32>(BOARD, 40);
  const f0 = rowStart(tid, count, F), f1 = rowStart(tid + 1, count, F);
  if (f1 > f0) {
    sparse_matmul_tn_rows(
      <usize>load<u32>(BOARD, 8), <usize>load<u32>(BOARD, 12), <usize>load<u32>(BOARD, 16), <usize>load<u32>(BOARD, 20),
      <usize>load<u32>(BOARD, 24), load<i32>(BOARD, 28), load<i32>(BOARD, 32), <u32>f0 * ldc, <u32>f1 * ldc,
    );
  }
}

function share(tid: i32, count: i32): void {
  const kind = load<i32>(BOARD, KIND);
  if (kind == SPARSE_TN_ROWS) { shareSparseTnRows(tid, count); return; }
  if (kind == GEMM) shareGemm(tid, count);
  else if (kind == SPARSE_ROWS) shareSparseRows(tid, count);
  else if (kind == ADAMW) shareAdamw(tid, count);
  else shareSparseColumns(tid, count);
}

/** sparse_matmul_tn on every thread in use, by rows of C (zeroed here first), each thread walking its own entries. */
export function sparse_matmul_tn_threads_rows(c: usize, starts: usize, entries: usize, b: usize, ldbB: usize, M: i32, F: i32, N: i32, ldc: usize): void {
  for (let f = 0; f < F; f++) memory.fill(c + <usize>f * ldc, 0, <usize>N << 2);
  if (!ASC_FEATURE_THREADS || threads == 1 || F < 8 * threads) {
    sparse_matmul_tn_columns(c, starts, entries, b, ldbB, M, 0, N);
    return;
  }
  store<u32>(BOARD, <u32>c, 8);
  store<u32>(BOARD, <u32>starts, 12);
  store<u32>(BOARD, <u32>entries, 16);
  store<u32>(BOARD, <u32>b, 20);
  store<u32>(BOARD, <u32>ldbB, 24);
  store<i32>(BOARD, M, 28);
  store<i32>(BOARD, N, 32);
  store<i32>(BOARD, F, 36);
  store<u32>(BOARD, <u32>ldc, 40);
  runShared(SPARSE_TN_ROWS);
}

/** adamw_update on every thread in use, by ranges of whole cache lines (n % 4 == 0). */
export function adamw_threads(
  params: usize, grads: usize, m: usize, v: usize, n: i32, decayFrom: i32,
  lr: f32, beta1: f32, beta2: f32, eps: f32, wd: f32, t: i32, gscale: f32,
): void {
  if (!ASC_FEATURE_THREADS || threads == 1) {
    adamw_range(params, grads, m, v, 0, n, decayFrom, lr, beta1, beta2, eps, wd, t, gscale);
    return;
  }
  store<u32>(BOARD, <u32>params, 8);
  store<u32>(BOARD, <u32>grads, 12);
  store<u32>(BOARD, <u32>m, 16);
  store<u32>(BOARD, <u32>v, 20);
  store<i32>(BOARD, n, 24);
  store<i32>(BOARD, decayFrom, 28);
  store<f32>(BOARD, lr, 32);
  store<f32>(BOARD, beta1, 36);
  store<f32>(BOARD, beta2, 40);
  store<f32>(BOARD, eps, 44);
  store<f32>(BOARD, wd, 48);
  store<i32>(BOARD, t, 52);
  store<f32>(BOARD, gscale, 56);
  runShared(ADAMW);
}

/** Starts a generation of `kind` on the helpers, takes thread 0's share, waits for theirs. */
function runShared(kind: i32): void {
  if (ASC_FEATURE_THREADS) {
    store<i32>(BOARD, kind, KIND);
    atomic.store<i32>(BOARD + DONE, 0);
    atomic.add<i32>(BOARD, 1);
    atomic.notify(BOARD, threads - 1);
    share(0, threads);
    while (atomic.load<i32>(BOARD + DONE) < threads - 1) {}
  }
}

/** sparse_matmul on every thread in use, by rows of C. */
export function sparse_matmul_threads(c: usize, ldc: usize, starts: usize, entries: usize, b: usize, R: i32, N: i32, acc: bool): void {
  if (!ASC_FEATURE_THREADS || threads == 1 || R < 8 * threads) {
    sparse_matmul(c, ldc, starts, entries, b, R, N, acc);
    return;
  }
  store<u32>(BOARD, <u32>c, 8);
  store<u32>(BOARD, <u32>ldc, 12);
  store<u32>(BOARD, <u32>starts, 16);
  store<u32>(BOARD, <u32>entries, 20);
  store<u32>(BOARD, <u32>b, 24);
  store<i32>(BOARD, R, 28);
  store<i32>(BOARD, N, 32);
  store<i32>(BOARD, acc ? 1 : 0, 36);
  runShared(SPARSE_ROWS);
}

/**
 * sparse_matmul_tn on every thread in use, by columns of C (zeroed here first). Not used yet:
 * same bits, but slower (whole model, 2 threads: 64K 0.86x with line-aligned splits, 0.68x
 * without, against 1.31x with this product on one thread; 460K 1.41x either way). Every
 * thread walks all of B's entries once per block of columns, and a split that is not a
 * multiple of 24 leaves 4-wide blocks, each a walk of its own: at E = 48 the two threads
 * walk 7 times where one thread walks twice. It wants blocks of 8 and 16 columns, or a split
 * by rows of C.
 */
export function sparse_matmul_tn_threads(c: usize, starts: usize, entries: usize, b: usize, ldbB: usize, M: i32, F: i32, N: i32, ldc: usize): void {
  for (let f = 0; f < F; f++) memory.fill(c + <usize>f * ldc, 0, <usize>N << 2);
  if (!ASC_FEATURE_THREADS || threads == 1 || N < 48) {
    sparse_matmul_tn_columns(c, starts, entries, b, ldbB, M, 0, N);
    return;
  }
  store<u32>(BOARD, <u32>c, 8);
  store<u32>(BOARD, <u32>starts, 12);
  store<u32>(BOARD, <u32>entries, 16);
  store<u32>(BOARD, <u32>b, 20);
  store<u32>(BOARD, <u32>ldbB, 24);
  store<i32>(BOARD, M, 28);
  store<i32>(BOARD, N, 32);
  runShared(SPARSE_TN_COLUMNS);
}

/** gemm on every thread in use; small products (under 8 rows a thread) stay on this one. */
export function gemm_threads(
  c: usize, ldc: usize, a: usize, aRow: usize, aK: usize, b: usize, ldb: usize, M: i32, K: i32, N: i32, acc: bool,
): void {
  if (!ASC_FEATURE_THREADS || threads == 1 || M < 8 * threads) {
    gemm(c, ldc, a, aRow, aK, b, ldb, M, K, N, acc);
    return;
  }
  if (ASC_FEATURE_THREADS) {
    store<u32>(BOARD, <u32>c, 8);
    store<u32>(BOARD, <u32>ldc, 12);
    store<u32>(BOARD, <u32>a, 16);
    store<u32>(BOARD, <u32>aRow, 20);
    store<u32>(BOARD, <u32>aK, 24);
    store<u32>(BOARD, <u32>b, 28);
    store<u32>(BOARD, <u32>ldb, 32);
    store<i32>(BOARD, M, 36);
    store<i32>(BOARD, K, 40);
    store<i32>(BOARD, N, 44);
    store<i32>(BOARD, acc ? 1 : 0, 48);
    runShared(GEMM);
  }
}

/** The board's generation now: what a helper about to start is given as `seen` (worker_loop). */
export function threads_generation(): i32 {
  return ASC_FEATURE_THREADS ? atomic.load<i32>(BOARD) : load<i32>(BOARD);
}

/**
 * A helper thread's life: every product's share until threads_stop. `seen` is the generation
 * thread 0 read before starting this helper (threads_generation): a product it posts before
 * the helper reaches this loop is still one the helper takes, where reading the generation
 * here could skip it and leave thread 0 waiting for its share forever.
 */
export function worker_loop(tid: i32, count: i32, seen: i32): void {
  if (!ASC_FEATURE_THREADS) return;
  if (ASC_FEATURE_THREADS) {
    while (true) {
      let gen = atomic.load<i32>(BOARD);
      let spins = 0;
      while (gen == seen) {
        if (++spins > SPINS_BEFORE_SLEEP) {
          atomic.wait<i32>(BOARD, seen, 100_000_000); // 100 ms, then look again
          spins = 0;
        }
        gen = atomic.load<i32>(BOARD);
      }
      seen = gen;
      if (atomic.load<i32>(BOARD + 4) != 0) return;
      share(tid, count);
      atomic.add<i32>(BOARD + DONE, 1);
    }
  }
}

/** Ends every helper's worker_loop. */
export function threads_stop(): void {
  if (ASC_FEATURE_THREADS) {
    atomic.store<i32>(BOARD + 4, 1);
    atomic.add<i32>(BOARD, 1);
    atomic.notify(BOARD, 1 << 30);
  }
}
