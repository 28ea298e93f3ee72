// A bump allocator over linear memory. The engine allocates everything once per model
// (parameters, gradients, optimizer state, activations, caches) and never frees, so views
// made by the host stay valid until the next `arena_reset` + re-initialisation.

// Every block is 16-byte aligned so v128 loads and stores never straddle a line split.
const ALIGN: usize = 16;

let base: usize = 0;
let top: usize = 0;

/** Forget every allocation (the memory is kept and reused). */
export function arena_reset(): void {
  if (base == 0) base = (__heap_base + ALIGN - 1) & ~(ALIGN - 1);
  top = base;
}

/** Allocates `bytes` zeroed bytes, growing linear memory when needed. Returns 0 on failure. */
export function arena_alloc(bytes: usize): usize {
  if (base == 0) arena_reset();
  const ptr = top;
  const end = (ptr + bytes + ALIGN - 1) & ~(ALIGN - 1);
  const have = (<usize>memory.size()) << 16;
  if (end > have) {
    const pages = <i32>((end - have + 0xffff) >> 16);
    if (memory.grow(pages) < 0) return 0;
  }
  memory.fill(ptr, 0, end - ptr);
  top = end;
  return ptr;
}

/** Bytes in use, for reporting. */
export function arena_used(): usize {
  return top - base;
}
