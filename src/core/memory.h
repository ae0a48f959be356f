/* memory.h: the allocator of the library's array data, host or device: it
 * accounts current and peak bytes per memory space (mm_context_bytes_in_use /
 * mm_context_peak_bytes). What bypasses it (handles, reader scratch, the JIT's
 * texts and cache files) is listed in include/meshmat/context.h. */
#ifndef MESHMAT_CORE_MEMORY_H
#define MESHMAT_CORE_MEMORY_H

#include "meshmat/context.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Allocates bytes (≥ 0; 0 gives NULL and MM_OK) in `where`; records
 * MM_ERR_OUT_OF_MEMORY on ctx on failure. */
mm_status mmi_alloc(mm_context ctx, mm_memory where, int64_t bytes, void **p);
/* Frees what mmi_alloc gave, with the same size; NULL is allowed. */
void mmi_free(mm_context ctx, mm_memory where, void *p, int64_t bytes);

/* The memory space the context's backend computes in. */
mm_memory mmi_backend_memory(mm_context ctx);

/* Refuses (MM_ERR_INVALID_ARGUMENT, naming `what`) a caller's pointer p
 * that is not memory of ctx's backend: on CUDA host memory (pinned or not)
 * and another device's memory; on the CPU, device memory (asked of the CUDA
 * runtime in a build with CUDA). Managed memory is accepted on both. */
mm_status mmi_check_backend_pointer(mm_context ctx, const void *p, const char *what);

/* The bytes a run may still take in where (memory_room.c): the machine's free
 * memory, or less under the context's max_memory; *limit says which. */
mm_status mmi_memory_room(mm_context ctx, mm_memory where, int64_t *bytes, const char **limit);
/* Whether bytes surely fit in where without asking what is free: at most an
 * eighth of the space's whole size, and under max_memory. The query itself
 * (cudaMemGetInfo, /proc/meminfo) takes tens of microseconds, the whole time
 * of a small run; a small run that still does not fit (others hold the
 * memory) fails at its allocation, as cleanly. */
int mmi_memory_surely_fits(mm_context ctx, mm_memory where, double bytes);

/* Copies bytes between any two spaces, ordered on ctx's stream, complete on return. */
mm_status mmi_copy(mm_context ctx, void *dst, mm_memory dst_where, const void *src,
                   mm_memory src_where, int64_t bytes);
/* n elements of `size` bytes from a host array into a new array in the
 * backend's memory (mmi_to_backend), or from the backend's memory into a new
 * host array (mmi_to_host): *dst, which is NULL on failure, nothing left
 * allocated. */
mm_status mmi_to_backend(mm_context ctx, const void *src, int64_t n, size_t size, void **dst);
mm_status mmi_to_host(mm_context ctx, const void *src, int64_t n, size_t size, void **dst);
/* Sets bytes to zero. */
mm_status mmi_zero(mm_context ctx, void *p, mm_memory where, int64_t bytes);

/* Test hooks (the SQLite-style allocation-failure sweep): after n more
 * successful allocations every allocation fails (mmi_test_fail_alloc_after)
 * or only the next one does (mmi_test_fail_alloc_once: a fallback's own
 * allocations then succeed); n < 0 turns either off. */
void mmi_test_fail_alloc_after(mm_context ctx, int64_t n);
void mmi_test_fail_alloc_once(mm_context ctx, int64_t n);

#ifdef __cplusplus
}
#endif
#endif
