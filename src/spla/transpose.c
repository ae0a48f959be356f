/* transpose.c: mm_matrix_transpose (T = Aᵀ, in A's format) and the backend
 * dispatch of the stable regrouping it shares with mm_spmv, which turns the
 * rows of op(A) into stored lines so that y = op(A)_μ x is a gather (eq. 2, 10). */
#include <stdint.h>

#include "../core/backend.h"
#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "meshmat/ops.h"
#include "transpose.h"

static mm_status group(mm_context ctx, int64_t nnz, const uint32_t *key, int64_t nkeys,
                       const int64_t *order, int64_t *ptr, int64_t *perm)
{
    return MMI_BACKEND_CALL(ctx, mmi_group, ctx, nnz, key, nkeys, order, ptr, perm);
}

mm_status mmi_regroup_run(mm_context ctx, const mmi_regroup *g, int sort_other, int64_t *ptr,
                          uint32_t *idx, void *values)
{
    mm_status st = MM_OK;
    mm_memory where = mmi_backend_memory(ctx);
    int64_t *perm = NULL, *first = NULL, *first_ptr = NULL;
    int64_t perm_bytes = g->nnz * (int64_t)sizeof(int64_t);
    int64_t first_ptr_bytes = (g->nother + 1) * (int64_t)sizeof(int64_t);
    MM_TRY(mmi_alloc(ctx, where, perm_bytes, (void **)&perm));
    if (sort_other) {
        /* LSD order: by other first, then stably by key. */
        MM_TRY(mmi_alloc(ctx, where, perm_bytes, (void **)&first));
        MM_TRY(mmi_alloc(ctx, where, first_ptr_bytes, (void **)&first_ptr));
        MM_TRY(group(ctx, g->nnz, g->other, g->nother, NULL, first_ptr, first));
    }
    MM_TRY(group(ctx, g->nnz, g->key, g->nkeys, first, ptr, perm));
    MM_TRY(MMI_BACKEND_CALL(ctx, mmi_regroup_apply, ctx, g, perm, idx, values));
done:
    mmi_free(ctx, where, perm, perm_bytes);
    mmi_free(ctx, where, first, perm_bytes);
    mmi_free(ctx, where, first_ptr, first_ptr_bytes);
    return st;
}

/* COO: swap the index arrays, keep the entries' order. */
static mm_status transpose_coo(mm_context ctx, mm_matrix A, mm_matrix T)
{
    mm_status st = MM_OK;
    int64_t idx_bytes = A->nnz * (int64_t)sizeof(uint32_t);
    MM_TRY(mmi_copy(ctx, T->rows, T->where, A->cols, A->where, idx_bytes));
    MM_TRY(mmi_copy(ctx, T->cols, T->where, A->rows, A->where, idx_bytes));
    MM_TRY(mmi_copy(ctx, T->values, T->where, A->values, A->where,
                    A->nnz * (int64_t)mm_type_size(A->type)));
done:
    return st;
}

mm_status mmi_regroup_check_positions(mm_context ctx, mm_matrix A)
{
    if (A->type != MM_TYPE_PATTERN || A->format == MM_FORMAT_COO) return MM_OK;
    if (A->uniform <= INT32_MAX && (A->uniform > 0 || A->nnz <= INT32_MAX)) return MM_OK;
    return mmi_fail(ctx, MM_ERR_OVERFLOW, "the positions of %lld pattern entries may exceed int32",
                    (long long)A->nnz);
}

/* T = Aᵀ of a checked A. */
static mm_status transpose(mm_context ctx, mm_matrix A, mm_matrix *T)
{
    mm_status st = MM_OK;
    int csc = A->format == MM_FORMAT_CSC;
    mmi_regroup g = {A->nnz, csc ? A->nrows : A->ncols, 0, csc ? A->rows : A->cols, NULL,
                     A->ptr, A->uniform, csc ? A->ncols : A->nrows, A->values, (int)A->type};
    *T = NULL;
    if (A->format == MM_FORMAT_COO) {
        MM_TRY(mmi_matrix_alloc(ctx, T, MM_FORMAT_COO, A->type, A->ncols, A->nrows, A->nnz, 0));
        MM_TRY(transpose_coo(ctx, A, *T));
        goto done;
    }
    MM_TRY(mmi_regroup_check_positions(ctx, A));
    MM_TRY(mmi_matrix_alloc(ctx, T, A->format, (mm_type)mmi_regroup_out_type(&g), A->ncols,
                            A->nrows, A->nnz, 0));
    MM_TRY(mmi_regroup_run(ctx, &g, 0, (*T)->ptr, csc ? (*T)->rows : (*T)->cols, (*T)->values));
done:
    if (st != MM_OK) mm_matrix_free(T);
    return st;
}

mm_status mmi_matrix_transpose(mm_context ctx, mm_matrix A, mm_matrix *T)
{
    mm_status st = MM_OK;
    if (ctx == NULL || T == NULL) return MM_ERR_INVALID_ARGUMENT;
    *T = NULL;
    if (A == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "A is NULL");
    MM_TRY(MMI_CHECK(ctx, A, MMI_MAGIC_MATRIX, "A"));
    int stage = mmi_stage_begin(ctx, "transpose");
    st = transpose(ctx, A, T);
    mmi_stage_end(ctx, stage);
done:
    return st;
}

mm_status mm_matrix_transpose(mm_context ctx, mm_matrix A, mm_matrix *T)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_matrix_transpose(ctx, A, T);
}
