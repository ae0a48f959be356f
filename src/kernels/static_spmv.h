/* static_spmv.h: the SpMV of static-mode evaluation (paper §6.3), Y = R X for
 * a CSR subdivision matrix R (|V_L| × |V_0| or one level's R_l) and dense
 * vertex data X (any d, R's values of X's float type). The element function
 * sums a strided subset of one row's entries into up to four columns of
 * accumulators; the CPU loop runs it with stride 1 per row, the CUDA kernel
 * with a group of G lanes per row (coalesced index and value loads, a
 * shuffle reduction), the paper's "several non-zeros per thread" without the
 * atomics (DESIGN §3: deterministic, a fixed order per row and G). */
#ifndef MESHMAT_KERNELS_STATIC_SPMV_H
#define MESHMAT_KERNELS_STATIC_SPMV_H

#include <stdint.h>

#include "../core/hd.h"
#include "meshmat/context.h"

enum { MMI_STATIC_SPMV_CHUNK = 4 }; /* columns of X summed together */

typedef struct mmi_static_spmv_args {
    int64_t nrows, d, nnz;
    int f64;                 /* R's values, X and Y are float64, else float32 */
    const int64_t *ptr;      /* nrows + 1                                      */
    const uint32_t *cols;
    const void *values;
    const void *x;           /* ncols × d row-major                            */
    void *y;                 /* nrows × d                                      */
} mmi_static_spmv_args;

/* acc[t] += Σ R(i, q) X(col_q, c0 + t) over entries q = start + first,
 * start + first + step, … of row i, for t < width (≤ CHUNK). */
MM_HD void static_spmv_partial(const mmi_static_spmv_args *a, int64_t i, int64_t first,
                               int64_t step, int64_t c0, int width, double *acc)
{
    for (int64_t q = a->ptr[i] + first; q < a->ptr[i + 1]; q += step) {
        int64_t base = (int64_t)a->cols[q] * a->d + c0;
        if (a->f64) {
            double v = ((const double *)a->values)[q];
            const double *x = (const double *)a->x + base;
            for (int t = 0; t < width; ++t) acc[t] += v * x[t];
        } else {
            double v = ((const float *)a->values)[q];
            const float *x = (const float *)a->x + base;
            for (int t = 0; t < width; ++t) acc[t] += v * (double)x[t];
        }
    }
}

/* Y(i, c0 + t) = acc[t] for t < width. */
MM_HD void static_spmv_store(const mmi_static_spmv_args *a, int64_t i, int64_t c0, int width,
                             const double *acc)
{
    int64_t base = i * a->d + c0;
    for (int t = 0; t < width; ++t) {
        if (a->f64) ((double *)a->y)[base + t] = acc[t];
        else ((float *)a->y)[base + t] = (float)acc[t];
    }
}

#ifdef __cplusplus
extern "C" {
#endif

/* Y = R X on the context's backend (arrays in its memory). */
mm_status mmi_static_spmv(mm_context ctx, const mmi_static_spmv_args *a);
mm_status mmi_static_spmv_cpu(mm_context ctx, const mmi_static_spmv_args *a);
mm_status mmi_static_spmv_cuda(mm_context ctx, const mmi_static_spmv_args *a);

#ifdef __cplusplus
}
#endif
#endif
