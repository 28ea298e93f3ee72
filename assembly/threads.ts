// Several threads on one model (issue 34; docs/threads.md). The thread that owns the model
// (thread 0) posts the ops of a phase of a step (a job) on a board in shared memory and starts
// a new generation; each helper thread (1..count-1, the same module instantiated over the same
// memory, in worker_loop) runs its share of every op in turn, as does thread 0, and counts
// itself done. Only the ownership of output elements is split, never a sum: every element
// still sums in the order one thread uses, so the bits are the same for any thread count.
// Helpers spin between jobs (a wake-up from sleep costs as much as a job; docs/threads.md) and
// sleep only after a long idle spell.
import { gemm, thread_own_c, thread_own_c_floats, thread_scratch, thread_scratch_floats, transpose } from './matmul';
import { sparse_matmul, sparse_matmul_tn, sparse_matmul_tn_columns, pattern_rows_part, pattern_values } from './sparse';
import { adamw_range } from './adam';
import { attention_forward_part, attention_backward_part, attention_scratch_floats, attention_alibi, attention_set_alibi } from './attention';
import { rmsnorm_forward, rmsnorm_backward } from './norm';
import { relu_rows, relu_backward } from './activation';

// The board: gen @0, quit @4, ops @8, failed @12 (a helper stopped with an error), done @64 (a
// cache line of its own), the ops' 64-byte slots from 128, then each thread's own C (OWN_C).
// Thread 0 may post several ops before it starts a generation (ops_begin .. ops_end): each
// thread then runs its share of each op in turn, with no wait between them, so an op may read
// only what the same thread's share of an earlier op of the generation wrote (the same rows of
// the same split) or what was written before the generation.
const SLOTS: i32 = 24;
const MAX_OWN_C: i32 = 64; // threads whose own C the board lists; with more, thread 0 takes such a product alone
const BOARD = memory.data(128 + SLOTS * 64 + MAX_OWN_C * 4, 64);
const OWN_C: usize = 128 + <usize>SLOTS * 64;
const OPS: usize = 8;
const FAILED: usize = 12;
const DONE: usize = 64;
const SPINS_BEFORE_SLEEP: i32 = 1 << 20;
const GEMM = 0, SPARSE_ROWS = 1, SPARSE_TN_GATHER = 2, ADAMW = 3, SPARSE_TN = 4, ATTN_F = 5, ATTN_B = 6;
const RMSNORM_F = 7, RMSNORM_B = 8, TRANSPOSE = 9, COPY_ROWS = 10, GATHER = 11, SCATTER = 12, RELU_ROWS = 13, PATTERN = 14;
const PATTERN_VALUES = 15, RELU_B = 16;

let threads: i32 = 1;
let batching = false;
let posted = 0; // ops on the board, not started yet

@inline function slot(i: i32): usize { return BOARD + 128 + (<usize>i << 6); }

// ---- an op: its arguments are words 0..13 of its slot, in the order its *_threads function
// takes them (an f32 by its bits, a bool as 0 or 1); word 15 is its kind

const KIND: usize = 60;
@inline function word(at: usize, i: i32): u32 { return load<u32>(at + (<usize>i << 2)); }
@inline function ptr(at: usize, i: i32): usize { return <usize>word(at, i); }
@inline function int(at: usize, i: i32): i32 { return <i32>word(at, i); }
@inline function real(at: usize, i: i32): f32 { return reinterpret<f32>(word(at, i)); }
@inline function bits(x: f32): usize { return <usize>reinterpret<u32>(x); }

/** Puts an op on the board (thread 0); starts it unless batching. */
function post(
  kind: i32, a0: usize, a1: usize, a2: usize = 0, a3: usize = 0, a4: usize = 0, a5: usize = 0, a6: usize = 0,
  a7: usize = 0, a8: usize = 0, a9: usize = 0, a10: usize = 0, a11: usize = 0, a12: usize = 0, a13: usize = 0,
): void {
  const s = slot(posted);
  store<u32>(s, <u32>a0, 0); store<u32>(s, <u32>a1, 4); store<u32>(s, <u32>a2, 8); store<u32>(s, <u32>a3, 12);
  store<u32>(s, <u32>a4, 16); store<u32>(s, <u32>a5, 20); store<u32>(s, <u32>a6, 24); store<u32>(s, <u32>a7, 28);
  store<u32>(s, <u32>a8, 32); store<u32>(s, <u32>a9, 36); store<u32>(s, <u32>a10, 40); store<u32>(s, <u32>a11, 44);
  store<u32>(s, <u32>a12, 48); store<u32>(s, <u32>a13, 52);
  store<i32>(s, kind, KIND);
  posted++;
  if (!batching || posted == SLOTS) flush();
}

function flush(): void {
  if (posted > 0) {
    store<i32>(BOARD, posted, OPS);
    runShared();
    posted = 0;
  }
}

/** From here to ops_end, ops posted wait and start together (see BOARD). */
export function ops_begin(): void {
  if (ASC_FEATURE_THREADS) batching = threads > 1;
}

/** Starts and finishes the ops posted since ops_begin. */
export function ops_end(): void {
  if (ASC_FEATURE_THREADS) {
    batching = false;
    flush();
  }
}

/** Whether ops are posted to other threads (else every *_threads call runs at once on this one). */
@inline function shared(): bool {
  return ASC_FEATURE_THREADS && threads > 1;
}

/** How many threads take part in each op from now on (1: this thread alone). */
export function threads_use(count: i32): void {
  threads = count < 1 ? 1 : count;
  if (ASC_FEATURE_THREADS && threads > 1) {
    atomic.store<i32>(BOARD + 4, 0); // helpers anew after threads_stop
    atomic.store<i32>(BOARD + FAILED, 0);
  }
}

export function threads_in_use(): i32 {
  return threads;
}

/** Rows for thread `tid` of `count`: whole 4-row panels, so every panel sums as one thread's would. */
@inline function rowStart(tid: i32, count: i32, M: i32): i32 {
  if (M < 8 * count) return tid > 0 ? M : 0; // few rows: thread 0 takes them all
  const chunk = ((M + count - 1) / count + 3) & ~3;
  const r = tid * chunk;
  return r < M ? r : M;
}

/** Elements for thread `tid` of `count`: whole cache lines (16 floats). */
@inline function elementStart(tid: i32, count: i32, n: i32): i32 {
  const chunk = ((n + count - 1) / count + 15) & ~15;
  const i = tid * chunk;
  return i < n ? i : n;
}

function shareOp(at: usize, tid: i32, count: i32): void {
  const kind = load<i32>(at, KIND);
  if (kind == GEMM) shareGemm(at, tid, count);
  else if (kind == SPARSE_TN) shareSparseTn(at, tid, count);
  else if (kind == SPARSE_TN_GATHER) shareSparseTnGather(at, tid, count);
  else if (kind == SPARSE_ROWS) shareSparseRows(at, tid, count);
  else if (kind == ATTN_F) shareAttentionForward(at, tid, count);
  else if (kind == ATTN_B) shareAttentionBackward(at, tid, count);
  else if (kind == RMSNORM_F) shareRmsnormForward(at, tid, count);
  else if (kind == RMSNORM_B) shareRmsnormBackward(at, tid, count);
  else if (kind == TRANSPOSE) shareTranspose(at, tid, count);
  else if (kind == COPY_ROWS) shareCopyRows(at, tid, count);
  else if (kind == GATHER || kind == SCATTER) shareMoveRows(at, tid, count, kind == SCATTER);
  else if (kind == RELU_ROWS) shareReluRows(at, tid, count);
  else if (kind == PATTERN) sharePattern(at, tid, count);
  else if (kind == PATTERN_VALUES) sharePatternValues(at, tid, count);
  else if (kind == RELU_B) shareReluBackward(at, tid, count);
  else if (kind == ADAMW) shareAdamw(at, tid, count);
}

function share(tid: i32, count: i32): void {
  const ops = load<i32>(BOARD, OPS);
  for (let i = 0; i < ops; i++) shareOp(slot(i), tid, count);
}

// ---- products

/** gemm on every thread in use, by 4-row panels of C; small products (under 8 rows a thread) stay on this one. */
export function gemm_threads(
  c: usize, ldc: usize, a: usize, aRow: usize, aK: usize, b: usize, ldb: usize, M: i32, K: i32, N: i32, acc: bool,
): void {
  if (!shared() || (!batching && M < 8 * threads)) gemm(c, ldc, a, aRow, aK, b, ldb, M, K, N, acc);
  else post(GEMM, c, ldc, a, aRow, aK, b, ldb, M, K, N, acc ? 1 : 0);
}

function shareGemm(at: usize, tid: i32, count: i32): void {
  const c = ptr(at, 0), ldc = ptr(at, 1), a = ptr(at, 2), aRow = ptr(at, 3), M = int(at, 7);
  const r0 = rowStart(tid, count, M), r1 = rowStart(tid + 1, count, M);
  if (r1 > r0) gemm(c + <usize>r0 * ldc, ldc, a + <usize>r0 * aRow, aRow, ptr(at, 4), ptr(at, 5), ptr(at, 6), r1 - r0, int(at, 8), int(at, 9), int(at, 10) != 0);
}

/** sparse_matmul on every thread in use, by rows of C. */
export function sparse_matmul_threads(c: usize, ldc: usize, starts: usize, entries: usize, b: usize, R: i32, N: i32, acc: bool): void {
  if (!shared() || (!batching && R < 8 * threads)) sparse_matmul(c, ldc, starts, entries, b, R, N, acc);
  else post(SPARSE_ROWS, c, ldc, starts, entries, b, R, N, acc ? 1 : 0);
}

function shareSparseRows(at: usize, tid: i32, count: i32): void {
  const c = ptr(at, 0), ldc = ptr(at, 1), starts = ptr(at, 2), R = int(at, 5);
  const r0 = rowStart(tid, count, R), r1 = rowStart(tid + 1, count, R);
  if (r1 > r0) sparse_matmul(c + <usize>r0 * ldc, ldc, starts + (<usize>r0 << 2), ptr(at, 3), ptr(at, 4), r1 - r0, int(at, 6), int(at, 7) != 0);
}

// The sparse transposed product (sparse.ts), by blocks of 24 columns of C: a split by rows of C
// made each thread walk every row's entries to find its own, and the two threads together took
// about as long as one at 64K (docs/threads.md). Threads writing neighbouring columns of the
// same rows would pass those rows' cache lines between the cores, so each writes into a C of
// its own, gathered into C by rows in a later job.

/** Columns j0 of thread `tid` of `count`: whole blocks of 24, as sparse_matmul_tn_columns walks them. */
@inline function columnStart(tid: i32, count: i32, N: i32): i32 {
  const blocks = (N + 23) / 24;
  const j = (tid * blocks / count) * 24;
  return j < N ? j : N;
}

// Whether every thread's own C holds F rows of C (else thread 0 takes the whole product into C).
@inline function ownCFits(F: i32, ldc: u32, count: i32): bool {
  return count <= MAX_OWN_C && <u64>F * <u64>ldc <= <u64>thread_own_c_floats() * 4;
}

/**
 * C(F, N) = S^T @ B (sparse_matmul_tn) on every thread in use: complete at once on one thread;
 * on several, only once sparse_matmul_tn_gather_threads has run in a later job.
 */
export function sparse_matmul_tn_threads(c: usize, starts: usize, entries: usize, b: usize, ldbB: usize, M: i32, F: i32, N: i32, ldc: usize): void {
  if (!shared()) sparse_matmul_tn(c, starts, entries, b, ldbB, M, F, N, ldc);
  else post(SPARSE_TN, c, starts, entries, b, ldbB, M, F, N, ldc);
}

function shareSparseTn(at: usize, tid: i32, count: i32): void {
  const starts = ptr(at, 1), entries = ptr(at, 2), b = ptr(at, 3), ldbB = ptr(at, 4), M = int(at, 5);
  const F = int(at, 6), N = int(at, 7), ldc = word(at, 8);
  if (!ownCFits(F, ldc, count)) {
    if (tid == 0) sparse_matmul_tn(ptr(at, 0), starts, entries, b, ldbB, M, F, N, ldc);
    return;
  }
  const out = thread_own_c();
  store<u32>(BOARD + OWN_C + (<usize>tid << 2), <u32>out);
  const j0 = columnStart(tid, count, N), j1 = columnStart(tid + 1, count, N);
  if (j1 <= j0) return;
  for (let f = 0; f < F; f++) memory.fill(out + <usize>f * ldc + (<usize>j0 << 2), 0, <usize>(j1 - j0) << 2);
  sparse_matmul_tn_columns(out, starts, entries, b, ldbB, M, j0, j1);
}

/** C of a sparse_matmul_tn_threads in an earlier job, gathered from the threads' own Cs by rows of C (rowStart's split of F). */
export function sparse_matmul_tn_gather_threads(c: usize, F: i32, N: i32, ldc: usize): void {
  if (shared()) post(SPARSE_TN_GATHER, c, F, N, ldc);
}

function shareSparseTnGather(at: usize, tid: i32, count: i32): void {
  const c = ptr(at, 0), F = int(at, 1), N = int(at, 2), ldc = word(at, 3);
  if (!ownCFits(F, ldc, count)) return;
  const f0 = rowStart(tid, count, F), f1 = rowStart(tid + 1, count, F);
  for (let k = 0; k < count; k++) {
    const j0 = columnStart(k, count, N), j1 = columnStart(k + 1, count, N);
    if (j1 <= j0) continue;
    const from = <usize>load<u32>(BOARD + OWN_C + (<usize>k << 2));
    for (let f = f0; f < f1; f++) {
      const row = <usize>f * ldc + (<usize>j0 << 2);
      memory.copy(c + row, from + row, <usize>(j1 - j0) << 2);
    }
  }
}

/** adamw_update on every thread in use, by ranges of whole cache lines (n % 4 == 0). */
export function adamw_threads(
  params: usize, grads: usize, m: usize, v: usize, n: i32, decayFrom: i32,
  lr: f32, beta1: f32, beta2: f32, eps: f32, wd: f32, t: i32, gscale: f32,
): void {
  if (!shared()) adamw_range(params, grads, m, v, 0, n, decayFrom, lr, beta1, beta2, eps, wd, t, gscale);
  else post(ADAMW, params, grads, m, v, n, decayFrom, bits(lr), bits(beta1), bits(beta2), bits(eps), bits(wd), t, bits(gscale));
}

function shareAdamw(at: usize, tid: i32, count: i32): void {
  const n = int(at, 4);
  const i0 = elementStart(tid, count, n), i1 = elementStart(tid + 1, count, n);
  if (i1 > i0) {
    adamw_range(
      ptr(at, 0), ptr(at, 1), ptr(at, 2), ptr(at, 3), i0, i1, int(at, 5),
      real(at, 6), real(at, 7), real(at, 8), real(at, 9), real(at, 10), int(at, 11), real(at, 12),
    );
  }
}

// ---- attention by (document, head) pairs: thread 0 with the model's scratch, each helper
// with its strips (matmul.ts; attention's products have at most 4 rows, so gemm never packs
// strips there), or thread 0 alone when the longest document would not fit them. ALiBi is a
// module global, and each helper's instance has its own: it travels with the op.

@inline function attentionThreads(docStarts: usize, D: i32, E: i32, H: i32, count: i32): i32 {
  return attention_scratch_floats(docStarts, D, E, H) <= thread_scratch_floats() ? count : 1;
}

/** attention_forward on every thread in use, by (document, head) pairs. */
export function attention_forward_threads(
  out: usize, att: usize, qkv: usize, docStarts: usize, qStarts: usize, D: i32, E: i32, H: i32, scratch: usize,
): void {
  if (!shared()) attention_forward_part(out, att, qkv, docStarts, qStarts, D, E, H, scratch, 0, 1);
  else post(ATTN_F, out, att, qkv, docStarts, qStarts, D, E, H, scratch, attention_alibi() ? 1 : 0);
}

function shareAttentionForward(at: usize, tid: i32, count: i32): void {
  const docStarts = ptr(at, 3), D = int(at, 5), E = int(at, 6), H = int(at, 7);
  const n = attentionThreads(docStarts, D, E, H, count);
  if (tid >= n) return;
  attention_set_alibi(int(at, 9) != 0);
  attention_forward_part(ptr(at, 0), ptr(at, 1), ptr(at, 2), docStarts, ptr(at, 4), D, E, H, tid == 0 ? ptr(at, 8) : thread_scratch(), tid, n);
}

/** attention_backward on every thread in use, by (document, head) pairs. */
export function attention_backward_threads(
  dqkv: usize, scratch: usize, dout: usize, att: usize, qkv: usize, docStarts: usize, qStarts: usize, D: i32, E: i32, H: i32,
): void {
  if (!shared()) attention_backward_part(dqkv, scratch, dout, att, qkv, docStarts, qStarts, D, E, H, 0, 1);
  else post(ATTN_B, dqkv, scratch, dout, att, qkv, docStarts, qStarts, D, E, H, attention_alibi() ? 1 : 0);
}

function shareAttentionBackward(at: usize, tid: i32, count: i32): void {
  const docStarts = ptr(at, 5), D = int(at, 7), E = int(at, 8), H = int(at, 9);
  const n = attentionThreads(docStarts, D, E, H, count);
  if (tid >= n) return;
  attention_set_alibi(int(at, 10) != 0);
  attention_backward_part(ptr(at, 0), tid == 0 ? ptr(at, 1) : thread_scratch(), ptr(at, 2), ptr(at, 3), ptr(at, 4), docStarts, ptr(at, 6), D, E, H, tid, n);
}

// ---- row by row: each row's result is its own, so any split of the rows gives the same bits

/** rmsnorm_forward on every thread in use, by rows (rowStart's split of N). */
export function rmsnorm_forward_threads(out: usize, rstd: usize, inp: usize, N: i32, C: i32): void {
  if (!shared()) rmsnorm_forward(out, rstd, inp, N, C);
  else post(RMSNORM_F, out, rstd, inp, N, C);
}

function shareRmsnormForward(at: usize, tid: i32, count: i32): void {
  const N = int(at, 3), C = int(at, 4);
  const r0 = rowStart(tid, count, N), r1 = rowStart(tid + 1, count, N);
  const row = <usize>r0 * (<usize>C << 2);
  if (r1 > r0) rmsnorm_forward(ptr(at, 0) + row, ptr(at, 1) + (<usize>r0 << 2), ptr(at, 2) + row, r1 - r0, C);
}

/** rmsnorm_backward on every thread in use, by rows (rowStart's split of N). */
export function rmsnorm_backward_threads(dinp: usize, dout: usize, out: usize, rstd: usize, N: i32, C: i32): void {
  if (!shared()) rmsnorm_backward(dinp, dout, out, rstd, N, C);
  else post(RMSNORM_B, dinp, dout, out, rstd, N, C);
}

function shareRmsnormBackward(at: usize, tid: i32, count: i32): void {
  const N = int(at, 4), C = int(at, 5);
  const r0 = rowStart(tid, count, N), r1 = rowStart(tid + 1, count, N);
  const row = <usize>r0 * (<usize>C << 2);
  if (r1 > r0) rmsnorm_backward(ptr(at, 0) + row, ptr(at, 1) + row, ptr(at, 2) + row, ptr(at, 3) + (<usize>r0 << 2), r1 - r0, C);
}

/** transpose on every thread in use, by rows of inp (rowStart's split of R). */
export function transpose_threads(out: usize, ldo: usize, inp: usize, ldi: usize, R: i32, C: i32): void {
  if (!shared()) transpose(out, ldo, inp, ldi, R, C);
  else post(TRANSPOSE, out, ldo, inp, ldi, R, C);
}

function shareTranspose(at: usize, tid: i32, count: i32): void {
  const ldi = ptr(at, 3), R = int(at, 4);
  const r0 = rowStart(tid, count, R), r1 = rowStart(tid + 1, count, R);
  if (r1 > r0) transpose(ptr(at, 0) + (<usize>r0 << 2), ptr(at, 1), ptr(at, 2) + <usize>r0 * ldi, ldi, r1 - r0, int(at, 5));
}

/** dst <- src, N rows of `row` bytes, on every thread in use (rowStart's split of N). */
export function copy_rows_threads(dst: usize, src: usize, N: i32, row: usize): void {
  if (!shared()) memory.copy(dst, src, <usize>N * row);
  else post(COPY_ROWS, dst, src, N, row);
}

function shareCopyRows(at: usize, tid: i32, count: i32): void {
  const N = int(at, 2), row = ptr(at, 3);
  const r0 = rowStart(tid, count, N), r1 = rowStart(tid + 1, count, N);
  if (r1 > r0) memory.copy(ptr(at, 0) + <usize>r0 * row, ptr(at, 1) + <usize>r0 * row, <usize>(r1 - r0) * row);
}

// dst[r] = src[idx[r]] (gather) or dst[idx[r]] = src[r] (scatter), for the rows r of a split of n
@inline function moveRows(dst: usize, src: usize, idx: usize, r0: i32, r1: i32, row: usize, scatter: bool): void {
  for (let r = r0; r < r1; r++) {
    const i = <usize>load<i32>(idx + (<usize>r << 2));
    if (scatter) memory.copy(dst + i * row, src + <usize>r * row, row);
    else memory.copy(dst + <usize>r * row, src + i * row, row);
  }
}

/** dst[r] = src[idx[r]] (rows of `row` bytes) for r < n, on every thread in use (rowStart's split of n). */
export function gather_rows_threads(dst: usize, src: usize, idx: usize, n: i32, row: usize): void {
  moveRowsThreads(dst, src, idx, n, row, false);
}

/** dst[idx[r]] = src[r] for r < n, on every thread in use (rowStart's split of n; idx without repeats). */
export function scatter_rows_threads(dst: usize, src: usize, idx: usize, n: i32, row: usize): void {
  moveRowsThreads(dst, src, idx, n, row, true);
}

function moveRowsThreads(dst: usize, src: usize, idx: usize, n: i32, row: usize, scatter: bool): void {
  if (!shared()) moveRows(dst, src, idx, 0, n, row, scatter);
  else post(scatter ? SCATTER : GATHER, dst, src, idx, n, row);
}

function shareMoveRows(at: usize, tid: i32, count: i32, scatter: bool): void {
  const n = int(at, 3);
  const r0 = rowStart(tid, count, n), r1 = rowStart(tid + 1, count, n);
  moveRows(ptr(at, 0), ptr(at, 1), ptr(at, 2), r0, r1, ptr(at, 4), scatter);
}

/** relu_rows on every thread in use (rowStart's split of M). */
export function relu_rows_threads(h: usize, M: i32, F: i32, counts: usize): void {
  if (!shared()) relu_rows(h, M, F, counts);
  else post(RELU_ROWS, h, M, F, counts);
}

function shareReluRows(at: usize, tid: i32, count: i32): void {
  const M = int(at, 1), F = int(at, 2);
  const r0 = rowStart(tid, count, M), r1 = rowStart(tid + 1, count, M);
  if (r1 > r0) relu_rows(ptr(at, 0) + <usize>r0 * (<usize>F << 2), r1 - r0, F, ptr(at, 3) + (<usize>r0 << 2));
}

/** relu_backward over M rows of F floats, on every thread in use (rowStart's split of M). */
export function relu_backward_threads(dinp: usize, dout: usize, out: usize, M: i32, F: i32): void {
  if (!shared()) relu_backward(dinp, dout, out, M * F);
  else post(RELU_B, dinp, dout, out, M, F);
}

function shareReluBackward(at: usize, tid: i32, count: i32): void {
  const M = int(at, 3), F = int(at, 4);
  const r0 = rowStart(tid, count, M), r1 = rowStart(tid + 1, count, M);
  const off = <usize>r0 * (<usize>F << 2);
  if (r1 > r0) relu_backward(ptr(at, 0) + off, ptr(at, 1) + off, ptr(at, 2) + off, (r1 - r0) * F);
}

/** pattern_rows_part over all M rows, on every thread in use (rowStart's split of M); starts known. */
export function pattern_rows_threads(starts: usize, entries: usize, aOffs: usize, h: usize, M: i32, F: i32, ldb: usize): void {
  if (!shared()) pattern_rows_part(starts, entries, aOffs, h, 0, M, F, ldb);
  else post(PATTERN, starts, entries, aOffs, h, M, F, ldb);
}

function sharePattern(at: usize, tid: i32, count: i32): void {
  const M = int(at, 4);
  const r0 = rowStart(tid, count, M), r1 = rowStart(tid + 1, count, M);
  if (r1 > r0) pattern_rows_part(ptr(at, 0), ptr(at, 1), ptr(at, 2), ptr(at, 3), r0, r1, int(at, 5), ptr(at, 6));
}

/** pattern_values for the entries of rows 0..M-1, on every thread in use (rowStart's split of M). */
export function pattern_values_threads(entries: usize, aOffs: usize, starts: usize, M: i32, a: usize): void {
  if (!shared()) pattern_values(entries, aOffs, load<i32>(starts + (<usize>M << 2)), a);
  else post(PATTERN_VALUES, entries, aOffs, starts, M, a);
}

function sharePatternValues(at: usize, tid: i32, count: i32): void {
  const starts = ptr(at, 2), M = int(at, 3);
  const r0 = rowStart(tid, count, M), r1 = rowStart(tid + 1, count, M);
  const e0 = load<i32>(starts + (<usize>r0 << 2)), e1 = load<i32>(starts + (<usize>r1 << 2));
  if (e1 > e0) pattern_values(ptr(at, 0) + (<usize>e0 << 3), ptr(at, 1) + (<usize>e0 << 2), e1 - e0, ptr(at, 4));
}

// ---- the threads

/** Starts a generation of the posted ops on the helpers, takes thread 0's share, waits for theirs. */
function runShared(): void {
  if (ASC_FEATURE_THREADS) {
    const gen = atomic.load<i32>(BOARD) + 1;
    atomic.store<i32>(BOARD + DONE, 0);
    atomic.store<i32>(BOARD, gen);
    atomic.notify(BOARD, threads - 1);
    share(0, threads);
    while (atomic.load<i32>(BOARD + DONE) < threads - 1) {
      // a helper that trapped will never count itself done: stop here rather than wait forever
      // (the engine reads threads_failed and says so)
      if (atomic.load<i32>(BOARD + FAILED) != 0) unreachable();
    }
  }
}

/** Called by a helper whose worker_loop threw: thread 0 stops waiting for it. */
export function threads_fail(): void {
  if (ASC_FEATURE_THREADS) atomic.store<i32>(BOARD + FAILED, 1);
}

/** Whether a helper stopped with an error since the helpers last started (threads_use). */
export function threads_failed(): bool {
  return ASC_FEATURE_THREADS ? atomic.load<i32>(BOARD + FAILED) != 0 : false;
}

/** The board's generation now: what a helper about to start is given as `seen` (worker_loop). */
export function threads_generation(): i32 {
  return ASC_FEATURE_THREADS ? atomic.load<i32>(BOARD) : load<i32>(BOARD);
}

/**
 * A helper thread's life: its share of every job until threads_stop. `seen` is the generation
 * thread 0 read before starting this helper (threads_generation): a job it posts before the
 * helper reaches this loop is still one the helper takes, where reading the generation here
 * could skip it and leave thread 0 waiting for its share forever.
 */
export function worker_loop(tid: i32, count: i32, seen: i32): void {
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
