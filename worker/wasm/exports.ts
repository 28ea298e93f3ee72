// Typed view of the wasm module's exports (assembly/index.ts). Pointers are byte offsets
// into `memory`; booleans cross as 0/1.

export type Ptr = number;

export interface OrganelleWasm {
  memory: WebAssembly.Memory;
  // arena and PRNG
  arena_reset(): void;
  arena_alloc(bytes: number): Ptr;
  arena_used(): number;
  rng_seed(generator: number, seed: number): void;
  rng_state_ptr(generator: number): Ptr;
  rng_next_u32(generator: number): number;
  // kernels: C(M,N) (+)= ...
  matmul_ab(c: Ptr, a: Ptr, b: Ptr, M: number, K: number, N: number, acc: number): void;
  matmul_atb(c: Ptr, a: Ptr, b: Ptr, M: number, K: number, N: number, acc: number): void;
  matmul_abt(c: Ptr, a: Ptr, b: Ptr, M: number, K: number, N: number, acc: number, scratch: Ptr): void;
  matmul_ab_naive(c: Ptr, a: Ptr, b: Ptr, M: number, K: number, N: number, acc: number): void;
  matmul_atb_naive(c: Ptr, a: Ptr, b: Ptr, M: number, K: number, N: number, acc: number): void;
  matmul_abt_naive(c: Ptr, a: Ptr, b: Ptr, M: number, K: number, N: number, acc: number): void;
  pack_panels(wp: Ptr, w: Ptr, K: number, N: number): void;
  matmul_panels(c: Ptr, a: Ptr, wp: Ptr, w: Ptr, M: number, K: number, N: number, acc: number): void;
  transpose(out: Ptr, ldo: number, inp: Ptr, ldi: number, R: number, C: number): void;
  gemm(c: Ptr, ldc: number, a: Ptr, aRow: number, aK: number, b: Ptr, ldb: number, M: number, K: number, N: number, acc: number): void;
  rmsnorm_forward(out: Ptr, rstd: Ptr, inp: Ptr, N: number, C: number): void;
  rmsnorm_backward(dinp: Ptr, dout: Ptr, out: Ptr, rstd: Ptr, N: number, C: number): void;
  relu_forward(out: Ptr, inp: Ptr, n: number): number; // nonzero outputs
  relu_backward(dinp: Ptr, dout: Ptr, out: Ptr, n: number): void;
  // products with a ReLU-sparse factor (assembly/sparse.ts)
  pattern_rows(starts: Ptr, entries: Ptr, aOffs: Ptr, h: Ptr, M: number, F: number, ldb: number): number;
  pattern_values(entries: Ptr, aOffs: Ptr, n: number, a: Ptr): void;
  sparse_matmul(c: Ptr, ldc: number, starts: Ptr, entries: Ptr, b: Ptr, R: number, N: number, acc: number): void;
  sparse_matmul_tn(c: Ptr, starts: Ptr, entries: Ptr, b: Ptr, ldbB: number, M: number, F: number, N: number, ldc: number): void;
  attention_forward(out: Ptr, att: Ptr, qkv: Ptr, docStarts: Ptr, qStarts: Ptr, D: number, E: number, H: number, scratch: Ptr): void;
  attention_backward(dqkv: Ptr, scratch: Ptr, dout: Ptr, att: Ptr, qkv: Ptr, docStarts: Ptr, qStarts: Ptr, D: number, E: number, H: number): void;
  attention_probs_floats(docStarts: Ptr, D: number, H: number): number;
  attention_set_alibi(on: number): void;
  alibi_slope(h: number, H: number): number;
  crossentropy_forward_backward(logits: Ptr, targets: Ptr, mask: Ptr, N: number, V: number, smoothing: number, invCount: number): number;
  sum_squares(x: Ptr, n: number): number;
  adamw_update(params: Ptr, grads: Ptr, m: Ptr, v: Ptr, n: number, decayFrom: number, lr: number, beta1: number, beta2: number, eps: number, wd: number, t: number, gscale: number): void;
  // model
  model_init(V: number, E: number, H: number, L: number, F: number, B: number, batchDocs: number, voteSlots: number): number;
  model_init_weights(seed: number, std: number): void;
  params_written(): void;
  params_ptr(): Ptr;
  grads_ptr(): Ptr;
  adam_m_ptr(): Ptr;
  adam_v_ptr(): Ptr;
  param_count(): number;
  batch_tokens_ptr(): Ptr;
  batch_targets_ptr(): Ptr;
  batch_mask_ptr(): Ptr;
  batch_doc_starts_ptr(): Ptr;
  batch_capacity(): number;
  logits_ptr(): Ptr;
  logits_rows(): number;
  logits_rows_ptr(): Ptr;
  forward_backward(N: number, D: number, smoothing: number, withGrad: number): number;
  train_configure(steps: number, lr: number, warmup: number, beta1: number, beta2: number, eps: number, wd: number, clip: number, smoothing: number, responseOnly: number): void;
  train_steps_done(): number;
  train_set_steps_done(n: number): void;
  train_last_grad_norm(): number;
  train_last_lr(): number;
  train_last_tokens(): number;
  learning_rate_at(step: number): number;
  corpus_alloc(nTokens: number, nDocs: number): Ptr;
  corpus_offsets_ptr(): Ptr;
  corpus_prompt_lens_ptr(): Ptr;
  train_step(): number;
  optimizer_step(): void;
  infer_tokens_ptr(): Ptr;
  infer_capacity(): number;
  infer_logits_ptr(): Ptr;
  prefix_logits_ptr(): Ptr;
  gen_prefill(n: number): void;
  gen_sample(n: number, votes: number, maxNew: number, temps: Ptr, stopA: number, stopB: number, outTok: Ptr, outProb: Ptr, outLen: Ptr): void;
  infer_use_qkv0_table(use: number): number; // 1 when the table is in use
  mlp_sparse_mode(mode: number): void; // training and generation: 0 by density, 1 always sparse, 2 always dense
  train_last_sparse_layers(): number; // bit l: layer l's MLP ran sparse in the last forward
  scratch_bytes(): number;
  scratch_use(at: number): void;
  threads_use(count: number): void;
  threads_in_use(): number;
  threads_generation(): number; // the board's generation, handed to a helper about to start
  threads_fail(): void; // a helper's worker_loop threw: thread 0 stops waiting for it
  threads_failed(): number; // 1 when a helper stopped with an error
  worker_loop(tid: number, count: number, seen: number): void;
  threads_stop(): void;
}

/** Instantiates a compiled module. The module imports only env.abort (see TOOLCHAIN.md). */
export async function instantiateOrganelle(module: WebAssembly.Module, memory?: WebAssembly.Memory): Promise<OrganelleWasm> {
  const instance = await WebAssembly.instantiate(module, {
    env: {
      ...(memory ? { memory } : {}),
      abort(_msg: number, _file: number, line: number, col: number) {
        throw new Error(`organelle wasm aborted at ${line}:${col}`);
      },
    },
  });
  return instance.exports as unknown as OrganelleWasm;
}
