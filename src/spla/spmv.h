/* spmv.h: the element rule of mapped SpMV y = [y +] op(A)_μ x (DESIGN §1;
 * valences n = M·1 eq. 2, face points f = Mᵀ_{1/c} P eq. 3, face orders eq.
 * 10) as a gather over the rows of op(A), stored as lines; shared by the CPU
 * loop and the CUDA kernel. */
#ifndef MESHMAT_SPLA_SPMV_H
#define MESHMAT_SPLA_SPMV_H

#include <stdint.h>

#include "../core/hd.h"
#include "matrix_impl.h"
#include "op_eval.h"

/* Row i of op(A) holds entries ptr[i] … ptr[i+1] - 1 (ptr[i] = uniform · i
 * when uniform > 0), with column idx[k]. Arrays are in backend memory. */
typedef struct mmi_spmv_args {
    int64_t nrows, d;
    int64_t uniform;
    const int64_t *ptr;
    const uint32_t *idx;
    const void *values;  /* of type; NULL for PATTERN                              */
    int type;            /* mm_type; PATTERN: the 1-based position in the row, or 1 */
    int pattern_one;     /*   with pattern_one ≠ 0 (a COO pattern)                  */
    mmi_map_args map;
    int f64;             /* x and y are float64, else float32                       */
    const void *x;       /* ncols(op(A)) × d, row-major                             */
    void *y;             /* nrows × d, row-major                                    */
    int accumulate;
} mmi_spmv_args;

MM_HD int64_t spmv_row_start(const mmi_spmv_args *a, int64_t i)
{
    return a->uniform > 0 ? a->uniform * i : a->ptr[i];
}

/* The value the map sees for entry k, the pos-th (1-based) of its row. */
MM_HD double spmv_value_at(const mmi_spmv_args *a, int64_t k, int64_t pos)
{
    switch (a->type) {
    case MM_TYPE_INT32: return (double)((const int32_t *)a->values)[k];
    case MM_TYPE_FLOAT32: return (double)((const float *)a->values)[k];
    case MM_TYPE_FLOAT64: return ((const double *)a->values)[k];
    default: return a->pattern_one ? 1.0 : (double)pos;
    }
}

/* x(j, c) as a double. */
MM_HD double spmv_x_at(const mmi_spmv_args *a, int64_t j, int64_t c)
{
    int64_t t = j * a->d + c;
    return a->f64 ? ((const double *)a->x)[t] : (double)((const float *)a->x)[t];
}

/* y(i, c) = [y(i, c) +] sum, rounded once into y's type. */
MM_HD void spmv_store(const mmi_spmv_args *a, int64_t i, int64_t c, double sum)
{
    int64_t t = i * a->d + c;
    if (a->f64) {
        double *y = (double *)a->y;
        y[t] = a->accumulate ? y[t] + sum : sum;
    } else {
        float *y = (float *)a->y;
        y[t] = (float)(a->accumulate ? (double)y[t] + sum : sum);
    }
}

/* y(i, c) = [y(i, c) +] Σ_k μ(value_k) x(idx_k, c) over row i in stored
 * order, accumulated in double: one output value, for any d. */
MM_HD void spmv_at(const mmi_spmv_args *a, int64_t i, int64_t c)
{
    int64_t begin = spmv_row_start(a, i), end = spmv_row_start(a, i + 1);
    double sum = 0.0;
    for (int64_t k = begin; k < end; ++k) {
        double m = mmi_map_eval1(&a->map, spmv_value_at(a, k, k - begin + 1), end - begin);
        sum += m * spmv_x_at(a, a->idx[k], c);
    }
    spmv_store(a, i, c, sum);
}

/* The widest d spmv_row_at serves: vertex data of up to 4 columns. */
#define MMI_SPMV_ROW_MAX_D 4

/* Row i for every c < d ≤ MMI_SPMV_ROW_MAX_D at once: the row's indices and map
 * values are read once for all columns (the rule and summation order of
 * spmv_at, so the results are bitwise the same). The fixed bound keeps the
 * sums in registers on the GPU. */
MM_HD void spmv_row_at(const mmi_spmv_args *a, int64_t i)
{
    int64_t begin = spmv_row_start(a, i), end = spmv_row_start(a, i + 1);
    double sum[MMI_SPMV_ROW_MAX_D] = {0.0};
    for (int64_t k = begin; k < end; ++k) {
        double m = mmi_map_eval1(&a->map, spmv_value_at(a, k, k - begin + 1), end - begin);
        int64_t j = a->idx[k];
        for (int c = 0; c < MMI_SPMV_ROW_MAX_D; ++c)
            if (c < a->d) sum[c] += m * spmv_x_at(a, j, c);
    }
    for (int c = 0; c < MMI_SPMV_ROW_MAX_D; ++c)
        if (c < a->d) spmv_store(a, i, c, sum[c]);
}

#ifdef __cplusplus
extern "C" {
#endif

/* mm_spmv's body, without MM_WHERE: errors name the public caller. */
mm_status mmi_spmv(mm_context ctx, const mm_map *map, mm_matrix A, int transpose, mm_dense x,
                   mm_dense y, int accumulate);

/* spmv_row_at for every row when d ≤ MMI_SPMV_ROW_MAX_D, else spmv_at for
 * every i < nrows and c < d (built-in maps only). */
mm_status mmi_spmv_cpu(mm_context ctx, const mmi_spmv_args *a);
mm_status mmi_spmv_cuda(mm_context ctx, const mmi_spmv_args *a);

/* A user map applied ahead of the product: mu[k] = μ(spmv_value_at(a, k,
 * pos), 0, its row's length) for every entry k (mu: nnz doubles in backend
 * memory), through the host function on the CPU, through the map's source
 * compiled by NVRTC (jit.h) on CUDA. */
void mmi_spmv_map_user_cpu(const mmi_spmv_args *a, mm_map_fn user, const void *user_data,
                           double *mu);
mm_status mmi_spmv_map_user_cuda(mm_context ctx, const mmi_spmv_args *a, const char *source,
                                 double *mu);

#ifdef __cplusplus
}
#endif
#endif
