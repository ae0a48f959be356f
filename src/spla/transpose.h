/* transpose.h: the stable regrouping of sparse entries by a key (a counting
 * sort), behind mm_matrix_transpose and the gather form of mm_spmv, which
 * computes y = op(A)_μ x row by row of op(A) (eq. 2, 3, 10). The element rule
 * is shared by the CPU loop and the CUDA kernel; arrays are in backend memory. */
#ifndef MESHMAT_SPLA_TRANSPOSE_H
#define MESHMAT_SPLA_TRANSPOSE_H

#include <stdint.h>

#include "../core/hd.h"
#include "matrix_impl.h"

/* Entry e goes to line key[e] of the result, with index other[e] there; when
 * other is NULL its index is its source line (A's column for CSC, row for
 * CSR: the last line j with ptr[j] ≤ e, or e / uniform). The result's values
 * are the entries' values, or for a PATTERN source with other == NULL their
 * 1-based positions in the source line as INT32; none for other PATTERN. */
typedef struct mmi_regroup {
    int64_t nnz, nkeys, nother;  /* nother: the range of other (its sort width) */
    const uint32_t *key;
    const uint32_t *other;
    const int64_t *ptr;          /* nsrc + 1 source pointers, NULL when uniform */
    int64_t uniform, nsrc;
    const void *values;
    int type;                    /* mm_type of values */
} mmi_regroup;

/* The value type of the regrouped entries. */
MM_HD int mmi_regroup_out_type(const mmi_regroup *g)
{
    return (g->type == MM_TYPE_PATTERN && g->other == NULL) ? MM_TYPE_INT32 : g->type;
}

/* The line (of n, by the pointer ptr, or of `uniform` entries each when
 * uniform > 0) holding entry e: the largest j < n with ptr[j] ≤ e, by a
 * binary search. */
MM_HD int64_t mmi_line_of_entry(const int64_t *ptr, int64_t uniform, int64_t n, int64_t e)
{
    if (uniform > 0) return e / uniform;
    int64_t lo = 0, hi = n;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (ptr[mid] <= e) lo = mid;
        else hi = mid;
    }
    return lo;
}

/* The source line of entry e. */
MM_HD int64_t transpose_source_line(const mmi_regroup *g, int64_t e)
{
    return mmi_line_of_entry(g->ptr, g->uniform, g->nsrc, e);
}

/* Writes the entry at sorted position p (source entry perm[p]): its index
 * in its new line and its value. */
MM_HD void transpose_apply_at(const mmi_regroup *g, const int64_t *perm, int64_t p, uint32_t *idx,
                              void *values)
{
    int64_t e = perm[p];
    if (g->other != NULL) {
        idx[p] = g->other[e];
    } else {
        int64_t line = transpose_source_line(g, e);
        int64_t start = g->uniform > 0 ? g->uniform * line : g->ptr[line];
        idx[p] = (uint32_t)line;
        if (g->type == MM_TYPE_PATTERN) ((int32_t *)values)[p] = (int32_t)(e - start + 1);
    }
    if (g->type == MM_TYPE_FLOAT64) ((double *)values)[p] = ((const double *)g->values)[e];
    else if (g->type != MM_TYPE_PATTERN) ((uint32_t *)values)[p] = ((const uint32_t *)g->values)[e];
}

#ifdef __cplusplus
extern "C" {
#endif

/* Stable grouping by key of the nnz entries taken in the order `order` (NULL:
 * 0, 1, …): ptr (nkeys + 1) gets the line starts, perm (nnz) the entries in
 * line order, ties in the order given. */
mm_status mmi_group_cpu(mm_context ctx, int64_t nnz, const uint32_t *key, int64_t nkeys,
                        const int64_t *order, int64_t *ptr, int64_t *perm);
mm_status mmi_group_cuda(mm_context ctx, int64_t nnz, const uint32_t *key, int64_t nkeys,
                         const int64_t *order, int64_t *ptr, int64_t *perm);
/* transpose_apply_at for every p < nnz. */
mm_status mmi_regroup_apply_cpu(mm_context ctx, const mmi_regroup *g, const int64_t *perm,
                                uint32_t *idx, void *values);
mm_status mmi_regroup_apply_cuda(mm_context ctx, const mmi_regroup *g, const int64_t *perm,
                                 uint32_t *idx, void *values);

/* Regroups g into ptr (nkeys + 1), idx (nnz) and values (nnz of
 * mmi_regroup_out_type), preallocated in backend memory. Within a line the
 * entries keep their source order, or with sort_other ≠ 0 are ordered by
 * other first (then source order). */
mm_status mmi_regroup_run(mm_context ctx, const mmi_regroup *g, int sort_other, int64_t *ptr,
                          uint32_t *idx, void *values);

/* MM_ERR_OVERFLOW (recorded) when A is a PATTERN CSC or CSR matrix whose
 * positions, INT32 values once regrouped, could pass 2^31 - 1. */
mm_status mmi_regroup_check_positions(mm_context ctx, mm_matrix A);

/* mm_matrix_transpose's body, without MM_WHERE: errors name the public caller. */
mm_status mmi_matrix_transpose(mm_context ctx, mm_matrix A, mm_matrix *T);

#ifdef __cplusplus
}
#endif
#endif
