/* meshmat/dense_ops.h: element-wise operations on dense n × d arrays (vertex
 * data), the glue between the mapped products of a scheme (eq. 3 and 11 scale
 * rows and add the terms of a sum). */
#ifndef MESHMAT_DENSE_OPS_H
#define MESHMAT_DENSE_OPS_H

#include "dense.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mm_dense_fill: every value of X becomes value (rounded once to X's type).
 *   Properties: O(n · d), on the context's stream; deterministic.
 *   Errors: MM_ERR_INVALID_ARGUMENT (NULL, another context's X), MM_ERR_CUDA.
 *   Example: X 3 × 1, value 1: the vector of ones 1 of eq. 2 and 10. */
MM_API mm_status mm_dense_fill(mm_context ctx, mm_dense X, double value);

/* mm_dense_scale_add: Y(i,:) = w(i) · X(i,:) + beta · Y(i,:), a row-scaled
 * axpby. w is an n × 1 array of either float type, or NULL for w = 1; with
 * beta = 0, Y is not read (so it may hold anything). X and Y are n × d of one
 * float type; X may be Y (then Y(i,:) = (w(i) + beta) · Y(i,:)). Each value is
 * computed in double and rounded once into Y.
 *   Properties: O(n · d), on the context's stream; deterministic.
 *   Errors: MM_ERR_INVALID_ARGUMENT (NULL X or Y, shapes or types that do not
 *   fit, another context's array), MM_ERR_CUDA.
 *   Example: w = (1/2, 1/4)ᵀ, X = ((2, 4), (4, 8)), beta = 1, Y = ones:
 *   Y = ((2, 3), (2, 3)). */
MM_API mm_status mm_dense_scale_add(mm_context ctx, mm_dense w, mm_dense X, double beta,
                                    mm_dense Y);

#ifdef __cplusplus
}
#endif
#endif
