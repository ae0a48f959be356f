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

/* Rows, columns and value type. */
MM_API mm_status mm_dense_shape(mm_dense X, int64_t *n, int64_t *d, mm_type *type);

/* mm_dense_export: copy all n · d values into h_data (caller-owned, row-major). */
MM_API mm_status mm_dense_export(mm_dense X, void *h_data);

MM_API void mm_dense_free(mm_dense *X);

#ifdef __cplusplus
}
#endif
#endif
