// The wasm module's exports: kernels (exported individually for tests and benchmarks),
// the arena, the PRNG and the model. Everything takes byte pointers into linear memory.
export { arena_reset, arena_alloc, arena_used } from './arena';
export { rng_seed, rng_state_ptr, rng_next_u32, rng_uniform, rng_below, rng_normal } from './prng';
export {
  matmul_ab, matmul_atb, matmul_abt, transpose, gemm, pack_panels, matmul_panels,
  matmul_ab_naive, matmul_atb_naive, matmul_abt_naive, scratch_bytes, scratch_use,
} from './matmul';
export { threads_use, threads_in_use, threads_generation, worker_loop, threads_stop, threads_fail, threads_failed } from './threads';
export { pattern_rows, pattern_values, sparse_matmul, sparse_matmul_tn } from './sparse';
export { rmsnorm_forward, rmsnorm_backward } from './norm';
export { relu_forward, relu_backward } from './activation';
export { attention_forward, attention_backward, attention_probs_floats, attention_set_alibi, alibi_slope } from './attention';
export { crossentropy_forward_backward } from './loss';
export { sum_squares, adamw_update } from './adam';
export {
  model_init, model_init_weights, params_written, params_ptr, grads_ptr, adam_m_ptr, adam_v_ptr, param_count,
  batch_tokens_ptr, batch_targets_ptr, batch_mask_ptr, batch_doc_starts_ptr, batch_capacity, logits_ptr, logits_rows, logits_rows_ptr,
  forward_backward, train_configure, train_steps_done, train_set_steps_done, train_last_grad_norm,
  train_last_lr, train_last_tokens, learning_rate_at, corpus_alloc, corpus_offsets_ptr, corpus_prompt_lens_ptr,
  train_step, optimizer_step, infer_tokens_ptr, infer_capacity, infer_logits_ptr, prefix_logits_ptr,
  gen_prefill, gen_sample, infer_use_qkv0_table, mlp_sparse_mode, train_last_sparse_layers,
} from './model';
