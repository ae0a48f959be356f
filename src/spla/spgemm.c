/* spgemm.c: mm_spgemm, the mapped SpGEMM C = A B {μ}[λ] with ⊕ of paper §3.1
 * (E and F of eq. 4–7 are its uses): checks the op and the operands, then runs
 * the backend's two phases (symbolic: C's column pointer; numeric: the fill). */
#include <stdint.h>

#include "../core/backend.h"
#include "../core/error.h"
#include "../core/handle.h"
#include "jit.h"
#include "spgemm.h"

#define MAX_NNZ ((uint64_t)1 << 62)

static const char *format_name(mm_format f)
{
    return f == MM_FORMAT_CSC ? "CSC" : f == MM_FORMAT_CSR ? "CSR" : "COO";
}

/* Maps with a bivariate meaning (TABLE and INV_COUNT are SpMV-only). */
static int spgemm_map(const mm_map *map)
{
    switch (map->kind) {
    case MM_MAP_VALUE:
    case MM_MAP_ONE:
    case MM_MAP_PRODUCT:
    case MM_MAP_USER: return 1;
    case MM_MAP_CIRCULANT: return map->num_shifts >= 0 && map->num_shifts <= 4;
    default: return 0;
    }
}

static mm_status check_op(mm_context ctx, const mm_spgemm_op *op)
{
    mm_status st = MM_OK;
    if (!spgemm_map(&op->map))
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT,
                "map kind %d is not a SpGEMM map (VALUE, ONE, CIRCULANT with 0–4 shifts, "
                "PRODUCT, or USER)", (int)op->map.kind);
    if (op->map.kind == MM_MAP_USER)
        MM_TRY(mmi_jit_check_user(ctx, "map", op->map.user != NULL, op->map.source));
    if (op->lambda.kind < MM_LAMBDA_MAP || op->lambda.kind > MM_LAMBDA_USER)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "lambda kind %d is unknown", (int)op->lambda.kind);
    if (op->lambda.kind == MM_LAMBDA_USER)
        MM_TRY(mmi_jit_check_user(ctx, "lambda", op->lambda.user != NULL, op->lambda.source));
    if (op->reduce < MM_REDUCE_SUM || op->reduce > MM_REDUCE_FIRST)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "reduce %d is unknown", (int)op->reduce);
    if (op->mask < MM_MASK_NONE || op->mask > MM_MASK_UPPER)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "mask %d is unknown", (int)op->mask);
    if (op->out_type < MM_TYPE_PATTERN || op->out_type > MM_TYPE_FLOAT64)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "out_type %d is unknown", (int)op->out_type);
done:
    return st;
}

static mmi_csc csc_of(mm_matrix X)
{
    mmi_csc x = {X->ptr, X->uniform, X->rows, X->values, (int)X->type};
    return x;
}

mm_status mmi_spgemm_new_result(mm_context ctx, const mmi_spgemm_args *g, uint64_t nnz,
                                mm_matrix *C)
{
    if (nnz > MAX_NNZ)
        return mmi_fail(ctx, MM_ERR_OVERFLOW,
                        "C (%lld × %lld) would have %llu non-zeros, more than 2^62",
                        (long long)g->m, (long long)g->p, (unsigned long long)nnz);
    return mmi_matrix_alloc(ctx, C, MM_FORMAT_CSC, (mm_type)g->out_type, g->m, g->p,
                            (int64_t)nnz, 0);
}

mm_status mmi_spgemm(mm_context ctx, const mm_spgemm_op *op, mm_matrix A, mm_matrix B,
                     mm_matrix *C)
{
    mm_status st = MM_OK;
    if (ctx == NULL) return MM_ERR_INVALID_ARGUMENT;
    if (C == NULL) MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "C is NULL");
    *C = NULL;
    if (op == NULL || A == NULL || B == NULL)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT, "op, A and B must not be NULL");
    MM_TRY(MMI_CHECK(ctx, A, MMI_MAGIC_MATRIX, "A"));
    MM_TRY(MMI_CHECK(ctx, B, MMI_MAGIC_MATRIX, "B"));
    if (A->format != MM_FORMAT_CSC || B->format != MM_FORMAT_CSC || A->ncols != B->nrows)
        MM_FAIL(ctx, MM_ERR_INVALID_ARGUMENT,
                "A is %lld × %lld %s and B is %lld × %lld %s; both must be CSC with "
                "cols(A) = rows(B)",
                (long long)A->nrows, (long long)A->ncols, format_name(A->format),
                (long long)B->nrows, (long long)B->ncols, format_name(B->format));
    MM_TRY(check_op(ctx, op));

    mmi_spgemm_args g = {A->nrows, A->ncols, B->ncols, csc_of(A), csc_of(B),
                         {(int)op->map.kind, NULL, 0, {0, 0, 0, 0}, op->map.num_shifts},
                         (int)op->lambda.kind, (int)op->reduce, (int)op->mask, (int)op->out_type};
    for (int s = 0; s < 4; ++s) g.map.shifts[s] = op->map.shifts[s];
    MM_TRY(MMI_BACKEND_CALL(ctx, mmi_spgemm, ctx, op, &g, C));
done:
    return st;
}

mm_status mm_spgemm(mm_context ctx, const mm_spgemm_op *op, mm_matrix A, mm_matrix B,
                    mm_matrix *C)
{
    if (!mmi_context_live(ctx)) return MM_ERR_INVALID_ARGUMENT;
    MM_WHERE(ctx);
    return mmi_spgemm(ctx, op, A, B, C);
}
