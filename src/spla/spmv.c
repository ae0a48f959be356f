/* spmv.c: mm_spmv, mapped SpMV y = [y +] op(A)_μ x (DESIGN §1; eq. 2, 3, 10):
 * checks, then a gather over the rows of op(A). Where those rows are not A's
 * stored lines (CSC without transpose, CSR with it, COO) they are regrouped
 * first (transpose.h), so no backend needs float atomics (DESIGN §3). */
#include <stdint.h>

#include "../core/backend.h"
#include "../core/error.h"
#include "../core/handle.h"
#include "../core/memory.h"
#include "../core/timer.h"
#include "jit.h"
#include "spmv.h"
#include "transpose.h"

/* The rows of op(A) as stored lines, when they had to be regrouped. */
typedef struct regrouped {
    int64_t *ptr;
    uint32_t *idx;
    void *values;
    int64_t ptr_bytes, idx_bytes, value_bytes;
} regrouped;

static const char *type_name(mm_type t)
{
    return t == MM_TYPE_FLOAT32 ? "float32" : t == MM_TYPE_FLOAT64 ? "float64" : "non-float";
}

static mm_status check_args(mm_context ctx, const mm_map *map, mm_matrix A, int transpose,
                            mm_dense x, mm_dense y)
{
    if (map == NULL || A == NULL || x == NULL || y == NULL)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "%s is NULL",
                        map == NULL ? "map" : A == NULL ? "A" : x == NULL ? "x" : "y");
    mm_status st;
    if ((st = MMI_CHECK(ctx, A, MMI_MAGIC_MATRIX, "A")) != MM_OK ||
        (st = MMI_CHECK(ctx, x, MMI_MAGIC_DENSE, "x")) != MM_OK ||
        (st = MMI_CHECK(ctx, y, MMI_MAGIC_DENSE, "y")) != MM_OK)
        return st;
    int64_t rows = transpose ? A->ncols : A->nrows, cols = transpose ? A->nrows : A->ncols;
    if (x->n != cols)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "x is %lld × %lld, but op(A) has %lld columns", (long long)x->n, (long long)x->d, (long long)cols);
    if (y->n != rows)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "y is %lld × %lld, but op(A) has %lld rows",
                        (long long)y->n, (long long)y->d, (long long)rows);
    if (x->d != y->d)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "x has %lld columns, but y has %lld",
                        (long long)x->d, (long long)y->d);
    if (x->type != y->type)
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "x is %s, but y is %s", type_name(x->type),
                        type_name(y->type));
    if (x == y || (x->data != NULL && x->data == y->data))
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT, "x and y are the same array");
    switch (map->kind) {
    case MM_MAP_VALUE:
    case MM_MAP_ONE:
    case MM_MAP_INV_COUNT: return MM_OK;
    case MM_MAP_TABLE:
        if (map->table_len < 0 || (map->table_len > 0 && map->table == NULL))
            return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                            "map TABLE needs table_len ≥ 0 values (table_len %lld, table %s)",
                            (long long)map->table_len, map->table ? "set" : "NULL");
        return MM_OK;
    case MM_MAP_USER: return mmi_jit_check_user(ctx, "map", map->user != NULL, map->source);
    default:
        return mmi_fail(ctx, MM_ERR_INVALID_ARGUMENT,
                        "map kind %d is not an SpMV map (VALUE, ONE, INV_COUNT, TABLE, USER)",
                        (int)map->kind);
    }
}

/* Regroups A's entries by the rows of op(A) (increasing column, then stored order). */
static mm_status regroup_rows(mm_context ctx, mm_matrix A, int transpose, regrouped *r,
                              mmi_spmv_args *a)
{
    mm_status st = MM_OK;
    mm_memory where = mmi_backend_memory(ctx);
    int coo = A->format == MM_FORMAT_COO;
    int by_cols = A->format == MM_FORMAT_CSR || (coo && transpose);
    mmi_regroup g = {A->nnz, by_cols ? A->ncols : A->nrows, 0, by_cols ? A->cols : A->rows, NULL,
                     A->ptr, A->uniform, A->format == MM_FORMAT_CSC ? A->ncols : A->nrows,
                     A->values, (int)A->type};
    if (coo) {
        g.other = transpose ? A->rows : A->cols;
        g.nother = transpose ? A->nrows : A->ncols;
    }
    MM_TRY(mmi_regroup_check_positions(ctx, A));
    r->ptr_bytes = (g.nkeys + 1) * (int64_t)sizeof(int64_t);
    r->idx_bytes = A->nnz * (int64_t)sizeof(uint32_t);
    r->value_bytes = A->nnz * (int64_t)mm_type_size((mm_type)mmi_regroup_out_type(&g));
    MM_TRY(mmi_alloc(ctx, where, r->ptr_bytes, (void **)&r->ptr));
    MM_TRY(mmi_alloc(ctx, where, r->idx_bytes, (void **)&r->idx));
    MM_TRY(mmi_alloc(ctx, where, r->value_bytes, &r->values));
    MM_TRY(mmi_regroup_run(ctx, &g, coo, r->ptr, r->idx, r->values));
    a->uniform = 0;
    a->ptr = r->ptr;
    a->idx = r->idx;
    a->values = r->values;
    a->type = mmi_regroup_out_type(&g);
    a->pattern_one = coo;
done:
    return st;
}

/* Applies a user map to every entry into *mu (nnz doubles), which then
 * stands for A's values under map VALUE. */
static mm_status map_user(mm_context ctx, const mm_map *map, mmi_spmv_args *a, double **mu,
                          int64_t mu_bytes)
{
    mm_status st = MM_OK;
    MM_TRY(mmi_alloc(ctx, mmi_backend_memory(ctx), mu_bytes, (void **)mu));
    if (mmi_backend_is_cuda(ctx))
        MM_TRY(MMI_CUDA_CALL(ctx, mmi_spmv_map_user_cuda(ctx, a, map->source, *mu)));
    else mmi_spmv_map_user_cpu(a, map->user, map->user_data, *mu);
    a->values = *mu;
    a->type = MM_TYPE_FLOAT64;
    a->map.kind = MM_MAP_VALUE;
done:
    return st;
}

mm_status mmi_spmv(mm_context ctx, const mm_map *map, mm_matrix A, int transpose, mm_dense x,
                   mm_dense y, int accumulate)
{
    mm_status st = MM_OK;
    regrouped r = {NULL, NULL, NULL, 0, 0, 0};
    double *table = NULL, *mu = NULL;
    int64_t table_bytes = 0, mu_bytes = 0;
    mm_memory where;
    int stage = -1;
    if (ctx == NULL) return MM_ERR_INVALID_ARGUMENT;
    where = mmi_backend_memory(ctx);
    MM_TRY(check_args(ctx, map, A, transpose, x, y));
    mu_bytes = A->nnz * (int64_t)sizeof(double);
    stage = mmi_stage_begin(ctx, "spmv");
    mmi_spmv_args a = {transpose ? A->ncols : A->nrows, x->d, A->uniform, A->ptr,
                       A->format == MM_FORMAT_CSC ? A->rows : A->cols, A->values, (int)A->type, 0,
                       {(int)map->kind, map->table, map->table_len, {0, 0, 0, 0}, 0},
                       x->type == MM_TYPE_FLOAT64, x->data, y->data, accumulate != 0};
    if (map->kind == MM_MAP_TABLE && where == MM_MEMORY_DEVICE) {
        table_bytes = map->table_len * (int64_t)sizeof(double);
        MM_TRY(mmi_alloc(ctx, where, table_bytes, (void **)&table));
        MM_TRY(mmi_copy(ctx, table, where, map->table, MM_MEMORY_HOST, table_bytes));
        a.map.table = table;
    }
    int direct = (A->format == MM_FORMAT_CSC && transpose) ||
                 (A->format == MM_FORMAT_CSR && !transpose);
    if (!direct) MM_TRY(regroup_rows(ctx, A, transpose, &r, &a));
    if (map->kind == MM_MAP_USER) MM_TRY(map_user(ctx, map, &a, &mu, mu_bytes));
    MM_TRY(MMI_BACKEND_CALL(ctx, mmi_spmv, ctx, &a));
done:
    mmi_stage_end(ctx, stage);
    mmi_free(ctx, where, mu, mu_bytes);
    mmi_free(ctx, where, table, table_bytes);
    mmi_free(ctx, where, r.ptr, r.ptr_bytes);
    mmi_free(ctx, where, r.idx, r.idx_bytes);
    mmi_free(ctx, where, r.values, r.value_bytes);
    return st;
}

mm_status mm_spmv(mm_context ctx, const mm_map *map, mm_matrix A, int transpose, mm_dense x,
                  mm_dense y, int accumulate)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_spmv(ctx, map, A, transpose, x, y, accumulate);
}
