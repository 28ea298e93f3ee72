// The GPT organelle: parameters, gradients, Adam state and activations in one arena, a
// training step that is one call (sample a batch, forward, backward, clip, AdamW), and
// KV-cached inference whose votes share the prompt's cache.
//
// Architecture (ANCHORS.md section 1): x = rmsnorm(wte[tok] + wpe[pos]); per layer
//   x += attn(rmsnorm(x)) @ wo ;  x += relu(rmsnorm(x) @ fc1) @ fc2 ;  logits = x @ lm_head
// No biases, no final norm. Dimension letters: V vocab, E embd, H heads, L layers, F mlp,
// B block, N positions in the packed batch, hd = E/H.
import { arena_reset, arena_alloc } from './arena';
import { rng_seed, rng_below, rng_normal, rng_uniform } from './prng';
import { matmul_ab, matmul_atb, matmul_abt, gemm, matmul_panels, pack_panels, panel_floats, transpose } from './matmul';
import { pattern_rows, pattern_values } from './sparse';
import {
  adamw_threads, sparse_matmul_threads, sparse_matmul_tn_threads, sparse_matmul_tn_gather_threads, attention_forward_threads, attention_backward_threads,
  gemm_threads, ops_begin, ops_end, rmsnorm_forward_threads, rmsnorm_backward_threads, transpose_threads, copy_rows_threads,
  gather_rows_threads, scatter_rows_threads, relu_rows_threads, pattern_rows_threads, pattern_values_threads, relu_backward_threads,
  threads_in_use,
} from './threads';
import { rmsnorm_forward, rmsnorm_backward } from './norm';
import { relu_forward, relu_backward } from './activation';
import { attention_forward, attention_backward, attend } from './attention';
import { crossentropy_forward_backward } from './loss';
import { sum_squares } from './adam';
import { exp4 } from './inline/exp';

const TRAIN: i32 = 0; // generator for init and batch sampling
const SAMPLE: i32 = 1; // generator for token sampling

// ---------------------------------------------------------------------------------------
// dimensions and the parameter layout (must match worker/model/shape.ts parameterLayout)

let V = 0, E = 0, H = 0, L = 0, F = 0, B = 0;
let maxDocs = 0; // documents per training batch
let maxTok = 0; // positions per training batch: maxDocs * B
let slots = 0; // KV cache slots (ensemble votes)
let nParams = 0;

let params: usize = 0, grads: usize = 0, adam_m: usize = 0, adam_v: usize = 0;
// Each weight matrix transposed, at its own offset (a (K, N) matrix as (N, K)), made once per
// training step for the backward's input gradients (dX = dY @ W^T); the embeddings' part unused.
let paramsT: usize = 0;

@inline function f4(n: i32): usize { return <usize>n << 2; }
@inline function layerFloats(): i32 { return 4 * E * E + 2 * E * F; }
@inline function wte(p: usize): usize { return p; }
@inline function wpe(p: usize): usize { return p + f4(V * E); }
@inline function layerBase(p: usize, l: i32): usize { return p + f4((V + B) * E + l * layerFloats()); }
@inline function wqkv(p: usize, l: i32): usize { return layerBase(p, l); } // (E, 3E)
@inline function wo(p: usize, l: i32): usize { return layerBase(p, l) + f4(3 * E * E); } // (E, E)
@inline function fc1(p: usize, l: i32): usize { return layerBase(p, l) + f4(4 * E * E); } // (E, F)
@inline function fc2(p: usize, l: i32): usize { return layerBase(p, l) + f4(4 * E * E + E * F); } // (F, E)
@inline function lmHead(p: usize): usize { return p + f4((V + B) * E + L * layerFloats()); } // (E, V)

// ---------------------------------------------------------------------------------------
// training activations, one region per tensor group; 4 spare rows so 4-wide attention
// loops may read past the last position

let tokens: usize = 0, targets: usize = 0, mask: usize = 0, positions: usize = 0, docStarts: usize = 0;
let qStarts: usize = 0; // (maxDocs) first counted position of each document, relative
let crow: usize = 0, ctargets: usize = 0, cmask: usize = 0; // compact rows: global index, target, mask
let emb: usize = 0; // (N, E) wte + wpe
let rstd0: usize = 0; // (N)
let res: usize = 0; // (L+1, N, E) residual stream entering each layer; res[L] (compact rows) feeds lm_head
// The last layer's attout, resmid, ln2, rstd2, hid and res[L] hold compact rows (see select_rows).
let ln1: usize = 0, rstd1: usize = 0; // (L, N, E), (L, N)
let qkv: usize = 0; // (L, N, 3E)
let att: usize = 0; // (L, H*N*(B+3)) probabilities
let attout: usize = 0; // (L, N, E)
let resmid: usize = 0; // (L, N, E) residual after attention
let ln2: usize = 0, rstd2: usize = 0; // (L, N, E), (L, N)
let hid: usize = 0; // (L, N, F) relu output
// Where each layer's hid is nonzero, row by row (sparse.ts), when its products with hid run
// sparse in this step (hidSparse): starts, entries (value, offset) and the elements' offsets.
// Kept per layer from forward to backward: 12 bytes per element of hid, three times hid's own
// 4 (a 64K model's arena at 8 documents a batch: 21.2 MB instead of 16.7).
let hidStarts: usize = 0, hidEntries: usize = 0, hidOffsets: usize = 0; // (L, N + 1), (L, N*F + 4, 2), (L, N*F + 4)
let hidSparse: usize = 0; // (L) u8
let logits: usize = 0; // (Nc, V) for the compact rows, replaced by dlogits
let logitsKept: usize = 0; // (Nc, V) copy made by a forward-only call
// backward scratch
let dres: usize = 0, dtmp: usize = 0, dln: usize = 0, dqkv: usize = 0, dhid: usize = 0, attScratch: usize = 0, tscratch: usize = 0;
let rowsN = 0; // allocated rows: maxTok + 4
let attFloats = 0; // per layer

@inline function resAt(l: i32): usize { return res + f4(l * rowsN * E); }
// a pattern of hid has at most N*F entries, and pattern_rows stores up to 3 past its last
@inline function patternRoom(): i32 { return rowsN * F + 4; }
@inline function hidStartsAt(l: i32): usize { return hidStarts + f4(l * (rowsN + 1)); }
@inline function hidEntriesAt(l: i32): usize { return hidEntries + f4(2 * l * patternRoom()); }
@inline function hidOffsetsAt(l: i32): usize { return hidOffsets + f4(l * patternRoom()); }
@inline function at(base: usize, l: i32, width: i32): usize { return base + f4(l * rowsN * width); }

// ---------------------------------------------------------------------------------------
// training hyper-parameters and corpus

let cfgSteps = 1, cfgWarmup = 0;
let cfgLr: f32 = 1e-3, cfgB1: f32 = 0.9, cfgB2: f32 = 0.99, cfgEps: f32 = 1e-8, cfgWd: f32 = 0, cfgClip: f32 = 1, cfgSmooth: f32 = 0;
let cfgResponseOnly = false;
let stepsDone = 0;
let lastGradNorm: f32 = 0;
let lastLr: f32 = 0;
let lastTokens = 0;

let corpusTokens: usize = 0, corpusOffsets: usize = 0, corpusPromptLens: usize = 0, corpusDocs = 0;

// ---------------------------------------------------------------------------------------
// inference state: rows are (token, slot, position) triples processed together

let iRows = 0; // max rows: max(B, slots)
let iTok: usize = 0, iSlot: usize = 0, iPos: usize = 0; // (iRows) i32
let ix: usize = 0, iln: usize = 0, irstd: usize = 0, iqkv: usize = 0, iatt: usize = 0, ihid: usize = 0, ilogits: usize = 0;
let iprobs: usize = 0; // (B + 4) attention probabilities of one query
let iPatternStarts: usize = 0, iPatternEntries: usize = 0, iPatternOffsets: usize = 0; // ihid's pattern (sparse.ts; generation never reads the offsets)
let pAtt: usize = 0, pScratch: usize = 0, pDoc: usize = 0, pQ: usize = 0; // prefill attention buffers
let kcache: usize = 0, vcache: usize = 0; // (L, slots, B, E)
let prefixLogits: usize = 0; // (V)
// The weight matrices again, in panels for generation (matmul.ts): per layer wqkv, wo, fc1,
// fc2, then lm_head. Rebuilt before the first generation after the weights change
// (copiesStale), when layer 0's table below also empties.
let wpanels: usize = 0;
let copiesStale = true;
// Layer 0's q|k|v depend only on (token, position): rmsnorm(rmsnorm(wte[tok] + wpe[pos]))
// @ wqkv. Generation keeps each pair's row in this (V, B, 3E) table once computed (the
// same sums in the same order, so the same bits) and reads it from then on; the table
// empties when the weights change. 0 when it would exceed QKV0_MAX_FLOATS, or while
// switched off: layer 0 is then always computed.
const QKV0_MAX_FLOATS: i32 = 4 << 20; // 16 MB
let qkv0: usize = 0;
let qkv0Allocated: usize = 0;
let qkv0Held: usize = 0; // (V, B) u8: 1 once the pair's row is in the table
let qkv0Missing: usize = 0; // (iRows) i32: pairs (tok * B + pos) one call computes
let sampleScratch: usize = 0; // (V + 4)

@inline function layerPanelFloats(): i32 {
  return panel_floats(E, 3 * E) + panel_floats(E, E) + panel_floats(E, F) + panel_floats(F, E);
}
@inline function pWqkv(l: i32): usize { return wpanels + f4(l * layerPanelFloats()); }
@inline function pWo(l: i32): usize { return pWqkv(l) + f4(panel_floats(E, 3 * E)); }
@inline function pFc1(l: i32): usize { return pWo(l) + f4(panel_floats(E, E)); }
@inline function pFc2(l: i32): usize { return pFc1(l) + f4(panel_floats(E, F)); }
@inline function pLmHead(): usize { return wpanels + f4(L * layerPanelFloats()); }

@inline function cacheAt(base: usize, l: i32, slot: i32, pos: i32): usize {
  return base + f4(((l * slots + slot) * B + pos) * E);
}

/**
 * Sets the shape and allocates everything. Returns the parameter count, or -1 when memory
 * cannot grow that far. Invalidates every earlier pointer.
 */
export function model_init(v: i32, e: i32, h: i32, l: i32, f: i32, b: i32, batchDocs: i32, voteSlots: i32): i32 {
  V = v; E = e; H = h; L = l; F = f; B = b;
  maxDocs = batchDocs; maxTok = batchDocs * b; slots = voteSlots;
  nParams = 2 * V * E + B * E + L * layerFloats();
  arena_reset();
  params = arena_alloc(f4(nParams));
  grads = arena_alloc(f4(nParams));
  adam_m = arena_alloc(f4(nParams));
  adam_v = arena_alloc(f4(nParams));
  paramsT = arena_alloc(f4(nParams));

  rowsN = maxTok + 4;
  attFloats = H * rowsN * (B + 3);
  tokens = arena_alloc(f4(rowsN));
  targets = arena_alloc(f4(rowsN));
  mask = arena_alloc(<usize>rowsN);
  positions = arena_alloc(f4(rowsN));
  docStarts = arena_alloc(f4(maxDocs + 1));
  qStarts = arena_alloc(f4(maxDocs));
  crow = arena_alloc(f4(rowsN));
  ctargets = arena_alloc(f4(rowsN));
  cmask = arena_alloc(<usize>rowsN);
  emb = arena_alloc(f4(rowsN * E));
  rstd0 = arena_alloc(f4(rowsN));
  res = arena_alloc(f4((L + 1) * rowsN * E));
  ln1 = arena_alloc(f4(L * rowsN * E));
  rstd1 = arena_alloc(f4(L * rowsN));
  qkv = arena_alloc(f4(L * rowsN * 3 * E));
  att = arena_alloc(f4(L * attFloats));
  attout = arena_alloc(f4(L * rowsN * E));
  resmid = arena_alloc(f4(L * rowsN * E));
  ln2 = arena_alloc(f4(L * rowsN * E));
  rstd2 = arena_alloc(f4(L * rowsN));
  hid = arena_alloc(f4(L * rowsN * F));
  hidStarts = arena_alloc(f4(L * (rowsN + 1)));
  hidEntries = arena_alloc(f4(2 * L * patternRoom()));
  hidOffsets = arena_alloc(f4(L * patternRoom()));
  hidSparse = arena_alloc(<usize>L);
  logits = arena_alloc(f4(rowsN * V));
  logitsKept = arena_alloc(f4(rowsN * V));
  dres = arena_alloc(f4(rowsN * E));
  dtmp = arena_alloc(f4(rowsN * E));
  dln = arena_alloc(f4(rowsN * E));
  dqkv = arena_alloc(f4(rowsN * 3 * E));
  dhid = arena_alloc(f4(rowsN * F));
  attScratch = arena_alloc(f4((B + 4) * (B + 4) + (E / H) * (B + 4)));
  tscratch = arena_alloc(f4(max(max(3 * E * E, E * F), E * V)));

  iRows = max(B, slots);
  const ir = iRows + 4;
  iTok = arena_alloc(f4(ir));
  iSlot = arena_alloc(f4(ir));
  iPos = arena_alloc(f4(ir));
  ix = arena_alloc(f4(ir * E));
  iln = arena_alloc(f4(ir * E));
  irstd = arena_alloc(f4(ir));
  iqkv = arena_alloc(f4(ir * 3 * E));
  iatt = arena_alloc(f4((ir + 4) * E));
  ihid = arena_alloc(f4(ir * F));
  iPatternStarts = arena_alloc(f4(ir + 1));
  iPatternEntries = arena_alloc(f4(2 * (ir * F + 4)));
  iPatternOffsets = arena_alloc(f4(ir * F + 4));
  ilogits = arena_alloc(f4(ir * V));
  iprobs = arena_alloc(f4(B + 8));
  pAtt = arena_alloc(f4(H * B * (B + 4)));
  pScratch = arena_alloc(f4((E / H) * (B + 4)));
  pDoc = arena_alloc(8);
  pQ = arena_alloc(4);
  kcache = arena_alloc(f4(L * slots * B * E + 4 * E));
  vcache = arena_alloc(f4(L * slots * B * E + 4 * E));
  wpanels = arena_alloc(f4(L * layerPanelFloats() + panel_floats(E, V)));
  qkv0Allocated = V * B * 3 * E <= QKV0_MAX_FLOATS ? arena_alloc(f4(V * B * 3 * E)) : 0;
  qkv0 = qkv0Allocated;
  qkv0Held = arena_alloc(<usize>(V * B));
  qkv0Missing = arena_alloc(f4(ir));
  copiesStale = true;
  prefixLogits = arena_alloc(f4(V + 4));
  sampleScratch = arena_alloc(f4(V + 4));
  const last = arena_alloc(16);
  if (last == 0) return -1;
  corpusDocs = 0;
  stepsDone = 0;
  // both generators start from fixed seeds (an all-zero xoshiro state would emit 0 forever)
  rng_seed(TRAIN, 0);
  rng_seed(SAMPLE, 0);
  return nParams;
}

/** Gaussian initialisation N(0, std) of every weight from the training generator. */
export function model_init_weights(seed: u32, std: f32): void {
  rng_seed(TRAIN, seed);
  for (let i = 0; i < nParams; i++) store<f32>(params + f4(i), rng_normal(TRAIN) * std);
  memory.fill(adam_m, 0, f4(nParams));
  memory.fill(adam_v, 0, f4(nParams));
  stepsDone = 0;
  copiesStale = true;
}

/** The host wrote the weights (through params_ptr): generation refreshes its copies. */
export function params_written(): void {
  copiesStale = true;
}

/**
 * Whether generation reads layer 0's q|k|v from its table (the default, when the shape's
 * table fits) or computes them; both give the same bits. For tests and benchmarks.
 * Returns whether the table is in use.
 */
export function infer_use_qkv0_table(use: bool): bool {
  qkv0 = use ? qkv0Allocated : 0;
  copiesStale = true;
  return qkv0 != 0;
}

export function params_ptr(): usize { return params; }
export function grads_ptr(): usize { return grads; }
export function adam_m_ptr(): usize { return adam_m; }
export function adam_v_ptr(): usize { return adam_v; }
export function param_count(): i32 { return nParams; }

// ---------------------------------------------------------------------------------------
// packed batch in, loss and gradients out

export function batch_tokens_ptr(): usize { return tokens; }
export function batch_targets_ptr(): usize { return targets; }
export function batch_mask_ptr(): usize { return mask; }
export function batch_doc_starts_ptr(): usize { return docStarts; }
export function batch_capacity(): i32 { return maxTok; }
/** Logits of the last forward-only call (see logits_rows). */
export function logits_ptr(): usize { return logitsKept; }
/** Rows of the last forward's logits: from each document's first counted position on. */
export function logits_rows(): i32 { return nCompact; }
/** Batch position of each of those rows. */
export function logits_rows_ptr(): usize { return crow; }

function fill_positions(D: i32): void {
  for (let d = 0; d < D; d++) {
    const s = load<i32>(docStarts + f4(d));
    const e = load<i32>(docStarts + f4(d + 1));
    for (let n = s; n < e; n++) store<i32>(positions + f4(n), n - s);
  }
}

// Rows whose last-layer output matters: from each document's first counted target on.
// With response-only loss that is a short suffix per document, so the last layer's query
// side (attention output, wo, MLP, lm_head) runs on these compact rows alone; every row
// still provides keys and values. Mathematically identical to running every row.
function select_rows(N: i32, D: i32): i32 {
  let nc = 0;
  for (let d = 0; d < D; d++) {
    const s = load<i32>(docStarts + f4(d));
    const e = load<i32>(docStarts + f4(d + 1));
    let q = s;
    while (q < e && load<u8>(mask + <usize>q) == 0) q++;
    store<i32>(qStarts + f4(d), q - s);
    for (let n = q; n < e; n++) {
      store<i32>(crow + f4(nc), n);
      store<i32>(ctargets + f4(nc), load<i32>(targets + f4(n)));
      store<u8>(cmask + <usize>nc, load<u8>(mask + <usize>n));
      nc++;
    }
  }
  return nc;
}

// dst[r] = src[crow[r]] for r < nc (rows of `width` floats)
function gather_rows(dst: usize, src: usize, nc: i32, width: i32): void {
  const row = f4(width);
  for (let r = 0; r < nc; r++) memory.copy(dst + <usize>r * row, src + <usize>load<i32>(crow + f4(r)) * row, row);
}

// dst[crow[r]] = src[r] for r < nc
function scatter_rows(dst: usize, src: usize, nc: i32, width: i32): void {
  const row = f4(width);
  for (let r = 0; r < nc; r++) memory.copy(dst + <usize>load<i32>(crow + f4(r)) * row, src + <usize>r * row, row);
}

let nCompact = 0;

// Every weight matrix into paramsT, transposed (threads take rows of each).
function transpose_weights(): void {
  transpose_threads(lmHead(paramsT), f4(E), lmHead(params), f4(V), E, V);
  for (let l = 0; l < L; l++) {
    transpose_threads(wqkv(paramsT, l), f4(E), wqkv(params, l), f4(3 * E), E, 3 * E);
    transpose_threads(wo(paramsT, l), f4(E), wo(params, l), f4(E), E, E);
    transpose_threads(fc1(paramsT, l), f4(E), fc1(params, l), f4(F), E, F);
    transpose_threads(fc2(paramsT, l), f4(F), fc2(params, l), f4(E), F, E);
  }
}

// Whether this step's weights are transposed ahead into paramsT (on several threads, in
// forward's first job), or each just before its use into tscratch (one thread: the copy
// stays in cache).
let transposedAhead = false;

// W^T for the weight w (R, C) whose place in paramsT is wT: there, or made now in tscratch.
function weightT(wT: usize, w: usize, R: i32, C: i32): usize {
  if (transposedAhead) return wT;
  transpose(tscratch, f4(R), w, f4(C), R, C);
  return tscratch;
}

// C(M,N) = A(M,K) @ W^T, with W^T (K, N) from weightT
@inline function matmul_awt(c: usize, a: usize, wT: usize, M: i32, K: i32, N: i32): void {
  gemm_threads(c, f4(N), a, f4(K), 4, wT, f4(N), M, K, N, false);
}

// The phases of a step run as jobs: between ops_begin and ops_end every thread runs its share
// of each op in turn without waiting (threads.ts), so an op there reads only rows the same
// thread wrote earlier in the job (the same split of the same row count) or what earlier jobs
// wrote; on one thread every op runs at once, in this order.
function forward(N: i32, D: i32, withGrad: bool): void {
  fill_positions(D);
  nCompact = select_rows(N, D);
  const nc = nCompact;
  // x = wte[tok] + wpe[pos]
  const row = f4(E);
  for (let n = 0; n < N; n++) {
    const te = wte(params) + <usize>load<i32>(tokens + f4(n)) * row;
    const pe = wpe(params) + <usize>load<i32>(positions + f4(n)) * row;
    const x = emb + <usize>n * row;
    for (let c: usize = 0; c < row; c += 16) v128.store(x + c, f32x4.add(v128.load(te + c), v128.load(pe + c)));
  }
  ops_begin();
  transposedAhead = withGrad && threads_in_use() > 1;
  if (transposedAhead) transpose_weights();
  rmsnorm_forward_threads(resAt(0), rstd0, emb, N, E);
  for (let l = 0; l < L; l++) {
    const x = resAt(l);
    const l1 = at(ln1, l, E), q = at(qkv, l, 3 * E), ao = at(attout, l, E), mid = at(resmid, l, E);
    const l2 = at(ln2, l, E), hh = at(hid, l, F), next = resAt(l + 1);
    if (l > 0) ops_begin();
    rmsnorm_forward_threads(l1, rstd1 + f4(l * rowsN), x, N, E);
    matmul_ab(q, l1, wqkv(params, l), N, E, 3 * E, false);
    ops_end();
    // the last layer keeps only the compact rows from here on
    const last = l == L - 1;
    const M = last ? nc : N;
    attention_forward_threads(last ? dtmp : ao, att + f4(l * attFloats), q, docStarts, last ? qStarts : 0, D, E, H, attScratch);
    ops_begin();
    if (last) {
      gather_rows_threads(ao, dtmp, crow, nc, row);
      gather_rows_threads(mid, x, crow, nc, row);
    } else {
      copy_rows_threads(mid, x, N, row);
    }
    matmul_ab(mid, ao, wo(params, l), M, E, E, true);
    rmsnorm_forward_threads(l2, rstd2 + f4(l * rowsN), mid, M, E);
    matmul_ab(hh, l2, fc1(params, l), M, E, F, false);
    copy_rows_threads(next, mid, M, row);
    // next += relu(hh) @ fc2; the backward reads hh's pattern when this ran sparse
    const sparse = mlp_out_train(next, hh, M, l);
    store<u8>(hidSparse + <usize>l, sparse ? 1 : 0);
  }
  // res[L] holds the compact rows
  matmul_ab(logits, resAt(L), lmHead(params), nc, E, V, false);
}

// Ends the job of forward's MLP input with relu(hh) by rows and their counts, then
// x += relu(hh) @ fc2 over hh's pattern (built by rows) when few enough are nonzero, else dense.
function mlp_out_train(x: usize, h: usize, rows: i32, l: i32): bool {
  const starts = hidStartsAt(l);
  if (F & 3) {
    ops_end();
    const sparse = mlp_out_sparse(x, h, rows, l, starts, hidEntriesAt(l), hidOffsetsAt(l));
    if (!sparse) matmul_ab(x, h, fc2(params, l), rows, F, E, true);
    return sparse;
  }
  relu_rows_threads(h, rows, F, starts + 4); // counts, then starts in place
  ops_end();
  let live = 0;
  store<i32>(starts, 0);
  for (let t = 1; t <= rows; t++) {
    live += load<i32>(starts + f4(t));
    store<i32>(starts + f4(t), live);
  }
  if (!use_sparse(live, rows * F)) {
    matmul_ab(x, h, fc2(params, l), rows, F, E, true);
    return false;
  }
  ops_begin();
  pattern_rows_threads(starts, hidEntriesAt(l), hidOffsetsAt(l), h, rows, F, f4(E));
  sparse_matmul_threads(x, f4(E), starts, hidEntriesAt(l), fc2(params, l), rows, E, true);
  ops_end();
  return true;
}

function backward(N: i32, D: i32): void {
  const nc = nCompact;
  const row = f4(E);
  // logits = res[L] @ lm_head on compact rows (the logits buffer now holds dlogits)
  ops_begin();
  matmul_atb(lmHead(grads), resAt(L), logits, E, nc, V, false);
  matmul_awt(dres, logits, weightT(lmHead(paramsT), lmHead(params), E, V), nc, V, E);
  ops_end();
  for (let l = L - 1; l >= 0; l--) {
    const last = l == L - 1;
    const M = last ? nc : N;
    const l1 = at(ln1, l, E), q = at(qkv, l, 3 * E), ao = at(attout, l, E);
    const l2 = at(ln2, l, E), hh = at(hid, l, F);
    // res[l+1] = mid + relu(ln2 @ fc1) @ fc2   (M rows). dhid is zero wherever hh is, so
    // when the forward ran sparse, every product with hh or dhid runs over hh's pattern.
    // Each path ends in a job that leaves dres = d(mid) (rmsnorm's backward) complete.
    if (load<u8>(hidSparse + <usize>l) != 0) {
      mlp_backward_sparse(l, M);
    } else {
      ops_begin();
      matmul_atb(fc2(grads, l), hh, dres, F, M, E, false);
      matmul_awt(dhid, dres, weightT(fc2(paramsT, l), fc2(params, l), F, E), M, E, F);
      relu_backward_threads(dhid, dhid, hh, M, F);
      ops_end();
      ops_begin();
      matmul_atb(fc1(grads, l), l2, dhid, E, M, F, false);
      matmul_awt(dln, dhid, weightT(fc1(paramsT, l), fc1(params, l), E, F), M, F, E);
      rmsnorm_backward_threads(dres, dln, l2, rstd2 + f4(l * rowsN), M, E); // dres is now d(mid)
      ops_end();
    }
    // mid = res[l] + attn(ln1 @ wqkv) @ wo
    ops_begin();
    if (mlp_tail_pending) {
      // the fc1 gradient's product (mlp_backward_sparse), independent of these; on several
      // threads its C is whole only in the next job, and tscratch (weightT's) is free until
      // then, the weights being transposed ahead
      sparse_matmul_tn_threads(tscratch, hidStartsAt(l), hidEntriesAt(l), l2, f4(E), M, F, E, f4(E));
      if (transposedAhead) fc1_grad_pending = true;
      else transpose(fc1(grads, l), f4(F), tscratch, f4(E), F, E);
      mlp_tail_pending = false;
    }
    matmul_atb(wo(grads, l), ao, dres, E, M, E, false);
    matmul_awt(dln, dres, weightT(wo(paramsT, l), wo(params, l), E, E), M, E, E);
    if (last) scatter_rows_threads(dtmp, dln, crow, nc, row); // d(attn out) back at every row
    ops_end();
    if (last) {
      attention_backward_threads(dqkv, attScratch, dtmp, att + f4(l * attFloats), q, docStarts, qStarts, D, E, H);
      // d(res[l]) = d(mid) at the compact rows
      memory.fill(dtmp, 0, f4(N * E));
      scatter_rows(dtmp, dres, nc, E);
      memory.copy(dres, dtmp, f4(N * E));
    } else {
      attention_backward_threads(dqkv, attScratch, dln, att + f4(l * attFloats), q, docStarts, 0, D, E, H);
    }
    ops_begin();
    if (fc1_grad_pending) {
      sparse_matmul_tn_gather_threads(tscratch, F, E, f4(E));
      transpose_threads(fc1(grads, l), f4(F), tscratch, f4(E), F, E); // by the gather's rows of tscratch
      fc1_grad_pending = false;
    }
    matmul_atb(wqkv(grads, l), l1, dqkv, E, N, 3 * E, false);
    matmul_awt(dln, dqkv, weightT(wqkv(paramsT, l), wqkv(params, l), E, 3 * E), N, 3 * E, E);
    rmsnorm_backward_threads(dres, dln, l1, rstd1 + f4(l * rowsN), N, E); // dres is now d(res[l])
    ops_end();
  }
  // res[0] = rmsnorm(emb); scatter d(emb) into the wte and wpe rows used
  memory.fill(dln, 0, f4(N * E));
  rmsnorm_backward(dln, dres, resAt(0), rstd0, N, E);
  memory.fill(wte(grads), 0, f4((V + B) * E));
  for (let n = 0; n < N; n++) {
    const g = dln + <usize>n * row;
    const te = wte(grads) + <usize>load<i32>(tokens + f4(n)) * row;
    const pe = wpe(grads) + <usize>load<i32>(positions + f4(n)) * row;
    for (let c: usize = 0; c < row; c += 16) {
      const v = v128.load(g + c);
      v128.store(te + c, f32x4.add(v128.load(te + c), v));
      v128.store(pe + c, f32x4.add(v128.load(pe + c), v));
    }
  }
}

// Whether mlp_backward_sparse left the fc1 gradient to the next job (backward's), and
// whether that job left its gather from the threads and transpose to the one after.
let mlp_tail_pending = false;
let fc1_grad_pending = false;

// The MLP's backward over hh's pattern (sparse.ts): dres (M, E) in, d(mid) in dres out, and
// the fc2 gradient; the fc1 gradient (which needs all of dhid) is left to backward's next
// job (mlp_tail_pending).
function mlp_backward_sparse(l: i32, M: i32): void {
  const l2 = at(ln2, l, E);
  const starts = hidStartsAt(l), entries = hidEntriesAt(l);
  ops_begin();
  sparse_matmul_tn_threads(fc2(grads, l), starts, entries, dres, f4(E), M, F, E, f4(E)); // hh^T @ dres
  matmul_awt(dhid, dres, weightT(fc2(paramsT, l), fc2(params, l), F, E), M, E, F);
  ops_end();
  // the pattern's values become dhid's, read where hh is nonzero (positive, for finite
  // values): there relu_backward would pass dhid through, so it need not run, the products
  // reading dhid nowhere else
  ops_begin();
  sparse_matmul_tn_gather_threads(fc2(grads, l), F, E, f4(E));
  pattern_values_threads(entries, hidOffsetsAt(l), starts, M, dhid);
  // dln = dhid @ fc1^T, row by row over the rows' own entries
  sparse_matmul_threads(dln, f4(E), starts, entries, weightT(fc1(paramsT, l), fc1(params, l), E, F), M, E, false);
  rmsnorm_backward_threads(dres, dln, l2, rstd2 + f4(l * rowsN), M, E); // dres is now d(mid)
  ops_end();
  // d(fc1) = l2^T @ dhid, made as its transpose dhid^T @ l2: in backward's next job
  mlp_tail_pending = true;
}

// The MLP's second product, shared by training and generation: h (rows, F) <- relu(h), then,
// when few enough of h's elements are nonzero to pay, x (rows, E) += h @ fc2 of layer l over
// them alone, listed in the pattern (starts, entries, offsets; sparse.ts). Returns false,
// with x untouched, when the caller is to run the dense product instead (the same sums
// either way, so the same bits).
function mlp_out_sparse(x: usize, h: usize, rows: i32, l: i32, starts: usize, entries: usize, offsets: usize): bool {
  const live = relu_forward(h, h, rows * F);
  if (!use_sparse(live, rows * F)) return false;
  pattern_rows(starts, entries, offsets, h, rows, F, f4(E));
  sparse_matmul_threads(x, f4(E), starts, entries, fc2(params, l), rows, E, true);
  return true;
}

// Whether the MLP's products with hh run sparse: below SPARSE_BELOW of its elements
// nonzero (sparseMode: see mlp_sparse_mode). The four products take as long sparse as
// dense at about 60% nonzero for 344 rows of the 64K shape and 55% for the 460K one; at
// 50% sparse is 1.23x and 1.15x faster, at 30% 1.98x and 1.90x.
const SPARSE_AUTO: i32 = 0, SPARSE_ALWAYS: i32 = 1, SPARSE_NEVER: i32 = 2;
const SPARSE_BELOW: f32 = 0.55;
let sparseMode = SPARSE_AUTO;
@inline function use_sparse(live: i32, elements: i32): bool {
  if (sparseMode == SPARSE_ALWAYS) return true;
  if (sparseMode == SPARSE_NEVER) return false;
  return <f32>live < SPARSE_BELOW * <f32>elements;
}

/**
 * How training and generation run the MLP's products with its hidden activations: 0 by
 * their density (the default), 1 always over their nonzero elements, 2 always dense. The
 * bits are the same in every mode; tests and benchmarks compare them.
 */
export function mlp_sparse_mode(mode: i32): void {
  sparseMode = mode;
}

/** Bit l set when layer l's MLP ran sparse in the last forward (tests, benchmarks). */
export function train_last_sparse_layers(): i32 {
  let bits = 0;
  for (let l = 0; l < L; l++) bits |= <i32>load<u8>(hidSparse + <usize>l) << l;
  return bits;
}

function counted(N: i32): i32 {
  let c = 0;
  for (let n = 0; n < N; n++) c += <i32>load<u8>(mask + <usize>n);
  return c;
}

/**
 * Loss of the packed batch already written to the batch buffers (N positions, D documents),
 * and its gradient in grads when `withGrad`. Returns NaN when no position is counted.
 */
export function forward_backward(N: i32, D: i32, smoothing: f32, withGrad: bool): f32 {
  const c = counted(N);
  if (c == 0) return NaN;
  forward(N, D, withGrad);
  // the loss kernel overwrites logits with their gradient: keep them for a forward-only call
  if (!withGrad) memory.copy(logitsKept, logits, f4(nCompact * V));
  const loss = crossentropy_forward_backward(logits, ctargets, cmask, nCompact, V, smoothing, 1.0 / <f32>c);
  if (withGrad) backward(N, D);
  return loss;
}

// ---------------------------------------------------------------------------------------
// training loop pieces

export function train_configure(
  steps: i32, lr: f32, warmup: i32, beta1: f32, beta2: f32, eps: f32, wd: f32, clip: f32, smoothing: f32, responseOnly: bool,
): void {
  cfgSteps = steps; cfgLr = lr; cfgWarmup = warmup; cfgB1 = beta1; cfgB2 = beta2; cfgEps = eps;
  cfgWd = wd; cfgClip = clip; cfgSmooth = smoothing; cfgResponseOnly = responseOnly;
}

export function train_steps_done(): i32 { return stepsDone; }
export function train_set_steps_done(n: i32): void { stepsDone = n; }
export function train_last_grad_norm(): f32 { return lastGradNorm; }
export function train_last_lr(): f32 { return lastLr; }
export function train_last_tokens(): i32 { return lastTokens; }

/** Linear warmup to lr, then cosine to 0 at cfgSteps. */
export function learning_rate_at(step: i32): f32 {
  if (step < cfgWarmup) return cfgLr * <f32>(step + 1) / <f32>cfgWarmup;
  const span = max(1, cfgSteps - cfgWarmup);
  const progress = min<f32>(1.0, <f32>(step - cfgWarmup) / <f32>span);
  return cfgLr * 0.5 * (1.0 + Mathf.cos(3.14159265 * progress));
}

/** Reserves the corpus: nTokens token ids, nDocs+1 offsets, nDocs prompt lengths. */
export function corpus_alloc(nTokens: i32, nDocs: i32): usize {
  corpusTokens = arena_alloc(f4(nTokens));
  corpusOffsets = arena_alloc(f4(nDocs + 1));
  corpusPromptLens = arena_alloc(f4(nDocs));
  corpusDocs = nDocs;
  return corpusPromptLens == 0 ? 0 : corpusTokens;
}
export function corpus_offsets_ptr(): usize { return corpusOffsets; }
export function corpus_prompt_lens_ptr(): usize { return corpusPromptLens; }

// Packs maxDocs documents drawn uniformly (with replacement) from the corpus.
function sample_batch(): i32 {
  let n = 0;
  store<i32>(docStarts, 0);
  for (let d = 0; d < maxDocs; d++) {
    const idx = <i32>rng_below(TRAIN, <u32>corpusDocs);
    const s = load<i32>(corpusOffsets + f4(idx));
    const T = load<i32>(corpusOffsets + f4(idx + 1)) - s - 1; // input positions
    const pl = load<i32>(corpusPromptLens + f4(idx));
    const seq = corpusTokens + f4(s);
    for (let j = 0; j < T; j++) {
      store<i32>(tokens + f4(n + j), load<i32>(seq + f4(j)));
      store<i32>(targets + f4(n + j), load<i32>(seq + f4(j + 1)));
      store<u8>(mask + <usize>(n + j), cfgResponseOnly ? (j >= pl ? 1 : 0) : 1);
    }
    n += T;
    store<i32>(docStarts + f4(d + 1), n);
  }
  return n;
}

/** One full training step on a freshly sampled batch. Returns the batch loss. */
export function train_step(): f32 {
  const N = sample_batch();
  lastTokens = N;
  const loss = forward_backward(N, maxDocs, cfgSmooth, true);
  optimizer_step();
  return loss;
}

/** Clips, applies AdamW at the scheduled rate, advances the step counter. */
export function optimizer_step(): void {
  const norm = <f32>Math.sqrt(sum_squares(grads, nParams));
  lastGradNorm = norm;
  const scale: f32 = cfgClip > 0 && norm > cfgClip ? cfgClip / norm : 1.0;
  const lr = learning_rate_at(stepsDone);
  lastLr = lr;
  adamw_threads(params, grads, adam_m, adam_v, nParams, (V + B) * E, lr, cfgB1, cfgB2, cfgEps, cfgWd, stepsDone + 1, scale);
  stepsDone++;
  copiesStale = true;
}

// ---------------------------------------------------------------------------------------
// inference

// Runs `rows` rows (iTok, iSlot, iPos) through the model, writing each row's K and V into
// its cache slot first so a row attends to every earlier position of its slot. Only the
// last `outRows` rows need logits: in the last layer the others stop after K and V.
function infer_forward(rows: i32, outRows: i32): void {
  if (copiesStale) refresh_weight_copies();
  const row = f4(E);
  for (let r = 0; r < rows; r++) {
    const te = wte(params) + <usize>load<i32>(iTok + f4(r)) * row;
    const pe = wpe(params) + <usize>load<i32>(iPos + f4(r)) * row;
    const x = ix + <usize>r * row;
    for (let c: usize = 0; c < row; c += 16) v128.store(x + c, f32x4.add(v128.load(te + c), v128.load(pe + c)));
  }
  rmsnorm_forward(ix, irstd, ix, rows, E);
  const hd = E / H;
  const scale: f32 = 1.0 / Mathf.sqrt(<f32>hd);
  const qrow = f4(3 * E);
  for (let l = 0; l < L; l++) {
    const first = l == L - 1 ? rows - outRows : 0;
    const n = rows - first;
    layer_qkv(l, rows);
    for (let r = 0; r < rows; r++) {
      const slot = load<i32>(iSlot + f4(r));
      const pos = load<i32>(iPos + f4(r));
      const src = iqkv + <usize>r * qrow;
      memory.copy(cacheAt(kcache, l, slot, pos), src + row, row);
      memory.copy(cacheAt(vcache, l, slot, pos), src + 2 * row, row);
    }
    for (let r = first; r < rows; r++) {
      const slot = load<i32>(iSlot + f4(r));
      const pos = load<i32>(iPos + f4(r));
      for (let h = 0; h < H; h++) {
        const col = f4(h * hd);
        attend(iatt + <usize>(r - first) * row + col, iprobs, iqkv + <usize>r * qrow + col,
          cacheAt(kcache, l, slot, 0) + col, cacheAt(vcache, l, slot, 0) + col, row, pos, hd, scale, h, H);
      }
    }
    const x = ix + <usize>first * row;
    const ln = iln + <usize>first * row;
    matmul_panels(x, iatt, pWo(l), wo(params, l), n, E, E, true);
    rmsnorm_forward(ln, irstd, x, n, E);
    matmul_panels(ihid, ln, pFc1(l), fc1(params, l), n, E, F, false);
    infer_mlp_out(x, n, l);
  }
  matmul_panels(ilogits, ix + <usize>(rows - outRows) * row, pLmHead(), lmHead(params), outRows, E, V, false);
}

// x (rows, E) += relu(ihid) @ fc2 for layer l (the same sums sparse as from the panels).
function infer_mlp_out(x: usize, rows: i32, l: i32): void {
  if (!mlp_out_sparse(x, ihid, rows, l, iPatternStarts, iPatternEntries, iPatternOffsets)) {
    matmul_panels(x, ihid, pFc2(l), fc2(params, l), rows, F, E, true);
  }
}

// Layer 0's q|k|v of the rows (iTok, iPos) into iqkv, from the table. The pairs it does
// not hold yet are computed together from their rows of ix, as infer_forward would, and
// kept.
function layer0_qkv(rows: i32): void {
  const row = f4(E);
  const qrow = f4(3 * E);
  let missing = 0;
  for (let r = 0; r < rows; r++) {
    const pair = pair_of(r);
    if (load<u8>(qkv0Held + <usize>pair) != 0) continue;
    memory.copy(iln + <usize>missing * row, ix + <usize>r * row, row);
    store<i32>(qkv0Missing + f4(missing), pair);
    missing++;
  }
  if (missing > 0) {
    rmsnorm_forward(iln, irstd, iln, missing, E);
    matmul_panels(iqkv, iln, pWqkv(0), wqkv(params, 0), missing, E, 3 * E, false);
    for (let i = 0; i < missing; i++) {
      const pair = load<i32>(qkv0Missing + f4(i));
      memory.copy(qkv0 + <usize>pair * qrow, iqkv + <usize>i * qrow, qrow);
      store<u8>(qkv0Held + <usize>pair, 1);
    }
  }
  for (let r = 0; r < rows; r++) memory.copy(iqkv + <usize>r * qrow, qkv0 + <usize>pair_of(r) * qrow, qrow);
}

// Row r's (token, position) pair, as an index into layer 0's table.
@inline function pair_of(r: i32): i32 {
  return load<i32>(iTok + f4(r)) * B + load<i32>(iPos + f4(r));
}

// q|k|v of `rows` rows (iTok, iPos, their ix) into iqkv for layer l: layer 0's from its
// table when it is in use, else rmsnorm then the product.
function layer_qkv(l: i32, rows: i32): void {
  if (l == 0 && qkv0 != 0) {
    layer0_qkv(rows);
    return;
  }
  rmsnorm_forward(iln, irstd, ix, rows, E);
  matmul_panels(iqkv, iln, pWqkv(l), wqkv(params, l), rows, E, 3 * E, false);
}

// The panels again from the weights, and layer 0's table emptied.
function refresh_weight_copies(): void {
  for (let l = 0; l < L; l++) {
    pack_panels(pWqkv(l), wqkv(params, l), E, 3 * E);
    pack_panels(pWo(l), wo(params, l), E, E);
    pack_panels(pFc1(l), fc1(params, l), E, F);
    pack_panels(pFc2(l), fc2(params, l), F, E);
  }
  pack_panels(pLmHead(), lmHead(params), E, V);
  memory.fill(qkv0Held, 0, <usize>(V * B));
  copiesStale = false;
}

export function infer_tokens_ptr(): usize { return iTok; }
export function infer_capacity(): i32 { return iRows; }
export function infer_logits_ptr(): usize { return ilogits; }
export function prefix_logits_ptr(): usize { return prefixLogits; }

/**
 * Processes the prompt (n tokens already in the infer token buffer, BOS first) into cache
 * slot 0 and keeps the logits of its last position. n <= B.
 *
 * The prompt is one document, so it runs like a training forward: whole-matrix products
 * and the gemm-based causal attention. Layer 0's q|k|v come from its table (layer0_qkv).
 * In the last layer only the last position needs an output (qStart = n - 1); every
 * position still leaves its keys and values in the cache.
 */
export function gen_prefill(n: i32): void {
  if (copiesStale) refresh_weight_copies();
  const row = f4(E);
  const qrow = f4(3 * E);
  for (let r = 0; r < n; r++) {
    const te = wte(params) + <usize>load<i32>(iTok + f4(r)) * row;
    const pe = wpe(params) + <usize>r * row;
    const x = ix + <usize>r * row;
    for (let c: usize = 0; c < row; c += 16) v128.store(x + c, f32x4.add(v128.load(te + c), v128.load(pe + c)));
    store<i32>(iPos + f4(r), r);
  }
  rmsnorm_forward(ix, irstd, ix, n, E);
  store<i32>(pDoc, 0);
  store<i32>(pDoc, n, 4);
  for (let l = 0; l < L; l++) {
    const first = l == L - 1 ? n - 1 : 0;
    const m = n - first;
    if (l == L - 1 && !(l == 0 && qkv0 != 0)) {
      // keys and values for every position, a query for the last one only (unless the
      // table holds this layer's rows whole)
      rmsnorm_forward(iln, irstd, ix, n, E);
      gemm(iqkv + row, qrow, iln, row, 4, wqkv(params, l) + row, qrow, n, E, 2 * E, false);
      gemm(iqkv + <usize>(n - 1) * qrow, qrow, iln + <usize>(n - 1) * row, row, 4, wqkv(params, l), qrow, 1, E, E, false);
    } else {
      layer_qkv(l, n);
    }
    for (let r = 0; r < n; r++) {
      const src = iqkv + <usize>r * qrow;
      memory.copy(cacheAt(kcache, l, 0, r), src + row, row);
      memory.copy(cacheAt(vcache, l, 0, r), src + 2 * row, row);
    }
    store<i32>(pQ, first);
    attention_forward(iatt, pAtt, iqkv, pDoc, pQ, 1, E, H, pScratch);
    const x = ix + <usize>first * row;
    const ln = iln + <usize>first * row;
    matmul_panels(x, iatt + <usize>first * row, pWo(l), wo(params, l), m, E, E, true);
    rmsnorm_forward(ln, irstd, x, m, E);
    matmul_panels(ihid, ln, pFc1(l), fc1(params, l), m, E, F, false);
    infer_mlp_out(x, m, l);
  }
  matmul_ab(prefixLogits, ix + <usize>(n - 1) * row, lmHead(params), 1, E, V, false);
}

// exp((z_v - mx) * inv) for v < V into sampleScratch, four at a time (each lane computes
// what exp1 would), and their sum, added in order. Reads up to 3 floats past the row (the
// next row, or the +4 padding of the last one).
function exps_to_scratch(z: usize, mx: f32, inv: f32): f32 {
  const vmx = f32x4.splat(mx);
  const vinv = f32x4.splat(inv);
  for (let v = 0; v < V; v += 4) {
    v128.store(sampleScratch + f4(v), exp4(f32x4.mul(f32x4.sub(v128.load(z + f4(v)), vmx), vinv)));
  }
  let sum: f32 = 0;
  for (let v = 0; v < V; v++) sum += load<f32>(sampleScratch + f4(v));
  return sum;
}

// Picks a token from a logits row: greedy at temperature 0, else a draw from
// softmax(z / temperature). Writes the token's probability under softmax(z) (temperature
// 1, the model's own belief) to probOut.
function sample_row(z: usize, temperature: f32, probOut: usize): i32 {
  let mx: f32 = -3.4e38;
  let arg = 0;
  for (let v = 0; v < V; v++) {
    const zv = load<f32>(z + f4(v));
    if (zv > mx) { mx = zv; arg = v; }
  }
  let choice = arg;
  if (temperature > 0) {
    const u = rng_uniform(SAMPLE) * exps_to_scratch(z, mx, 1.0 / temperature);
    let acc: f32 = 0;
    choice = V - 1;
    for (let v = 0; v < V; v++) {
      acc += load<f32>(sampleScratch + f4(v));
      if (u < acc) { choice = v; break; }
    }
  }
  const total = exps_to_scratch(z, mx, 1);
  store<f32>(probOut, load<f32>(sampleScratch + f4(choice)) / total);
  return choice;
}

/**
 * Samples `votes` continuations of the prefilled prompt (prompt length n) in lockstep,
 * each in its own cache slot seeded with a copy of slot 0's prompt keys AND values.
 * temps: (votes) f32; outTok/outProb: (votes, maxNew); outLen: (votes) i32. A vote stops
 * at stopA or stopB (not stored), after maxNew tokens, or at the block end.
 */
export function gen_sample(n: i32, votes: i32, maxNew: i32, temps: usize, stopA: i32, stopB: i32, outTok: usize, outProb: usize, outLen: usize): void {
  const prefix = f4(n * E);
  for (let l = 0; l < L; l++) {
    for (let s = 1; s < votes; s++) {
      memory.copy(cacheAt(kcache, l, s, 0), cacheAt(kcache, l, 0, 0), prefix);
      memory.copy(cacheAt(vcache, l, s, 0), cacheAt(vcache, l, 0, 0), prefix);
    }
  }
  let active = 0;
  for (let s = 0; s < votes; s++) {
    const tok = sample_row(prefixLogits, load<f32>(temps + f4(s)), outProb + f4(s * maxNew));
    if (tok == stopA || tok == stopB || maxNew == 0) {
      store<i32>(outLen + f4(s), 0);
    } else {
      store<i32>(outTok + f4(s * maxNew), tok);
      store<i32>(outLen + f4(s), 1);
      active++;
    }
  }
  let pos = n;
  while (active > 0 && pos < B) {
    // one row per live vote, all at the same position
    let rows = 0;
    for (let s = 0; s < votes; s++) {
      const len = load<i32>(outLen + f4(s));
      if (len < 0 || len == 0 || len >= maxNew) continue;
      store<i32>(iTok + f4(rows), load<i32>(outTok + f4(s * maxNew + len - 1)));
      store<i32>(iSlot + f4(rows), s);
      store<i32>(iPos + f4(rows), pos);
      rows++;
    }
    if (rows == 0) break;
    infer_forward(rows, rows);
    let r = 0;
    active = 0;
    for (let s = 0; s < votes; s++) {
      const len = load<i32>(outLen + f4(s));
      if (len < 0 || len == 0 || len >= maxNew) continue;
      const tok = sample_row(ilogits + f4(r * V), load<f32>(temps + f4(s)), outProb + f4(s * maxNew + len));
      r++;
      if (tok == stopA || tok == stopB) {
        store<i32>(outLen + f4(s), -len); // finished: negative length marks "stopped"
      } else {
        store<i32>(outTok + f4(s * maxNew + len), tok);
        store<i32>(outLen + f4(s), len + 1);
        if (len + 1 < maxNew) active++;
      }
    }
    pos++;
  }
  for (let s = 0; s < votes; s++) {
    const len = load<i32>(outLen + f4(s));
    if (len < 0) store<i32>(outLen + f4(s), -len);
  }
}
