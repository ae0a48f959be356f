/* mmt_backend_memory.h: memory of the caller's own in a context's backend
 * memory, for the tests of arrays wrapped (mm_dense_wrap) and read in place
 * (mm_dense_data, mm_matrix_data): malloc on the CPU backend, cudaMalloc on
 * CUDA; and copies between it and the host, after the context's work. */
#ifndef MESHMAT_TEST_BACKEND_MEMORY_H
#define MESHMAT_TEST_BACKEND_MEMORY_H

#include <stddef.h>

#include "test_util.h"

/* bytes (> 0) of ctx's backend memory; fails the test when it cannot. */
void *mmt_backend_alloc(mm_context ctx, size_t bytes);
void mmt_backend_free(mm_context ctx, void *p);
/* Waits for ctx's work, then copies bytes from backend memory p to host,
 * or from host to p. */
void mmt_backend_read(mm_context ctx, void *host, const void *p, size_t bytes);
void mmt_backend_write(mm_context ctx, void *p, const void *host, size_t bytes);

#endif
