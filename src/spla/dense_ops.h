/* dense_ops.h: the element rule of the dense operations of
 * meshmat/dense_ops.h (fill, row-scaled axpby), shared by the CPU loop and the
 * CUDA kernel; and row-range views of a dense array for the layers above. */
#ifndef MESHMAT_SPLA_DENSE_OPS_H
#define MESHMAT_SPLA_DENSE_OPS_H

#include <stdint.h>

#include "../core/hd.h"
#include "matrix_impl.h"
#include "meshmat/dense_ops.h"

enum { MMI_DENSE_FILL = 0, MMI_DENSE_SCALE_ADD = 1 };

/* Y(i,c) = value (FILL), or w(i) · X(i,c) + beta · Y(i,c) (SCALE_ADD).
 * Arrays in backend memory; w may be NULL (w = 1). */
typedef struct mmi_dense_op_args {
    int op;
    int64_t n, d;
    int f64;             /* X and Y are float64, else float32 */
    const void *w;
    int w_f64;
    const void *x;
    void *y;
    double beta, value;
} mmi_dense_op_args;

MM_HD double dense_ops_get(const void *p, int f64, int64_t t)
{
    return f64 ? ((const double *)p)[t] : (double)((const float *)p)[t];
}

/* Value t of Y (row t / d). */
MM_HD void dense_op_at(const mmi_dense_op_args *a, int64_t t)
{
    double v = a->value;
    if (a->op == MMI_DENSE_SCALE_ADD) {
        double w = a->w ? dense_ops_get(a->w, a->w_f64, t / a->d) : 1.0;
        v = w * dense_ops_get(a->x, a->f64, t);
        if (a->beta != 0.0) v += a->beta * dense_ops_get(a->y, a->f64, t);
    }
    if (a->f64) ((double *)a->y)[t] = v;
    else ((float *)a->y)[t] = (float)v;
}

/* Rows [first, first + n) of X as a borrowed array (never freed; valid while
 * X is), so one product can write into a block of a larger array. An empty X
 * (an empty mesh's points) has no data: NULL + 0 would be undefined. */
static inline struct mm_dense_s mmi_dense_rows(mm_dense X, int64_t first, int64_t n)
{
    struct mm_dense_s v = *X;
    v.n = n;
    if (X->data != NULL)
        v.data = (char *)X->data + first * X->d * (int64_t)mm_type_size(X->type);
    return v;
}

#ifdef __cplusplus
extern "C" {
#endif

/* The bodies of mm_dense_fill and mm_dense_scale_add, without MM_WHERE: errors
 * name the public caller. */
mm_status mmi_dense_fill(mm_context ctx, mm_dense X, double value);
mm_status mmi_dense_scale_add(mm_context ctx, mm_dense w, mm_dense X, double beta, mm_dense Y);

/* dense_op_at for every t < n · d. */
mm_status mmi_dense_op_cpu(mm_context ctx, const mmi_dense_op_args *a);
mm_status mmi_dense_op_cuda(mm_context ctx, const mmi_dense_op_args *a);

#ifdef __cplusplus
}
#endif
#endif
