/* limit_ops.h: the limit stencils of a level as operators on the context's
 * backend (docs/limit.md): the position and tangent masks of the last level
 * as CSR float64 matrices with float32 copies of their values, alone
 * (applied to the last level's points) or multiplied into static mode's
 * composite R (applied to the control points: one SpMV from the cage to the
 * limit surface). */
#ifndef MESHMAT_SCHEMES_LIMIT_OPS_H
#define MESHMAT_SCHEMES_LIMIT_OPS_H

#include "limit_stencils.h"

typedef struct mmi_limit_ops {
    mm_matrix A[MMI_LIMIT_MASKS]; /* NULL: not built (tangents not asked for) */
    float *a32[MMI_LIMIT_MASKS];
} mmi_limit_ops;

/* The operators of mesh (a level with its tags) for scheme and boundary
 * (mmi_limit_stencils_build's rules), the tangents' when tangents != 0,
 * each times C when C is not NULL (C: |V| × |V_0|). *ops is zeroed first;
 * free with mmi_limit_ops_free, also after a failure. */
mm_status mmi_limit_ops_build(mm_context ctx, mm_mesh mesh, mm_scheme scheme, mm_boundary boundary,
                              int tangents, mm_matrix C, mmi_limit_ops *ops);

/* *Y = A_m X, a new array of X's type. */
mm_status mmi_limit_ops_apply(mm_context ctx, const mmi_limit_ops *ops, int m, mm_dense X,
                              mm_dense *Y);

void mmi_limit_ops_free(mm_context ctx, mmi_limit_ops *ops);

#endif
