/* limit_ops.c: the limit stencils as backend operators (limit_ops.h). */
#include "limit_ops.h"

#include "../core/error.h"
#include "../core/memory.h"
#include "../spla/matrix_impl.h"
#include "subdiv_static.h"

mm_status mmi_limit_ops_build(mm_context ctx, mm_mesh mesh, mm_scheme scheme, mm_boundary boundary,
                              int tangents, mm_matrix C, mmi_limit_ops *ops)
{
    mm_status st = MM_OK;
    mmi_limit_stencils s = {0};
    *ops = (mmi_limit_ops){0};
    MM_TRY(mmi_limit_stencils_build(ctx, mesh, scheme, boundary, tangents, &s));
    for (int m = 0; m < (tangents ? MMI_LIMIT_MASKS : 1); ++m) {
        mm_matrix S = NULL;
        mm_matrix_arrays a = {s.ptr[m], NULL, s.cols[m], s.values[m]};
        MM_TRY(mmi_matrix_import(ctx, &S, MM_FORMAT_CSR, MM_TYPE_FLOAT64, s.nv, s.nv, s.nnz[m], &a));
        if (C != NULL) {
            st = mmi_static_compose(ctx, S, C, &ops->A[m]);
            mm_matrix_free(&S);
            if (st != MM_OK) goto done;
        } else {
            ops->A[m] = S;
        }
        MM_TRY(mmi_static_values_f32(ctx, ops->A[m], &ops->a32[m]));
    }
done:
    mmi_limit_stencils_free(ctx, &s);
    return st;
}

mm_status mmi_limit_ops_apply(mm_context ctx, const mmi_limit_ops *ops, int m, mm_dense X,
                              mm_dense *Y)
{
    return mmi_static_apply(ctx, ops->A[m], ops->a32[m], X, Y);
}

void mmi_limit_ops_free(mm_context ctx, mmi_limit_ops *ops)
{
    for (int m = 0; m < MMI_LIMIT_MASKS; ++m) {
        if (ops->A[m] != NULL)
            mmi_free(ctx, ops->A[m]->where, ops->a32[m], ops->A[m]->nnz * (int64_t)sizeof(float));
        mm_matrix_free(&ops->A[m]);
        ops->a32[m] = NULL;
    }
}
