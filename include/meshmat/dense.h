/* meshmat/dense.h: dense n × d row-major arrays (vertex data: positions,
 * normals, UVs, any d), float32 or float64, resident where the context computes. */
#ifndef MESHMAT_DENSE_H
#define MESHMAT_DENSE_H

#include "matrix.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mm_dense_s *mm_dense;

/* mm_dense_new: an n × d array of zeros; type is MM_TYPE_FLOAT32 or FLOAT64.
 *   Errors: MM_ERR_INVALID_ARGUMENT, MM_ERR_OVERFLOW (n · d · size), MM_ERR_OUT_OF_MEMORY. */
MM_API mm_status mm_dense_new(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type);

/* mm_dense_import: an n × d array copied from h_data (n · d values of type, row-major). */
MM_API mm_status mm_dense_import(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                                 const void *h_data);

/* mm_dense_wrap: an n × d row-major array over the caller's memory, no copy:
 * device memory of the context's device on the CUDA backend (cudaMalloc,
 * cudaMallocAsync, a pool's; managed memory too), host memory on the CPU
 * backend. Every function takes it as any array, as input (mm_subdiv_eval's
 * X0) or as output (mm_subdiv_eval_into's XL, mm_spmv's y).
 *   ctx   a live context            X     out, a new handle (NULL on error)
 *   n, d  the shape, ≥ 0            type  MM_TYPE_FLOAT32 or FLOAT64
 *   data  n · d values of type, row-major; NULL only when n · d = 0
 * The memory stays the caller's: mm_dense_free frees the handle only, the
 * caller frees data after it (and after the work queued on it is done), and
 * it is not counted by mm_context_bytes_in_use. The context reads and writes
 * it on its stream (mm_context_set_stream); the caller orders its own work
 * on data with that stream.
 *   Properties: O(1) on the CPU; on CUDA, and on the CPU in a build with
 *   CUDA, one cudaPointerGetAttributes (which starts the CUDA runtime where
 *   nothing had).
 *   Errors: MM_ERR_INVALID_ARGUMENT (NULL X, NULL data for n · d > 0, another
 *   type, a negative shape; data that is not the backend's memory: host
 *   memory on CUDA, pinned or not, another device's, device memory on the
 *   CPU backend: the message says which), MM_ERR_OVERFLOW (n · d · size).
 *   Example: float *p; cudaMalloc(&p, 12 * n); mm_dense_wrap(ctx, &X, n, 3,
 *   MM_TYPE_FLOAT32, p); …; mm_dense_free(&X); cudaFree(p). */
MM_API mm_status mm_dense_wrap(mm_context ctx, mm_dense *X, int64_t n, int64_t d, mm_type type,
                               void *data);

/* mm_dense_data: the n · d values of X where they live (device memory on the
 * CUDA backend, host memory on the CPU), wrapped or made by meshmat, to read
 * or write in place with no host copy (mm_subdiv_eval's result, say); valid
 * while X lives, ordered on the context's stream (mm_context_synchronize
 * before using them elsewhere). NULL for a NULL or dead X and for an empty
 * array. Example: mm_dense_data of a wrapped array is the pointer wrapped. */
MM_API void *mm_dense_data(mm_dense X);

/* Rows, columns and value type. */
MM_API mm_status mm_dense_shape(mm_dense X, int64_t *n, int64_t *d, mm_type *type);

/* mm_dense_export: copy all n · d values into h_data (caller-owned, row-major). */
MM_API mm_status mm_dense_export(mm_dense X, void *h_data);

/* Frees X (its values, unless wrapped: mm_dense_wrap) and sets *X to NULL;
 * NULL is allowed. */
MM_API void mm_dense_free(mm_dense *X);

#ifdef __cplusplus
}
#endif
#endif
